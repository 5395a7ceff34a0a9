"""The loader of the battles (the data: one module per battle in ``data``, each exposing ``BATTLE``).

``load(data)`` refuses a broken battle with a ``BattleError`` naming the hex, unit or leader at fault,
and returns a ``Map``: the battle plus precomputed neighbour tables, so rule code never recomputes them.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from .data.tables import HEXSIDES, TERRAIN, UNIT_TYPES
from .hexgrid import direction_to, hex_id, line_hexes, step, vertex_touches

NAMES = ("bosworth",)
ROLES = ("york", "lancaster")
EDGES = ("N", "S", "E", "W")
SEIZURE_KINDS = ("opportunity", "negation", "battle_cry", "treachery", "near_miss", "into_the_breach")


class BattleError(ValueError):
    """A battle module that does not describe a playable battle."""


class Map:
    """A validated battle with its neighbour table (hex -> six neighbours or None off the map)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.name: str = data["name"]
        self.cols: int = data["cols"]
        self.rows: int = data["rows"]
        self.hexes = tuple(hex_id(c, r) for c in range(1, self.cols + 1) for r in range(1, self.rows + 1))
        on_map = set(self.hexes)
        self.neighbours = {
            h: tuple(n if n in on_map else None for n in (step(h, d) for d in range(6))) for h in self.hexes
        }
        self.terrain = {h: data.get("terrain", {}).get(h, "clear") for h in self.hexes}
        self.elevation = {h: data.get("elevation", {}).get(h, 0) for h in self.hexes}
        self.hexsides: dict[tuple[str, str], str] = {}
        for key, feature in data.get("hexsides", {}).items():
            a, b = key.split("-")
            self.hexsides[(a, b)] = self.hexsides[(b, a)] = feature
        self._sight: dict[tuple[str, str, str], tuple] = {}

    def on_map(self, h: str | None) -> bool:
        return h is not None and h in self.neighbours

    def sight_lines(self, a: str, b: str) -> tuple[tuple[str, ...], ...]:
        """``hexgrid.line_hexes`` from ``a`` to ``b`` (the two nudged lines), only their hexes on the map:
        a line along the map's edge has one side off it, where nothing blocks."""
        key = (a, b, "x")
        if key not in self._sight:
            self._sight[key] = tuple(tuple(h for h in line if h in self.neighbours) for line in line_hexes(a, b))
        return self._sight[key]

    def vertex_touches(self, a: str, b: str) -> tuple[str, ...]:
        """``hexgrid.vertex_touches`` from ``a`` to ``b``, only those on the map."""
        key = (a, b, "v")
        if key not in self._sight:
            self._sight[key] = tuple(h for h in vertex_touches(a, b) if h in self.neighbours)
        return self._sight[key]

    def edge_hexes(self, edge: str) -> list[str]:
        col_or_row = {"W": (0, 1), "E": (0, self.cols), "N": (1, 1), "S": (1, self.rows)}[edge]
        index, value = col_or_row
        return [h for h in self.hexes if (int(h[:2]), int(h[2:]))[index] == value]


def _fail(message: str) -> None:
    raise BattleError(message)


def _on_map(data: dict[str, Any], h: Any, what: str) -> None:
    """``h`` is a hex id CCRR on the battle's map."""
    cols, rows = data["cols"], data["rows"]
    if not (isinstance(h, str) and len(h) == 4 and h.isdigit()):
        _fail(f"{what}: {h!r} is not a hex id CCRR")
    if not (1 <= int(h[:2]) <= cols and 1 <= int(h[2:]) <= rows):
        _fail(f"{what}: hex {h} is off the {cols}x{rows} map")


def validate(data: dict[str, Any]) -> None:
    """Every check a battle must pass; the first failure raises with the culprit named."""
    for key in ("name", "title", "cols", "rows", "first", "flight_level", "battles", "leaders", "units"):
        if key not in data:
            _fail(f"battle lacks {key!r}")
    cols, rows = data["cols"], data["rows"]
    if not (2 <= cols <= 99 and 2 <= rows <= 99):
        _fail(f"map size {cols}x{rows} out of range")
    if data["first"] not in ROLES:
        _fail(f"first player {data['first']!r} is not one of {ROLES}")
    validate_ground(data)
    validate_battles(data)
    entering = validate_units(data)
    validate_arrivals(data)
    validate_leaders(data)
    for role, markers in data.get("seizure", {}).items():
        if role not in ROLES:
            _fail(f"seizure markers for unknown side {role!r}")
        for m in markers:
            if m.get("kind") not in SEIZURE_KINDS:
                _fail(f"seizure marker {m.get('id')!r}: unknown kind {m.get('kind')!r}")
    if not data["units"] or len(entering) == len(data["units"]):
        _fail("battle has no unit on the map")


def validate_ground(data: dict[str, Any]) -> None:
    """Terrain, elevation and hexside features (BR-2.1)."""
    for h, t in data.get("terrain", {}).items():
        _on_map(data, h, "terrain")
        if t not in TERRAIN:
            _fail(f"hex {h}: unknown terrain {t!r}")
    for h, level in data.get("elevation", {}).items():
        _on_map(data, h, "elevation")
        if not isinstance(level, int) or level < 0:
            _fail(f"hex {h}: elevation {level!r} must be a whole number >= 0")
    for key, feature in data.get("hexsides", {}).items():
        a, _, b = key.partition("-")
        _on_map(data, a, f"hexside {key}")
        _on_map(data, b, f"hexside {key}")
        if direction_to(a, b) is None:
            _fail(f"hexside {key}: hexes {a} and {b} are not adjacent")
        if feature not in HEXSIDES:
            _fail(f"hexside {key}: unknown feature {feature!r}")


def validate_battles(data: dict[str, Any]) -> None:
    """Each Battle's side, leader, flight edge and banner; each side's Flight Level and Battles."""
    battles = data["battles"]
    for bid, b in battles.items():
        if b.get("side") not in ROLES:
            _fail(f"Battle {bid}: side {b.get('side')!r} is not one of {ROLES}")
        if b.get("leader") not in data["leaders"]:
            _fail(f"Battle {bid}: leader {b.get('leader')!r} is not in the leaders")
        if b.get("flight_edge") not in EDGES:
            _fail(f"Battle {bid}: flight edge {b.get('flight_edge')!r} is not one of {EDGES}")
        if b.get("banner") is not None:
            _on_map(data, b["banner"], f"banner of Battle {bid}")
    for role in ROLES:
        if not isinstance(data["flight_level"].get(role), int):
            _fail(f"flight level of {role} missing")
        if not any(b["side"] == role for b in battles.values()):
            _fail(f"{role} has no Battle")


def validate_units(data: dict[str, Any]) -> set[str]:
    """Each unit's type, Battle, facing and hex (one unit a hex, BR-10.0a); returns the units that start
    off the map (reinforcements and the ambusher)."""
    occupied: dict[str, str] = {}
    entering: set[str] = set()
    for uid, u in data["units"].items():
        if u.get("type") not in UNIT_TYPES:
            _fail(f"unit {uid}: unknown type {u.get('type')!r}")
        if u.get("battle") not in data["battles"]:
            _fail(f"unit {uid}: unknown Battle {u.get('battle')!r}")
        if not isinstance(u.get("facing"), int) or not 0 <= u["facing"] <= 5:
            _fail(f"unit {uid}: facing {u.get('facing')!r} must be a vertex 0-5")
        if u.get("hex") is None:
            if uid == data.get("ambush", {}).get("unit"):
                if u["type"] != "Cav":
                    _fail(f"unit {uid}: only a Cav unit may ambush (BR-16.1a)")
            elif u["battle"] not in data.get("reinforcements", {}):
                _fail(f"unit {uid}: off the map but its Battle {u['battle']} has no reinforcement entry")
            entering.add(uid)
            continue
        _on_map(data, u["hex"], f"unit {uid}")
        if u["hex"] in occupied:
            _fail(f"unit {uid}: hex {u['hex']} already holds unit {occupied[u['hex']]} (BR-10.0a)")
        terrain = data.get("terrain", {}).get(u["hex"], "clear")
        if TERRAIN[terrain]["foot"] == "NA":
            _fail(f"unit {uid}: hex {u['hex']} is {terrain}, impassable")
        occupied[u["hex"]] = uid
    return entering


def validate_arrivals(data: dict[str, Any]) -> None:
    """Reinforcements (BR-7.5) and the ambush (BR-16.1): a known Battle and entry hexes on the map."""
    for bid, r in data.get("reinforcements", {}).items():
        if bid not in data["battles"]:
            _fail(f"reinforcements for unknown Battle {bid}")
        for h in r.get("entry", []):
            _on_map(data, h, f"entry hex of Battle {bid}")
        if not r.get("entry"):
            _fail(f"reinforcements of Battle {bid} have no entry hex")
    ambush = data.get("ambush")
    if ambush:
        if ambush.get("unit") not in data["units"] or data["units"][ambush["unit"]].get("hex") is not None:
            _fail(f"ambush unit {ambush.get('unit')!r} must be a unit that starts off the map")
        if ambush.get("joins") not in data["battles"]:
            _fail(f"ambush: unknown Battle {ambush.get('joins')!r} to join")
        for h in ambush.get("entry", []) or [None]:
            _on_map(data, h, "ambush entry hex")


def validate_leaders(data: dict[str, Any]) -> None:
    """Each leader's side, Battle, activation rating (BR-2.4a) and hex."""
    for lid, leader in data["leaders"].items():
        if leader.get("side") not in ROLES:
            _fail(f"leader {lid}: side {leader.get('side')!r} is not one of {ROLES}")
        if leader.get("battle") is not None and leader["battle"] not in data["battles"]:
            _fail(f"leader {lid}: unknown Battle {leader['battle']!r}")
        if not 1 <= leader.get("activation", 0) <= 5:
            _fail(f"leader {lid}: activation rating must be 1-5 (BR-2.4a)")
        if leader.get("hex") is not None:
            _on_map(data, leader["hex"], f"leader {lid}")


def load(data: dict[str, Any]) -> Map:
    validate(data)
    return Map(data)


@cache
def battle(name: str) -> Map:
    """A shipped battle by name, validated and indexed once per process."""
    if name not in NAMES:
        raise BattleError(f"No battle {name!r}; battles are {', '.join(NAMES)}")
    return load(import_module(f"{__package__}.data.{name}").BATTLE)
