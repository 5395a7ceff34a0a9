"""Schemathesis fuzzes the whole API from its own schema against a live server (issue 15).

Every operation in /api/schema/ is tested (a new endpoint is picked up by itself): its boundaries
(coverage), random valid and invalid requests (fuzzing), and chains of calls along the schema's OpenAPI
links (stateful: create, join, read the choices, act, undo). The player is logged in with a token and
holds seats in started matches of every game.

It fails on a server error, an undocumented status or content type, a response that breaks its schema,
a 2xx to a request the schema forbids, and auth that is ignored: every check but one, see
schemathesis.toml beside this file (also the bounds: examples per operation, steps, seed).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from games import engines, services
from games.models import Action, ActionKind

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.api_contract]

SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
CONFIG = Path(__file__).with_name("schemathesis.toml")


def hotseat_match(user, slug: str):
    """A started match where ``user`` holds every seat, so a stateful run can keep acting in it."""
    engine = engines.get(slug)
    match = services.create_match(user, slug, role=engine.roles[0])
    match.seats.exclude(role=engine.roles[0]).update(user=user, joined_at=timezone.now())
    services.start_match(match)
    return match


@pytest.fixture
def seeded(alice, bob, carol, settings, monkeypatch) -> int:
    """alice plays every game and has finished one; bob has an open match; bob and carol a private one.

    Returns the id of the match whose choices the stateful phase reads (schemathesis.toml).
    """
    settings.MAX_ACTIVE_MATCHES = 100_000  # the fuzzer creates matches by the hundred: no commitment cap here
    # Without a broker the computer's moves would run inside the fuzzed requests, for seconds a move: its seat
    # is filled but it never moves here (tests/computer covers its moves; this test, the API's contract).
    monkeypatch.setattr("games.computer.scheduling.queue_move", lambda match_id, seq: None)
    hotseats = [hotseat_match(alice, slug) for slug in sorted(e.slug for e in engines.all())]
    finished = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(finished.pk, bob, "white")
    services.resign(finished.pk, bob, "white")
    services.create_match(bob, "rosenkoenig", role="red")
    private = services.create_match(bob, "rosenkoenig", role="red", is_private=True)
    services.join_match(private.pk, carol, "white", private.invite_token)
    return hotseats[0].pk


def schemathesis(phases: str, url: str, token: str, match_id: int) -> None:
    command = [str(SCHEMATHESIS), "--config-file", str(CONFIG), "--no-color", "run", url, "--phases", phases]
    env = {**os.environ, "FUZZ_TOKEN": token, "FUZZ_MATCH": str(match_id)}
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, env=env)
    print(run.stdout)  # the report: shown by pytest -rP, and with a failure
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]


def test_every_operation_refuses_bad_input_cleanly(seeded, alice, token_for, live_server):
    schemathesis("examples,coverage,fuzzing", f"{live_server.url}/api/schema/", token_for(alice), seeded)


def test_chains_of_calls_along_the_links_play_moves(seeded, alice, token_for, live_server):
    # Its own test, on fresh matches: the fuzzing above may well resign the match it plays in.
    schemathesis("stateful", f"{live_server.url}/api/schema/", token_for(alice), seeded)
    assert Action.objects.filter(match_id=seeded, kind=ActionKind.MOVE).exists()
