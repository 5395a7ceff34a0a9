"""Quick pairing in Chromium: two browsers, two players. The first posts a seek and sees it waiting; the
second sees it in the lobby and plays it; both open the same match. Screenshots of the lobby with a seek,
desktop and phone, English and Russian, go to tests/artifacts/."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from games.models import Match, MatchStatus

from .support import ARTIFACTS, BROWSER_MARKS, PHONE

pytestmark = BROWSER_MARKS
DESKTOP = {"viewport": {"width": 1400, "height": 900}}
SMALLEST_TEXT = 11  # CSS px


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def smallest_text(page, within: str = "#seeks") -> float:
    """The smallest font size of any text shown in ``within`` (a CSS selector; the quick pairing section)."""
    return page.evaluate(
        """within => Math.min(...[...document.querySelectorAll(within + ' *')]
            .filter(e => e.offsetParent !== null)
            .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""",
        within,
    )


def test_a_quick_pairing_between_two_browsers(pages, make_user):
    alice, bob = make_user("alice"), make_user("bob")

    first = pages.open(alice, "/lobby/", DESKTOP)
    first.select_option("#id_seek-game", "richard3")
    expect(first.locator("#id_seek-option_scenario")).to_be_visible()  # htmx swapped in the game's options
    first.wait_for_function("() => !document.querySelector('.htmx-request')")  # and no swap is still coming
    first.select_option("#id_seek-option_scenario", '"1485"')
    expect(first.locator("#id_seek-option_scenario")).to_have_value('"1485"')
    first.select_option("#id_seek-role", "york")
    first.get_by_role("button", name="Find an opponent").click()
    expect(first).to_have_url(re.compile(r"/lobby/#seeks$"))
    waiting = first.locator(".seek-mine")
    expect(waiting).to_contain_text("Waiting until")
    expect(waiting).to_contain_text("asks for York")
    shot(first, "seeks-waiting-desktop-en")

    for device, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        for locale, play in (("en-GB", "Play"), ("ru-RU", "Играть")):
            viewer = pages.open(bob, "/lobby/", device, locale=locale)
            row = viewer.locator(".seek-row", has_text="alice")
            expect(row).to_contain_text("1485")
            expect(row.get_by_role("button", name=play)).to_be_visible()
            width = viewer.evaluate("document.documentElement.scrollWidth")
            assert width <= viewer.viewport_size["width"], "the lobby scrolls sideways"
            assert smallest_text(viewer) >= SMALLEST_TEXT
            shot(viewer, f"seeks-lobby-{name}-{locale[:2]}")

    second = pages.open(bob, "/lobby/", DESKTOP)
    second.locator(".seek-row", has_text="alice").get_by_role("button", name="Play").click()
    expect(second).to_have_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get()
    assert match.status == MatchStatus.ACTIVE and match.roles_of(bob) == ["lancaster"]
    assert second.url.endswith(f"/matches/{match.pk}/")

    first.reload()
    first.get_by_role("link", name="Paired: open the match").click()
    expect(first).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    expect(first.locator("main")).to_contain_text("bob")
    assert not pages.console_errors, pages.console_errors
