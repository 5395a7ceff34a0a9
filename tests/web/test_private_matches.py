"""A private match, to anyone but its players and moderators, is no match: every page and API call
answers a stranger exactly as it answers an id no match has (ids are sequential: a 403 or 409 would say
one is there), and its record is never exported to them, even once it is over."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games import services
from games.models import Action, ChatMessage, Match, PrivateNote
from tests.helpers import a_play_action

pytestmark = pytest.mark.django_db

WEB_GETS = ("", "live/", "board.svg", "export.json", "chat/", "join/")
API_GETS = ("", "events/", "board.svg", "log/", "legal-actions/", "takebacks/", "takeback-points/")


def web_posts(match: Match) -> dict[str, dict]:
    action = json.dumps(a_play_action(match, "red")) if match.state else "{}"
    return {
        "act/": {"role": "red", "action": action, "expected_seq": match.seq},
        "undo/": {"role": "red", "expected_seq": match.seq},
        "resign/": {"role": "red"},
        "takeback/": {"role": "red", "to_seq": 0},
        "takeback/1/": {"role": "red", "answer": "accept"},
        "chat/": {"text": "hello"},
        "notes/": {"text": "spying"},
        "invite/": {"username": "bob"},
        "rematch/": {},
        "join/": {"role": ""},
    }


API_POSTS = {
    "join/": {},
    "actions/": {"role": "red", "action": {"type": "play"}, "expected_seq": 0},
    "undo/": {"role": "red", "expected_seq": 0},
    "resign/": {"role": "red", "expected_seq": 0},
    "takebacks/": {"role": "red", "to_seq": 0},
    "takebacks/1/answer/": {"role": "red", "accept": True},
}


@pytest.fixture
def private_matches(alice, bob):
    """Private matches in every state a stranger might probe: open, active, finished."""
    opened = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    active = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    services.join_match(active.pk, bob, "white", invite_token=active.invite_token)
    finished = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    services.join_match(finished.pk, bob, "white", invite_token=finished.invite_token)
    services.resign(finished.pk, bob, "white")
    return [Match.objects.get(pk=m.pk) for m in (opened, active, finished)]


def free_id() -> int:
    return Match.objects.order_by("-pk").values_list("pk", flat=True)[0] + 1


def same_answer(response, free_response, match_id: int, free: int) -> bool:
    """The same status and the same words, but for the id asked about."""

    def words(answer, pk: int) -> bytes:
        return re.sub(rb"match %d\b" % pk, b"match N", answer.content)

    return (response.status_code, words(response, match_id)) == (free_response.status_code, words(free_response, free))


def test_a_finished_private_matchs_record_is_not_exported_to_strangers(client, carol, alice, private_matches):
    finished = private_matches[-1]
    assert Client().get(f"/matches/{finished.pk}/export.json").status_code == 404
    client.force_login(carol)
    assert client.get(f"/matches/{finished.pk}/export.json").status_code == 404
    client.force_login(alice)
    exported = client.get(f"/matches/{finished.pk}/export.json")
    assert exported.status_code == 200 and exported.json()["match"] == finished.pk


def test_strangers_get_the_answer_of_a_free_id_on_every_page(client, carol, private_matches):
    free = free_id()
    for who in (None, carol):
        if who is not None:
            client.force_login(who)
        for match in private_matches:
            for path in WEB_GETS:
                answer, nothing = client.get(f"/matches/{match.pk}/{path}"), client.get(f"/matches/{free}/{path}")
                assert same_answer(answer, nothing, match.pk, free), (who, match.status, path, answer.status_code)
            for path, data in web_posts(match).items():
                for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                    answer = client.post(f"/matches/{match.pk}/{path}", data, **htmx)
                    nothing = client.post(f"/matches/{free}/{path}", data, **htmx)
                    assert same_answer(answer, nothing, match.pk, free), (who, match.status, path, answer.status_code)
    assert not Action.objects.filter(kind="move").exists()
    assert not ChatMessage.objects.exists() and not PrivateNote.objects.exists()
    assert all(not m.roles_of(carol) for m in Match.objects.all()) and Match.objects.count() == 3


def test_strangers_get_the_answer_of_a_free_id_from_the_api(api_for, carol, private_matches):
    free = free_id()
    for client in (api_for(), api_for(carol)):
        for match in private_matches:
            for path in API_GETS:
                answer = client.get(f"/api/matches/{match.pk}/{path}")
                nothing = client.get(f"/api/matches/{free}/{path}")
                assert same_answer(answer, nothing, match.pk, free), (match.status, path, answer.status_code)
            for path, data in API_POSTS.items():
                answer = client.post(f"/api/matches/{match.pk}/{path}", data, format="json")
                nothing = client.post(f"/api/matches/{free}/{path}", data, format="json")
                assert same_answer(answer, nothing, match.pk, free), (match.status, path, answer.status_code)
    assert api_for(carol).get(f"/api/matches/{free}/").status_code == 404
    assert Match.objects.count() == 3 and not any(m.roles_of(carol) for m in Match.objects.all())


def test_players_and_moderators_still_see_it(client, alice, moderator, make_user, private_matches):
    for user in (alice, moderator):
        client.force_login(user)
        for match in private_matches:
            assert client.get(f"/matches/{match.pk}/").status_code == 200
    opened = private_matches[0]
    client.force_login(make_user("dave"))
    assert client.get(f"/matches/{opened.pk}/join/?invite={opened.invite_token}").status_code == 200


def test_a_real_takeback_request_of_a_private_match_is_answered_as_a_free_id(api_for, alice, bob, carol):
    """A stranger who guesses the id of a pending request inside a private match learns nothing of it."""
    match = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    services.join_match(match.pk, bob, "white", invite_token=match.invite_token)
    for user, role in ((alice, "red"), (bob, "white")):
        match.refresh_from_db()
        services.submit_action(match.pk, user, role, a_play_action(match, role), expected_seq=match.seq)
    request = services.takeback.ask(match.pk, alice, "red", 1)
    free = free_id()
    answer = api_for(carol).post(
        f"/api/matches/{match.pk}/takebacks/{request.pk}/answer/", {"role": "white", "accept": True}, format="json"
    )
    nothing = api_for(carol).post(
        f"/api/matches/{free}/takebacks/{request.pk}/answer/", {"role": "white", "accept": True}, format="json"
    )
    assert same_answer(answer, nothing, match.pk, free), (answer.status_code, answer.content, nothing.content)
    request.refresh_from_db()
    assert request.status == "pending"
