"""Deeply nested JSON (a few KB of brackets) is a clean 400 that changes nothing, never a 500."""

import pytest
from rest_framework.test import APIClient

from games.json_input import MAX_DEPTH
from games.models import Action

pytestmark = pytest.mark.django_db

DEEP = "[" * 50_000 + "]" * 50_000  # json's RecursionError
DEEPISH = '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)  # parses, but deeper than any move


@pytest.mark.parametrize("body", [DEEP, DEEPISH])
def test_the_token_endpoint_refuses_nested_json(alice, body):
    response = APIClient().post("/api/token/", body, content_type="application/json")
    assert response.status_code == 400 and "nested deeper" in response.json()["detail"]


@pytest.mark.parametrize("body", [DEEP, DEEPISH])
def test_the_actions_endpoint_refuses_nested_json(rk_match, api_for, alice, body):
    response = api_for(alice).post(f"/api/matches/{rk_match.pk}/actions/", body, content_type="application/json")
    assert response.status_code == 400 and "nested deeper" in response.json()["detail"]
    assert not Action.objects.filter(match=rk_match).exists()


@pytest.mark.parametrize("body", [DEEP, DEEPISH])
def test_the_move_form_refuses_nested_json(rk_match, client, alice, body):
    client.force_login(alice)
    response = client.post(f"/matches/{rk_match.pk}/act/", {"role": "red", "action": body, "expected_seq": 0})
    assert response.status_code == 400 and b"nested deeper" in response.content
    assert not Action.objects.filter(match=rk_match).exists()


def test_an_ordinary_body_still_works(alice):
    body = '{"username": "alice", "password": "pw-Secret-123"}'
    assert "token" in APIClient().post("/api/token/", body, content_type="application/json").json()
