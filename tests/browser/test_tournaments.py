"""Tournaments in Chromium: created from the list page, signed up for from its page, then its rounds and
standings (the tie-breaks named), on a desktop and a phone, in English and Russian. Screenshots go to
tests/artifacts/."""

from __future__ import annotations

from playwright.sync_api import expect

from games import services
from games.tournaments.models import Tournament

from .support import ARTIFACTS, BROWSER_MARKS, PHONE

pytestmark = BROWSER_MARKS
DESKTOP = {"viewport": {"width": 1400, "height": 900}}


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_sign_up_and_standings(pages, make_user):
    club, bob, carol = (make_user(name) for name in ("club", "bob", "carol"))
    club.profile.email_verified = True
    club.profile.save()

    page = pages.open(club, "/tournaments/", DESKTOP)
    page.fill("#id_name", "Autumn cup")
    page.select_option("#id_game", "rosenkoenig")
    page.select_option("#id_format", "swiss")
    page.fill("#id_players", "3")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Autumn cup")).to_be_visible()
    tournament = Tournament.objects.get()
    expect(page.locator("main")).to_contain_text("Signed up: club")

    for user in (bob, carol):
        other = pages.open(user, f"/tournaments/{tournament.pk}/", DESKTOP)
        other.get_by_role("button", name="Sign up").click()
        other.wait_for_load_state()
    expect(other.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(other.locator(".tiebreaks")).to_contain_text("Buchholz, then Sonneborn-Berger")

    tournament.refresh_from_db()
    pair = tournament.pairings.exclude(match=None).get()
    loser = pair.match.seats.get(user=pair.second.user)
    services.resign(pair.match_id, loser.user, loser.role)  # round 2 is paired

    for device, device_name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        for locale, heading in (("en-GB", "Round 2"), ("ru-RU", "Тур 2")):
            viewer = pages.open(None, f"/tournaments/{tournament.pk}/", device, locale=locale)
            expect(viewer.get_by_role("heading", name=heading)).to_be_visible()
            rows = viewer.locator("table.standings tbody tr")
            expect(rows).to_have_count(3)
            expect(rows.first).to_contain_text(pair.first.user.username)
            link = viewer.locator(f'a[href="/matches/{pair.match_id}/"]')
            expect(link).to_have_count(1)
            width = viewer.evaluate("document.documentElement.scrollWidth")
            assert width <= viewer.viewport_size["width"], "the page scrolls sideways"
            shot(viewer, f"tournament-{device_name}-{locale[:2]}")

    listing = pages.open(None, "/tournaments/", PHONE)
    expect(listing.get_by_role("link", name="Autumn cup")).to_be_visible()
    shot(listing, "tournaments-phone-en")
