"""The Blood & Roses board in Chromium: legible at Fit, its terrain a cached layer, its tracks beside it."""

from __future__ import annotations

from games import services
from games.engines.base import Rng
from games.engines.blood_and_roses.policy import purposeful
from games.models import Match

from .support import ARTIFACTS, BROWSER_MARKS, PHONE, wait_for_seq
from .test_board_games import seat_all

pytestmark = BROWSER_MARKS

DESKTOP = {"viewport": {"width": 1400, "height": 900}}

# Every <text> of the board drawn now (not hidden as zoomed-only), with its size in CSS px: the font size
# in user units times the scale the text is drawn at.
_TEXT_SIZES = """() => Array.from(document.querySelectorAll('#match-live .board-view svg text'))
  .filter(t => t.getClientRects().length > 0 && t.getBoundingClientRect().width > 0)
  .map(t => ({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a}))"""


def test_every_bosworth_board_text_is_legible_at_fit_and_the_terrain_comes_as_a_cached_layer(pages, make_user):
    match, users = seat_all(make_user, "blood_and_roses", ("york", "lancaster"))
    ARTIFACTS.mkdir(exist_ok=True)
    look(pages, match, users, "setup")
    seek_battle(match, users, 70)
    look(pages, match, users, "battle")


def look(pages, match: Match, users: dict, moment: str) -> None:
    """Each side's page at 1400×900: no board text under 11 CSS px at Fit, the hex numbers hidden, the
    terrain a cached layer, the tracks beside the map; screenshots of it and of a phone's page."""
    for role in ("york", "lancaster"):
        page = pages.open(users[role], f"/matches/{match.pk}/", device=DESKTOP)
        page.wait_for_selector("#match-live figure.board[data-wired]")
        sizes = page.evaluate(_TEXT_SIZES)
        assert len(sizes) > 40  # the counters' numbers and the leaders' initials at least
        small = [s for s in sizes if s["px"] < 11]
        assert not small, small[:5]
        assert page.locator("#match-live svg .when-zoomed").first.is_hidden()  # hex numbers at Fit
        layer = page.locator("#match-live svg image").first.get_attribute("href")
        response = page.request.get(pages.base_url + layer)
        assert response.ok and "immutable" in response.headers["cache-control"]
        panels = page.locator("#match-live .board-panels")
        assert "Flight Level" in panels.inner_text() and "Richard III" in panels.inner_text()
        page.screenshot(path=str(ARTIFACTS / f"board-blood_and_roses-{moment}-{role}-desktop.png"), full_page=True)
        page.locator("[data-zoom=in]").click()
        page.locator("[data-zoom=in]").click()
        assert page.locator("#match-live svg .when-zoomed").first.is_visible()
        page.locator("#match-live figure.board").screenshot(
            path=str(ARTIFACTS / f"board-blood_and_roses-{moment}-{role}-zoomed.png")
        )
        page.close()
        phone = pages.open(users[role], f"/matches/{match.pk}/", device=PHONE)
        phone.wait_for_selector("#match-live figure.board[data-wired]")
        phone.screenshot(path=str(ARTIFACTS / f"board-blood_and_roses-{moment}-{role}-phone.png"), full_page=True)
        phone.close()


def seek_battle(match: Match, users: dict, actions: int) -> None:
    """Both sides play toward each other through the services for a while, stopping with a unit selected
    (its facing arrows on the board) when one comes soon after."""
    engine, chooser = match.engine, Rng.from_seed(4)
    for n in range(actions + 60):
        match.refresh_from_db()
        state = match.state
        if not match.active_roles or (n >= actions and state["phase"] == "move" and state["selected"]):
            return
        role = match.active_roles[0]
        choice = purposeful(state, role, engine.legal_actions(state, role), chooser)
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)


def test_the_other_side_plays_treachery_on_the_board_as_an_activation_starts(pages, make_user):
    """BR-6.3j: Lancaster activates; York, holding Treachery!, is asked first and clicks the unit; Lancaster
    reads what it waits for. Screenshots of both sides on a desktop and a phone."""
    match, users = seat_all(make_user, "blood_and_roses", ("york", "lancaster"))
    engine, chooser = match.engine, Rng.from_seed(4)
    while match.state["phase"] != "opening":
        role = match.active_roles[0]
        choice = purposeful(match.state, role, engine.legal_actions(match.state, role), chooser)
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
        match.refresh_from_db()
    assert match.active_roles == ["york"]
    ARTIFACTS.mkdir(exist_ok=True)
    for role, device, name in [
        ("lancaster", PHONE, "phone"),
        ("lancaster", DESKTOP, "desktop"),
        ("york", PHONE, "phone"),
    ]:
        page = pages.open(users[role], f"/matches/{match.pk}/", device=device)
        page.wait_for_selector("#match-live figure.board[data-wired]")
        prompt = page.locator("#match-live .prompt").inner_text()
        assert ("York may play Battle Cry or Treachery!" in prompt) == (role == "lancaster"), prompt
        page.screenshot(path=str(ARTIFACTS / f"board-blood_and_roses-opening-{role}-{name}.png"), full_page=True)
        page.close()

    page = pages.open(users["york"], f"/matches/{match.pk}/", device=DESKTOP)
    page.wait_for_selector("#match-live figure.board[data-wired]")
    assert "Lancaster activates" in page.locator("#match-live .prompt").inner_text()
    assert page.locator("#match-live .prompt-bar button", has_text="Let Lancaster's activation begin").is_visible()
    target = page.locator("#match-live svg [data-target^='unit:L-'].legal").first
    page.screenshot(path=str(ARTIFACTS / "board-blood_and_roses-opening-york-desktop.png"), full_page=True)
    target.click()
    seq = match.seq
    wait_for_seq(page, seq + 1)
    match.refresh_from_db()
    assert match.state["phase"] == "move" and match.active_roles == ["lancaster"]
    assert not any(m["kind"] == "treachery" for m in match.state["markers"]["york"])
