"""A profile shows nothing of a player's private matches to anyone but that player and the moderators:
not in its lists, its counts or its rating history, on the page or in the API."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games import services
from tests.helpers import finished_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def matches(alice, bob, carol):
    public = finished_match(alice, bob, "red")
    hidden_finished = finished_match(alice, bob, "white", private=True)
    hidden_live = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    services.join_match(hidden_live.pk, carol, "white", invite_token=hidden_live.invite_token)
    return {"public": public, "private": [hidden_finished, hidden_live]}


def page_and_api(viewer, username: str) -> tuple[str, dict]:
    web, api = Client(), APIClient()
    if viewer is not None:
        web.force_login(viewer)
        api.force_authenticate(viewer)
    return web.get(f"/players/{username}/").content.decode(), api.get(f"/api/players/{username}/").json()


def api_match_ids(body: dict) -> set[int]:
    listed = {m["id"] for m in body["in_progress"] + body["finished"]}
    return listed | {point["match"] for game in body["games"] for point in game["history"]}


@pytest.mark.parametrize("viewer_name", ["anonymous", "bob", "carol", "dave"])
def test_others_never_see_a_private_match_on_a_profile(matches, make_user, viewer_name, request):
    if viewer_name in ("anonymous", "dave"):
        viewer = None if viewer_name == "anonymous" else make_user("dave")
    else:
        viewer = request.getfixturevalue(viewer_name)
    for owner in ("alice", "bob", "carol"):
        if viewer is not None and viewer.username == owner:
            continue
        html, body = page_and_api(viewer, owner)
        for match in matches["private"]:
            assert f"/matches/{match.pk}/" not in html
        assert not api_match_ids(body) & {m.pk for m in matches["private"]}
        assert body["in_progress_count"] == 0 and body["finished_count"] == (owner != "carol")
        assert body["totals"]["played"] == (owner != "carol")
    html, body = page_and_api(viewer, "alice")
    assert f"/matches/{matches['public'].pk}/" in html and api_match_ids(body) == {matches["public"].pk}


def test_the_player_and_a_moderator_see_them(matches, alice, moderator):
    for viewer in (alice, moderator):
        html, body = page_and_api(viewer, "alice")
        for match in matches["private"]:
            assert f"/matches/{match.pk}/" in html
        assert api_match_ids(body) == {matches["public"].pk, *(m.pk for m in matches["private"])}
        assert body["totals"] == {"played": 2, "won": 1, "drawn": 0, "lost": 1}
