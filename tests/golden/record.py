"""Record the golden games: whole games per engine, with the state hash after every record.

    python -m tests.golden.record              # every registered engine
    python -m tests.golden.record richard3     # one engine

Each game is stored in the moderators' export format (``match_transfer.export_match``, importable), one
record per line, in ``tests/golden/<slug>/<name>.json``. ``test_golden`` replays them all; re-record
only after a deliberate rule change, with the engine's ``version`` bumped and the change described in
its ``changes`` and RULES.md, so that live matches are upgraded (``manage.py upgrade_matches``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from games import engines
from games.engines.base import Engine, Rng, state_hash

HERE = Path(__file__).parent
MAX_RECORDS = 2000


@dataclass(frozen=True)
class Spec:
    """One golden game: ``prefer`` lists action types always taken when offered (the rule areas the
    game is meant to hit); everything else is chosen at random by the seed."""

    name: str
    seed: int
    options: dict = field(default_factory=dict)
    prefer: tuple[str, ...] = ()
    about: str = "random playout"


# Hand-picked per engine: scenarios and options, and the rule areas most likely to change.
SPECS: dict[str, list[Spec]] = {
    "blood_and_roses": [
        Spec("random-1", 1),
        Spec("random-2", 2),
        Spec(
            "battles",
            3,
            prefer=("fire", "shock", "charge", "countercharge", "pursue", "move", "retreat"),
            about="prefers fire, shock, charge and moves (to random destinations): a few shots at Bosworth",
        ),
    ],
    "rosenkoenig": [
        Spec("random-1", 1),
        Spec("heroes", 3, prefer=("hero",), about="plays a hero card whenever it can (taking stones)"),
    ],
    "richard3": [
        Spec("random-1460", 9, about="random playout, 1460, three campaigns"),
        Spec("random-1469", 1, {"scenario": "1469"}),
        Spec(
            "battles-1485",
            4,
            {"scenario": "1485", "two_events": "compare_ap"},
            prefer=("battle", "fire", "retreat", "regroup", "charge", "withdraw", "plague", "reduce", "move"),
            about="seeks battles: battle rounds, retreats, regroups, events, A3 (compare AP)",
        ),
    ],
    "sekigahara": [
        Spec("random-12", 12),
        Spec(
            "battles",
            12,
            {"initiative_tie": "defender"},
            prefer=("combat", "fight", "deploy", "challenge", "refute", "second", "go", "siege_lose", "shelter"),
            about="seeks battles: deployment, challenges, sieges, initiative ties (AMB-02 defender)",
        ),
    ],
}


def default_specs() -> list[Spec]:
    """For an engine registered without hand-picked games: two random playouts."""
    return [Spec("random-1", 1), Spec("random-2", 2)]


def chooser(spec: Spec) -> Callable[[list[dict]], dict]:
    rng = Rng.from_seed(spec.seed ^ 0x601D)

    def choose(choices: list[dict]) -> dict:
        preferred = [c for c in choices if c["action"].get("type") in spec.prefer]
        pool = preferred or choices
        return pool[rng.below(len(pool))]

    return choose


def record(engine: Engine, spec: Spec) -> dict:
    """Play the game and return it in the export format (users are named after their roles)."""
    options = engine.resolve_options(spec.options)
    state = engine.setup(spec.seed, options)
    choose = chooser(spec)
    pick_role = Rng.from_seed(spec.seed ^ 0x501E)
    actions = []
    while engine.active_roles(state):
        if len(actions) >= MAX_RECORDS:
            raise RuntimeError(f"{engine.slug} {spec.name}: no end within {MAX_RECORDS} records")
        roles = engine.active_roles(state)
        role = roles[pick_role.below(len(roles))]
        action = choose(engine.legal_actions(state, role))["action"]
        state = engine.apply(state, role, action)
        actions.append(
            {"seq": len(actions) + 1, "kind": "move", "role": role, "payload": action, "state_hash": state_hash(state)}
        )
    return {
        "golden": {"name": spec.name, "about": spec.about, "prefer": list(spec.prefer)},
        "game": engine.slug,
        "engine_version": engine.version,
        "options": options,
        "seed": spec.seed,
        "seats": {role: role for role in engine.roles},
        "state_hash": state_hash(state),
        "result": engine.result(state),
        "actions": actions,
    }


def dump(data: dict) -> str:
    """Valid JSON with one record per line, so a re-recording diffs readably."""
    head = json.dumps({k: v for k, v in data.items() if k != "actions"}, ensure_ascii=False, sort_keys=True)
    lines = ",\n".join(json.dumps(a, ensure_ascii=False, sort_keys=True) for a in data["actions"])
    return f'{head[:-1]}, "actions": [\n{lines}\n]}}\n'


def files(slug: str) -> list[Path]:
    return sorted((HERE / slug).glob("*.json"))


def main(slugs: list[str]) -> None:
    for engine in engines.all():
        if slugs and engine.slug not in slugs:
            continue
        folder = HERE / engine.slug
        folder.mkdir(exist_ok=True)
        for old in files(engine.slug):
            old.unlink()
        for spec in SPECS.get(engine.slug, default_specs()):
            data = record(engine, spec)
            path = folder / f"{spec.name}.json"
            path.write_text(dump(data), encoding="utf-8")
            size = path.stat().st_size
            print(f"{path.relative_to(HERE.parent.parent)}: {len(data['actions'])} records, {size} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
