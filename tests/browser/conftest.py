"""Browser fixtures: one Chromium per test, and signed-in pages whose console must stay free of errors."""

from __future__ import annotations

import pytest
from django.core.servers.basehttp import WSGIServer
from django.test.testcases import LiveServerThread

from .support import CHROMIUM, CHROMIUM_ARGS, Pages


class OneRequestAtATime(WSGIServer):
    """The live server's WSGI server without threads. Its thread shares the test's SQLite connection, so
    concurrent requests (two pages polling while a third posts a move) would fail with "database table is
    locked"; served one after another they cannot. (It closes every connection, as Django does unthreaded.)"""

    def __init__(self, *args, connections_override=None, **kwargs):
        super().__init__(*args, **kwargs)  # the live server thread itself installs connections_override


@pytest.fixture(scope="session", autouse=True)
def serial_live_server():
    original = LiveServerThread.server_class
    LiveServerThread.server_class = OneRequestAtATime
    yield
    LiveServerThread.server_class = original


@pytest.fixture
def browser(monkeypatch):
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; the live server's own thread does the DB work.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def pages(browser, live_server, transactional_db):
    """Pages signed in as a given user; any console error or uncaught exception on any of them fails the test."""
    opened = Pages(browser, live_server.url)
    yield opened
    assert not opened.console_errors, "console errors:\n" + "\n".join(opened.console_errors)
