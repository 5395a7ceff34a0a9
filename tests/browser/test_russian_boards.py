"""Every board drawn in Russian on the match page: every text still legible at the initial zoom (issue 26:
Russian words are longer), for each side of two players whose saved language is Russian, at the start and
after 40 moves. The screenshots (tests/artifacts/russian-<game>-<side>-<device>-<moves>.png) are for looking at."""

from __future__ import annotations

import random

import pytest

from .support import ARTIFACTS, BROWSER_MARKS, PHONE, wait_for_seq
from .test_board_targets import _TEXT_SIZES, DESKTOP, LEGIBLE_PX, play_randomly, seat_all

pytestmark = BROWSER_MARKS

# A word each board draws in Russian only: the proof it is not the English board.
RUSSIAN_WORD = {
    "richard3": "Ланкастер",
    "rosenkoenig": "Роза",
    "blood_and_roses": "Ланкастер",
    "nine_years": "Альянс",
    "sekigahara": "Ишида",
}


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("moves", [0, 40])
@pytest.mark.parametrize("slug", sorted(RUSSIAN_WORD))
def test_the_russian_board_is_legible_at_the_initial_zoom(pages, make_user, reads, slug, device, moves):
    match, users = seat_all(make_user, slug)
    play_randomly(match, users, moves, random.Random(moves))
    for role in match.engine.roles:
        reads(users[role], "ru")
        page = pages.open(users[role], f"/matches/{match.pk}/", DESKTOP if device == "desktop" else PHONE)
        wait_for_seq(page, match.seq)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"russian-{slug}-{role}-{device}-{moves}.png"), full_page=True)
        sizes = page.evaluate(_TEXT_SIZES)
        assert any(RUSSIAN_WORD[slug] in s["text"] for s in sizes), "not drawn in Russian"
        small = [s for s in sizes if s["size"] < LEGIBLE_PX - 0.05]
        assert not small, sorted(small, key=lambda s: s["size"])[:8]
