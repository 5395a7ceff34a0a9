"""``/matches/``: public matches in play and finished, filtered, newest activity first, a page at a time."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games import services
from games.models import Match
from games.tournaments import services as tournaments
from games.views import watch
from tests.helpers import play_first_legal, text_of

pytestmark = pytest.mark.django_db


def started(first, second, game: str = "rosenkoenig", **extra) -> Match:
    match = services.create_match(first, game, **extra)
    services.join_match(match.pk, second, invite_token=match.invite_token)
    match.refresh_from_db()
    return match


def listed(page: str) -> list[int]:
    """The matches a page lists, in its order."""
    return [int(pk) for pk in re.findall(r'<li class="match-row watch-row">\s*<a href="/matches/(\d+)/"', page)]


def test_public_matches_in_play_and_finished_newest_activity_first(client, alice, bob, carol):
    older = started(alice, bob)
    done = started(alice, carol)
    play_first_legal(done, _users(done))
    newer = started(bob, carol)
    services.create_match(alice, "rosenkoenig")  # open: the lobby's, not here
    private = started(alice, bob, is_private=True)

    for reader in (None, alice, bob):
        reading = Client()
        if reader:
            reading.force_login(reader)
        assert listed(reading.get("/matches/").content.decode()) == [newer.pk, done.pk, older.pk]
    assert private.pk not in listed(client.get(f"/matches/?player={alice.username}").content.decode())

    play_first_legal(older, _users(older), steps=1)  # a move brings it to the top
    page = client.get("/matches/").content.decode()
    assert listed(page)[0] == older.pk


def _users(match: Match) -> dict:
    return {seat.role: seat.user for seat in match.seats.select_related("user")}


def test_each_row_says_who_plays_whose_move_the_last_activity_and_the_result(client, alice, bob, carol):
    live = started(alice, bob)
    play_first_legal(live, _users(live), steps=1)
    done = started(carol, bob)
    play_first_legal(done, _users(done))
    page = html.unescape(client.get("/matches/").content.decode())
    live_row, done_row = (page.split(f'href="/matches/{m.pk}/"', 1)[1].split("</li>", 1)[0] for m in (live, done))
    mover = live.seats.get(role=live.active_roles[0]).user.profile.name
    assert f"{mover} to move" in text_of(live_row) and "moved just now" in live_row
    assert "alice" in live_row and "bob" in live_row
    winner = done.seats.get(role=done.result["winner"]).user.profile.name if done.result["winner"] else None
    assert (f"{winner} (" in text_of(done_row) and ") won" in done_row) if winner else "Draw" in done_row


def test_filters_by_game_player_and_tournament(client, make_user, alice, bob, carol):
    roses = started(alice, bob)
    other = started(bob, carol, game="sekigahara")
    club = make_user("club")
    club.profile.email_verified = True
    club.profile.save()
    tournament = tournaments.create_tournament(club, "rosenkoenig", "round_robin", 2)
    tournaments.join_tournament(tournament.pk, carol)
    in_tournament = tournament.pairings.exclude(match=None).get().match_id

    assert listed(client.get("/matches/?game=sekigahara").content.decode()) == [other.pk]
    assert set(listed(client.get("/matches/?player=ALICE").content.decode())) == {roses.pk}
    assert listed(client.get(f"/matches/?tournament={tournament.pk}").content.decode()) == [in_tournament]
    both = client.get("/matches/?game=rosenkoenig&player=carol").content.decode()
    assert listed(both) == [in_tournament]
    assert tournament.name in client.get("/matches/").content.decode()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("player=nobody", "No player called &#x27;nobody&#x27;"),
        ("game=chess", "Select a valid choice"),
        ("tournament=x", "Select a valid choice"),
    ],
)
def test_bad_filters_are_refused_clearly_and_list_nothing(client, alice, bob, query, message):
    started(alice, bob)
    response = client.get(f"/matches/?{query}")
    page = response.content.decode()
    assert response.status_code == 400 and message in page and listed(page) == []


def test_pages_of_matches_keep_the_filters(client, alice, bob, monkeypatch):
    monkeypatch.setattr(watch, "PAGE_SIZE", 2)
    matches = [started(alice, bob) for _ in range(5)]
    newest_first = [m.pk for m in reversed(matches)]
    first = client.get("/matches/?game=rosenkoenig").content.decode()
    assert listed(first) == newest_first[:2] and "page 1 of 3" in first
    assert 'href="?game=rosenkoenig&amp;page=2" rel="next"' in first
    assert listed(client.get("/matches/?game=rosenkoenig&page=3").content.decode()) == newest_first[4:]
    assert listed(client.get("/matches/?page=99").content.decode()) == newest_first[4:]  # past the end: the last


def test_a_constant_number_of_queries_whatever_the_page_size(client, django_assert_max_num_queries, make_user, alice):
    players = [make_user(f"p{n}") for n in range(24)]
    for first, second in zip(players[::2], players[1::2], strict=True):
        started(first, second)
    client.force_login(alice)
    with django_assert_max_num_queries(9):
        page = client.get("/matches/?game=rosenkoenig&player=p0")
    assert len(listed(page.content.decode())) == 1
    with django_assert_max_num_queries(9):
        page = client.get("/matches/")
    assert len(listed(page.content.decode())) == 12


def test_a_visitor_and_a_signed_in_stranger_open_the_spectators_view_with_its_history(client, alice, bob, carol):
    match = started(alice, bob)
    play_first_legal(match, _users(match), steps=2)
    for reader in (None, carol):
        reading = Client()
        if reader:
            reading.force_login(reader)
        assert f'href="/matches/{match.pk}/"' in reading.get("/matches/").content.decode()
        page = reading.get(f"/matches/{match.pk}/").content.decode()
        assert "as spectators see it" in page and 'id="history-seq"' in page and "/act/" not in page


def test_the_header_links_to_the_list_in_both_languages(client, alice):
    assert '<a href="/matches/">Watch</a>' in client.get("/games/").content.decode()
    client.force_login(alice)
    assert '<a href="/matches/">Watch</a>' in client.get("/lobby/").content.decode()
    russian = Client(headers={"accept-language": "ru"}).get("/matches/").content.decode()
    assert '<a href="/matches/">Смотреть</a>' in russian and "<h1>Смотреть партии</h1>" in russian


def test_two_players_to_move_at_once_read_as_one_phrase_in_both_languages(client, alice, bob):
    match = started(alice, bob, game="sekigahara")
    names = ", ".join(seat.user.username for seat in match.seats.order_by("pk") if seat.role in match.active_roles)
    assert len(match.active_roles) == 2
    assert f"{names} to move" in text_of(client.get("/matches/").content.decode())
    russian = text_of(Client(headers={"accept-language": "ru"}).get("/matches/").content.decode())
    assert f"ходят {names}" in russian and "началась только что" in russian


def test_a_cancelled_match_is_listed_by_its_cancellation(client, alice, bob, carol, moderator):
    from games.services.moderation import cancel_match

    cancelled = started(alice, bob)
    later = started(bob, carol)
    cancel_match(cancelled.pk, moderator, "Both players asked for it")
    page = client.get("/matches/").content.decode()
    assert listed(page) == [cancelled.pk, later.pk] and "cancelled just now" in page
