"""The first visit: the welcome page shows the five games with their boards, and how a turn works here;
the demo command makes a moderator beside alice and bob."""

from __future__ import annotations

import html
import io
import re

import pytest
from django.core.management import call_command

from games import engines

pytestmark = pytest.mark.django_db


def test_the_welcome_page_shows_every_game_with_a_picture_a_line_and_its_rules(client):
    page = html.unescape(client.get("/").content.decode())
    for engine in engines.all():
        assert engine.title in page
        assert f'src="/games/{engine.slug}/board.svg"' in page and f'href="/games/{engine.slug}/rules/"' in page
    assert "How a turn works here" in page and all(way in page for way in ("by mail", "on the web", "through the API"))


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_each_board_picture_is_the_game_at_its_start(client, engine):
    response = client.get(f"/games/{engine.slug}/board.svg")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg") and "max-age=3600" in response["Cache-Control"]


def test_a_signed_in_player_finds_the_games_page_too(client, alice):
    client.force_login(alice)
    assert "My matches" in client.get("/").content.decode()
    assert "How a turn works here" in client.get("/games/").content.decode()


def test_an_unknown_game_has_no_picture(client):
    assert client.get("/games/chess/board.svg").status_code == 404


def test_the_demo_prints_a_moderator_login_that_opens_the_admin(client):
    out = io.StringIO()
    call_command("demo", moves=0, stdout=out)
    passwords = dict(re.findall(r"^\s+(\w+)\s+password: (\S+)", out.getvalue(), re.M))
    assert set(passwords) == {"alice", "bob", "moderator"}
    login = client.post("/admin/login/", {"username": "moderator", "password": passwords["moderator"]})
    assert login.status_code == 302
    admin = client.get("/admin/")
    assert admin.status_code == 200 and admin.wsgi_request.user.is_staff
    assert not admin.wsgi_request.user.is_superuser
