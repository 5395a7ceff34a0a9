"""Every engine's board on the match page, in Chromium: no dead clicks, legible text, the prompt bar, the
moves since your last turn drawn on the map, details on demand.

Positions are reached by seeded random legal actions through the services. Moves are never really sent
from the dead-click test: a capturing listener counts each request htmx is about to make and cancels it,
so every click is tried on the same position.
"""

from __future__ import annotations

import random
import re

import pytest

from games import engines, services
from games.models import Match

from .support import ARTIFACTS, BROWSER_MARKS, PHONE, shown, wait_for_seq

pytestmark = BROWSER_MARKS

DESKTOP = {"viewport": {"width": 1400, "height": 900}}
SLUGS = [engine.slug for engine in engines.all()]
POSITIONS = (0, 7, 23)  # random legal actions played before the board is tried
# Then, played on, the first position where a target offers several moves (a menu; within this many actions).
SHARED_TARGET_WITHIN = 150
TARGETS_PER_POSITION = 14  # sampled (seeded) when more are highlighted, to keep the run short
LEGIBLE_PX = 11


def seat_all(make_user, slug: str) -> tuple[Match, dict]:
    roles = engines.get(slug).roles
    users = {role: make_user(f"{slug[:10]}-{role[:12]}") for role in roles}
    match = services.create_match(users[roles[0]], slug, role=roles[0])
    for role in roles[1:]:
        services.join_match(match.pk, users[role], role)
    match.refresh_from_db()
    return match, users


def play_randomly(match: Match, users: dict, count: int, rng: random.Random) -> None:
    for _ in range(count):
        match.refresh_from_db()
        if not match.active_roles:
            return
        role = rng.choice(sorted(match.active_roles))
        choice = rng.choice(match.engine.legal_actions(match.state, role))
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
    match.refresh_from_db()


def shared_targets(match: Match, role: str) -> set[str]:
    """The targets of ``role`` that offer several moves (clicking one opens a menu)."""
    targets = [c["target"] for c in match.engine.legal_actions(match.state, role) if "target" in c]
    return {t for t in targets if targets.count(t) > 1}


# Counts the requests htmx would send (a move played) and cancels them; the board's busy flag goes too.
_WATCH = """() => {
  window.__sent = 0;
  if (window.__watching) return;
  window.__watching = true;
  document.addEventListener('htmx:beforeRequest', e => {
    if (e.detail.elt.closest('form.board-choices, form.other-choices')) { window.__sent += 1; e.preventDefault(); }
  }, true);
}"""

# The highlighted targets, each with points to click: its centre and points inside its box where the
# element on top is the target, something inside it, or something drawn above it that is not another
# highlighted target (a click there belongs to that one). Null points: the target is not on screen.
_POINTS = """([target, index]) => {
  const all = Array.from(document.querySelectorAll('#match-live [data-board] [data-target].legal'))
    .filter(e => !e.closest('.target-menu') && e.dataset.target === target);
  const element = all[index];
  if (!element) return null;
  element.scrollIntoView({block: 'center', inline: 'center'});
  const box = element.getBoundingClientRect();
  const fractions = [[.5, .5], [.25, .25], [.75, .25], [.25, .75], [.75, .75],
                     [.5, .15], [.5, .85], [.15, .5], [.85, .5]];
  const points = [];
  for (const [fx, fy] of fractions) {
    const x = box.left + box.width * fx, y = box.top + box.height * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const stack = document.elementsFromPoint(x, y);
    if (!stack.some(e => e === element || element.contains(e))) continue; // outside its drawing
    const top = stack[0];
    const owner = top.closest('[data-target].legal');
    if (owner && owner !== element && !element.contains(owner) && !owner.contains(element)) continue;
    if (!top.closest('[data-board]')) continue; // the prompt bar or a menu covers it
    points.push({x, y, on: top.tagName + (top.dataset && top.dataset.target ? '[' + top.dataset.target + ']' : '')});
    if (points.length >= 5) break;
  }
  return points;
}"""

_AFTER = """([x, y]) => {
  const menu = document.querySelector('#match-live .target-menu');
  const r = menu && menu.getBoundingClientRect();
  const covers = !!r && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  const result = {sent: window.__sent, menu: !!menu, covers: covers};
  if (menu) menu.remove();
  document.querySelectorAll('[data-board].busy').forEach(f => f.classList.remove('busy'));
  document.querySelectorAll('.board-popover').forEach(p => p.remove());
  window.__sent = 0;
  return result;
}"""


def dead_clicks(page, rng: random.Random, menus: set[str]) -> tuple[list[str], int]:
    """Click every (sampled) highlighted target at its points; what did nothing, and the clicks made.
    ``menus``: the targets that offer several moves."""
    page.evaluate(_WATCH)
    targets = page.evaluate(
        """() => Array.from(document.querySelectorAll('#match-live [data-board] [data-target].legal'))
             .filter(e => !e.closest('.target-menu')).map(e => e.dataset.target)"""
    )
    indexed = [(t, targets[:i].count(t)) for i, t in enumerate(targets)]
    if len(indexed) > TARGETS_PER_POSITION:  # every target that opens a menu, a sample of the others
        shared = [(t, i) for t, i in indexed if t in menus]
        others = [(t, i) for t, i in indexed if t not in menus]
        indexed = shared + rng.sample(others, max(0, min(len(others), TARGETS_PER_POSITION - len(shared))))
    dead, clicks = [], 0
    for target, index in indexed:
        points = page.evaluate(_POINTS, [target, index])
        if not points:
            dead.append(f"{target}: no point of it can be clicked (covered or off screen)")
            continue
        for point in points:
            page.mouse.click(point["x"], point["y"])
            clicks += 1
            after = page.evaluate(_AFTER, [point["x"], point["y"]])
            where = f"{target} at ({point['x']:.0f},{point['y']:.0f}) on {point['on']}"
            if not after["sent"] and not after["menu"]:
                dead.append(f"{where}: nothing happened")
            elif after["covers"]:
                dead.append(f"{where}: the menu covers the click")
    return dead, clicks


@pytest.mark.parametrize("slug", SLUGS)
def test_every_highlighted_target_answers_a_click(pages, make_user, slug):
    match, users = seat_all(make_user, slug)
    rng = random.Random(f"dead-clicks-{slug}")
    problems, played, tried = [], 0, 0

    def try_board(role: str, menus: set[str]) -> None:
        nonlocal tried, problems
        page = pages.open(users[role], f"/matches/{match.pk}/", DESKTOP)
        wait_for_seq(page, match.seq)
        dead, clicks = dead_clicks(page, rng, menus)
        tried += clicks
        problems += [f"after {played} actions, {role}: {d}" for d in dead]
        page.context.close()

    for position in POSITIONS:
        play_randomly(match, users, position - played, rng)
        played = position
        for role in sorted(match.active_roles):
            if any("target" in c for c in match.engine.legal_actions(match.state, role)):
                try_board(role, shared_targets(match, role))
                break
    for _ in range(SHARED_TARGET_WITHIN):
        role = next((r for r in sorted(match.active_roles) if shared_targets(match, r)), None)
        if role is not None:
            try_board(role, shared_targets(match, role))
            break
        play_randomly(match, users, 1, rng)
        played += 1
    assert tried, f"{slug}: no highlighted target was tried"
    assert not problems, f"{slug}: {len(problems)} dead clicks of {tried}:\n" + "\n".join(problems)


# Every visible text of the board (the map's and the panels'), with its rendered size in CSS px.
_TEXT_SIZES = """() => {
  const out = [];
  const svg = document.querySelector('#match-live .board-view svg');
  if (svg) for (const text of svg.querySelectorAll('text, tspan')) {
    if (!text.textContent.trim() || text.closest('.when-zoomed') || !text.getClientRects().length) continue;
    if (text.tagName === 'text' && text.querySelector('tspan')) continue; // its tspans are measured
    const ctm = text.getScreenCTM();
    const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b);
    out.push({text: text.textContent.trim().slice(0, 30), size: Math.round(size * 10) / 10});
  }
  const panels = document.querySelector('#match-live .board-panels');
  if (panels) {
    const walker = document.createTreeWalker(panels, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent.trim() || !parent.getClientRects().length || parent.closest('svg')) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      out.push({text: node.textContent.trim().slice(0, 30), size, panel: true});
    }
    for (const text of panels.querySelectorAll('svg text')) {
      if (!text.textContent.trim() || !text.getClientRects().length || text.closest('.when-zoomed')) continue;
      const ctm = text.getScreenCTM();
      const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b);
      out.push({text: text.textContent.trim().slice(0, 30), size, panel: true});
    }
  }
  return out;
}"""


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("slug", SLUGS)
def test_every_board_text_is_legible_at_the_initial_zoom(pages, make_user, slug, device):
    match, users = seat_all(make_user, slug)
    role = match.engine.roles[0]
    page = pages.open(users[role], f"/matches/{match.pk}/", DESKTOP if device == "desktop" else PHONE)
    wait_for_seq(page, match.seq)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"legibility-{slug}-{device}.png"))
    page.locator("#match-live figure.board").screenshot(path=str(ARTIFACTS / f"legibility-{slug}-{device}-board.png"))
    sizes = page.evaluate(_TEXT_SIZES)
    assert sizes, f"{slug}: no text on the board"
    small = [s for s in sizes if s["size"] < LEGIBLE_PX - 0.05]
    if small:
        smallest = min(s["size"] for s in small)
        examples = ", ".join(f"{s['text']!r} {s['size']:.1f}px" for s in sorted(small, key=lambda s: s["size"])[:8])
        pytest.fail(
            f"{slug} ({device}): {len(small)} of {len(sizes)} texts under {LEGIBLE_PX} CSS px "
            f"({100 * (len(sizes) - len(small)) / len(sizes):.0f}% legible), smallest {smallest:.1f}px; e.g. {examples}"
        )


def test_the_prompt_bar_holds_the_off_board_moves_and_stays_in_view_on_a_phone(pages, make_user):
    match, users = seat_all(make_user, "richard3")
    role = match.active_roles[0]
    others = [c for c in shown(match.engine, match.engine.legal_actions(match.state, role)) if "target" not in c]
    page = pages.open(users[role], f"/matches/{match.pk}/", PHONE)
    wait_for_seq(page, match.seq)
    bar = page.locator("#match-live .prompt-bar")
    assert bar.locator(".prompt").inner_text().strip()
    for choice in others[:3]:
        assert bar.get_by_role("button", name=choice["label"], exact=True).count() == 1
    board_bottom = page.evaluate("document.querySelector('#match-live figure.board').getBoundingClientRect().bottom")
    page.mouse.wheel(0, board_bottom / 2)
    page.wait_for_function("() => scrollY > 100")  # a function: a bare expression is eval()ed, which the CSP refuses
    top = page.evaluate("document.querySelector('#match-live .prompt-bar').getBoundingClientRect().top")
    assert -1 <= top <= 2, f"the prompt bar scrolled away (top {top})"
    page.screenshot(path=str(ARTIFACTS / "prompt-bar-phone-scrolled.png"))


def test_what_happened_is_drawn_on_the_map_and_can_be_hidden(pages, make_user, monkeypatch):
    match, users = seat_all(make_user, "rosenkoenig")
    engine = match.engine
    svg = engine.render_svg(engine.view(match.state, "white"))
    ids = list(dict.fromkeys(re.findall(r'data-target="([^"]+)"', svg)))
    path, at = ids[:3], [ids[-1]]
    view = type(engine).view

    def with_places(self, state, role):  # engines are adding path/at to their events; here synthetic ones
        seen = view(self, state, role)
        for event in seen.get("log", []):
            event.setdefault("path", path)
            event.setdefault("at", at)
        return seen

    monkeypatch.setattr(type(engine), "view", with_places)
    play_randomly(match, users, 1, random.Random(1))  # red moves: white has something new
    page = pages.open(users["white"], f"/matches/{match.pk}/", DESKTOP)
    wait_for_seq(page, match.seq)
    marks = page.locator("#match-live svg .since-marks")
    assert marks.locator("path.since-path").count() >= 1 and marks.locator("circle.since-at").count() >= 1
    page.locator("#match-live figure.board").screenshot(path=str(ARTIFACTS / "since-marks-rosenkoenig.png"))
    toggle = page.get_by_role("button", name="What happened")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false" and not marks.is_visible()
    toggle.click()
    assert marks.is_visible()
    # The lines of "Since your last move" and of the log open the moment they happened.
    assert page.locator("#match-live .events a.event-text").count() >= 1 or match.seq <= 1


def test_a_title_that_is_not_a_move_opens_in_a_popover(pages, make_user):
    match, users = seat_all(make_user, "richard3")
    role = match.active_roles[0]
    page = pages.open(users[role], f"/matches/{match.pk}/", DESKTOP)
    wait_for_seq(page, match.seq)
    point = page.evaluate(
        """() => {
          for (const title of document.querySelectorAll('#match-live .board-view svg title')) {
            const owner = title.parentElement;
            if (owner.closest('.legal')) continue;
            owner.scrollIntoView({block: 'center'});
            const b = owner.getBoundingClientRect();
            const x = b.left + b.width / 2, y = b.top + b.height / 2;
            const top = document.elementFromPoint(x, y);
            const text = title.textContent.trim();
            if (top && (top === owner || owner.contains(top)) && !top.closest('.legal')) return {x, y, text};
          }
          return null;
        }"""
    )
    if point is None:
        pytest.skip("no titled element outside the targets on this board")
    page.mouse.click(point["x"], point["y"])
    popover = page.locator("#match-live .board-popover")
    assert popover.inner_text().strip() == point["text"]
    page.mouse.click(5, 5)
    assert popover.count() == 0


def test_panel_targets_play_like_the_map(pages, make_user, monkeypatch):
    """The engine's HTML panels (render_panels) are wired like the map: a legal ``data-target`` there is
    highlighted and a click plays it; a ``title`` that is not a move opens in the popover."""
    match, users = seat_all(make_user, "rosenkoenig")
    role = match.active_roles[0]
    choice = next(c for c in shown(match.engine, match.engine.legal_actions(match.state, role)) if "target" in c)
    panel = (
        '<section class="panel"><h3>Hand</h3>'
        f'<button type="button" data-target="{choice["target"]}">{choice["label"]}</button> '
        '<span title="A stone of each side: 24 left">Stones</span></section>'
    )
    monkeypatch.setattr(type(match.engine), "render_panels", lambda self, view: panel)
    page = pages.open(users[role], f"/matches/{match.pk}/", DESKTOP)
    wait_for_seq(page, match.seq)
    target = page.locator(f'#match-live .board-panels [data-target="{choice["target"]}"]')
    assert "legal" in target.get_attribute("class")
    page.locator("#match-live .board-panels [title]").click()
    assert page.locator("#match-live .board-popover").inner_text() == "A stone of each side: 24 left"
    target.click()
    wait_for_seq(page, match.seq + 1)
    match.refresh_from_db()
    assert match.actions.order_by("-seq").first().payload == choice["action"]
