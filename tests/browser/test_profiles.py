"""A profile in Chromium: opened from a name on the leaderboard and on a match page, on a desktop and a
phone, in English and Russian; its rating chart's text is never under 11 px. Screenshots go to
tests/artifacts/."""

from __future__ import annotations

from playwright.sync_api import expect

from games import services
from tests.helpers import finished_match

from .support import ARTIFACTS, BROWSER_MARKS, PHONE

pytestmark = BROWSER_MARKS
DESKTOP = {"viewport": {"width": 1400, "height": 900}}


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def smallest_chart_text(page) -> float:
    return page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('.rating-chart text')]
            .map(t => t.getBoundingClientRect().height ? parseFloat(getComputedStyle(t).fontSize) *
                 t.ownerSVGElement.getBoundingClientRect().width / t.ownerSVGElement.viewBox.baseVal.width : 99))"""
    )


def test_a_profile(pages, make_user):
    alice, bob, carol = (make_user(name) for name in ("alice", "bob", "carol"))
    alice.profile.display_name = "Alice of Anjou"
    alice.profile.save()
    for winner in ("red", "red", None, "white", "red"):
        finished_match(alice, bob, winner)
    finished_match(carol, alice, "white")
    live = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(live.pk, carol, "white")

    board = pages.open(None, "/leaderboard/?game=rosenkoenig", DESKTOP)
    board.get_by_role("link", name="Alice of Anjou").click()
    expect(board.get_by_role("heading", name="Alice of Anjou")).to_be_visible()
    expect(board.locator("table.results tfoot")).to_contain_text("6")
    expect(board.locator(".rating-chart")).to_have_count(1)
    assert smallest_chart_text(board) >= 11
    shot(board, "profile-desktop-en")

    for locale, heading in (("en-GB", "Reliability"), ("ru-RU", "Надёжность")):
        match_page = pages.open(None, f"/matches/{live.pk}/", PHONE, locale=locale)
        match_page.locator(".seats").get_by_role("link", name="Alice of Anjou").click()
        expect(match_page.get_by_role("heading", name=heading)).to_be_visible()
        expect(match_page.locator(f'a[href="/matches/{live.pk}/"]')).to_have_count(1)
        width = match_page.evaluate("document.documentElement.scrollWidth")
        assert width <= match_page.viewport_size["width"], "the page scrolls sideways"
        assert smallest_chart_text(match_page) >= 11
        shot(match_page, f"profile-phone-{locale[:2]}")
