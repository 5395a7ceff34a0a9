"""A move from the turn mail in Chromium: the link opens the confirm page (the board as the player sees it),
one click plays the move. Screenshots of the page in both languages, on a desktop and a phone."""

from __future__ import annotations

import pytest

from games import services
from notifications.choice_links import choice_link

from .support import ARTIFACTS, BROWSER_MARKS, PHONE

pytestmark = BROWSER_MARKS

DESKTOP = {"viewport": {"width": 1400, "height": 900}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_move_from_the_mail_takes_two_clicks(pages, make_user, lang):
    alice, bob = make_user("alice"), make_user("bob")
    alice.profile.language = lang
    alice.profile.save()
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    match.refresh_from_db()
    choice = match.engine.legal_actions(match.state, "red")[0]
    link = choice_link(alice, match.pk, "red", match.seq, 0, choice["action"])
    path = link.split("/notifications/", 1)[1]
    ARTIFACTS.mkdir(exist_ok=True)
    phone = pages.open(None, f"/notifications/{path}", PHONE)
    assert phone.locator("figure.mail-move-board svg").is_visible()
    phone.screenshot(path=str(ARTIFACTS / f"mail-move-{lang}-phone.png"), full_page=True)
    page = pages.open(None, f"/notifications/{path}", DESKTOP)
    page.screenshot(path=str(ARTIFACTS / f"mail-move-{lang}-desktop.png"), full_page=True)
    page.get_by_role("button", name={"en": "Play this move", "ru": "Сделать этот ход"}[lang]).click()
    page.wait_for_selector(".mail-move [role=status]")
    page.screenshot(path=str(ARTIFACTS / f"mail-move-{lang}-played.png"), full_page=True)
    match.refresh_from_db()
    assert match.seq == 1 and match.actions.get(seq=1).payload == choice["action"]
