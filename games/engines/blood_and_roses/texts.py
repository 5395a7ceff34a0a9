"""Blood & Roses texts in the reader's language (ARCHITECTURE §2.4): the engine's catalogue and names, and
the references its records use for sides, Battles, leaders and units."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.engines.base import State
from games.engines.base.messages import Catalogues, msg, name

from .data.names import NAMES

CATALOGUES = Catalogues(Path(__file__).parent, "blood_and_roses", NAMES)


def text(view: dict[str, Any], record: Any) -> str:
    """A record as the view's reader reads it (``view["lang"]``, English when unset)."""
    return CATALOGUES.render(record, view.get("lang"))


def side(role: str) -> dict[str, str]:
    return name(f"side:{role}")


def _named(kind: str, key: str, english: str) -> Any:
    """The names table's entry when it names this thing so; a purpose-made battle's own name (the tests')
    stays as written."""
    ref = f"{kind}:{key}"
    entry = NAMES.get(ref)
    return name(ref) if entry and entry["en"] == english else english


def battle_name(state: State, bid: str) -> Any:
    return _named("battle", bid, state["battles"][bid]["name"])


def leader_name(state: State, lid: str) -> Any:
    return _named("leader", lid, state["leaders"][lid]["name"])


def field_name(state: State) -> Any:
    return _named("field", state.get("battle", ""), state.get("title", ""))


def joined(items: list[Any]) -> Any:
    """``a``, ``a and b``, ``a, b and c`` as a record."""
    if len(items) <= 1:
        return items[0] if items else ""
    if len(items) == 2:
        return msg("{first} and {second}", first=items[0], second=items[1])
    return msg("{first} and {second}", first=items[:-1], second=items[-1])


# (automatic?, kind) -> the log line that opens an activation (BR-6.1, 6.2)
ACTIVATION_TEXTS = {
    (True, "battle"): "{side}: automatic battle activation ({battles}).",
    (False, "battle"): "{side}: continued battle activation ({battles}).",
    (True, "army"): "{side}: automatic army activation ({battles}).",
    (False, "army"): "{side}: continued army activation ({battles}).",
}


# (the Charge Table?, a continued attack?) -> the log line of a shock or charge (BR-12.3, 13.4)
SHOCK_TEXTS = {
    (False, False): "{attackers} shocks {defender}: DR {dr} {drms} = {total}; attacker {attacker_result}, "
    "defender {defender_result}.",
    (False, True): "{attackers} shocks {defender}: DR {dr} {drms} = {total}; attacker {attacker_result}, "
    "defender {defender_result}, continued attack.",
    (True, False): "{attackers} charges {defender}: DR {dr} {drms} = {total}; attacker {attacker_result}, "
    "defender {defender_result}.",
    (True, True): "{attackers} charges {defender}: DR {dr} {drms} = {total}; attacker {attacker_result}, "
    "defender {defender_result}, continued attack.",
}


def place_name(place: str) -> Any:
    """A place name on the map (``labels``), from the names table when it has it."""
    return name(f"place:{place}") if f"place:{place}" in NAMES else place
