"""Sekigahara's board drawn in Russian on the match page with a hand holding Kobayakawa cards (issue 26: the
longest clan name must fit its card: it is shortened there, whole in the card's title), legible at the
initial zoom on a desktop and a phone."""

from __future__ import annotations

import random

import pytest

from .support import ARTIFACTS, BROWSER_MARKS, PHONE, wait_for_seq
from .test_board_targets import _TEXT_SIZES, DESKTOP, LEGIBLE_PX, play_randomly, seat_all

pytestmark = BROWSER_MARKS

# Each card's clan name: its drawn width against its card's (the name box is 6 units narrower than the card).
_CARD_NAMES = """() => [...document.querySelectorAll('#match-live svg [data-target^="card:"]')].map(card => {
  const name = card.querySelector('text');
  const box = card.querySelector('rect').getBBox();
  const drawn = name.getBBox();
  return {text: name.textContent, title: card.querySelector('title').textContent,
          left: drawn.x - box.x, right: box.x + box.width - drawn.x - drawn.width};
})"""

# The page box around the hand's cards, a little wider, for a close screenshot.
_HAND_BOX = """() => {
  const cards = document.querySelectorAll('#match-live svg [data-target^="card:"]');
  const boxes = [...cards].map(c => c.getBoundingClientRect());
  const left = Math.min(...boxes.map(b => b.left)) - 10, top = Math.min(...boxes.map(b => b.top)) - 10;
  const right = Math.max(...boxes.map(b => b.right)) + 10, bottom = Math.max(...boxes.map(b => b.bottom)) + 10;
  return {x: left + scrollX, y: top + scrollY, width: right - left, height: bottom - top};
}"""


def holds_kobayakawa(match) -> bool:
    state = match.state
    return any(state["cards"][c].startswith("kobayakawa") for c in state["hands"]["ishida"])


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_kobayakawa_card_fits_in_the_russian_hand(pages, make_user, reads, device):
    match, users = seat_all(make_user, "sekigahara")
    rng = random.Random(3)
    while not holds_kobayakawa(match):  # play on until Ishida's hand holds a Kobayakawa card
        play_randomly(match, users, 1, rng)
    reads(users["ishida"], "ru")
    page = pages.open(users["ishida"], f"/matches/{match.pk}/", DESKTOP if device == "desktop" else PHONE)
    wait_for_seq(page, match.seq)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"russian-sekigahara-hand-{device}.png"), full_page=True)
    hand = page.evaluate(_HAND_BOX)
    page.screenshot(path=str(ARTIFACTS / f"russian-sekigahara-hand-{device}-cards.png"), clip=hand, full_page=True)
    names = page.evaluate(_CARD_NAMES)
    kobayakawa = [n for n in names if n["title"].startswith("Кобаякава")]
    assert kobayakawa and all(n["text"] == "Кобаяк." for n in kobayakawa), names
    clipped = [n for n in names if min(n["left"], n["right"]) < 0]
    assert not clipped, clipped
    sizes = page.evaluate(_TEXT_SIZES)
    small = [s for s in sizes if s["size"] < LEGIBLE_PX - 0.05]
    assert not small, sorted(small, key=lambda s: s["size"])[:8]
