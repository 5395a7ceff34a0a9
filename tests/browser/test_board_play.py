"""Playing on the board picture in Chromium: keyboard only, a menu for a shared target, a phone, no JavaScript.

Every test fails on any console error of any page it opened (the ``pages`` fixture).
"""

from __future__ import annotations

import pytest

from games import engines, services
from games.models import Match

from .support import ARTIFACTS, BROWSER_MARKS, PHONE, legal, play_on_board, seq_of, shown, wait_for_seq

pytestmark = BROWSER_MARKS


@pytest.fixture
def rk(make_user):
    """A started Rosenkönig match: red (alice) to move, white (bob)."""
    alice, bob = make_user("alice"), make_user("bob")
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    match.refresh_from_db()
    return match, alice


def last_action(match: Match) -> dict:
    return match.actions.order_by("-seq").first().payload


def focused_target(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-target')")


def test_a_move_made_with_the_keyboard_only(pages, rk):
    match, alice = rk
    choices = {c["target"]: c["action"] for c in match.engine.legal_actions(match.state, "red")}
    page = pages.open(alice, f"/matches/{match.pk}/")
    legal(page).first.wait_for()
    for _ in range(60):  # Tab through the page until a highlighted board target has the focus
        page.keyboard.press("Tab")
        target = focused_target(page)
        if target and page.evaluate("document.activeElement.classList.contains('legal')"):
            break
    else:
        pytest.fail("no board target could be reached with Tab")
    page.keyboard.press("Enter")
    wait_for_seq(page, 1)
    match.refresh_from_db()
    assert last_action(match) == choices[target]
    assert "White is choosing a move" in page.inner_text("#match-live .prompt")


def test_choices_sharing_a_target_are_offered_in_a_menu_escape_cancels(pages, rk, monkeypatch):
    match, alice = rk
    engine = match.engine
    real = engine.legal_actions
    # Every choice on one target (the draw pile), as when several moves start from one block.
    monkeypatch.setattr(
        engine, "legal_actions", lambda state, role: [{**c, "target": "pile:draw"} for c in real(state, role)]
    )
    choices = shown(engine, real(match.state, "red"))
    page = pages.open(alice, f"/matches/{match.pk}/")
    pile = legal(page, "pile:draw")
    pile.focus()
    page.keyboard.press("Enter")
    items = page.locator(".target-menu [role=menuitem]")
    assert items.all_inner_texts() == [c["label"] for c in choices] + ["Cancel"]
    assert page.evaluate("document.activeElement.textContent") == choices[0]["label"]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    assert page.locator(".target-menu").count() == 0 and focused_target(page) == "pile:draw"
    assert seq_of(page) == 0

    pile.click()
    page.locator(".target-menu [role=menuitem]", has_text=choices[1]["label"]).click()
    wait_for_seq(page, 1)
    match.refresh_from_db()
    assert last_action(match) == choices[1]["action"]


def test_on_a_phone_a_tap_plays_and_the_board_zooms_inside_the_page(pages, rk):
    match, alice = rk
    page = pages.open(alice, f"/matches/{match.pk}/", PHONE)
    legal(page).first.wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "match-phone.png"), full_page=True)
    page_width = page.evaluate("document.documentElement.scrollWidth")
    view = page.locator("#match-live .board-view")
    fit = view.evaluate("v => v.querySelector('svg').getBoundingClientRect().width")

    page.tap("#match-live [data-zoom=in]")
    page.tap("#match-live [data-zoom=in]")
    zoomed = view.evaluate("v => v.querySelector('svg').getBoundingClientRect().width")
    assert zoomed > fit * 1.4 and view.evaluate("v => v.scrollWidth > v.clientWidth")
    # The page itself keeps its width: only the board's box scrolls.
    assert page.evaluate("document.documentElement.scrollWidth") == page_width
    page.screenshot(path=str(ARTIFACTS / "match-phone-zoomed.png"))

    # A two-finger pinch inside the board zooms the board, not the page.
    page.tap("#match-live [data-zoom=fit]")
    box = view.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 3
    cdp = page.context.new_cdp_session(page)
    for spread in (20, 60, 100, 140):
        kind = "touchStart" if spread == 20 else "touchMove"
        points = [{"x": cx - spread, "y": cy}, {"x": cx + spread, "y": cy}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert view.evaluate("v => v.querySelector('svg').getBoundingClientRect().width") > fit * 2
    assert page.evaluate("window.visualViewport.scale") == 1

    page.tap("#match-live [data-zoom=fit]")
    target = legal(page).first.get_attribute("data-target")
    legal(page, target).first.tap()
    wait_for_seq(page, 1)
    match.refresh_from_db()
    assert last_action(match)["card"] == target.removeprefix("card:")


def test_the_board_is_wired_again_after_going_back_in_history(pages, rk):
    match, alice = rk
    for role, user in (("red", alice), ("white", match.seats.get(role="white").user)):  # a past to go back to
        action = match.engine.legal_actions(match.state, role)[0]["action"]
        services.submit_action(match.pk, user, role, action, match.seq)
        match.refresh_from_db()
    page = pages.open(alice, f"/matches/{match.pk}/")
    legal(page).first.wait_for()
    count = legal(page).count()
    assert count > 0
    page.click("#match-live .history a:has-text('Start')")
    page.wait_for_selector("text=As it was after record 0 of 2")
    assert legal(page).count() == 0  # an earlier point: nothing to play
    page.go_back()
    page.wait_for_selector("text=The board now")
    legal(page).first.wait_for()
    assert legal(page).count() == count and page.locator(".list-toggle").count() == 1
    choice = shown(match.engine, match.engine.legal_actions(match.state, "red"))[0]
    play_on_board(page, choice)
    match.refresh_from_db()
    assert last_action(match) == choice["action"]


def test_without_javascript_the_buttons_still_play(pages, rk):
    match, alice = rk
    page = pages.open(alice, f"/matches/{match.pk}/", java_script_enabled=False)
    assert page.locator("#match-live svg [data-target].legal").count() == 0
    first = shown(match.engine, match.engine.legal_actions(match.state, "red"))[0]
    page.click(f"#match-live .choices button:has-text('{first['label']}')")
    page.wait_for_selector("#match-live[data-seq='1']")
    match.refresh_from_db()
    assert last_action(match) == first["action"]


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_every_board_as_each_role_sees_it(pages, make_user, engine):
    """Screenshots of each engine's board for each role and a spectator, a few moves in."""
    users = {role: make_user(f"player{n}") for n, role in enumerate(engine.roles)}
    match = services.create_match(users[engine.roles[0]], engine.slug, role=engine.roles[0])
    for role in engine.roles[1:]:
        services.join_match(match.pk, users[role], role)
    for _ in range(6):  # the first choice each time: a position past the setup
        match.refresh_from_db()
        role = match.active_roles[0]
        action = engine.legal_actions(match.state, role)[0]["action"]
        services.submit_action(match.pk, users[role], role, action, match.seq)
    match.refresh_from_db()
    ARTIFACTS.mkdir(exist_ok=True)
    for role, user in [*users.items(), ("spectator", make_user("spectator"))]:
        page = pages.open(user, f"/matches/{match.pk}/")
        board = page.locator("#match-live figure.board")
        board.locator(".board-view > svg").wait_for()  # the map (the panels' pictures are in the figure too)
        choices = engine.legal_actions(match.state, role) if role in match.active_roles else []
        page.wait_for_selector("#match-live [data-board][data-wired]", state="attached")
        # the map's own targets (a hand or a pool may be in the panels beside it, render_panels)
        on_map = engine.render_svg(engine.view(match.state, role if role in engine.roles else None))
        mapped = any(f'data-target="{c["target"]}"' in on_map for c in choices if "target" in c)
        assert (board.locator(".board-view svg [data-target].legal").count() > 0) == mapped
        board.screenshot(path=str(ARTIFACTS / f"board-{engine.slug}-{role}.png"))
        page.context.close()
