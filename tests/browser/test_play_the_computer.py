""" "Play the computer" in Chromium: a newcomer picks a wargame in the lobby, a side and a level, and plays
until the computer's first reply shows on the page. Screenshots of the lobby's form, desktop and phone,
English and Russian, go to tests/artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from config import celery_app
from games.models import Match, MatchStatus
from games.presentation import legal_actions_for

from .support import ARTIFACTS, BROWSER_MARKS, PHONE, seq_of, shown

pytestmark = BROWSER_MARKS
DESKTOP = {"viewport": {"width": 1400, "height": 900}}
GAME, SIDE = "richard3", "york"  # a wargame whose computer-player hooks are merged
MAX_MOVES = 60


@pytest.fixture(autouse=True)
def moves_in_process(monkeypatch):
    """The computer's task runs in the live server's process (no bots worker here), even where CI has a
    broker."""
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#computer").screenshot(path=str(ARTIFACTS / f"{name}.png"))


def play_first_choice(page, match: Match, user) -> None:
    """Play the first legal choice as a player would (its target on the board, else its button); wait
    until the page shows a later position (the computer may have answered in the same breath)."""
    choices = next(iter(legal_actions_for(match, user).values()))
    choice = shown(match.engine, choices)[0]
    before = seq_of(page)
    if choice.get("target"):
        page.locator(f'#match-live svg [data-target="{choice["target"]}"].legal').first.click()
        menu = page.locator("#match-live .target-menu")
        if menu.count():
            menu.get_by_role("menuitem", name=choice["label"], exact=True).click()
    else:
        form = page.locator("#match-live form.other-choices")
        if form.locator("select").count():
            form.locator("select").select_option(label=choice["label"])
            form.locator("button[type=submit]").click()
        else:
            form.get_by_role("button", name=choice["label"], exact=True).click()
    page.wait_for_selector(f"#match-live[data-seq]:not([data-seq='{before}'])", timeout=30_000)


def test_play_the_computer_up_to_its_first_reply(pages, make_user):
    alice = make_user("alice")
    for device, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        for locale in ("en-GB", "ru-RU"):
            lobby = pages.open(alice, "/lobby/", device, locale=locale)
            expect(lobby.locator("#computer form")).to_be_visible()
            assert lobby.evaluate("document.documentElement.scrollWidth") <= lobby.viewport_size["width"]
            shot(lobby, f"computer-lobby-{name}-{locale[:2]}")

    page = pages.open(alice, "/lobby/", DESKTOP)
    page.select_option("#id_computer-game", GAME)
    page.wait_for_selector("#id_computer-game.htmx-request", state="detached")
    expect(page.locator("#id_computer-role")).to_contain_text("York")  # the game's own sides swapped in
    page.select_option("#id_computer-role", SIDE)
    page.get_by_label("Computer (normal)").check()
    shot(page, f"computer-lobby-{GAME}-desktop-en")
    page.get_by_role("button", name="Play the computer").click()
    expect(page).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get()
    assert match.status == MatchStatus.ACTIVE and match.roles_of(alice) == [SIDE]
    expect(page.locator("main")).to_contain_text("Computer (normal)")

    computer = next(seat.user for seat in match.seats.all() if seat.user != alice)
    mine_before = None
    for _ in range(MAX_MOVES):
        match.refresh_from_db()
        replies = match.actions.filter(user=computer)
        if mine_before is not None and replies.filter(seq__gt=mine_before).exists():
            break
        assert SIDE in match.active_roles, "the computer owes a move but has not made it"
        mine_before = mine_before or match.seq + 1
        play_first_choice(page, match, alice)
    else:
        raise AssertionError("the computer never replied")
    assert seq_of(page) == match.seq  # the page shows the position after the computer's reply
    page.screenshot(path=str(ARTIFACTS / f"computer-first-reply-{GAME}.png"), full_page=True)
