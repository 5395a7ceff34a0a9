"""The match page's heading is drawn once per match, reader's roles and language, and not after every move."""

from __future__ import annotations

import pytest

from games import services
from games.views import heading
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db


def heading_of(page: str) -> str:
    return page[page.index("<h1>") : page.index('<div class="match-layout">')]


def test_each_reader_and_language_has_its_own_heading(client, alice, bob, carol, rk_match, reads):
    client.force_login(alice)
    assert "you play Red" in heading_of(client.get(f"/matches/{rk_match.pk}/").content.decode())
    client.force_login(bob)
    assert "you play White" in heading_of(client.get(f"/matches/{rk_match.pk}/").content.decode())
    client.force_login(carol)
    assert "spectating" in heading_of(client.get(f"/matches/{rk_match.pk}/").content.decode())
    reads(bob, "ru")
    client.force_login(bob)
    russian = heading_of(client.get(f"/matches/{rk_match.pk}/").content.decode())
    assert "you play" not in russian and "№" in russian


def test_a_move_does_not_draw_the_heading_again(client, alice, bob, rk_match):
    client.force_login(alice)
    before = heading_of(client.get(f"/matches/{rk_match.pk}/").content.decode())
    drawn = heading._drawn.cache_info().misses
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)
    after = heading_of(client.get(f"/matches/{rk_match.pk}/").content.decode())
    assert after == before and heading._drawn.cache_info().misses == drawn


def test_the_options_chosen_are_in_the_heading_of_their_match(client, alice):
    from games.option_words import describe_options

    client.force_login(alice)
    pages = {}
    for flight in (True, False):
        match = services.create_match(alice, "blood_and_roses", options={"battle_flight": flight}, role="york")
        pages[flight] = heading_of(client.get(f"/matches/{match.pk}/").content.decode())
        for label, value in describe_options("blood_and_roses", match.options):
            assert f"{label}: {value}" in pages[flight]
    assert pages[True] != pages[False]
