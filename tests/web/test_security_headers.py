"""Security headers on every page, and pages the Content-Security-Policy can allow without 'unsafe-inline'."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from games import engines, services

pytestmark = pytest.mark.django_db


class InlineCode(HTMLParser):
    """Collects what a CSP without 'unsafe-inline' would block: inline scripts, handlers, styles."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            kind = attrs.get("type", "text/javascript")
            self._in_script = "src" not in attrs and kind in ("text/javascript", "module", "")
        if tag == "style":
            self.found.append("<style> element")
        for name, value in attrs.items():
            if name.startswith("on") or name.startswith("hx-on") or name == "style":
                self.found.append(f"<{tag} {name}=…>")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value}>")

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:40]}")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


@pytest.fixture
def pages(alice, bob, make_user):
    """Visitor pages, player pages (an open and a running match, a refusal) and the admin's."""
    waiting = services.create_match(alice, "rosenkoenig", role="red")
    running = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(running.pk, bob, "white")
    moderator = make_user("moderator", is_staff=True, is_superuser=True)
    return {
        None: ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password_reset/", "/leaderboard/", "/matches/"],
        alice: [
            "/",
            "/lobby/",
            "/accounts/profile/",
            f"/matches/{waiting.pk}/",
            f"/matches/{running.pk}/",
            f"/matches/{running.pk}/?seq=0",
            "/matches/999999/",
        ],
        moderator: [
            "/admin/",
            "/admin/games/match/",
            f"/admin/games/match/{running.pk}/change/",
            f"/admin/games/match/{running.pk}/board/",
            "/admin/auth/user/",
            f"/admin/auth/user/{alice.pk}/change/",
        ],
    }


def test_every_page_sends_the_security_headers_and_has_no_inline_code(client, pages):
    for user, urls in pages.items():
        if user is None:
            client.logout()
        else:
            client.force_login(user)
        for url in urls:
            response = client.get(url)
            policy = response["Content-Security-Policy"]
            directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
            assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'", url
            assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'", url
            assert response["X-Content-Type-Options"] == "nosniff", url
            assert response["Referrer-Policy"] == "same-origin", url
            assert response["X-Frame-Options"] == "DENY", url
            assert inline_code(response.content.decode()) == [], url


@pytest.mark.parametrize("slug", sorted(engine.slug for engine in engines.all()))
def test_every_games_board_is_drawn_without_inline_styles(client, alice, bob, slug):
    engine = engines.get(slug)
    match = services.create_match(alice, slug, role=engine.roles[0])
    services.join_match(match.pk, bob, engine.roles[1])
    client.force_login(alice)
    assert inline_code(client.get(f"/matches/{match.pk}/").content.decode()) == []


def test_the_api_docs_relax_only_styles_and_keep_scripts_in_files(client):
    for url in ("/api/docs/", "/api/redoc/"):
        response = client.get(url)
        directives = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
        assert directives["script-src"] == "'self'" and "'unsafe-inline'" in directives["style-src"], url
        assert not [found for found in inline_code(response.content.decode()) if "script" in found], url


def test_the_checker_sees_inline_code():
    html = '<script>alert(1)</script><a href="javascript:x()" onclick="y()" style="color:red">a</a><p hx-on:click="z">'
    assert len(inline_code(html)) == 5
    assert inline_code('<script src="/static/x.js"></script><script type="application/json">{}</script>') == []
