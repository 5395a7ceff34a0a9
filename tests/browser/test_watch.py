"""/matches/ and My matches in Chromium: a player with matches of several games, on a desktop and a phone,
in English and Russian; the thumbnails load, the cards stack on a phone, nothing scrolls sideways, no text
is under 11 px. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import services
from tests.helpers import play_first_legal

from .support import ARTIFACTS, BROWSER_MARKS, PHONE

pytestmark = BROWSER_MARKS
DESKTOP = {"viewport": {"width": 1400, "height": 900}}
DEVICES = {"desktop": DESKTOP, "phone": PHONE}
SMALLEST_TEXT = """() => [...document.querySelectorAll("main *")]
  .filter(e => e.offsetParent && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => parseFloat(getComputedStyle(e).fontSize)).reduce((a, b) => Math.min(a, b), 99)"""


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture
def several_games(make_user):
    """alice in five matches of four games: her move, theirs, a few moves in, one she won."""
    alice, bob, carol = (make_user(name) for name in ("alice", "bob", "carol"))
    for game, opponent, moves in (
        ("rosenkoenig", bob, 3),
        ("richard3", carol, 0),
        ("sekigahara", bob, 0),
        ("blood_and_roses", carol, 0),
    ):
        match = services.create_match(alice, game)
        services.join_match(match.pk, opponent)
        users = {seat.role: seat.user for seat in match.seats.select_related("user")}
        play_first_legal(match, users, steps=moves)
    won = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(won.pk, carol, "white")
    services.resign(won.pk, carol, "white")
    services.create_match(alice, "rosenkoenig")  # open: on My matches, not on /matches/
    return alice


def check_layout(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    assert page.evaluate(SMALLEST_TEXT) >= 11, "text under 11 px"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_list_of_matches_to_watch(pages, several_games, device, language):
    page = pages.open(None, "/matches/", DEVICES[device], locale=language)
    rows = page.locator("li.watch-row")
    expect(rows).to_have_count(5)
    expect(page.locator("h1")).to_have_text({"en": "Matches to watch", "ru": "Смотреть партии"}[language])
    check_layout(page)
    shot(page, f"watch-{device}-{language}")
    page.select_option("#id_game", "sekigahara")
    page.get_by_role("button", name={"en": "Show", "ru": "Показать"}[language]).click()
    expect(rows).to_have_count(1)
    rows.first.get_by_role("link").first.click()
    expect(page.locator("#history-seq")).to_be_attached()  # the spectator's view, with its history


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_my_matches_as_cards(pages, several_games, device, language):
    several_games.profile.language = language
    several_games.profile.save()
    page = pages.open(several_games, "/", DEVICES[device])
    cards = page.locator("li.match-card")
    expect(cards).to_have_count(6)
    pictures = page.locator(".match-card img")
    expect(pictures).to_have_count(5)
    for index in range(pictures.count()):
        pictures.nth(index).scroll_into_view_if_needed()
        pictures.nth(index).evaluate("img => img.decode()")
        assert pictures.nth(index).evaluate("img => img.naturalWidth") > 0
    page.evaluate("window.scrollTo(0, 0)")
    check_layout(page)
    if device == "phone":
        lefts = {round(cards.nth(i).bounding_box()["x"]) for i in range(cards.count())}
        assert len(lefts) == 1, "the cards do not stack"
    shot(page, f"my-matches-{device}-{language}")
