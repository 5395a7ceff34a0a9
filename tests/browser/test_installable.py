"""The installable site in Chromium: the service worker registers and takes the page, the manifest is one
the browser reads, and what the worker keeps are static files, never a page or an API answer."""

from __future__ import annotations

from .support import BROWSER_MARKS

pytestmark = BROWSER_MARKS


def test_the_service_worker_registers_and_keeps_static_files_only(pages, make_user):
    alice = make_user("alice")
    page = pages.open(alice, "/")
    scope = page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)")
    assert scope == pages.base_url + "/"
    page.reload()  # now under the worker's control: its fetches go through it
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.goto(pages.base_url + "/lobby/")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then((response) => response.json())"
    )
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    kept = page.evaluate(
        """caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)
             .then((cache) => cache.keys()).then((requests) => requests.map((request) => request.url)))))
           .then((lists) => lists.flat())"""
    )
    assert kept and all(url.startswith(pages.base_url + "/static/") for url in kept), kept
