"""What is not the map, as HTML beside it (``render_panels``), and the one picture for mail that composes the
map with the little a player needs away from the page (``render_picture``). Drawn from a view only.

Cards in the viewer's hand carry ``data-target="card:<id>"`` (playing one is a click on it); the pieces of a
big stack (army boxes) carry ``leader:<id>`` and ``corps:<id>`` as on the map. Every text is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

from . import svg
from .data.cards import ACTION_CARDS
from .data.leaders import LEADERS
from .data.powers import POWERS, SIDES
from .data.spaces import SPACES
from .data.tracks import FIRST_YEAR, KWW_TRACK, LAST_YEAR, VICTORY_BANDS, VP_MAX
from .decks import card_title, event_text

RULES_PAGE = "/games/nine_years/rules/"  # the site's rules page (PROVISIONAL.md, then RULES.md)
STAND_IN = "Stand-ins: the map, cards and sections 8–20 are ours, not the published game"

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


def side_name(side: str | None) -> str:
    return side.title() if side else "nobody"


def _actions(card: str) -> str:
    return f"{ACTION_CARDS[card]} action{'s' if ACTION_CARDS[card] > 1 else ''}"


def _h(content: str) -> str:
    return escape(content)


def _turn(view: dict) -> str:
    years = " ".join(
        f"<strong>{year}</strong>" if year == view["year"] else f"<small>{year}</small>"
        for year in range(FIRST_YEAR, LAST_YEAR + 1)
    )
    lines = [f"<p>{years}</p>", f"<p>{_h(PHASE_NAMES.get(view['phase'], view['phase']))}"]
    if view["initiative"]:
        lines[-1] += f" · initiative: {_h(side_name(view['initiative']))}"
    lines[-1] += "</p>"
    if view["round"]:
        card = view["round"]["card"]
        lines.append(
            f"<p>The {_h(side_name(view['round']['role']))} play a {_h(card_title(card))}: "
            f"{view['round']['left']} left</p>"
        )
    if view["move"]:
        move = view["move"]
        path = " → ".join(SPACES[s][0] for s in move["path"])
        lines.append(
            f"<p>Moving {_h(LEADERS[move['leader']]['name'])} with {len(move['corps'])} corps, "
            f"{move['movement_points']} MP left: "
            f"{_h(path)}</p>"
        )
    if view["battle"]:
        battle = view["battle"]
        lines.append(
            f"<p>Battle of {_h(SPACES[battle['space']][0])}: the {_h(side_name(battle['winner']))} win; "
            f"attacker {_h(side_name(battle['attacker']))}</p>"
        )
    return f'<section class="ny-turn"><h3>{view["year"]}</h3>{"".join(lines)}</section>'


def band(vp: int) -> str:
    """The end-game band the VP stands in (6.3)."""
    for low, winner, kind in VICTORY_BANDS:
        if vp >= low:
            return "a tie" if winner is None else f"{winner.title()} {kind} victory"
    return "Bourbon Automatic Victory"


def _tracks(view: dict) -> str:
    kww = " ".join(
        f"<strong>[{value:+d}]</strong>" if i == view["king_williams_war"] else f"{value:+d}"
        for i, value in enumerate(KWW_TRACK)
    )
    sides = "".join(
        f"<tr><th>{_h(side.title())}</th><td>{view['hand_counts'][side]}</td><td>{view['resource_points'][side]}</td></tr>"
        for side in SIDES
    )
    seas = ", ".join(f"{zone.title()}: {_h(side_name(view['seas'][zone]))}" for zone in ("atlantic", "mediterranean"))
    decks = view["deck_counts"]
    return (
        '<section class="ny-tracks"><h3>Victory points</h3>'
        f"<p><strong>{view['vp']}</strong> of 0–{VP_MAX}: {_h(band(view['vp']))} if the war ended now</p>"
        f"<p>King William's War: {kww}</p>"
        f"<table><tr><th></th><th>cards</th><th>RP</th></tr>{sides}</table>"
        f"<p>{seas}</p>"
        f"<p>Savoy: {_h(view['savoy'].title())} · "
        f"Glorious Revolution: {'yes' if view['glorious_revolution'] else 'not yet'}</p>"
        f"<p><small>Decks: {decks['events']} events ({decks['set_aside']} set aside for 1693), "
        f"{decks['actions']} Action cards</small></p></section>"
    )


def _hand(view: dict) -> str:
    if view["role"] not in SIDES:
        return ""
    cards = " ".join(
        f'<span class="ny-card" data-target="card:{card}" title="A {_h(card_title(card))}: '
        f'{_actions(card)} this round (stand-in card)"><strong>{ACTION_CARDS[card]}</strong> '
        f"{_actions(card).split()[1]}</span>"
        for card in view["hand"]
    )
    return (
        f'<section class="ny-hand"><h3>Your Action cards</h3>'
        f"<p>{cards or '<small>No cards in hand</small>'}</p></section>"
    )


def _events(view: dict) -> str:
    drawn = view["event_discards"][-2:][::-1]
    if not drawn:
        return ""
    items = "".join(f"<li><strong>{_h(card_title(card))}</strong>: {_h(event_text(card))}</li>" for card in drawn)
    return f'<section class="ny-events"><h3>Events drawn last</h3><ul>{items}</ul></section>'


def _piece_chip(view: dict, kind: str, uid: str) -> str:
    if kind == "leader":
        colour, label = POWERS[view["leaders"][uid]["power"]][2], LEADERS[uid]["name"]
        title = svg.leader_title(view, uid)
    else:
        info = view["corps"][uid]
        colour, label = POWERS[info["power"]][2], info["power"].title() + ("" if info["full"] else " (reduced)")
        title = svg.corps_title(view, uid)
    square = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">'
        f'<rect x="1" y="1" width="10" height="10" rx="{5 if kind == "leader" else 0}" fill="{colour}" '
        f'stroke="#333"/></svg>'
    )
    return f'<span data-target="{kind}:{uid}" title="{_h(title)}">{square} {_h(label)}</span>'


def _armies(view: dict) -> str:
    stacks = svg.armies(view)
    if not stacks:
        return ""
    boxes = []
    for n, (space, leaders, corps) in enumerate(stacks):
        chips = [_piece_chip(view, "leader", uid) for uid in leaders] + [
            _piece_chip(view, "corps", uid) for uid in corps
        ]
        boxes.append(f"<li><strong>{chr(ord('A') + n)}: {_h(SPACES[space][0])}</strong><br>{', '.join(chips)}</li>")
    return f'<section class="ny-armies"><h3>Army boxes</h3><ul>{"".join(boxes)}</ul></section>'


def _legend() -> str:
    items = "".join(f"<li>{_h(line)}</li>" for line in LEGEND)
    return (
        f'<section class="ny-legend"><h3>Map key</h3><ul>{items}</ul>'
        f'<p><a href="{RULES_PAGE}">{_h(STAND_IN)}: see the rules page</a></p></section>'
    )


def render_panels(view: dict[str, Any]) -> str:
    return _hand(view) + _turn(view) + _tracks(view) + _armies(view) + _events(view) + _legend()


# --- the mail picture: the map, then a few lines under it --------------------------------------------------
def _picture_lines(view: dict) -> list[tuple[str, str]]:
    """(text, colour) lines under the map in the mail picture."""
    lines = [
        (
            f"{view['year']} · {PHASE_NAMES.get(view['phase'], view['phase'])} · VP {view['vp']} ({band(view['vp'])})",
            "#222",
        ),
        (
            f"Seas: Atlantic {side_name(view['seas']['atlantic'])}, Mediterranean "
            f"{side_name(view['seas']['mediterranean'])} · Savoy {view['savoy'].title()} · "
            f"King William's War {KWW_TRACK[view['king_williams_war']]:+d}",
            "#222",
        ),
    ]
    if view["role"] in SIDES and view["hand"]:
        hand = ", ".join(card_title(c) for c in view["hand"])
        lines.append((f"Your Action cards: {hand}", "#222"))
    for card in view["event_discards"][-2:][::-1]:
        lines.append((f"Event {card_title(card)}: {event_text(card)}", "#333"))
    for n, (space, leaders, corps) in enumerate(svg.armies(view)):
        names = ", ".join(LEADERS[uid]["name"] for uid in leaders)
        lines.append((f"Army {chr(ord('A') + n)} in {SPACES[space][0]}: {names}; {len(corps)} corps", "#222"))
    lines.append((STAND_IN, "#8b0000"))
    return lines


def render_picture(view: dict[str, Any]) -> str:
    lines = _picture_lines(view)
    height = svg.H + 16 + 30 * len(lines)
    body = [svg.text(16, svg.H + 30 * (i + 1), line, 20, "start", colour) for i, (line, colour) in enumerate(lines)]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {svg.W} {height}" width="{svg.W}" height="{height}">'
        f'<rect x="0" y="0" width="{svg.W}" height="{height}" fill="#f3ecd9"/>'
        + "\n".join(svg.map_parts(view))
        + "".join(body)
        + "</svg>"
    )
