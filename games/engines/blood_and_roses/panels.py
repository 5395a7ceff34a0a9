"""What is not the map, as HTML beside it (``Engine.render_panels``): the time track, the flight track and
seizure markers, the leaders with their ratings, and the keys to the terrain and the counters.

Drawn from a view only; every text is escaped; no ``style`` attribute (the site's CSP): swatches are
small inline SVGs with presentation attributes. Each section whose values are stand-ins says so once, in its
heading (ARCHITECTURE §2.3), rather than after every value.
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.engines.base.messages import msg, name, plural

from .data.tables import CLIMB_COST, HEXSIDES, MOVEMENT_ALLOWANCE, SHOCK_DEFENCE, TERRAIN
from .svg_counters import DIVISIONS, SIDE_FILL, SIDE_TEXT, SYMBOLS, division_of, leader_initials
from .svg_terrain import HEXSIDE_STROKE, HILL_FILL, ROAD_STROKE, SLOPE_STROKE, TERRAIN_FILL
from .texts import battle_name, leader_name, text

SIDES = ("york", "lancaster")
STAND_IN_MARK = "values are stand-ins, not from the rules"
# The legend's terrain: (key, name); the first six are always explained, the others when on the map.
LEGEND = (
    ("hill", "Hill"),
    ("slope", "Slope"),
    ("woods", "Woods"),
    ("marsh", "Marsh"),
    ("stream", "Stream"),
    ("road", "Road"),
    ("clear", "Clear"),
    ("heath", "Heath"),
    ("village", "Village"),
    ("hedge", "Hedge"),
    ("pond", "Pond"),
    ("river", "River"),
    ("impassable", "Impassable hexside"),
)
ALWAYS = ("hill", "slope", "woods", "marsh", "stream", "road")


def render(view: dict[str, Any]) -> str:
    notice = (
        "Stand-ins: the battle layout, the tables, the Flight Levels and nightfall are the project's own, not the "
        "published game."
    )
    return (
        f'<div class="br-panels"><p class="stand-in">{escape(text(view, notice))}</p>'
        f"{_time(view)}{_flight(view)}{_leaders(view)}{_terrain_legend(view)}{_counter_key(view)}</div>"
    )


def stand_in_mark(view: dict[str, Any]) -> str:
    """The one mark of a section whose values are invented (ARCHITECTURE §2.3), for its heading."""
    return f' <small class="stand-in-mark">({escape(text(view, STAND_IN_MARK))})</small>'


# --- the tracks ----------------------------------------------------------------------------------


def time_line(view: dict[str, Any]) -> str:
    line = msg(
        "Activation {n} of {nightfall}: nightfall ends the battle drawn",
        n=view["activations"],
        nightfall=view["nightfall"],
    )
    if view.get("time"):
        time = view["time"]
        line = msg(
            "{line}; time track {left} left ({side} is time-limited)",
            line=line,
            left=time["left"],
            side=name(f"side:{time['limited']}"),
        )
    return text(view, line)


def flight_line(view: dict[str, Any], role: str) -> str:
    points, level = view["flight_points"][role], view["flight_level"][role]
    line = msg(
        "{side}: {points} Flight Points, Flight Level {level}; {markers}",
        side=name(f"side:{role}"),
        points=points,
        level=level,
        markers=_markers_text(view, role),
    )
    return text(view, line)


def summary_lines(view: dict[str, Any]) -> list[str]:
    """The tracks as plain lines, for the mail picture."""
    lines = [time_line(view)] + [flight_line(view, role) for role in SIDES]
    if view.get("result"):
        lines.append(text(view, msg("Result: {reason}", reason=view["result"]["reason"])))
    return lines


def _markers_text(view: dict[str, Any], role: str) -> Any:
    markers = view["markers"][role]
    if isinstance(markers, dict):  # the opponent's: only how many (BR-2.2h)
        return plural("{n} Seizure marker, unseen", "{n} Seizure markers, unseen", markers["count"])
    if not markers:
        return msg("no Seizure marker left")  # a record: a plain string argument would not be translated
    names = [
        msg("{marker} (range {range})", marker=name(f"marker:{m['kind']}"), range=m["range"])
        if m.get("range")
        else name(f"marker:{m['kind']}")
        for m in markers
    ]
    return msg("Seizure markers: {markers}", markers=names)


def _time(view: dict[str, Any]) -> str:
    return (
        f'<section class="br-track" aria-labelledby="br-time"><h3 id="br-time">{escape(text(view, "Time"))}'
        f"{stand_in_mark(view)}</h3>"
        f'<meter min="0" max="{view["nightfall"]}" value="{view["activations"]}"></meter>'
        f"<p>{escape(time_line(view))}</p></section>"
    )


def _flight(view: dict[str, Any]) -> str:
    rows = []
    for role in SIDES:
        level, points = view["flight_level"][role], view["flight_points"][role]
        rows.append(
            f'<li><strong>{escape(text(view, name(f"side:{role}")))}</strong> <meter min="0" max="{level}" '
            f'value="{min(points, level)}" high="{max(0, level - 4)}" optimum="0"></meter> '
            f"{escape(text(view, msg('{points} of {level}', points=points, level=level)))} "
            f"<small>{escape(text(view, '(Flight Level)'))}</small><br>"
            f"{escape(text(view, _markers_text(view, role)))}</li>"
        )
    hint = "An army whose Flight Points plus a die roll exceed its Flight Level flees the field."
    return (
        '<section class="br-track" aria-labelledby="br-flight">'
        f'<h3 id="br-flight">{escape(text(view, "Flight and seizure"))}{stand_in_mark(view)}</h3>'
        f'<ul class="br-list">{"".join(rows)}</ul><p class="hint">{escape(text(view, hint))}</p></section>'
    )


# --- leaders -------------------------------------------------------------------------------------


def _token(view: dict[str, Any], lid: str, leader: dict[str, Any]) -> str:
    text = leader_initials(view, lid, leader)
    division = division_of(view, leader["battle"]) if leader.get("battle") else "other"
    width = 8 + 8 * len(text)
    return (
        f'<svg width="{width}" height="18" viewBox="0 0 {width} 18" aria-hidden="true"><rect x="1" y="1" '
        f'width="{width - 2}" height="16" rx="8" fill="{SIDE_FILL[leader["side"]]}" stroke="{DIVISIONS[division][1]}" '
        f'stroke-width="2"/><text x="{width / 2}" y="13.5" font-size="12" font-weight="bold" text-anchor="middle" '
        f'fill="{SIDE_TEXT[leader["side"]]}" font-family="sans-serif">{escape(text)}</text></svg>'
    )


def _leaders(view: dict[str, Any]) -> str:
    rows = []
    for role in SIDES:
        for lid, leader in sorted(view["leaders"].items()):
            if leader["side"] != role:
                continue
            battle_id = leader.get("battle")
            battle = text(view, battle_name(view, battle_id) if battle_id else "no Battle")
            division = text(view, DIVISIONS[division_of(view, battle_id) if battle_id else "other"][0])
            where = text(
                view, "killed" if leader.get("dead") else ("on the map" if leader.get("hex") else "off the map")
            )
            who = leader_name(view, lid)
            if leader.get("replacement"):
                who = msg("{leader} (replacement)", leader=who)
            extra = [r for r, on in (("King", leader.get("king")), ("CinC", leader.get("cinc"))) if on]
            if extra:
                who = msg("{leader} — {roles}", leader=who, roles=extra)
            rows.append(
                f"<tr><td>{_token(view, lid, leader)}</td><td>{escape(text(view, who))}</td>"
                f"<td>{escape(battle)} <small>({escape(division)})</small></td>"
                f"<td>{leader['activation']}</td><td>{leader['range']}</td><td>{leader['charisma']:+d}</td>"
                f"<td>{where}</td></tr>"
            )
    t = {word: escape(text(view, word)) for word in LEADER_HEADINGS}
    charisma = t["Charisma: added to his units' shock"]
    return (
        '<section class="br-leaders" aria-labelledby="br-leaders-h">'
        f'<h3 id="br-leaders-h">{t["Leaders"]}{stand_in_mark(view)}</h3><table class="br-table"><thead><tr><th></th>'
        f"<th>{t['Leader']}</th><th>{t['Battle']}</th>"
        f'<th title="{t["Activation rating (continuation rolls)"]}">{t["Act."]}</th>'
        f'<th title="{t["Command range in hexes"]}">{t["Range"]}</th>'
        f'<th title="{charisma}">{t["Cha."]}</th><th></th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></section>"
    )


LEADER_HEADINGS = (
    "Leaders",
    "Leader",
    "Battle",
    "Activation rating (continuation rolls)",
    "Act.",
    "Command range in hexes",
    "Range",
    "Charisma: added to his units' shock",
    "Cha.",
)


# --- the terrain legend --------------------------------------------------------------------------


def _cost(entry: Any) -> Any:
    if entry == "NA":
        return "prohibited"
    if isinstance(entry, tuple):
        return msg("{mp} MP, may be Disordered", mp=entry[1])
    return msg("{mp} MP", mp=entry)


def _effects(view: dict[str, Any], key: str) -> str:
    """What the stand-in Terrain Effects Chart says of it, in a line."""
    if key == "hill":
        return text(
            view,
            msg("+{mp} MP a level climbed; attacking uphill −1 shock; blocks sight between lower hexes", mp=CLIMB_COST),
        )
    if key == "slope":
        return text(
            view, "the hexside between two levels (ticks point downhill): climbing it costs the hill's extra MP"
        )
    if key in HEXSIDES:
        side = HEXSIDES[key]
        cost = "prohibited" if side["cost"] == "NA" else msg("+{mp} MP to cross", mp=side["cost"])
        shock = side["shock"]
        words = [
            cost,
            msg(
                "shock across it foot {foot}, mounted {mounted}",
                foot=f"{shock['foot']:+d}",
                mounted=f"{shock['mounted']:+d}",
            ),
        ]
        if side.get("no_charge"):
            words.append("no charge across")
        return "; ".join(text(view, w) for w in words)
    t = TERRAIN[key]
    words = [msg("foot {foot}, mounted {mounted}", foot=_cost(t["foot"]), mounted=_cost(t["mounted"]))]
    if any(t["shock"].values()):
        words.append(
            msg(
                "shock into it foot {foot}, mounted {mounted}",
                foot=f"{t['shock']['foot']:+d}",
                mounted=f"{t['shock']['mounted']:+d}",
            )
        )
    if t.get("blocks"):
        words.append("blocks sight")
    if t.get("no_charge"):
        words.append("no charge")
    return "; ".join(text(view, w) for w in words)


def _swatch(key: str) -> str:
    box = '<svg width="34" height="22" viewBox="0 0 34 22" aria-hidden="true">'
    hexagon = '<polygon points="1,11 8,1 26,1 33,11 26,21 8,21" fill="{fill}" stroke="#a69f82"/>'
    if key == "hill":
        body = hexagon.format(fill=HILL_FILL)
    elif key == "slope":
        body = (
            hexagon.format(fill=HILL_FILL)
            + f'<path d="M8,21L26,21M11,21v-3.5M17,21v-3.5M23,21v-3.5" stroke="{SLOPE_STROKE}" stroke-width="1.6"/>'
        )
    elif key == "road":
        body = hexagon.format(fill=TERRAIN_FILL["road"]) + (
            f'<path d="M1,11H33" stroke="{ROAD_STROKE}" stroke-width="5"/><path d="M1,11H33" stroke="#efe2bf" '
            'stroke-width="2.5"/>'
        )
    elif key in HEXSIDE_STROKE:
        body = hexagon.format(fill=TERRAIN_FILL["clear"]) + (
            f'<path d="M26,1L33,11" stroke="{HEXSIDE_STROKE[key]}" stroke-width="3.5" stroke-linecap="round"/>'
        )
    else:
        body = hexagon.format(fill=TERRAIN_FILL[key])
        if key == "woods":
            body += '<circle cx="12" cy="12" r="3.5" fill="#4f7f3a"/><circle cx="21" cy="9" r="3.5" fill="#4f7f3a"/>'
        elif key == "marsh":
            body += '<path d="M11,15h6M13,15l-1,-3M14,15v-4M16,15l1,-3" stroke="#3f7268" fill="none"/>'
        elif key == "village":
            body += '<path d="M13,17v-5l4,-3l4,3v5z" fill="#8c5a3c"/>'
    return box + body + "</svg>"


def on_map(view: dict[str, Any]) -> set[str]:
    board = view["map"]
    found = set(board["terrain"].values()) | set(board["hexsides"].values()) | {"clear"}
    if board["elevation"]:
        found |= {"hill", "slope"}
    return found


def _terrain_legend(view: dict[str, Any]) -> str:
    """Each terrain's swatch and name in one line (its effects on hover), the effects in full below."""
    present = on_map(view)
    keys = [(key, escape(text(view, word))) for key, word in LEGEND if key in ALWAYS or key in present]
    absent = escape(text(view, " (not on this map)"))
    swatches = "".join(
        f'<li class="terrain-{key}" title="{escape(_effects(view, key))}">{_swatch(key)} {word}'
        f"{'' if key in present else '*'}</li>"
        for key, word in keys
    )
    effects = "".join(
        f"<li><strong>{word}</strong>{'' if key in present else absent}: {escape(_effects(view, key))}</li>"
        for key, word in keys
    )
    summary = escape(text(view, "Terrain effects (* not on this map)"))
    return (
        '<section class="br-legend" aria-labelledby="br-terrain-h">'
        f'<h3 id="br-terrain-h">{escape(text(view, "Terrain"))}{stand_in_mark(view)}</h3>'
        f'<ul class="br-list br-inline">{swatches}</ul>'
        f"<details><summary>{summary}</summary>"
        f'<ul class="br-list">{effects}</ul></details></section>'
    )


# --- the counters' key ---------------------------------------------------------------------------


def _counter(kind: str) -> str:
    return (
        '<svg width="30" height="30" viewBox="-13 -13 26 26" aria-hidden="true" font-family="sans-serif">'
        f'<rect x="-12" y="-12" width="24" height="24" rx="2" fill="{SIDE_FILL["york"]}" stroke="#222222" '
        f'stroke-width="0.8"/><rect x="-11.2" y="-11.2" width="22.4" height="4.5" fill="{DIVISIONS["main"][1]}"/>'
        f'<g transform="translate(0 -2.5)" stroke="#222222" fill="#222222" stroke-width="1.1">{SYMBOLS[kind]}</g>'
        f'<g font-size="10" font-weight="bold" fill="#222222"><text x="-10.5" y="10.7">{SHOCK_DEFENCE[kind]}</text>'
        f'<text x="10.5" y="10.7" text-anchor="end">{MOVEMENT_ALLOWANCE[kind]}</text></g></svg>'
    )


COUNTER_HOW = (
    "The stripe is the unit's Battle; the symbol its type; bottom left its shock defence, bottom right its "
    "movement allowance (a Disordered unit, banded orange and dashed, has one MP less). The "
    "black wedge points at the vertex it faces. Leaders are the round tokens above their unit, ringed in "
    "their Battle's colour."
)


def _counter_key(view: dict[str, Any]) -> str:
    colours = "".join(
        f'<li><svg width="28" height="12" aria-hidden="true"><rect width="28" height="12" fill="{colour}"/></svg> '
        f"{escape(text(view, word))}</li>"
        for key, (word, colour) in DIVISIONS.items()
        if key != "other"
    )
    types = "".join(
        f"<li>{_counter(kind)} {escape(text(view, name(f'type:{kind}')))} <small>({kind})</small></li>"
        for kind in SYMBOLS
    )
    return (
        '<section class="br-key" aria-labelledby="br-key-h">'
        f'<h3 id="br-key-h">{escape(text(view, "Counters"))}{stand_in_mark(view)}</h3>'
        f'<ul class="br-list br-inline">{colours}</ul><ul class="br-list br-inline">{types}</ul>'
        f"<details><summary>{escape(text(view, 'How to read a counter'))}</summary>"
        f"<p>{escape(text(view, COUNTER_HOW))}</p></details></section>"
    )
