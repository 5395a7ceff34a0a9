"""A whole Rosenkönig match against the computer through the API, the real search choosing its moves."""

from __future__ import annotations

import pytest

from games.models import Action

pytestmark = pytest.mark.django_db


def test_a_whole_rosenkoenig_match_against_the_computer(alice, api_for, committed):
    level = "easy"  # the platform is under test here; the normal level's strength is measured by bench.bots
    client = api_for(alice)
    with committed(execute=True):
        created = client.post(
            "/api/matches/", {"game": "rosenkoenig", "opponent": "computer", "level": level}, format="json"
        )
    assert created.status_code == 201, created.content
    match_id, mine = created.json()["id"], created.json()["my_roles"][0]
    for _ in range(300):
        match = client.get(f"/api/matches/{match_id}/").json()
        if match["status"] != "active":
            break
        assert match["active_roles"] == [mine]  # after each of the person's moves the computer has replied
        choice = match["legal_actions"][mine][0]
        with committed(execute=True):
            response = client.post(
                f"/api/matches/{match_id}/actions/",
                {"role": mine, "action": choice["action"], "expected_seq": match["seq"]},
                format="json",
            )
        assert response.status_code == 201, response.content
    assert match["status"] == "finished" and set(match["result"]["scores"]) == {"red", "white"}
    computer = next(seat for seat in match["seats"] if seat["computer"])
    records = Action.objects.filter(match_id=match_id)
    assert records.filter(role=computer["role"], user__username=f"computer-{level}").count() > 5
    assert not records.exclude(kind="move").exists()
