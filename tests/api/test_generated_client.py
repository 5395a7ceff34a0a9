"""A client generated from the served schema plays a match of every game, so the schema stays the contract.

openapi-python-client writes the client into a temporary directory from what /api/schema/ serves; two
players (their tokens made in the database) then create, join, read their legal actions and act with
that client only, over HTTP to a live server, choosing at random, and resign after a bounded number of
moves. The server's log of each match must verify afterwards.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from accounts.models import NotifyMode, Profile
from games import engines
from games.engines.base import Rng
from games.models import Match, MatchStatus
from games.replay import verify

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.api_contract]

GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "dispatch_rider_client"
MAX_MOVES = 50


@pytest.fixture(scope="module")
def client_package(django_db_setup, django_db_blocker, tmp_path_factory):
    """The client package generated from the schema the server serves, and that schema."""
    root = tmp_path_factory.mktemp("client")
    with django_db_blocker.unblock():  # the request may touch the database, outside any test
        schema = Client().get("/api/schema/", {"format": "json"}).json()
    (root / "schema.json").write_text(json.dumps(schema))
    (root / "config.yaml").write_text(f"package_name_override: {PACKAGE}\npost_hooks: []\n")
    command = [GENERATOR, "generate", "--path", "schema.json", "--output-path", PACKAGE, "--meta", "none"]
    subprocess.run([*command, "--config", "config.yaml"], cwd=root, check=True, capture_output=True, timeout=120)
    sys.path.insert(0, str(root))
    try:
        package = importlib.import_module(PACKAGE)
        importlib.import_module(f"{PACKAGE}.models")
        yield package, schema
    finally:
        sys.path.remove(str(root))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def api(package, name: str):
    return importlib.import_module(f"{package.__name__}.api.{name}")


@pytest.mark.parametrize("slug", sorted(e.slug for e in engines.all()))
def test_a_match_of_every_game_through_the_generated_client(slug, client_package, live_server, alice, bob, token_for):
    package, schema = client_package
    models = package.models
    Profile.objects.filter(user__in=[alice, bob]).update(notify_mode=NotifyMode.OFF)  # mail is not tested here
    first, second = engines.get(slug).roles[:2]
    clients = {
        user: package.AuthenticatedClient(base_url=live_server.url, token=token_for(user), prefix="Token")
        for user in (alice, bob)
    }

    # The body that creates a match of this game is the model the schema's discriminator names for it.
    body_model = schema["components"]["schemas"]["CreateMatch"]["discriminator"]["mapping"][slug].rsplit("/", 1)[-1]
    created = api(package, "matches.matches_create").sync_detailed(
        client=clients[alice], body=getattr(models, body_model).from_dict({"game": slug, "role": first})
    )
    assert created.status_code == 201, created.content
    match_id = created.parsed.id
    joined = api(package, "matches.matches_join").sync_detailed(
        match_id, client=clients[bob], body=models.Join.from_dict({"role": second})
    )
    assert joined.status_code == 200 and joined.parsed.status == models.MatchStatus.ACTIVE, joined.content

    chooser = Rng.from_seed(15)
    moves = 0
    while moves < MAX_MOVES:
        # Whoever has choices (both, when choices are simultaneous) picks one at random and plays it.
        choices = [
            (client, api(package, "matches.matches_legal_actions").sync(match_id, client=client))
            for client in clients.values()
        ]
        choices = [(client, legal) for client, legal in choices if legal.choices]
        if not choices:
            break
        client, legal = chooser.choice(choices)
        choice = chooser.choice(legal.choices)
        body = models.Action.from_dict(
            {"role": choice.role, "action": choice.action.to_dict(), "expected_seq": legal.seq}
        )
        acted = api(package, "matches.matches_act").sync_detailed(match_id, client=client, body=body)
        assert acted.status_code == 201 and acted.parsed.seq == legal.seq + 1, acted.content
        moves += 1
    retrieve = api(package, "matches.matches_retrieve")
    if retrieve.sync(match_id, client=clients[alice]).status == models.MatchStatus.ACTIVE:
        resigned = api(package, "matches.matches_resign").sync_detailed(
            match_id, client=clients[bob], body=models.Role.from_dict({"role": second})
        )
        assert resigned.status_code == 201, resigned.content
    final = retrieve.sync(match_id, client=clients[alice])
    assert final.status == models.MatchStatus.FINISHED and final.seq >= moves > 0 and final.result
    match = Match.objects.get(pk=match_id)
    assert match.status == MatchStatus.FINISHED and verify(match) == []
