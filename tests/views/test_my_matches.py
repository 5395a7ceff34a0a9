"""My matches: a card per match with its board as the player sees it, the opponent, whose move, the clock,
the last activity in the reader's language, and the result once it is over."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import languages, presentation, services
from games.models import Match
from games.services.moderation import adjudicate
from tests.helpers import play_first_legal, text_of

pytestmark = pytest.mark.django_db


def started(first, second, game: str = "rosenkoenig", role: str | None = None) -> Match:
    match = services.create_match(first, game, role=role, time_control={"kind": "fixed", "per_move": 2 * 86400})
    services.join_match(match.pk, second)
    match.refresh_from_db()
    return match


def card_of(page: str, match: Match) -> str:
    return page.split(f'<a href="/matches/{match.pk}/"><strong>', 1)[1].split("</li>", 1)[0]


def test_whose_move_the_opponent_and_the_clock(client, alice, bob, carol):
    mine = started(alice, bob, role="red")  # red moves first
    theirs = started(alice, carol, role="white")
    client.force_login(alice)
    page = html.unescape(client.get("/").content.decode())
    my_card, their_card = card_of(page, mine), card_of(page, theirs)
    assert '<mark class="your-move">your move</mark>' in my_card and "opponent: bob" in text_of(my_card)
    assert re.search(r"1\xa0day, 23\xa0hours left \(until", my_card)
    assert "carol to move" in text_of(their_card) and "opponent: carol" in text_of(their_card)
    assert "your move" not in their_card
    assert re.search(rf'<li class="match-card my-turn">\s*<a class="match-picture" href="/matches/{mine.pk}/"', page)
    assert not re.search(
        rf'<li class="match-card my-turn">\s*<a class="match-picture" href="/matches/{theirs.pk}/"', page
    )


def test_your_turn_lists_the_nearest_deadline_first_and_the_untimed_last(client, alice, make_user):
    opponents = [make_user(f"o{n}") for n in range(4)]
    later, sooner, untimed, waiting = (started(alice, opponent, role="red") for opponent in opponents)
    now = timezone.now()
    for match, deadline in ((later, now + timedelta(days=2)), (sooner, now + timedelta(hours=1)), (untimed, None)):
        match.seats.filter(user=alice).update(deadline=deadline)
    play_first_legal(waiting, {"red": alice, "white": opponents[3]}, steps=1)  # white's turn now
    open_match = services.create_match(alice, "rosenkoenig")
    client.force_login(alice)
    page = client.get("/").content.decode()
    your_turn, rest = page.split('id="waiting"', 1)
    order = [
        int(pk)
        for pk in re.findall(
            r'<li class="match-card my-turn">\s*<a class="match-picture" href="/matches/(\d+)/"', your_turn
        )
    ]
    assert order == [sooner.pk, later.pk, untimed.pk]
    waiting_part = rest.split('id="finished"', 1)[0]
    assert f"/matches/{waiting.pk}/" in waiting_part and f"/matches/{open_match.pk}/" in waiting_part


def test_the_thumbnail_is_the_players_own_view_of_the_board(client, alice, bob):
    match = started(alice, bob, role="red")
    open_match = services.create_match(alice, "rosenkoenig")
    client.force_login(alice)
    page = client.get("/").content.decode()
    src = f"/matches/{match.pk}/board.svg?seq={match.seq}"  # the record listed: a picture the browser may keep
    assert f'<img src="{src}" loading="lazy" width="320" height="180" alt="">' in page
    assert f"/matches/{open_match.pk}/board.svg" not in page  # no board before every seat is taken
    response = client.get(src)
    assert "private" in response["Cache-Control"] and "max-age=3600" in response["Cache-Control"]
    drawn = response.content.decode()
    assert client.get(f"/matches/{match.pk}/board.svg").get("Cache-Control") is None  # now: it changes
    pictures = {
        role: match.engine.render_picture(languages.for_drawing(presentation.engine_view(match, role), "en"))
        for role in ("red", "white", None)
    }
    assert drawn == pictures["red"] and drawn not in (pictures["white"], pictures[None])  # hers, not theirs


def test_the_last_activity_reads_in_the_readers_language_with_its_plural(client, alice, bob, reads, monkeypatch):
    match = started(alice, bob, role="red")
    play_first_legal(match, {"red": alice, "white": bob}, steps=1)
    client.force_login(alice)
    moved = timezone.now()
    for hours, english, russian in (
        (3, "3\xa0hours", "3\xa0часа"),
        (5, "5\xa0hours", "5\xa0часов"),
        (21, "21\xa0hours", "21\xa0час"),
    ):
        monkeypatch.setattr(timezone, "now", lambda hours=hours: moved + timedelta(hours=hours, minutes=1))
        reads(alice, "en")
        assert f"alice moved {english} ago" in text_of(client.get("/").content.decode())
        reads(alice, "ru")
        assert f"последний ход — alice, {russian} назад" in text_of(client.get("/").content.decode())


def test_finished_matches_say_won_lost_or_draw(client, alice, bob, carol, moderator):
    lost = started(alice, bob, role="red")
    services.resign(lost.pk, alice, "red")
    won = started(alice, carol, role="red")
    services.resign(won.pk, carol, "white")
    drawn = started(alice, bob, role="red")
    adjudicate(drawn.pk, moderator, None, "Agreed draw")
    client.force_login(alice)
    page = client.get("/").content.decode()
    finished = page.split('id="finished"', 1)[1]
    assert "You lost" in card_of(finished, lost) and "You won" in card_of(finished, won)
    assert "Draw" in card_of(finished, drawn)
    client.force_login(carol)
    assert "You lost" in card_of(client.get("/").content.decode(), won)


def test_a_constant_number_of_queries_whatever_the_number_of_matches(
    client, make_user, alice, django_assert_max_num_queries
):
    for n in range(4):
        started(alice, make_user(f"o{n}"), role="red")
        started(alice, make_user(f"w{n}"), role="white")
        resigned = started(alice, make_user(f"f{n}"), role="red")
        services.resign(resigned.pk, alice, "red")
    client.force_login(alice)
    # The session, the user with the profile, the your-turn badge; the matches on and the finished ones, each
    # with their seats.
    with django_assert_max_num_queries(7):
        page = client.get("/").content.decode()
    assert page.count('<li class="match-card') == 12
