"""Details on demand (issue 23) in Chromium: the pointer on a piece or a place of each engine's board finds
the words the engine wrote for it (the SVG ``<title>`` the browser shows as its tooltip).

A headless browser draws no native tooltip, so the screenshot shows the same words in a box at the pointer.
"""

from __future__ import annotations

import pytest

from games import engines, services

from .support import ARTIFACTS, BROWSER_MARKS

pytestmark = BROWSER_MARKS
DESKTOP = {"viewport": {"width": 1400, "height": 900}}


# (engine, role, what to point at, words its title must hold, screenshot name)
def backs(house: str) -> str:
    """An enemy's hidden block: a group whose title says only whose it is."""
    return f"xpath=//*[local-name()='g'][*[local-name()='title' and starts-with(., 'A {house} block')]]"


POINTED = [
    ("richard3", "lancaster", '[data-target^="block:"]', "strength", "richard3"),
    ("richard3", "lancaster", backs("York"), "A York block (hidden)", "richard3-enemy"),
    ("sekigahara", "tokugawa", '[data-target="location:edo"]', "Edo", "sekigahara"),
    ("nine_years", "bourbon", '[data-target^="leader:"]', "tactical rating", "nine_years"),
    ("blood_and_roses", "york", '[data-target^="unit:"]', "shock defence", "blood_and_roses"),
    ("blood_and_roses", "york", '[data-target="hex:1613"]', "Hex 1613, the marsh", "blood_and_roses-hex"),
    ("rosenkoenig", "red", '[data-target="cell:5-5"]', "the crown", "rosenkoenig"),
]
# What the browser would show as a tooltip at a point: the nearest title around the element there (an SVG
# <title> child or a title attribute), never the picture's own.
TITLE_AT = """([x, y]) => {
  for (let el = document.elementFromPoint(x, y); el; el = el.parentElement) {
    if (el.tagName.toLowerCase() === "svg" && !el.parentElement.closest("svg")) return null;
    const child = [...el.children].find((c) => c.tagName.toLowerCase() === "title");
    if (child && child.textContent.trim()) return child.textContent.trim();
    if (el.getAttribute("title")) return el.getAttribute("title");
  }
  return null;
}"""
SHOW_TIP = """([x, y, text]) => {
  const tip = document.createElement("div");
  tip.textContent = text;
  Object.assign(tip.style, {position: "fixed", left: `${x + 12}px`, top: `${y + 18}px`, zIndex: 9999,
    background: "#ffffe1", border: "1px solid #767676", padding: "2px 6px", font: "13px sans-serif",
    whiteSpace: "pre-line", maxWidth: "420px", boxShadow: "1px 2px 4px #0005"});
  document.body.append(tip);
}"""


@pytest.mark.parametrize(("slug", "role", "selector", "words", "shot"), POINTED, ids=[p[-1] for p in POINTED])
def test_pointing_at_a_piece_or_place_shows_what_it_is(pages, make_user, slug, role, selector, words, shot):
    engine = engines.get(slug)
    users = {r: make_user(r) for r in engine.roles}
    match = services.create_match(users[role], slug, role=role)
    for other in engine.roles:
        if other != role:
            services.join_match(match.pk, users[other], other)
    page = pages.open(users[role], f"/matches/{match.pk}/", device=DESKTOP)
    piece = page.locator("#match-live figure.board svg").first.locator(selector).first
    piece.scroll_into_view_if_needed()
    box = piece.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    title = page.evaluate(TITLE_AT, [x, y])
    assert title and words in title, f"{slug}: the pointer on {selector} finds {title!r}"
    page.evaluate(SHOW_TIP, [x, y, title])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"details-{shot}.png"))
