"""Names link to profiles everywhere through one helper, ``{% player_link %}``: the lobby, the match page,
a tournament's standings and pairings, the leaderboard and "My matches"."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import Client

from games import services
from games.tournaments import services as tournaments
from tests.helpers import finished_match

pytestmark = pytest.mark.django_db


def page(path: str, user=None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def link(username: str, name: str | None = None) -> str:
    return f'<a class="player" href="/players/{username}/">{name or username}</a>'


def test_the_helper_links_a_user_by_display_name_or_a_username(alice):
    alice.profile.display_name = "Alice <the Bold>"
    alice.profile.save()
    rendered = Template("{% load players %}{% player_link who %} {% player_link 'bob' %}").render(
        Context({"who": alice})
    )
    assert rendered == f"{link('alice', 'Alice &lt;the Bold&gt;')} {link('bob')}"


def test_the_lobby_links_the_creator(alice, bob):
    services.create_match(alice, "rosenkoenig", role="red")
    assert link("alice") in page("/lobby/", bob)


def test_the_match_page_links_the_players_and_the_rating_changes(alice, bob):
    match = finished_match(alice, bob, "red")
    html = page(f"/matches/{match.pk}/")
    assert html.count(link("alice")) == 2 and html.count(link("bob")) == 2  # seats, rating changes


def test_the_leaderboard_links_every_player(alice, bob):
    finished_match(alice, bob, "red")
    html = page("/leaderboard/?game=rosenkoenig")
    assert link("alice") in html and link("bob") in html


def test_my_matches_link_the_opponents(rk_match, alice):
    assert link("bob") in page("/", alice)


def test_a_tournament_links_its_players_in_standings_and_pairings(make_user):
    club = make_user("club")
    club.profile.email_verified = True
    club.profile.save()
    tournament = tournaments.create_tournament(club, "rosenkoenig", "round_robin", 2)
    tournaments.join_tournament(tournament.pk, make_user("dora"))
    html = page(f"/tournaments/{tournament.pk}/")
    standings, rounds = html.split('id="standings"')[1].split('id="round-1"')
    assert link("club") in standings and link("dora") in standings
    assert link("club") in rounds and link("dora") in rounds
