"""Shared by the browser tests: Debian's Chromium, the marks, signed-in pages that record console errors.

Chromium is driven by Playwright (never `playwright install`); the tests are skipped when it is missing,
except under REQUIRE_BROWSER=1 (.ci/run), where a missing browser is a failure.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import OperationalError
from django.test import Client

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LAPTOP = {"viewport": {"width": 1280, "height": 1000}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists() and not os.environ.get("REQUIRE_BROWSER"),
        reason="needs Debian's chromium at /usr/bin/chromium (.ci/run installs it)",
    ),
]


class Pages:
    """Opens pages signed in as a user (a session cookie, no login form) and keeps every console error."""

    def __init__(self, browser, base_url: str):
        self.browser = browser
        self.base_url = base_url
        self.console_errors: list[str] = []

    def watch(self, page):
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(f"{page.url}: {m.text}"))
        page.on("pageerror", lambda e: self.console_errors.append(f"{page.url}: {e}"))
        page.set_default_timeout(15_000)
        return page

    def open(self, user, path: str, device: dict = LAPTOP, **options):
        context = self.browser.new_context(**device, **options)
        if user is not None:
            client = signed_in_client(user)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
            context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": self.base_url}])
        page = self.watch(context.new_page())
        page.goto(self.base_url + path)
        return page


def signed_in_client(user, attempts: int = 50) -> Client:
    """A test client with a new session for ``user``. The live server may be answering a poll of a page
    opened before and hold SQLite's session table for that moment ("database table is locked"): wait."""
    for _ in range(attempts - 1):
        client = Client()
        try:
            client.force_login(user)
            return client
        except OperationalError:
            time.sleep(0.1)
    client = Client()
    client.force_login(user)
    return client


def seq_of(page) -> int:
    return int(page.get_attribute("#match-live", "data-seq"))


def wait_for_seq(page, seq: int) -> None:
    """Wait for the position after record ``seq`` with its board wired: htmx swaps the new page part in
    first and board.js marks its legal targets a moment later (on htmx:load, after the settle)."""
    page.wait_for_selector(f"#match-live[data-seq='{seq}']:not(:has(figure.board:not([data-wired])))")


def legal(page, target: str | None = None):
    """The highlighted (playable) board elements, or those of one target."""
    which = f'[data-target="{target}"]' if target else "[data-target]"
    return page.locator(f"#match-live svg {which}.legal")


# A point where a click reaches ``target`` first among the legal targets under it (as board.js decides),
# the element scrolled into view; null when every point of it is covered by another legal target.
_POINT_ON = """target => {
  const legal = e => e.closest('#match-live svg [data-target].legal');
  for (const element of document.querySelectorAll('#match-live svg [data-target].legal')) {
    if (element.dataset.target !== target) continue;
    element.scrollIntoView({block: 'center', inline: 'center'});
    const box = element.getBoundingClientRect();
    const steps = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9];
    for (const fy of steps) for (const fx of steps) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      const hit = document.elementsFromPoint(x, y).map(legal).find(Boolean);
      if (hit && hit.dataset.target === target) return {x, y};
    }
  }
  return null;
}"""


def play_on_board(page, choice: dict, tap: bool = False) -> None:
    """Play ``choice`` as a player would: click (or tap) its target on the board, then, when the target
    offers several moves, the menu entry with its label. Waits for the next position."""
    before = seq_of(page)
    point = page.evaluate(_POINT_ON, choice["target"])
    assert point, f"{choice['target']} cannot be clicked on the board"
    if tap:
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])
    menu = page.locator("#match-live .target-menu")
    if menu.count():
        menu.get_by_role("menuitem", name=choice["label"], exact=True).click()
    wait_for_seq(page, before + 1)


def play_button(page, choice: dict) -> None:
    """Play a choice about nothing on the board with its button (or list box) below the board."""
    before = seq_of(page)
    form = page.locator("#match-live form.other-choices")
    if form.locator("select").count():  # many choices come as a list box
        form.locator("select").select_option(label=choice["label"])
        form.locator("button[type=submit]").click()
    else:
        form.get_by_role("button", name=choice["label"], exact=True).click()
    wait_for_seq(page, before + 1)


def shown(engine, choices: list[dict]) -> list[dict]:
    """``choices`` with their labels as an English reader's page shows them (``Engine.text``)."""
    return [dict(choice, label=engine.text(choice["label"])) for choice in choices]
