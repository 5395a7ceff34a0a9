"""What is not the map, as HTML beside it (``render_panels``), and the one picture for mail that composes the
map with the little a player needs away from the page (``render_picture``). Drawn from a view only.

Cards in the viewer's hand carry ``data-target="card:<id>"`` (playing one is a click on it); the pieces of a
big stack (army boxes) carry ``leader:<id>`` and ``corps:<id>`` as on the map. Every text is escaped.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any

from games.engines.base import Text, msg, plural
from games.engines.base import name as name_ref

from . import svg
from .board import name, power_name, sea_name, side_name
from .data.cards import ACTION_CARDS
from .data.powers import POWERS, SIDES
from .data.tracks import FIRST_YEAR, KWW_TRACK, LAST_YEAR, VICTORY_BANDS, VP_MAX
from .decks import card_title, event_text
from .texts import text as tr

RULES_PAGE = "/games/nine_years/rules/"  # the site's rules page (PROVISIONAL.md, then RULES.md)
STAND_IN = "Stand-ins: the map, cards and sections 8–20 are ours, not the published game"
# Constant texts used as a field of a sentence are records (a plain string field is never translated).
SAVOY = {
    "neutral": msg("neutral"),
    "alliance": msg("at war, with the Alliance"),
    "out": msg("neutral (left the war)"),
}

# The phases as players read them.
PHASE_NAMES = {
    "first": "Who goes first",
    "savoy": "Savoy's neutrality",
    "displace": "Forces leave Savoy",
    "reinforce": "Reinforcements",
    "card": "Campaign: play an Action card",
    "action": "Campaign: actions",
    "transfer": "Campaign: transfer",
    "move": "Campaign: a move",
    "intercept": "Campaign: interception",
    "avoid": "Campaign: avoid battle?",
    "losses": "Battle: losses",
    "retreat": "Battle: retreat",
    "auto": "Between phases",
    "over": "The war is over",
}

LEGEND = (
    "Square: fortress, with its current FS",
    "Circle: open space, with its printed VP",
    "Fill: control (blue Bourbon, brown Alliance, grey neutral)",
    "Border: the home power",
    "♣ fertile (stacking 12), ▲ poor (4), others 8",
    "Gold dot: rich space; dotted bar: fortified line",
    "Dark red dashed link: Alliance only, 2 MP",
    "Named counter: a leader; square: a corps (pale when reduced, dark corner: garrison)",
)


def _h(view: dict, record: Text) -> str:
    """A record in the view's language, escaped for HTML."""
    return escape(tr(view, record))


def _actions(card: str) -> dict:
    return plural("{n} action", "{n} actions", ACTION_CARDS[card])


def _turn(view: dict) -> str:
    years = " ".join(
        f"<strong>{year}</strong>" if year == view["year"] else f"<small>{year}</small>"
        for year in range(FIRST_YEAR, LAST_YEAR + 1)
    )
    lines = [f"<p>{years}</p>", f"<p>{_h(view, PHASE_NAMES.get(view['phase'], view['phase']))}"]
    if view["initiative"]:
        lines[-1] += " · " + _h(view, msg("initiative: {side}", side=side_name(view["initiative"])))
    lines[-1] += "</p>"
    if view["round"]:
        record = msg(
            "The {side} play a {card}: {left} left",
            side=side_name(view["round"]["role"]),
            card=card_title(view["round"]["card"]),
            left=view["round"]["left"],
        )
        lines.append(f"<p>{_h(view, record)}</p>")
    if view["move"]:
        move = view["move"]
        record = plural(
            "Moving {leader} with {n} corps, {mp} MP left: {path}",
            "Moving {leader} with {n} corps, {mp} MP left: {path}",
            len(move["corps"]),
            leader=name_ref(f"leader:{move['leader']}"),
            mp=move["movement_points"],
            path=" → ".join(tr(view, name(s)) for s in move["path"]),
        )
        lines.append(f"<p>{_h(view, record)}</p>")
    if view["battle"]:
        battle = view["battle"]
        record = msg(
            "Battle of {space}: the {winner} win; attacker {attacker}",
            space=name(battle["space"]),
            winner=side_name(battle["winner"]),
            attacker=side_name(battle["attacker"]),
        )
        lines.append(f"<p>{_h(view, record)}</p>")
    return f'<section class="ny-turn"><h3>{view["year"]}</h3>{"".join(lines)}</section>'


def band(vp: int) -> dict:
    """The end-game band the VP stands in (6.3)."""
    for low, winner, kind in VICTORY_BANDS:
        if vp >= low:
            if winner is None:
                return msg("a tie")
            text = "{side} major victory" if kind == "major" else "{side} minor victory"
            return msg(text, side=side_name(winner))
    return msg("Bourbon Automatic Victory")


def _tracks(view: dict) -> str:
    kww = " ".join(
        f"<strong>[{value:+d}]</strong>" if i == view["king_williams_war"] else f"{value:+d}"
        for i, value in enumerate(KWW_TRACK)
    )
    sides = "".join(
        f"<tr><th>{_h(view, side_name(side))}</th><td>{view['hand_counts'][side]}</td>"
        f"<td>{view['resource_points'][side]}</td></tr>"
        for side in SIDES
    )
    seas = ", ".join(
        _h(view, msg("{sea}: {side}", sea=sea_name(zone), side=side_name(view["seas"][zone])))
        for zone in ("atlantic", "mediterranean")
    )
    decks = view["deck_counts"]
    revolution = msg("yes") if view["glorious_revolution"] else msg("not yet")
    return (
        f'<section class="ny-tracks"><h3>{_h(view, "Victory points")}</h3>'
        f"<p><strong>{view['vp']}</strong> "
        f"{_h(view, msg('of 0–{max}: {band} if the war ended now', max=VP_MAX, band=band(view['vp'])))}</p>"
        f"<p>{_h(view, name_ref('track:kww'))}: {kww}</p>"
        f"<table><tr><th></th><th>{_h(view, 'cards')}</th><th>{_h(view, 'RP')}</th></tr>{sides}</table>"
        f"<p>{seas}</p>"
        f"<p>{_h(view, msg('Savoy: {state}', state=SAVOY.get(view['savoy'], view['savoy'])))} · "
        f"{_h(view, msg('Glorious Revolution: {done}', done=revolution))}</p>"
        f"<p><small>{_h(view, _decks(decks))}</small></p></section>"
    )


def _decks(decks: dict) -> dict:
    return msg(
        "Decks: {events} events ({set_aside} set aside for 1693), {actions} Action cards",
        events=decks["events"],
        set_aside=decks["set_aside"],
        actions=decks["actions"],
    )


def _card_tip(card: str) -> dict:
    return msg("A {card}: {actions} this round", card=card_title(card), actions=_actions(card))


def _hand(view: dict) -> str:
    if view["role"] not in SIDES:
        return ""
    cards = " ".join(
        f'<span class="ny-card" data-target="card:{card}" title="{_h(view, _card_tip(card))}">'
        f"{_h(view, _actions(card))}</span>"
        for card in view["hand"]
    )
    empty = f"<small>{_h(view, 'No cards in hand')}</small>"
    mark = f'<small class="stand-in-mark">({_h(view, "stand-ins, not from the rules")})</small>'  # once (§2.3)
    return f'<section class="ny-hand"><h3>{_h(view, "Your Action cards")} {mark}</h3><p>{cards or empty}</p></section>'


def _events(view: dict) -> str:
    drawn = view["event_discards"][-2:][::-1]
    if not drawn:
        return ""
    items = "".join(
        f"<li><strong>{_h(view, card_title(card))}</strong>: {_h(view, event_text(card))}</li>" for card in drawn
    )
    return f'<section class="ny-events"><h3>{_h(view, "Events drawn last")}</h3><ul>{items}</ul></section>'


def _piece_chip(view: dict, kind: str, uid: str) -> str:
    if kind == "leader":
        colour, label = POWERS[view["leaders"][uid]["power"]][2], tr(view, name_ref(f"leader:{uid}"))
        title = svg.leader_title(view, uid)
    else:
        info = view["corps"][uid]
        power = power_name(info["power"])
        label = tr(view, power if info["full"] else msg("{power} (reduced)", power=power))
        colour = POWERS[info["power"]][2]
        title = svg.corps_title(view, uid)
    square = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">'
        f'<rect x="1" y="1" width="10" height="10" rx="{5 if kind == "leader" else 0}" fill="{colour}" '
        f'stroke="#333"/></svg>'
    )
    return f'<span data-target="{kind}:{uid}" title="{escape(title)}">{square} {escape(label)}</span>'


def _armies(view: dict) -> str:
    stacks = svg.armies(view)
    if not stacks:
        return ""
    boxes = []
    for n, (space, leaders, corps) in enumerate(stacks):
        chips = [_piece_chip(view, "leader", uid) for uid in leaders] + [
            _piece_chip(view, "corps", uid) for uid in corps
        ]
        boxes.append(f"<li><strong>{chr(ord('A') + n)}: {_h(view, name(space))}</strong><br>{', '.join(chips)}</li>")
    return f'<section class="ny-armies"><h3>{_h(view, "Army boxes")}</h3><ul>{"".join(boxes)}</ul></section>'


def _legend(view: dict) -> str:
    items = "".join(f"<li>{_h(view, line)}</li>" for line in LEGEND)
    link = _h(view, msg("{notice}: see the rules page", notice=msg(STAND_IN)))
    return (
        f'<section class="ny-legend"><h3>{_h(view, "Map key")}</h3><ul>{items}</ul>'
        f'<p><a href="{RULES_PAGE}">{link}</a></p></section>'
    )


def render_panels(view: dict[str, Any]) -> str:
    return _hand(view) + _turn(view) + _tracks(view) + _armies(view) + _events(view) + _legend(view)


# --- the mail picture: the map, then a few lines under it --------------------------------------------------
def _picture_lines(view: dict) -> list[tuple[Text, str]]:
    """(text, colour) lines under the map in the mail picture."""
    phase = msg(PHASE_NAMES.get(view["phase"], view["phase"]))
    seas = msg(
        "Seas: Atlantic {atlantic}, Mediterranean {mediterranean} · Savoy {savoy} · King William's War {kww}",
        atlantic=side_name(view["seas"]["atlantic"]),
        mediterranean=side_name(view["seas"]["mediterranean"]),
        savoy=SAVOY.get(view["savoy"], view["savoy"]),
        kww=f"{KWW_TRACK[view['king_williams_war']]:+d}",
    )
    lines: list[tuple[Text, str]] = [
        (
            msg(
                "{year} · {phase} · VP {vp} ({band})",
                year=view["year"],
                phase=phase,
                vp=view["vp"],
                band=band(view["vp"]),
            ),
            "#222",
        ),
        (seas, "#222"),
    ]
    if view["role"] in SIDES and view["hand"]:
        lines.append((msg("Your Action cards: {cards}", cards=[card_title(c) for c in view["hand"]]), "#222"))
    for card in view["event_discards"][-2:][::-1]:
        lines.append((msg("Event {card}: {effect}", card=card_title(card), effect=event_text(card)), "#333"))
    for n, (space, leaders, corps) in enumerate(svg.armies(view)):
        record = plural(
            "Army {letter} in {space}: {leaders}; {n} corps",
            "Army {letter} in {space}: {leaders}; {n} corps",
            len(corps),
            letter=chr(ord("A") + n),
            space=name(space),
            leaders=[name_ref(f"leader:{uid}") for uid in leaders],
        )
        lines.append((record, "#222"))
    lines.append((STAND_IN, "#8b0000"))
    return lines


def render_picture(view: dict[str, Any]) -> str:
    per_row = 90 if view.get("lang") == "ru" else 104  # Cyrillic letters are wider
    rows = [(row, colour) for line, colour in _picture_lines(view) for row in textwrap.wrap(tr(view, line), per_row)]
    height = svg.H + 16 + 30 * len(rows)
    body = [svg.text(16, svg.H + 30 * (i + 1), row, 20, "start", colour) for i, (row, colour) in enumerate(rows)]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {svg.W} {height}" width="{svg.W}" height="{height}">'
        f'<rect x="0" y="0" width="{svg.W}" height="{height}" fill="#f3ecd9"/>'
        + "\n".join(svg.map_parts(view))
        + "".join(body)
        + "</svg>"
    )
