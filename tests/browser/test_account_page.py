"""The account page in Chromium, in both languages on a desktop and a phone: every field with its hint in the
reader's language (what a turn notice does while the match is open included), no text under 11 px, nothing
scrolling sideways. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import pytest

from .support import ARTIFACTS, BROWSER_MARKS, PHONE

pytestmark = BROWSER_MARKS

DESKTOP = {"viewport": {"width": 1400, "height": 900}}
SMALLEST_TEXT = """() => [...document.querySelectorAll("main *")]
  .filter(e => e.offsetParent && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => parseFloat(getComputedStyle(e).fontSize)).reduce((a, b) => Math.min(a, b), 99)"""
WATCHING_HINT = {
    "en": "While a match is open in front of you, your turn there is neither mailed nor pushed to you.",
    "ru": "Пока партия открыта у вас на экране, о вашем ходе в ней не приходят ни письма, ни уведомления.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_account_page_reads_in_the_readers_language_on_both_screens(pages, make_user, language, device):
    alice = make_user("alice")
    alice.profile.language = language
    alice.profile.save()
    page = pages.open(alice, "/accounts/profile/", {"desktop": DESKTOP, "phone": PHONE}[device])
    hint = page.locator("#id_notify_mode + small.hint")
    assert WATCHING_HINT[language] in hint.inner_text()
    assert hint.is_visible()
    assert page.evaluate(SMALLEST_TEXT) >= 11
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"account-{language}-{device}.png"), full_page=True)
    assert pages.console_errors == []


def test_a_player_picks_a_time_zone_by_country_and_city_and_it_stays_chosen(pages, make_user):
    alice = make_user("alice")
    alice.profile.language = "ru"
    alice.profile.save()
    page = pages.open(alice, "/accounts/profile/", DESKTOP)
    zone = page.locator("#id_timezone")
    assert zone.locator("optgroup[label='Россия'] option", has_text="Екатеринбург").count() == 1
    zone.select_option(label="Екатеринбург")
    with page.expect_navigation():
        page.get_by_role("button", name="Сохранить").click()
    alice.profile.refresh_from_db()
    assert alice.profile.timezone == "Asia/Yekaterinburg"
    page.goto(page.url)
    assert page.locator("#id_timezone").input_value() == "Asia/Yekaterinburg"
    assert page.locator("#id_timezone option[selected]").count() == 1
