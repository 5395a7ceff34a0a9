"""Richard III's board drawn in Russian on the match page: every text still legible at the initial zoom
(issue 26: Russian words are longer), for two players whose saved language is Russian."""

from __future__ import annotations

import random

import pytest

from .support import ARTIFACTS, BROWSER_MARKS, PHONE, wait_for_seq
from .test_board_targets import _TEXT_SIZES, DESKTOP, LEGIBLE_PX, play_randomly, seat_all

pytestmark = BROWSER_MARKS


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("moves", [0, 40])
def test_the_russian_board_is_legible_at_the_initial_zoom(pages, make_user, reads, device, moves):
    match, users = seat_all(make_user, "richard3")
    play_randomly(match, users, moves, random.Random(moves))
    for role in match.engine.roles:
        reads(users[role], "ru")
        page = pages.open(users[role], f"/matches/{match.pk}/", DESKTOP if device == "desktop" else PHONE)
        wait_for_seq(page, match.seq)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"russian-richard3-{role}-{device}-{moves}.png"), full_page=True)
        sizes = page.evaluate(_TEXT_SIZES)
        assert any("Кампания" in s["text"] or "Ланкастер" in s["text"] for s in sizes), "not drawn in Russian"
        small = [s for s in sizes if s["size"] < LEGIBLE_PX - 0.05]
        assert not small, sorted(small, key=lambda s: s["size"])[:8]
