"""The lobby full of offers in Chromium: open matches from several players (each row drawn once and given the
reader's own CSRF token), read on a desktop and a phone in both languages, and one joined from its row.
Screenshots go to tests/artifacts/."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from accounts.models import Profile
from games import services
from games.models import Match, MatchStatus

from .support import ARTIFACTS, BROWSER_MARKS, PHONE
from .test_seeks import DESKTOP, SMALLEST_TEXT, smallest_text

pytestmark = BROWSER_MARKS
OFFERS = (("carol", "rosenkoenig", "white"), ("dmitri", "richard3", "york"), ("erin", "nine_years", "bourbon"))


def test_open_matches_read_on_every_screen_and_one_is_joined_from_its_row(pages, make_user):
    for username, game, role in OFFERS:
        creator = make_user(username)
        Profile.objects.filter(user=creator).update(display_name=username.title())
        services.create_match(creator, game, role=role)
    bob = make_user("bob")
    for device, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        for locale, side in (("en-GB", "Red"), ("ru-RU", "Красная Роза")):
            viewer = pages.open(bob, "/lobby/", device, locale=locale)
            row = viewer.locator(".open-match", has_text="Carol")
            expect(row.locator("select[name=role] option", has_text=side)).to_have_count(1)
            expect(viewer.locator(".open-match")).to_have_count(len(OFFERS))
            assert viewer.evaluate("document.documentElement.scrollWidth") <= viewer.viewport_size["width"]
            assert smallest_text(viewer, ".open-match") >= SMALLEST_TEXT
            viewer.screenshot(path=str(ARTIFACTS / f"lobby-open-matches-{name}-{locale[:2]}.png"), full_page=True)

    joining = pages.open(bob, "/lobby/", DESKTOP)
    row = joining.locator(".open-match", has_text="Carol")
    row.locator("select[name=role]").select_option("red")
    row.get_by_role("button", name="Join").click()
    match = Match.objects.get(game="rosenkoenig")
    expect(joining).to_have_url(re.compile(rf"/matches/{match.pk}/$"))
    match.refresh_from_db()
    assert match.status == MatchStatus.ACTIVE and match.roles_of(bob) == ["red"]
