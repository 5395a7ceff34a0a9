"""The match page in Chromium tells the server whether it is being looked at: a poll from a hidden tab says so,
and only a visible page's poll marks its player as watching (their turn mail waits: notifications.presence)."""

from __future__ import annotations

from games import services
from notifications import presence

from .support import BROWSER_MARKS

pytestmark = BROWSER_MARKS

HIDE = "() => Object.defineProperty(document, 'hidden', {value: true, configurable: true})"
SHOW = "() => delete document.hidden"


def next_poll(page, match_pk: int):
    with page.expect_request(lambda r: f"/matches/{match_pk}/live/" in r.url, timeout=10_000) as request:
        pass
    return request.value


def test_only_a_visible_pages_poll_marks_its_player_watching(pages, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    page = pages.open(bob, f"/matches/{match.pk}/")

    page.evaluate(HIDE)
    next_poll(page, match.pk)  # one may have been on its way already
    presence.cache.delete(f"watching:{match.pk}:{bob.pk}")
    hidden = next_poll(page, match.pk)
    assert hidden.headers.get("x-page-hidden") == "1"
    hidden.response()
    assert not presence.is_watching(match.pk, bob.pk)

    page.evaluate(SHOW)
    next_poll(page, match.pk)
    visible = next_poll(page, match.pk)
    assert "x-page-hidden" not in visible.headers
    visible.response()
    assert presence.is_watching(match.pk, bob.pk)
    assert pages.console_errors == []
