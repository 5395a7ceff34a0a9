"""CSRF on every form, and a permission check on every match action."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from games import services
from games.models import Action, ChatMessage, Invitation, Match, PrivateNote
from tests.helpers import a_play_action

pytestmark = pytest.mark.django_db


class PostForms(HTMLParser):
    """Collects, for every <form method="post">, the names of the inputs inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._open: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and (attrs.get("method") or "").lower() == "post":
            self._open = {"action": attrs.get("action"), "inputs": set()}
            self.forms.append(self._open)
        elif tag == "input" and self._open is not None:
            self._open["inputs"].add(attrs.get("name"))

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


def post_forms(html: str) -> list[dict]:
    parser = PostForms()
    parser.feed(html)
    return parser.forms


@pytest.fixture
def scene(alice, bob, carol):
    """An active match (alice red, bob white), a finished one, an open private one inviting carol."""
    active = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(active.pk, bob, "white")
    finished = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(finished.pk, bob, "white")
    services.resign(finished.pk, bob, "white")
    private = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    Invitation.objects.create(match=private, user=carol, by=alice)
    active.refresh_from_db()
    return {"active": active, "finished": finished, "private": private}


def test_every_post_form_on_every_page_carries_a_csrf_token(client, alice, carol, scene):
    pages = {
        None: ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password_reset/", "/leaderboard/"],
        alice: [
            "/",
            "/lobby/",
            "/accounts/profile/",
            f"/matches/{scene['active'].pk}/",
            f"/matches/{scene['finished'].pk}/",
            f"/matches/{scene['private'].pk}/",
        ],
        carol: ["/lobby/", f"/matches/{scene['private'].pk}/join/?invite={scene['private'].invite_token}"],
    }
    seen = set()
    for user, urls in pages.items():
        if user is None:
            client.logout()
        else:
            client.force_login(user)
        for url in urls:
            html = client.get(url).content.decode()
            assert re.search(r'hx-headers=\'\{"X-CSRFToken": "[^"]+"\}\'', html), url  # htmx requests too
            for form in post_forms(html):
                assert "csrfmiddlewaretoken" in form["inputs"], f"form to {form['action']} on {url}"
                seen.add(re.sub(r"\d+", "N", form["action"] or url))
    # Every kind of form was looked at.
    assert {
        "/accounts/login/",
        "/accounts/logout/",
        "/accounts/signup/",
        "/accounts/password_reset/",
        "/accounts/profile/",
        "/accounts/vacation/",
        "/lobby/create/",
        "/matches/N/act/",
        "/matches/N/resign/",
        "/matches/N/chat/",
        "/matches/N/notes/",
        "/matches/N/invite/",
        "/matches/N/join/",
        "/matches/N/rematch/",
        "/invitations/N/",
    } <= seen


def test_every_post_is_refused_without_a_csrf_token(alice, carol, scene):
    active, private = scene["active"], scene["private"]
    invitation = Invitation.objects.get()
    posts = {
        "/accounts/signup/": {
            "username": "x",
            "email": "x@example.com",
            "password1": "Pw-123456x",
            "password2": "Pw-123456x",
        },
        "/accounts/login/": {"username": "alice", "password": "pw-Secret-123"},
        "/accounts/logout/": {},
        "/accounts/password_reset/": {"email": "alice@example.com"},
        "/accounts/profile/": {
            "display_name": "Hacked",
            "timezone": "UTC",
            "notify_mode": "off",
            "reminder_lead_hours": 1,
        },
        "/accounts/vacation/": {"vacation": "start"},
        "/lobby/create/": {"game": "rosenkoenig", "time_control": "none", "timeout_policy": "forfeit", "private": "0"},
        f"/matches/{active.pk}/act/": {
            "role": "red",
            "action": json.dumps(a_play_action(active, "red")),
            "expected_seq": active.seq,
        },
        f"/matches/{active.pk}/undo/": {"role": "red", "expected_seq": active.seq},
        f"/matches/{active.pk}/resign/": {"role": "red"},
        f"/matches/{active.pk}/chat/": {"text": "hi"},
        f"/matches/{active.pk}/notes/": {"text": "hi"},
        f"/matches/{private.pk}/invite/": {"username": "bob"},
        f"/matches/{private.pk}/join/": {"invite": private.invite_token},
        f"/matches/{scene['finished'].pk}/rematch/": {},
        f"/invitations/{invitation.pk}/": {"answer": "accept"},
    }
    before = (Match.objects.count(), Action.objects.count(), ChatMessage.objects.count(), PrivateNote.objects.count())
    for user in (alice, carol):
        client = Client(enforce_csrf_checks=True)
        client.force_login(user)
        for url, data in posts.items():
            assert client.post(url, data).status_code == 403, url
    after = (Match.objects.count(), Action.objects.count(), ChatMessage.objects.count(), PrivateNote.objects.count())
    assert before == after
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "" and not alice.profile.on_vacation


def match_actions(match: Match, role: str) -> dict[str, dict]:
    return {
        "act": {"role": role, "action": json.dumps(a_play_action(match, "red")), "expected_seq": match.seq},
        "undo": {"role": role, "expected_seq": match.seq},
        "resign": {"role": role},
        "chat": {"text": "hello"},
        "notes": {"text": "my plan"},
        "invite": {"username": "carol"},
        "rematch": {},
    }


def test_visitors_are_sent_to_log_in_and_change_nothing(client, scene):
    active = scene["active"]
    for name, data in match_actions(active, "red").items():
        response = client.post(f"/matches/{active.pk}/{name}/", data)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), name
    assert not Action.objects.filter(match=active).exists() and not ChatMessage.objects.exists()


@pytest.mark.parametrize("role", ["red", "white"])
def test_non_players_may_do_nothing_to_a_match(client, carol, scene, role):
    active = scene["active"]
    client.force_login(carol)
    for name, data in match_actions(active, role).items():
        if name == "rematch":
            continue
        response = client.post(f"/matches/{active.pk}/{name}/", data)
        assert response.status_code == 403, name
    assert client.post(f"/matches/{scene['finished'].pk}/rematch/").status_code == 403
    assert client.get(f"/matches/{active.pk}/chat/").status_code == 403
    assert client.get(f"/matches/{scene['finished'].pk}/export.json").status_code == 200  # public once over
    assert client.get(f"/matches/{active.pk}/export.json").status_code == 403
    assert client.get(f"/matches/{scene['private'].pk}/").status_code == 404
    assert client.get(f"/matches/{scene['private'].pk}/live/").status_code == 404
    active.refresh_from_db()
    assert active.seq == 0 and not ChatMessage.objects.exists() and not PrivateNote.objects.exists()
    assert Match.objects.count() == 3 and Invitation.objects.count() == 1


def test_the_opponent_cannot_act_undo_or_resign_for_me(client, alice, bob, scene):
    active = scene["active"]
    services.submit_action(active.pk, alice, "red", a_play_action(active, "red"), 0)
    active.refresh_from_db()
    client.force_login(bob)
    for name in ("undo", "resign"):
        assert client.post(f"/matches/{active.pk}/{name}/", {"role": "red", "expected_seq": 1}).status_code == 403
    # Bob's own undo of a move he never made is refused too.
    assert client.post(f"/matches/{active.pk}/undo/", {"role": "white", "expected_seq": 1}).status_code == 400
    active.refresh_from_db()
    assert active.seq == 1


def test_banned_players_cannot_act_or_chat(client, alice, scene):
    from django.utils import timezone

    active = scene["active"]
    alice.profile.banned_at = timezone.now()
    alice.profile.save()
    client.force_login(alice)
    data = match_actions(active, "red")
    assert client.post(f"/matches/{active.pk}/act/", data["act"]).status_code == 403
    assert client.post(f"/matches/{active.pk}/chat/", data["chat"]).status_code == 403
