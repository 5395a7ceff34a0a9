"""The map, drawn from a view only (so it cannot leak a hand or a deck). Tracks, hands, decks, events and
the legend are HTML beside it (``panels``).

Targets (ARCHITECTURE §2.1): ``space:<id>`` on every space, ``leader:<id>`` on every leader on the map,
``corps:<id>`` on every corps on the map and ``sea:<zone>`` on both sea zones; the viewer's own cards
(``card:<id>``) and the pieces of a big stack (army boxes) are in the panels. Presentation attributes only
(no style attributes, CSP).

Legible at Fit: the page scales the map to its column (about 880×720 CSS px on a 1400×900 desktop), so
every text here is at least ``SMALL`` units, 11.5 px or more at that size.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache, lru_cache
from html import escape
from typing import Any

from games.engines.base import msg, plural
from games.engines.base import name as name_ref

from .board import name, power_name, sea_name, side_name
from .counters import corps_name, ratings
from .data.powers import POWERS, SIDE_COLOUR, side_of
from .data.spaces import LINKS, SPACES, STACKING
from .texts import text as tr

W, H = 1200, 980
SMALL = 16  # the smallest text on the map, in map units
NAME = 17  # space names
NEUTRAL = "#d9d2bf"
ARMY_AT = 7  # a stack of more pieces is drawn as an army marker, its pieces in an army box (2.7, stand-in layout)
CAPITAL_NAMES = ("paris", "london", "amsterdam", "vienna", "madrid", "turin", "munich")
RICH = ("antwerp", "milan", "namur", "tournai", "london", "munich")

# The stand-in map's coordinates (data/spaces.py) are spread where the war was thickest: a piecewise
# linear stretch of each axis (data coordinate -> map coordinate), so the Low Countries get room.
STRETCH_X = ((0, 20), (280, 255), (620, 830), (960, 1110), (1000, 1140))
STRETCH_Y = ((40, 30), (260, 200), (480, 530), (900, 835), (1240, 968))


def _stretch(value: float, table: tuple[tuple[int, int], ...]) -> float:
    keys = [k for k, _ in table]
    i = min(max(bisect_right(keys, value) - 1, 0), len(table) - 2)
    (k0, v0), (k1, v1) = table[i], table[i + 1]
    return v0 + (value - k0) * (v1 - v0) / (k1 - k0)


def to_map(x: float, y: float) -> tuple[float, float]:
    return _stretch(x, STRETCH_X), _stretch(y, STRETCH_Y)


def xy(space: str) -> tuple[float, float]:
    return to_map(SPACES[space][7], SPACES[space][8])


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def text(
    x: float,
    y: float,
    content: str,
    size: int = SMALL,
    anchor: str = "middle",
    fill: str = "#222",
    weight: str = "normal",
    halo: bool = False,
) -> str:
    """A text; ``halo`` draws a pale outline under it so it reads over lines and counters (a copy of the text
    underneath, hidden from screen readers: mail's SVG renderer knows no ``paint-order``)."""
    attributes = (
        f'x="{_n(x)}" y="{_n(y)}" font-family="sans-serif" font-size="{size}" text-anchor="{anchor}" '
        f'font-weight="{weight}"'
    )
    under = (
        f'<text {attributes} fill="#fbf7ea" stroke="#fbf7ea" stroke-width="4" stroke-linejoin="round" '
        f'aria-hidden="true">{escape(content)}</text>'
        if halo
        else ""
    )
    return f'{under}<text {attributes} fill="{fill}">{escape(content)}</text>'


# Land, in data coordinates (stretched like the spaces).
LAND = (
    ((180, 330), (980, 330), (980, 1120), (430, 1290), (0, 1290), (0, 880), (180, 880)),
    ((120, 40), (200, 30), (250, 150), (280, 230), (300, 300), (220, 310), (190, 250), (170, 150)),
    ((40, 100), (110, 95), (135, 190), (110, 330), (40, 335), (15, 240)),
)
SEA_BOXES = {"atlantic": (30, 560), "mediterranean": (600, 930)}  # where each sea zone's box sits (map units)


@cache
def _land() -> tuple[str, ...]:
    out = []
    for outline in LAND:
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in (to_map(*p) for p in outline))
        out.append(f'<polygon points="{points}" fill="#efe6cc" stroke="#c9b98f"/>')
    return tuple(out)


@cache
def _links() -> tuple[str, ...]:
    out = []
    for a, b, red in LINKS:
        (x1, y1), (x2, y2) = xy(a), xy(b)
        colour, width = ("#8b0000", 3) if red else ("#6b5a44", 1.8)
        dash = ' stroke-dasharray="8 4"' if red else ""
        out.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{colour}" '
            f'stroke-width="{width}"{dash}/>'
        )
    return tuple(out)


def _seas(view: dict) -> list[str]:
    out = []
    for zone, (x, y) in SEA_BOXES.items():
        holder = view["seas"][zone]
        fill = SIDE_COLOUR[holder] if holder else NEUTRAL
        label = tr(view, msg("{sea}: {side}", sea=sea_name(zone), side=side_name(holder)))
        tip = tr(view, msg("{sea}: {side} controls this sea zone (10)", sea=sea_name(zone), side=side_name(holder)))
        out.append(
            f'<g data-target="sea:{zone}"><title>{escape(tip)}</title>'
            f'<rect x="{x}" y="{y}" width="230" height="34" rx="6" fill="{fill}" fill-opacity="0.35" '
            f'stroke="#246" stroke-width="2"/>{text(x + 115, y + 23, label, 17, fill="#123", weight="bold")}</g>'
        )
    return out


TERRAIN = {
    "fertile": "fertile (stacking {limit})",
    "normal": "normal (stacking {limit})",
    "poor": "poor (stacking {limit})",
}


def _space_title(reader: dict, space: str, control: str | None, strength: int | None, in_line: bool) -> str:
    _, power, fs, vp, terrain = SPACES[space][:5]
    facts: list = [msg("controlled by the {side}", side=side_name(control)) if control else "neutral"]
    if fs:
        facts.append(msg("fortress FS {fs} of {full}", fs=strength, full=fs))
    if vp:
        facts.append(msg("{vp} VP", vp=vp))
    if STACKING[terrain]:
        facts.append(msg(TERRAIN[terrain], limit=STACKING[terrain]))
    if space in RICH:
        facts.append("rich")
    if in_line:
        facts.append("fortified line")
    if power in POWERS:
        return tr(
            reader, msg("{space}, home of {power}: {facts}", space=name(space), power=power_name(power), facts=facts)
        )
    return tr(reader, msg("{space}: {facts}", space=name(space), facts=facts))


def _space(view: dict, space: str) -> str:
    strength = view["fortress_strength"].get(space) if SPACES[space][2] else None
    return _space_drawn(space, view["control"][space], strength, space in view["lines"], view.get("lang"))


@lru_cache(maxsize=4096)
def _space_drawn(space: str, control: str | None, strength: int | None, in_line: bool, lang: str | None) -> str:
    """A space as drawn: a pure function of these, and the same for most spaces from one move to the next."""
    reader = {"lang": lang}
    x, y = xy(space)
    _, power, fs, vp, terrain = SPACES[space][:5]
    fill = SIDE_COLOUR[control] if control else NEUTRAL
    border = POWERS[power][2] if power in POWERS else "#777"
    title = _space_title(reader, space, control, strength, in_line)
    out = [f'<g data-target="space:{space}"><title>{escape(title)}</title>']
    if STACKING[terrain] is None:  # a home box, as wide as its two lines need
        label, kind = tr(reader, name_ref(f"box:{space}")), tr(reader, "home box")
        half = max(80, 10 + max(text_width(label), text_width(kind)) / 2)
        out.append(
            f'<rect x="{_n(x - half)}" y="{_n(y - 26)}" width="{_n(2 * half)}" height="52" rx="8" fill="{fill}" '
            f'fill-opacity="0.3" stroke="#8b0000" stroke-width="3"/>'
        )
        out.append(text(x, y - 6, label, SMALL, halo=True))
        out.append(text(x, y + 13, kind, SMALL, fill="#555"))
        out.append("</g>")
        return "\n".join(out)
    if fs:
        out.append(
            f'<rect x="{_n(x - 13)}" y="{_n(y - 13)}" width="26" height="26" fill="{fill}" '
            f'stroke="{border}" stroke-width="4"/>'
        )
        out.append(text(x, y + 6, str(strength), SMALL, fill="#fff", weight="bold"))
    else:
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="12" fill="{fill}" stroke="{border}" stroke-width="4"/>')
        if vp:
            out.append(text(x, y + 6, str(vp), SMALL, fill="#fff", weight="bold"))
    if space in RICH:
        out.append(f'<circle cx="{_n(x + 15)}" cy="{_n(y - 13)}" r="6" fill="#d4af37" stroke="#8a6d1d"/>')
    if in_line:
        out.append(
            f'<line x1="{_n(x - 16)}" y1="{_n(y + 16)}" x2="{_n(x + 16)}" y2="{_n(y + 16)}" '
            f'stroke="#000" stroke-width="4" stroke-dasharray="4 2"/>'
        )
    mark = {"fertile": "♣ ", "poor": "▲ "}.get(terrain, "")
    shown = tr(reader, name(space))
    label = mark + (shown.upper() if space in CAPITAL_NAMES else shown)
    out.append(text(x, y - 17, label, NAME, weight="bold" if space in CAPITAL_NAMES else "normal", halo=True))
    out.append("</g>")
    return "\n".join(out)


def text_width(label: str, per_char: float = 9) -> float:
    """A label's width in map units at SMALL bold: Cyrillic letters are wider than Latin ones."""
    return sum(per_char * 1.2 if "\u0400" <= ch <= "\u04ff" else per_char for ch in label)


def chip_width(label: str) -> float:
    return 14 + text_width(label)


def leader_label(view: dict, uid: str) -> str:
    """A leader's name as the map shows it (the full name is in the title)."""
    return tr(view, name_ref(f"short:{uid}" if uid in SHORT_NAMES else f"leader:{uid}"))


SHORT_NAMES = ("baden", "victor_amadeus", "max_emanuel")  # names.py "short:<id>"


def leader_title(view: dict, uid: str) -> str:
    info = view["leaders"][uid]
    tactical, cr = ratings(view, uid)  # the view holds the leaders as the state does (all open, NY-4.4a)
    notes: list = [
        msg("{power}, {side}", power=power_name(info["power"]), side=side_name(side_of(info["power"]))),
        msg("tactical rating {tr}", tr=tactical),
        msg("command rating {cr}", cr=cr),
    ]
    if info["minor"]:
        notes.append("minor side")
    if info["disordered"]:
        notes.append("disordered")
    if info["garrison"]:
        notes.append("garrison")
    return tr(view, msg("{leader} ({notes})", leader=name_ref(f"leader:{uid}"), notes=notes))


def corps_title(view: dict, uid: str) -> str:
    info = view["corps"][uid]
    notes: list = ["full" if info["full"] else "reduced"]
    if info["disordered"]:
        notes.append("disordered")
    if info["garrison"]:
        notes.append("garrison")
    record = msg(
        "{corps} ({side}, {notes})", corps=corps_name(uid), side=side_name(side_of(info["power"])), notes=notes
    )
    return tr(view, record)


def leader_chip(view: dict, uid: str, x: float, y: float) -> tuple[str, float]:
    """A leader as a named counter (power colour, side-coloured edge); returns it and its width."""
    info = view["leaders"][uid]
    label = leader_label(view, uid)
    width = chip_width(label)
    colour = POWERS[info["power"]][2]
    edge = SIDE_COLOUR[side_of(info["power"])]
    ink = "#fff" if info["power"] in ("france", "britain", "empire", "subsidy", "savoy") else "#111"
    dash = ' stroke-dasharray="4 2"' if info["disordered"] else ""
    return (
        f'<g data-target="leader:{uid}"><title>{escape(leader_title(view, uid))}</title>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{width}" height="22" rx="11" fill="{colour}" stroke="{edge}" '
        f'stroke-width="2.5"{dash}/>{text(x + width / 2, y + 16, label, SMALL, fill=ink, weight="bold")}</g>',
        width,
    )


def corps_square(view: dict, uid: str, x: float, y: float, size: int = 16) -> str:
    """A corps: a square in its power's colour, pale when reduced, a dark corner when a garrison."""
    info = view["corps"][uid]
    colour = POWERS[info["power"]][2]
    edge = SIDE_COLOUR[side_of(info["power"])]
    opacity = "1" if info["full"] else "0.4"
    garrison = f'<path d="M{_n(x)},{_n(y)} h8 l-8,8 z" fill="#111"/>' if info["garrison"] else ""
    return (
        f'<g data-target="corps:{uid}"><title>{escape(corps_title(view, uid))}</title>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{size}" height="{size}" fill="{colour}" fill-opacity="{opacity}" '
        f'stroke="{edge}" stroke-width="2.5"/>{garrison}</g>'
    )


def by_space(view: dict) -> dict[str, tuple[list[str], list[str]]]:
    """Space -> (leaders, corps) on the map, in id order."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    for index, table in enumerate((view["leaders"], view["corps"])):
        for uid, info in sorted(table.items()):
            if info["space"] in SPACES:
                found.setdefault(info["space"], ([], []))[index].append(uid)
    return found


def armies(view: dict) -> list[tuple[str, list[str], list[str]]]:
    """The stacks drawn as army markers, lettered A, B, ... in space order (their pieces are in the panels)."""
    return [
        (space, leaders, corps)
        for space, (leaders, corps) in sorted(by_space(view).items())
        if len(leaders) + len(corps) >= ARMY_AT
    ]


# Where a stack is drawn when below its space it would cover a neighbour (default: below).
STACK_SIDE = {
    "amsterdam": "right",
    "london": "left",
    "metz": "left",
    "strasbourg": "left",
    "perpignan": "right",
    "vienna": "right",
    "munich": "right",
    "antwerp": "left",
    "dunkirk": "left",
    "turin": "left",
    "namur": "right",
    "liege": "right",
    "maastricht": "right",
    "cologne": "right",
    "mainz": "right",
    "ulm": "right",
    "tournai": "left",
    "barcelona": "right",
    "edinburgh": "right",
    "york": "right",
    "heidelberg": "left",
}
CORPS_PER_ROW = 5


def _stack(view: dict, space: str, leaders: list[str], corps: list[str]) -> list[str]:
    """A small stack beside its space: leaders by name, then the corps in rows."""
    x, y = xy(space)
    widths = [chip_width(leader_label(view, uid)) for uid in leaders]
    corps_width = min(len(corps), CORPS_PER_ROW) * 18
    width = max([*widths, corps_width])
    side = STACK_SIDE.get(space, "below")
    if side == "below":
        left, top = x - width / 2, y + (30 if STACKING[SPACES[space][4]] is None else 17)
    else:
        left, top = (x - 20 - width, y - 8) if side == "left" else (x + 20, y - 8)
    out = []
    for i, uid in enumerate(leaders):
        offset = (width - widths[i]) / 2 if side == "below" else (width - widths[i] if side == "left" else 0)
        out.append(leader_chip(view, uid, left + offset, top + i * 24)[0])
    row_y = top + len(leaders) * 24
    for i, uid in enumerate(corps):
        in_row = min(CORPS_PER_ROW, len(corps) - (i // CORPS_PER_ROW) * CORPS_PER_ROW)
        row_left = (
            left + (width - in_row * 18) / 2
            if side == "below"
            else left + (width - corps_width if side == "left" else 0)
        )
        out.append(corps_square(view, uid, row_left + (i % CORPS_PER_ROW) * 18, row_y + (i // CORPS_PER_ROW) * 18))
    return out


def _army_marker(view: dict, letter: str, space: str, leaders: list[str], corps: list[str]) -> str:
    """A big stack's marker where its pieces would be drawn (below its space or beside it, ``STACK_SIDE``)."""
    x, y = xy(space)
    side = side_of(view["corps"][corps[0]]["power"] if corps else view["leaders"][leaders[0]]["power"])
    label = tr(view, msg("Army {letter}: {leaders} + {corps}", letter=letter, leaders=len(leaders), corps=len(corps)))
    tip = msg(
        "Army box {letter} ({side}): {leaders} and {corps} in {space} (see the army boxes beside the map)",
        letter=letter,
        side=side_name(side),
        leaders=plural("{n} leader", "{n} leaders", len(leaders)),
        corps=plural("{n} corps", "{n} corps", len(corps)),
        space=name(space),
    )
    where = STACK_SIDE.get(space, "below")
    width = max(124, 14 + text_width(label))  # Russian is wider
    if where == "below":
        left, top = x - width / 2, y + (30 if STACKING[SPACES[space][4]] is None else 17)
    else:
        left, top = (x - 20 - width if where == "left" else x + 20), y - 8
    return (
        f"<g><title>{escape(tr(view, tip))}</title>"
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" height="24" rx="4" fill="#fff" '
        f'stroke="{SIDE_COLOUR[side]}" stroke-width="3"/>'
        f"{text(left + width / 2, top + 18, label, SMALL, weight='bold')}</g>"
    )


def _stacks(view: dict) -> list[str]:
    out: list[str] = []
    lettered = {space: chr(ord("A") + i) for i, (space, _, _) in enumerate(armies(view))}
    for space, (leaders, corps) in sorted(by_space(view).items()):
        if space in lettered:
            out.append(_army_marker(view, lettered[space], space, leaders, corps))
        else:
            out += _stack(view, space, leaders, corps)
    return out


def _selection(view: dict) -> list[str]:
    """What is chosen mid-action: the moving force's space, the corps being transferred, the force leaving Savoy."""
    marked = [view["move"]["path"][-1]] if view["move"] else []
    pending = view["pending"]
    if pending and "corps" in pending and view["corps"][pending["corps"]]["space"] in SPACES:
        marked.append(view["corps"][pending["corps"]]["space"])
    if view.get("displace"):  # the force leaving Savoy whose destination is being chosen (7.2.1)
        marked.append(view["displace"][0]["space"])
    out = []
    for space in marked:
        x, y = xy(space)
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="22" fill="none" stroke="#ffd400" stroke-width="5"/>')
    return out


def map_parts(view: dict[str, Any]) -> list[str]:
    """The map's drawing, without the outer ``<svg>`` (the mail picture adds lines under it)."""
    parts = [f'<rect x="0" y="0" width="{W}" height="{H}" fill="#cfe0ea"/>', *_land(), *_links(), *_seas(view)]
    parts += [_space(view, space) for space in sorted(SPACES)]
    parts += _selection(view)
    parts += _stacks(view)
    return parts


def render(view: dict[str, Any]) -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
    return "\n".join([head, *map_parts(view), "</svg>"])
