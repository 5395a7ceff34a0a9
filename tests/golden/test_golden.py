"""Golden games (ARCHITECTURE §2.2): recorded whole games must replay to the same state after every record.

A failure means the engine now plays an old log differently. If that is intended, old matches must
not be reinterpreted silently: bump the engine's ``version``, say what changed in its ``changes`` and
RULES.md, re-record (``python -m tests.golden.record SLUG``) and run ``manage.py upgrade_matches``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import engines
from games.engines.base import Engine, IllegalAction, state_hash
from games.services import match_transfer

from .record import HERE, files

GOLDEN = [(engine.slug, path) for engine in engines.all() for path in files(engine.slug)]


def what_to_do(slug: str) -> str:
    return (
        f"If the change is intended: bump {slug}'s `version` (and its `changes` note), describe the change in "
        f"games/engines/{slug}/RULES.md, re-record with `python -m tests.golden.record {slug}`, and run "
        "`manage.py upgrade_matches` after deploying. Otherwise the change broke old logs: undo it."
    )


def rule_area(engine: Engine, state: dict, role: str, action: dict) -> str:
    """Where in the rules the record sits: the action type, and the phase when the state has one."""
    phase = state.get("phase")
    where = f"{role} {action.get('type')!r}"
    return f"{where} in phase {phase!r}" if phase is not None else where


def replay_golden(engine: Engine, path: Path, data: dict) -> None:
    name = path.relative_to(HERE.parent.parent)
    if data["engine_version"] != engine.version:
        pytest.fail(
            f"{name} was recorded on {engine.slug} version {data['engine_version']}, the engine is at "
            f"{engine.version}: re-record it (`python -m tests.golden.record {engine.slug}`)",
            pytrace=False,
        )
    state = engine.setup(data["seed"], data["options"])
    for record in data["actions"]:
        role, action = record["role"], record["payload"]
        where = f"{name}, record #{record['seq']} ({rule_area(engine, state, role, action)}, action {action})"
        try:
            state = engine.apply(state, role, action)
        except IllegalAction as exc:
            pytest.fail(f"{where} is no longer legal: {exc.message}.\n{what_to_do(engine.slug)}", pytrace=False)
        if state_hash(state) != record["state_hash"]:
            pytest.fail(f"{where} now leads to a different state.\n{what_to_do(engine.slug)}", pytrace=False)
    if engine.result(state) != data["result"]:
        pytest.fail(f"{name}: the game ends with a different result.\n{what_to_do(engine.slug)}", pytrace=False)


@pytest.mark.parametrize("slug", sorted(engine.slug for engine in engines.all()))
def test_every_engine_has_golden_games(slug):
    assert len(files(slug)) >= 2, f"No golden games for {slug}: record them with `python -m tests.golden.record {slug}`"


@pytest.mark.parametrize(("slug", "path"), GOLDEN, ids=[f"{slug}/{path.stem}" for slug, path in GOLDEN])
def test_golden_game_replays_to_the_recorded_states(slug, path):
    replay_golden(engines.get(slug), path, json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.django_db
def test_a_golden_game_is_a_match_export_the_moderators_can_import(make_user):
    """The files are in the export format: importing one replays it through the services and verifies."""
    path = HERE / "rosenkoenig" / "random-1.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for role in data["seats"].values():
        make_user(role)
    moderator = make_user("golden-mod", is_superuser=True, is_staff=True)

    record = match_transfer.import_match(data, moderator, "golden game")

    assert (record.match.seq, record.match.state_hash) == (len(data["actions"]), data["state_hash"])


def test_a_changed_rule_fails_naming_the_game_the_record_the_rule_area_and_what_to_do():
    from tests.services.upgrade_helpers import MarkedRosenkoenig

    path = HERE / "rosenkoenig" / "heroes.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    changed = MarkedRosenkoenig()
    changed.version = data["engine_version"]  # changed without the version bump

    with pytest.raises(pytest.fail.Exception) as failure:
        replay_golden(changed, path, data)

    message = str(failure.value)
    assert message.startswith("tests/golden/rosenkoenig/heroes.json, record #1 (red 'play', action {")
    assert "now leads to a different state" in message
    assert "bump rosenkoenig's `version`" in message and "python -m tests.golden.record rosenkoenig" in message
