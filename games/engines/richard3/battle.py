"""The Battle Phase: order of battles, rounds, fire, hits, charge, treachery, retreat, regroup (R3-6)."""

from __future__ import annotations

from collections.abc import Callable

from games.engines.base import IllegalAction, Text, add_event, msg, plural
from games.engines.base.phases import Handover, Phase, hand_over

from .board import (
    ADJ,
    BORDER,
    LIMITS,
    ROLES,
    add_twin,
    area_name,
    area_target,
    at_area,
    block_target,
    border_key,
    eliminate,
    friendly_or_vacant,
    is_heir,
    may_enter,
    name,
    other,
    owner,
    side_name,
)
from .combat import (
    assign_hits,
    attempt_key,
    charge,
    contested_areas,
    engaged,
    fire_dice,
    in_battle,
    initiative,
    rating,
    reserves_enter_early,
    take_hits,
    treachery_roll,
    treason_targets,
    valid_target,
)
from .data.areas import AREAS
from .data.blocks import BLOCKS
from .prompts import prompt
from .turn_record import reserve_blocks

LETTERS = "ABCD"


# --- starting and ending battles --------------------------------------------------------------------


def enter_battle_phase(state: dict) -> Handover | None:
    """A battle in every Contested area, in the order Player 1 picks (R3-1.3b, R3-6.1b)."""
    state["phase"] = "battle"
    state["battle"] = None
    add_event(state, msg("Battle Phase."))
    return battles_fought(state)


def battles_fought(state: dict) -> Handover | None:
    """The Battle Phase is over once no Contested area is left (R3-6.1b)."""
    if state["battle"] is None and not state.get("over") and not contested_areas(state):
        return hand_over("battles_over")
    return None


def start_battle(state: dict, area: str) -> None:
    # Every contested area comes from a recorded entry; the fallback only guards odd states.
    rec = state["turn_record"]["attacks"].get(area) or {
        "attacker": state["player1"],
        "main": None,
        "entries": {},
        "reserves": [],
    }
    att = rec["attacker"]
    reserves = [b for b in reserve_blocks(rec) if state["blocks"][b]["at"] == area]
    entries = {r: sorted(rec["entries"].get(r, {})) for r in ROLES}
    state["battle"] = {
        "area": area,
        "attacker": att,
        "defender": other(att),
        "round": 1,
        "acted": [],
        "late": [],
        "reserves": reserves,
        "used": [],
        "turned": [],
        "pending": None,
        "stage": "fight",
        "retreat_crossings": {},
        "entries": entries,
        "by_sea": {b: k[4:] for k, lst in rec["entries"].get(att, {}).items() if k.startswith("sea:") for b in lst},
        "regrouped": [],
        "winner": None,
        "actor": None,
    }

    def shown(side: str) -> list[dict]:
        return [
            msg(
                "{block} {rating} ({strength}) reserve" if b in reserves else "{block} {rating} ({strength})",
                block=name(b),
                rating=rating(state, b),
                strength=state["blocks"][b]["strength"],
            )
            for b in in_battle(state, side)
        ]

    # R3-6.1c: all blocks revealed
    add_event(
        state,
        msg(
            "Battle in {area}. {defender} defends: {defending}. {attacker} attacks: {attacking}.",
            area=area_name(area),
            defender=side_name(other(att)),
            defending=shown(other(att)),
            attacker=side_name(att),
            attacking=shown(att),
        ),
        at=at_area(area),
    )
    if state["turn_record"]["treason"] in ROLES and treason_targets(state, state["turn_record"]["treason"]):
        state["battle"]["stage"] = "treason"


def end_battle(state: dict, winner: str | None) -> None:
    battle = state["battle"]
    battle["winner"] = winner
    battle["pending"] = None
    add_event(
        state,
        msg("Battle in {area} is over: {side} holds it.", area=area_name(battle["area"]), side=side_name(winner))
        if winner
        else msg("Battle in {area} is over: nobody holds it.", area=area_name(battle["area"])),
        at=at_area(battle["area"]),
    )
    if winner and regroup_choices(state, winner)[:-1]:
        battle["stage"] = "regroup"  # R3-6.7a
    else:
        finish_battle(state)


def finish_battle(state: dict) -> None:
    state["battle"] = None  # R3-6.1c: survivors stand up hidden again


def check_end(state: dict) -> bool:
    """A battle ends as soon as one side has no block left in the area, reserves included (R3-6.2h)."""
    battle = state["battle"]
    if state.get("over"):
        return True
    att, dfd = in_battle(state, battle["attacker"]), in_battle(state, battle["defender"])
    if att and dfd:
        return False
    end_battle(state, battle["attacker"] if att else (battle["defender"] if dfd else None))
    return True


# --- turn order -------------------------------------------------------------------------------------


def current(state: dict) -> tuple[str, list[str]] | None:
    """The side to act and its blocks of the current letter: A, B, C, D; Defender first (R3-6.2c)."""
    battle = state["battle"]
    for letter in LETTERS:
        for side in (battle["defender"], battle["attacker"]):
            cands = [
                b
                for b in engaged(state, side)
                if b not in battle["acted"] and b not in battle["late"] and initiative(state, b) == letter
            ]
            if cands:
                return side, cands
    return None


def next_round(state: dict) -> None:
    battle = state["battle"]
    battle["round"] += 1
    if battle["round"] > 4:  # R3-6.2f
        battle["round"] = 4
        battle["stage"] = "withdraw"
        withdraw_next(state)
        return
    battle.update(reserves=[], acted=[], late=[], retreat_crossings={})  # R3-6.3d: reserves join in round 2
    add_event(state, msg("Battle round {round} in {area}.", round=battle["round"], area=area_name(battle["area"])))


def withdraw_next(state: dict) -> None:
    """A13: blocks that turned to the Attacker in round 4 leave when it ends; the owner picks each area."""
    battle = state["battle"]
    for b in in_battle(state, battle["attacker"]):
        if not retreat_destinations(state, b):
            add_event(state, msg("{block} has nowhere to retreat and is eliminated.", block=name(b)))
            eliminate(state, b)
            if state.get("over"):
                return
            continue
        return  # the owner chooses (``withdraw``)
    battle["stage"] = "fight"
    end_battle(state, battle["defender"])


def settle(state: dict) -> Handover | None:
    """Advance automatic steps until someone must choose, or the Battle Phase is over."""
    while state["battle"] and not state.get("over"):
        battle = state["battle"]
        if battle["stage"] != "fight" or battle["pending"]:
            break
        if check_end(state):
            continue
        if current(state) is None:
            next_round(state)
            continue
        break
    return battles_fought(state)


# --- retreat and regroup ----------------------------------------------------------------------------


def sea_coast(state: dict, side: str, zone: str, area: str) -> list[str]:
    return [
        a
        for a, f in AREAS.items()
        if a != area and zone in f["seas"] and may_enter(a, side) and friendly_or_vacant(state, a, side)
    ]


def retreat_destinations(state: dict, bid: str) -> list[str]:
    """Adjacent Friendly or Vacant areas, not across an enemy entry border, within limits (R3-6.6b-e, A15)."""
    battle = state["battle"]
    side = owner(state, bid)
    area = battle["area"]
    if bid in battle["by_sea"]:
        return sea_coast(state, side, battle["by_sea"][bid], area)
    closed = set(battle["entries"][other(side)])
    if side != state["player1"]:
        closed -= set(battle["entries"][side])  # shared border: only Player 2 may retreat across it
    cross = battle["retreat_crossings"].get(side, {})
    out = []
    for to in ADJ[area]:
        key = border_key(area, to)
        if key in closed or not may_enter(to, side) or not friendly_or_vacant(state, to, side):
            continue
        if cross.get(key, 0) >= LIMITS[BORDER[(area, to)]]:
            continue
        out.append(to)
    return out


def regroup_destinations(state: dict, bid: str) -> list[str]:
    """Adjacent Friendly or Vacant areas within fresh border limits (R3-6.7b/c, A7)."""
    battle = state["battle"]
    side = owner(state, bid)
    area = battle["area"]
    if bid in battle["by_sea"]:
        return sea_coast(state, side, battle["by_sea"][bid], area)
    out = []
    for to in ADJ[area]:
        key = border_key(area, to)
        if not may_enter(to, side) or not friendly_or_vacant(state, to, side):
            continue
        if battle.get("regroup_crossings", {}).get(key, 0) >= LIMITS[BORDER[(area, to)]]:
            continue
        out.append(to)
    return out


def regroup_choices(state: dict, side: str) -> list[dict]:
    battle = state["battle"]
    out = []
    for b in in_battle(state, side):
        if b in battle["regrouped"]:
            continue
        for to in regroup_destinations(state, b):
            out.append(
                {
                    "action": {"type": "regroup", "block": b, "to": to},
                    "label": msg("Regroup {block} to {area}", block=name(b), area=area_name(to)),
                    "target": block_target(b),  # clicking the block offers its destinations
                }
            )
    out.append({"action": {"type": "done"}, "label": msg("End the regroup")})
    return out


# --- choices ----------------------------------------------------------------------------------------


def most_senior_engaged_heir(state: dict, side: str) -> str | None:
    heirs = [b for b in engaged(state, side) if is_heir(b)]
    return min(heirs, key=lambda b: BLOCKS[b]["rank"]) if heirs else None


def block_choices(state: dict, side: str, bid: str) -> list[dict]:
    battle = state["battle"]
    n = name(bid)
    out = []
    retreats = retreat_destinations(state, bid) if battle["round"] >= 2 else []  # R3-6.6a
    if side == battle["attacker"] and battle["round"] == 4:  # R3-6.2g: attackers must retreat
        out = [
            {
                "action": {"type": "retreat", "block": bid, "to": to},
                "label": msg("{block} retreats to {area}", block=n, area=area_name(to)),
                "target": area_target(to),
            }
            for to in retreats
        ]
        if not out:  # A13: no legal retreat, the block is eliminated
            out = [
                {
                    "action": {"type": "no_retreat", "block": bid},
                    "label": msg("{block} cannot retreat and is eliminated", block=n),
                    "target": block_target(bid),
                }
            ]
        return out
    out.append(
        {"action": {"type": "fire", "block": bid}, "label": msg("{block} fires", block=n), "target": block_target(bid)}
    )
    if most_senior_engaged_heir(state, side) == bid:  # R3-6.5a
        for t in engaged(state, other(side)):
            out.append(
                {
                    "action": {"type": "charge", "block": bid, "target": t},
                    "label": msg("{block} charges {target}", block=n, target=name(t)),
                    "target": block_target(t),
                }
            )
    key = attempt_key(state, bid)
    if key:
        warwick = key.startswith("warwick")
        for t in engaged(state, other(side)):
            if valid_target(state, side, t, warwick):
                out.append(
                    {
                        "action": {"type": "treachery", "block": bid, "target": t},
                        "label": msg("{block} tries to turn {target}", block=n, target=name(t)),
                        "target": block_target(t),
                    }
                )
    out += [
        {
            "action": {"type": "retreat", "block": bid, "to": to},
            "label": msg("{block} retreats to {area}", block=n, area=area_name(to)),
            "target": area_target(to),
        }
        for to in retreats
    ]
    out.append(
        {"action": {"type": "pass", "block": bid}, "label": msg("{block} passes", block=n), "target": block_target(bid)}
    )
    return out


def battle_active(state: dict) -> list[str]:
    battle = state["battle"]
    if battle is None:
        return [state["player1"]] if contested_areas(state) else []
    if battle["stage"] == "treason":
        return [state["turn_record"]["treason"]]
    if battle["stage"] == "regroup":
        return [battle["winner"]]
    if battle["stage"] == "withdraw":
        return [battle["attacker"]]
    if battle["pending"]:
        return [battle["pending"]["side"]]
    cur = current(state)
    return [cur[0]] if cur else []


def next_battle_choices(state: dict, role: str) -> list[dict]:
    """R3-6.1b: Player 1 picks the next battle."""
    return [
        {
            "action": {"type": "battle", "area": a},
            "label": msg("Fight the battle in {area}", area=area_name(a)),
            "target": area_target(a),
        }
        for a in contested_areas(state)
    ]


def treason_choices(state: dict, role: str) -> list[dict]:
    """The Treason card's roll, in this battle or a later one (R3-5.1)."""
    return [
        {
            "action": {"type": "treason", "target": t},
            "label": msg("Treason: try to turn {target}", target=name(t)),
            "target": block_target(t),
        }
        for t in treason_targets(state, role)
    ] + [{"action": {"type": "skip"}, "label": msg("Keep the Treason roll for another battle")}]


def withdraw_choices(state: dict, role: str) -> list[dict]:
    """A13: a block that turned to the Attacker in round 4 withdraws where its owner chooses."""
    bid = in_battle(state, role)[0]
    return [
        {
            "action": {"type": "withdraw", "block": bid, "to": to},
            "label": msg("{block} withdraws to {area}", block=name(bid), area=area_name(to)),
            "target": area_target(to),
        }
        for to in retreat_destinations(state, bid)
    ]


def hits_choices(state: dict, role: str) -> list[dict]:
    """R3-6.4d: the owner picks which of his equally strong blocks takes the hits."""
    hits = state["battle"]["pending"]["hits"]
    targets = engaged(state, role)
    top = max(state["blocks"][b]["strength"] for b in targets)
    return [
        {
            "action": {"type": "take", "block": b},
            "label": plural("{block} takes the hit", "{block} takes the {n} hits", hits, block=name(b)),
            "target": block_target(b),
        }
        for b in targets
        if state["blocks"][b]["strength"] == top
    ]


def fight_choices(state: dict, role: str) -> list[dict]:
    """The next block of the current letter acts (R3-6.2c)."""
    battle = state["battle"]
    side, cands = current(state)
    if battle.get("actor") in cands:
        return block_choices(state, side, battle["actor"])
    if len(cands) == 1:
        return block_choices(state, side, cands[0])
    # A20: the owner picks which of his blocks of this letter acts next
    return [
        {
            "action": {"type": "select", "block": b},
            "label": msg("{block} acts next", block=name(b)),
            "target": block_target(b),
        }
        for b in cands
    ]


STAGE_CHOICES = {
    "treason": treason_choices,
    "regroup": regroup_choices,
    "withdraw": withdraw_choices,
    "fight": fight_choices,
}


def battle_choices(state: dict, role: str) -> list[dict]:
    battle = state["battle"]
    if battle is None:
        return next_battle_choices(state, role)
    if battle["stage"] == "fight" and battle["pending"]:
        return hits_choices(state, role)
    return STAGE_CHOICES[battle["stage"]](state, role)


# --- one handler per action -------------------------------------------------------------------------


def choose_battle(state: dict, role: str, action: dict) -> Handover | None:
    start_battle(state, action["area"])
    return settle(state)


def treason(state: dict, role: str, action: dict) -> Handover | None:
    state["turn_record"]["treason"] = "used"
    state["battle"]["stage"] = "fight"
    treachery_roll(state, role, action["target"], False, msg("{side} (Treason card)", side=side_name(role)))
    return settle(state)


def skip(state: dict, role: str, action: dict) -> Handover | None:
    state["battle"]["stage"] = "fight"
    return settle(state)


def select(state: dict, role: str, action: dict) -> Handover | None:
    state["battle"]["actor"] = action["block"]
    return settle(state)


def regroup(state: dict, role: str, action: dict) -> Handover | None:
    """The winner regroups a block to an adjacent Friendly or Vacant area (R3-6.7a-c)."""
    battle = state["battle"]
    bid, to = action["block"], action["to"]
    key = border_key(battle["area"], to)
    battle.setdefault("regroup_crossings", {})[key] = battle.get("regroup_crossings", {}).get(key, 0) + 1
    battle["regrouped"].append(bid)
    state["blocks"][bid]["at"] = to
    # R3-6.1c: the block stands up hidden again once the battle is over
    add_twin(
        state,
        role,
        msg("{block} regroups to {area}.", block=name(bid), area=area_name(to)),
        msg(
            "{side} regroups a block from {from_area} to {to_area}.",
            side=side_name(role),
            from_area=area_name(battle["area"]),
            to_area=area_name(to),
        ),
        path=at_area(battle["area"], to),
    )
    if not regroup_choices(state, role)[:-1]:
        finish_battle(state)
    return settle(state)


def done(state: dict, role: str, action: dict) -> Handover | None:
    """The regroup is over."""
    finish_battle(state)
    return settle(state)


def withdraw(state: dict, role: str, action: dict) -> Handover | None:
    move_retreating(state, role, action["block"], action["to"])
    withdraw_next(state)
    return settle(state)


def take(state: dict, role: str, action: dict) -> Handover | None:
    battle = state["battle"]
    hits = battle["pending"]["hits"]
    battle["pending"] = None
    left = take_hits(state, action["block"], hits)
    if not reserves_enter_early(state):
        assign_hits(state, role, left)
    return settle(state)


BlockAct = Callable[[dict, str, str, dict], None]


def block_turn(act: BlockAct) -> Callable[[dict, str, dict], Handover | None]:
    """A block's battle turn: it fires, retreats, passes, charges or tries treachery, once a round (R3-6.2c)."""

    def handler(state: dict, role: str, action: dict) -> Handover | None:
        battle = state["battle"]
        bid = action["block"]
        battle["acted"].append(bid)
        battle["actor"] = None
        act(state, role, bid, action)
        return settle(state)

    return handler


def fire(state: dict, role: str, bid: str, action: dict) -> None:
    assign_hits(state, other(role), fire_dice(state, bid))


def pass_turn(state: dict, role: str, bid: str, action: dict) -> None:
    add_event(state, msg("{block} passes.", block=name(bid)))


def retreat(state: dict, role: str, bid: str, action: dict) -> None:
    move_retreating(state, role, bid, action["to"])


def no_retreat(state: dict, role: str, bid: str, action: dict) -> None:
    add_event(state, msg("{block} has nowhere to retreat and is eliminated.", block=name(bid)))  # A13
    eliminate(state, bid)


def charge_action(state: dict, role: str, bid: str, action: dict) -> None:
    charge(state, bid, action["target"])


def treachery(state: dict, role: str, bid: str, action: dict) -> None:
    """The King, Pretender or Warwick tries to turn an enemy block, once per battle each (R3-6.9a)."""
    key = attempt_key(state, bid)
    if key is None:
        raise IllegalAction(msg("This block has no treachery attempt left"))
    state["battle"]["used"].append(key)
    treachery_roll(state, role, action["target"], key.startswith("warwick"), name(bid))


def move_retreating(state: dict, role: str, bid: str, to: str) -> None:
    battle = state["battle"]
    if bid not in battle["by_sea"]:
        key = border_key(battle["area"], to)
        cross = battle["retreat_crossings"].setdefault(role, {})
        cross[key] = cross.get(key, 0) + 1  # R3-6.6d
    state["blocks"][bid]["at"] = to
    add_event(
        state, msg("{block} retreats to {area}.", block=name(bid), area=area_name(to)), path=at_area(battle["area"], to)
    )


def battle_prompt(state: dict, role: str) -> Text:
    battle = state["battle"]
    if battle is None:
        return msg("Choose the next battle to fight.")
    if battle["stage"] == "treason":
        return msg("Use your Treason roll in this battle, or keep it.")
    if battle["stage"] == "regroup":
        return msg("You won the battle: regroup blocks or end the regroup.")
    if battle["stage"] == "withdraw":
        return msg("Round 4 is over: choose where your block that changed sides withdraws.")
    if battle["pending"]:
        return msg("Several of your blocks are equally strong: choose which takes the hits.")
    return msg(
        "Battle in {area}, round {round}: choose fire, retreat or pass for one of your blocks.",
        area=area_name(battle["area"]),
        round=battle["round"],
    )


WAITING = {
    "treason": "{side} is deciding on a Treason roll in the battle in {area} (round {round}).",
    "regroup": "{side} is regrouping after winning the battle in {area} (round {round}).",
    "withdraw": "{side} is withdrawing a block that changed sides in the battle in {area} (round {round}).",
    "hits": "{side} is choosing which block takes the hits in the battle in {area} (round {round}).",
    "fight": "{side} is fighting in the battle in {area} (round {round}).",
}


def battle_waiting(state: dict, who: str) -> Text:
    battle = state["battle"]
    if battle is None:
        return msg("{side} is choosing the next battle.", side=side_name(who))
    stage = battle["stage"] if battle["stage"] in WAITING else ("hits" if battle["pending"] else "fight")
    return msg(WAITING[stage], side=side_name(who), area=area_name(battle["area"]), round=battle["round"])


PHASE = Phase(
    "battle",
    battle_choices,
    {
        "battle": choose_battle,
        "treason": treason,
        "skip": skip,
        "select": select,
        "regroup": regroup,
        "done": done,
        "withdraw": withdraw,
        "take": take,
        "fire": block_turn(fire),
        "pass": block_turn(pass_turn),
        "retreat": block_turn(retreat),
        "no_retreat": block_turn(no_retreat),
        "charge": block_turn(charge_action),
        "treachery": block_turn(treachery),
    },
    prompt=prompt(battle_prompt, battle_waiting, battle_active),
    active=battle_active,
)
