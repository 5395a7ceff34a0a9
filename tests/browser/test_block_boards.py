"""The block games in Chromium: a click on one's own block drawn inside an area reaches that area's moves."""

from __future__ import annotations

from .support import ARTIFACTS, BROWSER_MARKS
from .test_board_games import choices_of, first, seat_all, submit

pytestmark = BROWSER_MARKS


def test_richard3_a_click_on_ones_own_block_in_a_port_opens_the_areas_menu(pages, make_user):
    match, users = seat_all(make_user, "richard3", ("lancaster", "york"))
    for role in ("lancaster", "york"):  # keep both hands, play the highest card so Lancaster moves first
        while role in match.active_roles and first(choices_of(match, role), "keep"):
            submit(match, users, role, lambda c: c["action"]["type"] == "keep")
    submit(match, users, "lancaster", lambda c: c["label"] == "Play AP 4")
    submit(match, users, "york", lambda c: c["label"] == "Play AP 3")
    assert match.active_roles == ["lancaster"]
    choices = choices_of(match, "lancaster")
    by_target: dict[str, list[str]] = {}
    for choice in choices:
        if choice.get("target", "").startswith("area:"):
            by_target.setdefault(choice["target"], []).append(choice["label"])
    area, labels = next((t, ls) for t, ls in sorted(by_target.items()) if len(ls) > 1)  # activate and sea move
    block = next(b for b, rec in match.state["blocks"].items() if rec["at"] == area[5:] and b.startswith(("L_", "R_")))
    page = pages.open(users["lancaster"], f"/matches/{match.pk}/")
    tile = page.locator(f'#match-live svg [data-target="area:{area[5:]}"] [data-target="block:{block}"]')
    tile.wait_for()
    tile.scroll_into_view_if_needed()
    box = tile.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    menu = page.locator("#match-live .target-menu")
    menu.wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "richard3-block-in-port-menu.png"))
    offered = menu.get_by_role("menuitem").all_inner_texts()
    assert set(labels) <= set(offered), offered
