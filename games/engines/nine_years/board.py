"""Section 2 (seed): spaces, links, home spaces, capitals, control, fortresses, home boxes and sea zones."""

from __future__ import annotations

from games.engines.base.messages import Text, msg
from games.engines.base.messages import name as name_ref

from .data.powers import ALLIANCE, BOURBON, side_of
from .data.spaces import (
    AUSTRIAN_BOX,
    CAPITALS,
    ES_BOX,
    JACOBITE_CAPITALS_AFTER_GR,
    JACOBITE_GR_HOMES,
    JACOBITE_HOMES_BEFORE_GR,
    LINKS,
    RICH_MARKERS,
    RICH_PRINTED,
    SPACES,
)

State = dict
HOME_BOXES = (ES_BOX, AUSTRIAN_BOX)


def _neighbours() -> dict[str, list[tuple[str, bool]]]:
    table: dict[str, list[tuple[str, bool]]] = {s: [] for s in SPACES}
    for a, b, red in LINKS:
        table[a].append((b, red))
        table[b].append((a, red))
    return {s: sorted(n) for s, n in table.items()}


NEIGHBOURS = _neighbours()  # NY-2.1.1c: adjacent only along a printed line


def name(space: str) -> dict[str, str]:
    """A space as players read it: a reference to the names table (``space:<id>``)."""
    return name_ref(f"space:{space}")


def side_name(side: str | None) -> Text:
    """A side as players read it ("Bourbon", "Alliance"); nobody's: "nobody"."""
    return name_ref(f"side:{side}") if side else msg("nobody")


def power_name(power: str) -> dict[str, str]:
    return name_ref(f"power:{power}")


def sea_name(zone: str) -> dict[str, str]:
    return name_ref(f"sea:{zone}")


def home_power(space: str) -> str | None:
    """NY-2.1.2a: the border colour makes a space a home space of that power."""
    return SPACES[space][1]


def fortress_strength(space: str) -> int:
    """NY-2.1.1a / NY-2.3.2b: 0 for an unfortified space, else the full FS 1-3."""
    return SPACES[space][2]


def is_fortress(space: str) -> bool:
    return fortress_strength(space) > 0


def printed_vp(space: str) -> int:
    return SPACES[space][3]


def terrain(space: str) -> str:
    return SPACES[space][4]


def region(space: str) -> str:
    return SPACES[space][5]


def sea_zones(space: str) -> tuple[str, ...]:
    """NY-2.5.1c: the sea zone(s) a port touches (Gibraltar touches both)."""
    return SPACES[space][6]


def is_rich(space: str) -> bool:
    """NY-2.1.5a/b: a printed coin or one of the two Rich Space markers (London, Munich)."""
    return space in RICH_PRINTED or space in RICH_MARKERS


def link_cost(red: bool) -> int:
    """NY-2.1.4b: a dark-red connection costs 2 MP."""
    return 2 if red else 1


def in_great_britain_or_ireland(space: str) -> bool:
    return region(space) in ("britain", "ireland")


def jacobite_home_spaces(state: State) -> list[str]:
    """NY-7.2.6b before the Glorious Revolution; NY-7.2.6c / NY-2.1.2e after it (A11: the union)."""
    if not state["glorious_revolution"]:
        return list(JACOBITE_HOMES_BEFORE_GR)
    homes = {s for s in SPACES if in_great_britain_or_ireland(s)} | set(JACOBITE_GR_HOMES)
    james = state["leaders"]["james"]["space"]
    if james in SPACES:
        homes.add(james)
    return sorted(homes)


def home_spaces(state: State, power: str) -> list[str]:
    """NY-2.1.2a/d, NY-2.4c: the home spaces of a power."""
    if power == "jacobites":
        return jacobite_home_spaces(state)
    if power == "subsidy":
        return [ES_BOX]  # NY-2.1.2d / NY-2.4c: its only home space
    if power == "catalans":
        return []  # A18: Catalans have no home spaces (NY-7.2.3)
    return sorted(s for s in SPACES if home_power(s) == power)


def capitals(state: State, power: str) -> tuple[str, ...]:
    """NY-2.2a-c, NY-2.4b/d: capitals; Paris and Highlands become Jacobite capitals after the Revolution."""
    if power == "jacobites" and state["glorious_revolution"]:
        return JACOBITE_CAPITALS_AFTER_GR
    return CAPITALS[power]


def controller(state: State, space: str) -> str | None:
    """NY-2.1.1b: a space is controlled by one side or neutral (None)."""
    return state["control"][space]


def is_neutral_power_space(state: State, space: str) -> bool:
    """NY-7.2.1a (neutral Savoy) and NY-2.3.1e / NY-7.2.2 (Portugal): spaces nobody may enter (A15)."""
    power = home_power(space)
    if power == "portugal":
        return True
    return power == "savoy" and state["savoy"] != "alliance" and state["control"][space] is None


def may_use_link(state: State, side: str, a: str, b: str, red: bool) -> bool:
    """Whether ``side`` may move, retreat, avoid or trace LOC from a to b."""
    if red and side != ALLIANCE:
        return False  # NY-2.1.4a: dark-red connections are Alliance-only
    if side == BOURBON and b in HOME_BOXES:
        return False  # NY-2.4a, A14: no Bourbon unit ever enters the two home boxes
    return not is_neutral_power_space(state, b)


def initial_control() -> dict[str, str | None]:
    """NY-2.1.2b / NY-2.3.1a-c: home spaces start controlled by their power's side; neutrals start neutral."""
    control: dict[str, str | None] = {}
    for space in SPACES:
        power = home_power(space)
        if space in HOME_BOXES:
            control[space] = ALLIANCE
        elif power is None or power in ("portugal", "savoy"):
            control[space] = None  # NY-2.3.1b/c, NY-7.2.2
        elif power == "britain":
            control[space] = BOURBON  # 20.2 (provisional): James II rules Britain until the Revolution (A30)
        else:
            control[space] = side_of(power)
    return control
