"""SK-8.2-8.8, SK-8.10: battles (and the deployment part of sieges), losses, retreats, cards."""

from __future__ import annotations

from games.engines.base import Action, Choice, State, add_event, msg, plural
from games.engines.base.phases import Phase, mark_hand_over

from .common import (
    NAMES,
    SIDES,
    asked,
    block_label,
    block_target,
    blocks_at,
    card,
    card_label,
    card_target,
    check_instant,
    choice,
    combat_locations,
    draw_cards,
    enter_location,
    face,
    face_name,
    kill,
    loc_name,
    loc_target,
    other,
    side_of,
    unique_by_face,
    unique_by_kind,
)
from .data.locations import CASTLES
from .data.roads import ADJACENT
from .overrun import arrival_overrun


def _new(state: State, loc: str, kind: str, attacker: str, sides: dict[str, str], origin: list[str]) -> None:
    defender = other(attacker)
    state["battle"] = {
        "location": loc,
        "kind": kind,
        "attacker": attacker,
        "defender": defender,
        "impact": {"ishida": 0, "tokugawa": 0},  # SK-8.3.1a
        "fighting_for": sides,  # block -> the side it fights for now (SK-8.6.1c: defectors change)
        "deployed": [],
        "cards_played": {"ishida": [], "tokugawa": []},
        "passed": {"ishida": False, "tokugawa": False},
        "card_played": {"ishida": False, "tokugawa": False},
        "last_deployment": None,
        "entered_from": origin,
        "castle_control": state["castles"].get(loc),
        "losses_owed": {"ishida": 0, "tokugawa": 0},
        "lost": {"ishida": 0, "tokugawa": 0},
        "losing": None,
        "winner": None,
        "shelter": [],
        "initiative_tie": state["options"].get("initiative_tie", "attacker"),
    }
    _next_deployer(state)


def enter_battle(state: State, loc: str, attacker: str, origin: list[str] | None) -> None:
    """SK-8.2.1a/c: the active player (or the retreating side) attacks; every block takes part."""
    sides = {b: side_of(b) for r in SIDES for b in blocks_at(state, loc, r)}
    if origin is None:  # AMB-23: where the attacker's blocks entered from this phase
        entry = state["movement"]["entered_from"]
        origin = sorted({entry[b] for b in sides if side_of(b) == attacker and b in entry})
    add_event(
        state, msg("Battle in {loc}: {side} attacks.", loc=loc_name(loc), side=NAMES[attacker]), at=[f"location:{loc}"]
    )
    _new(state, loc, "battle", attacker, sides, origin)


def enter_siege(state: State, loc: str) -> None:
    """SK-8.9.4a: the side outside deploys; the besieged side plays nothing."""
    siege = state["sieges"][loc]
    attacker = other(siege["side"])
    sides = {b: attacker for b in blocks_at(state, loc, attacker)}
    add_event(
        state, msg("Siege of {loc}: {side} besieges.", loc=loc_name(loc), side=NAMES[attacker]), at=[f"location:{loc}"]
    )
    _new(state, loc, "siege", attacker, sides, [])


def holder(battle: dict) -> str | None:
    """SK-8.5a-e, AMB-02(b): the lower Impact deploys; a tie goes to the attacker."""
    attacker, defender = battle["attacker"], battle["defender"]
    if battle["kind"] == "siege":  # SK-8.9.4a: the attacker keeps the initiative
        return None if battle["passed"][attacker] else attacker
    if battle["passed"][attacker] and battle["passed"][defender]:
        return None
    if battle["passed"][attacker]:
        return defender
    if battle["passed"][defender]:
        return attacker
    if (
        battle["impact"][defender] == battle["impact"][attacker]
        and battle["initiative_tie"] == "defender"
        and battle["deployed"]
    ):
        return defender  # AMB-02(a), the literal reading, as an option; 0-0 at the start is still the attacker's
    return defender if battle["impact"][defender] < battle["impact"][attacker] else attacker


def _next_deployer(state: State) -> None:
    battle = state["battle"]
    who = holder(battle)
    if who is None:
        _end_deployment(state)
        return
    state["phase"] = "deploy"
    state["active"] = [who]


def can_deploy(state: State, block: str, card_id: str | None) -> bool:
    """SK-8.2.2b/c, AMB-28: mon must match; Ishida and Ii take any mon card; leaders free early."""
    f = face(state, block)
    if card_id is None:
        return False
    k = card(state, card_id)
    return bool(k.daimyo) and (k.daimyo == f.daimyo or f.any_card)


def undeployed(state: State, role: str) -> list[str]:
    battle = state["battle"]
    deployed = {d["block"] for d in battle["deployed"]}
    return [b for b, s in sorted(battle["fighting_for"].items()) if s == role and b not in deployed]


def impact(state: State, role: str, block: str, card_id: str | None, double: bool) -> int:
    """SK-8.3.2a base strength; SK-8.3.3a +1 per same-daimyo block; SK-8.4.1 special attacks."""
    battle = state["battle"]
    f = face(state, block)
    mine = [face(state, d["block"]) for d in battle["deployed"] if d["side"] == role]
    value = f.strength + sum(1 for g in mine if g.daimyo == f.daimyo)
    k = card(state, card_id) if card_id else None
    if battle["kind"] == "battle" and k and k.sword and not double and f.special:  # SK-8.4.1b-d, SK-8.9.5a
        value += 2 + 2 * sum(1 for g in mine if g.special == f.special)  # SK-8.4.1c, AMB-22
    return value


def second_choices(state: State, role: str) -> list[Choice]:
    k = card(state, state["battle"]["last_deployment"]["card"])
    out = [
        choice(
            msg("Also deploy {face} with the double card", face=face_name(state, b)),
            block_target(b),
            type="second",
            block=b,
        )
        for b in unique_by_face(state, undeployed(state, role))
        if face(state, b).daimyo == k.daimyo  # SK-8.4.2a
    ]
    return [*out, choice("Deploy no second block", type="no_second")]


def challenge_choices(state: State, role: str) -> list[Choice]:
    out = [
        choice(
            msg("Play {card} against that deployment", card=card_label(state, c)),
            card_target(c),
            type="challenge",
            card=c,
        )
        for c in unique_by_kind(state, state["hands"][role])
        if card(state, c).loyalty
    ]
    return [*out, choice("No loyalty challenge", type="no_challenge")]


def refute_choices(state: State, role: str) -> list[Choice]:
    return [
        choice(
            msg("Show {card} to keep the block loyal", card=card_label(state, c)), card_target(c), type="refute", card=c
        )
        for c in refuting_cards(state)
    ]


def loss_choices(state: State, role: str) -> list[Choice]:
    return [
        choice(msg("Lose {unit}", unit=block_label(state, b)), fighter_target(state, role, b), type="lose", block=b)
        for b in unique_by_face(state, loss_tier(state, role))
    ]


def fighter_target(state: State, role: str, block: str) -> str:
    """A block fighting for ``role``: its own by id; an enemy's defector by its place in the deployment
    order, since the view never gives an enemy block's id."""
    if side_of(block) == role:
        return block_target(block)
    index = next(i for i, d in enumerate(state["battle"]["deployed"]) if d["block"] == block)
    return f"deployed:{index}"


def deploy_choices(state: State, role: str) -> list[Choice]:
    battle = state["battle"]
    out = []
    hand = unique_by_kind(state, state["hands"][role])
    for b in unique_by_face(state, undeployed(state, role)):
        f = face(state, b)
        if f.leader and not battle["card_played"][role]:  # SK-8.2.4a/b: free leaders before any card
            out.append(
                choice(
                    msg("Deploy {block} without a card", block=block_label(state, b)),
                    block_target(b),
                    type="deploy",
                    block=b,
                    card=None,
                )
            )
        for c in hand:
            if can_deploy(state, b, c):
                label = msg("Deploy {block} with {card}", block=block_label(state, b), card=card_label(state, c))
                out.append(choice(label, block_target(b), type="deploy", block=b, card=c))
    if out and battle["kind"] == "battle" and role == battle["attacker"] and not battle["deployed"]:
        return out  # SK-8.2.1c, AMB-29: the attacker must make the first deployment if he can
    out.append(choice("Pass: deploy no more in this battle", type="pass"))
    return out


def _place(state: State, role: str, block: str, card_id: str | None, double: bool) -> None:
    battle = state["battle"]
    value = impact(state, role, block, card_id, double)
    battle["deployed"].append({"block": block, "side": role, "card": card_id, "impact": value})
    battle["impact"][role] += value  # SK-8.2.3b
    args = {"side": NAMES[role], "face": face_name(state, block), "value": value, **battle["impact"]}
    if card_id:
        text = msg(
            "{side} deploys {face} with {card}: +{value} (Ishida {ishida}, Tokugawa {tokugawa}).",
            card=card_label(state, card_id),
            **args,
        )
    else:
        text = msg("{side} deploys {face} without a card: +{value} (Ishida {ishida}, Tokugawa {tokugawa}).", **args)
    add_event(
        state,
        text,
    )


# --- the handlers, one per action type -------------------------------------------------------


def pass_deployment(state: State, role: str, action: Action) -> None:
    """SK-8.5d-f."""
    state["battle"]["passed"][role] = True
    add_event(state, msg("{side} will deploy no more.", side=NAMES[role]))
    _next_deployer(state)


def deploy(state: State, role: str, action: Action) -> None:
    battle = state["battle"]
    card_id = action["card"]
    if card_id is not None:
        state["hands"][role].remove(card_id)  # SK-8.2.3a: laid face up
        battle["cards_played"][role].append(card_id)
        battle["card_played"][role] = True
    double = bool(card_id) and card(state, card_id).double
    _place(state, role, action["block"], card_id, double)
    battle["last_deployment"] = {"side": role, "card": card_id, "indexes": [len(battle["deployed"]) - 1]}
    if double and not face(state, action["block"]).any_card:  # SK-8.4.2d
        state["phase"] = "second"
    else:
        _challenge_window(state)


def second(state: State, role: str, action: Action) -> None:
    """SK-8.4.2b: the second block gets the same-daimyo bonus."""
    battle = state["battle"]
    _place(state, role, action["block"], battle["last_deployment"]["card"], True)
    battle["last_deployment"]["indexes"].append(len(battle["deployed"]) - 1)
    _challenge_window(state)


def no_second(state: State, role: str, action: Action) -> None:
    _challenge_window(state)


def challenge(state: State, role: str, action: Action) -> None:
    _challenge(state, role, action["card"])


def no_challenge(state: State, role: str, action: Action) -> None:
    _next_deployer(state)


def refute(state: State, role: str, action: Action) -> None:
    _refute(state, action["card"])


def lose(state: State, role: str, action: Action) -> None:
    battle = state["battle"]
    kill(state, action["block"])
    battle["lost"][role] += 1
    battle["losses_owed"][role] -= 1
    _losses(state)


def shelter(state: State, role: str, action: Action) -> None:
    state["battle"]["shelter"].append(action["block"])
    if not _retreaters(state):
        _finish_retreat(state, None)


def retreat(state: State, role: str, action: Action) -> None:
    _finish_retreat(state, action["to"])


def _challenge_window(state: State) -> None:
    """SK-8.6.1a: the opponent may answer a card deployment with a loyalty card (not in sieges)."""
    battle = state["battle"]
    foe = other(battle["last_deployment"]["side"])
    if battle["kind"] == "battle" and battle["last_deployment"]["card"] is not None and state["hands"][foe]:
        state["phase"] = "challenge"
        state["active"] = [foe]
    else:
        _next_deployer(state)


def _challenge(state: State, challenger: str, loyalty: str) -> None:
    """SK-8.6.1b/c, SK-8.6.3a/b, AMB-21: refute with a matching card or the block(s) defect."""
    battle = state["battle"]
    owner = battle["last_deployment"]["side"]
    state["hands"][challenger].remove(loyalty)
    battle["cards_played"][challenger].append(loyalty)
    first = battle["deployed"][battle["last_deployment"]["indexes"][0]]["block"]
    challenged = msg(
        "{side} plays {card} against {face}.",
        side=NAMES[challenger],
        card=card_label(state, loyalty),
        face=face_name(state, first),
    )
    add_event(state, challenged)
    proof = refuting_cards(state)
    if len(proof) > 1:  # the owner chooses which card to show (it tells the opponent about his hand)
        state["phase"] = "refute"
        state["active"] = [owner]
        return
    if proof:
        _refute(state, proof[0])
        return
    for i in battle["last_deployment"]["indexes"]:
        dep = battle["deployed"][i]
        battle["impact"][owner] -= dep["impact"]
        dep["side"] = "?"  # not counted on either side while its new value is worked out
        dep["impact"] = impact(state, challenger, dep["block"], None, True)
        dep["side"] = challenger
        battle["impact"][challenger] += dep["impact"]
        battle["fighting_for"][dep["block"]] = challenger
        add_event(
            state,
            msg(
                "{face} changes sides: +{value} for {side} (Ishida {ishida}, Tokugawa {tokugawa}).",
                face=face_name(state, dep["block"]),
                value=dep["impact"],
                side=NAMES[challenger],
                **battle["impact"],
            ),
        )
    _next_deployer(state)


def refuting_cards(state: State) -> list[str]:
    """SK-8.6.1b, SK-8.6.3a: one card of each kind in the owner's hand that could deploy the block."""
    battle = state["battle"]
    first = battle["deployed"][battle["last_deployment"]["indexes"][0]]["block"]
    hand = state["hands"][battle["last_deployment"]["side"]]
    return [c for c in unique_by_kind(state, hand) if can_deploy(state, first, c)]


def _refute(state: State, card_id: str) -> None:
    """SK-8.6.1b, SK-8.10e: the shown card stays in the hand; the block stays loyal."""
    owner = state["battle"]["last_deployment"]["side"]
    add_event(
        state, msg("{side} shows {card}: the block stays loyal.", side=NAMES[owner], card=card_label(state, card_id))
    )
    _next_deployer(state)


def _end_deployment(state: State) -> None:
    battle = state["battle"]
    attacker, defender = battle["attacker"], battle["defender"]
    if battle["kind"] == "siege":
        mark_hand_over(state, "siege_losses")
        return
    impact, owed = battle["impact"], battle["losses_owed"]
    attacker_wins, owed[attacker], owed[defender] = battle_losses(impact[attacker], impact[defender])
    winner = attacker if attacker_wins else defender
    battle["winner"] = winner
    add_event(
        state,
        msg(
            "{side} wins the battle in {loc} ({won} to {lost}); "
            "losses: {attacker} {attacker_losses}, {defender} {defender_losses}.",
            side=NAMES[winner],
            loc=loc_name(battle["location"]),
            won=impact[attacker],
            lost=impact[defender],
            attacker=NAMES[attacker],
            attacker_losses=owed[attacker],
            defender=NAMES[defender],
            defender_losses=owed[defender],
        ),
    )
    battle["losing"] = attacker  # SK-8.7.2a: the attacker first
    _losses(state)


def battle_losses(attacker: int, defender: int) -> tuple[bool, int, int]:
    """SK-8.2.1a: a tie goes to the defender; SK-8.7.1a/b: 1 loss per full 7, +1 for the loser."""
    attacker_wins = attacker > defender
    return attacker_wins, defender // 7 + (0 if attacker_wins else 1), attacker // 7 + (1 if attacker_wins else 0)


def loss_tier(state: State, role: str) -> list[str]:
    """SK-8.7.2b, AMB-03(a): first blocks gained by defection, then deployed, then the rest."""
    battle = state["battle"]
    alive = [b for b, s in sorted(battle["fighting_for"].items()) if s == role and state["where"][b] != "dead"]
    deployed = {d["block"] for d in battle["deployed"]}
    for tier in (
        [b for b in alive if side_of(b) != role],
        [b for b in alive if b in deployed and side_of(b) == role],
        [b for b in alive if b not in deployed],
    ):
        if tier:
            return tier
    return []


def _losses(state: State) -> None:
    battle = state["battle"]
    while battle["losing"]:
        role = battle["losing"]
        alive = [b for b, s in sorted(battle["fighting_for"].items()) if s == role and state["where"][b] != "dead"]
        if battle["losses_owed"][role] > 0 and battle["losses_owed"][role] >= len(alive):  # SK-8.7.2d
            for b in alive:
                kill(state, b)
                battle["lost"][role] += 1
            battle["losses_owed"][role] = 0
        if battle["losses_owed"][role] > 0:
            state["phase"] = "losses"
            state["active"] = [role]
            return
        battle["losing"] = battle["defender"] if role == battle["attacker"] else None
    if check_instant(state):  # SK-2.1e
        return
    for b in battle["fighting_for"]:  # SK-8.6.1d: surviving defectors go home
        battle["fighting_for"][b] = side_of(b)
    loser = other(battle["winner"])
    if _retreaters(state):
        state["phase"] = "retreat"
        state["active"] = [loser]
    else:
        _finish_retreat(state, None)


def _retreaters(state: State) -> list[str]:
    battle = state["battle"]
    loser = other(battle["winner"])
    return [b for b in blocks_at(state, battle["location"], loser) if b not in battle["shelter"]]


def can_shelter(state: State) -> bool:
    """SK-8.8.4a/b: only if the loser controlled the castle before the battle; two blocks at most."""
    battle = state["battle"]
    loser = other(battle["winner"])
    return battle["location"] in CASTLES and battle["castle_control"] == loser and len(battle["shelter"]) < 2


def retreat_targets(state: State) -> list[str]:
    """SK-8.8.2a/b, SK-8.8.3a/b, AMB-23."""
    battle = state["battle"]
    loser = other(battle["winner"])
    around = [n for n, _ in ADJACENT[battle["location"]]]
    if loser == battle["attacker"]:
        return [n for n in around if n in battle["entered_from"]] or around
    safe = [n for n in around if n not in battle["entered_from"] and not blocks_at(state, n, battle["winner"])]
    return safe or around


def retreat_choices(state: State, role: str) -> list[Choice]:
    out = []
    if can_shelter(state):
        for b in unique_by_face(state, _retreaters(state)):
            label = msg("Shelter {block} in the castle", block=block_label(state, b))
            out.append(choice(label, block_target(b), type="shelter", block=b))
    for n in retreat_targets(state):
        out.append(choice(msg("Retreat to {loc}", loc=loc_name(n)), loc_target(n), type="retreat", to=n))
    return out


def _finish_retreat(state: State, to: str | None) -> None:
    """SK-8.8.1a/b: all together to one location; overruns checked once they have all arrived."""
    battle = state["battle"]
    loser = other(battle["winner"])
    loc = battle["location"]
    movers = _retreaters(state)
    if battle["shelter"]:
        state["sieges"][loc] = {"side": loser, "blocks": list(battle["shelter"])}
        sheltered = plural(
            "{side} shelters {n} block in the castle of {loc}.",
            "{side} shelters {n} blocks in the castle of {loc}.",
            len(battle["shelter"]),
            side=NAMES[loser],
            loc=loc_name(loc),
        )
        add_event(state, sheltered)
    pending = combat_locations(state, state["movement"]["player"])  # combats that existed before the retreat
    follow = None
    if to is not None and movers:
        for b in movers:
            state["where"][b] = to
        add_event(
            state,
            plural(
                "{side} retreats {n} block from {start} to {end}.",
                "{side} retreats {n} blocks from {start} to {end}.",
                len(movers),
                side=NAMES[loser],
                start=loc_name(loc),
                end=loc_name(to),
            ),
            path=[f"location:{loc}", f"location:{to}"],
        )
        enter_location(state, loser, to)
        follow = to
    replenish(state)  # SK-8.10a: before any battle the retreat causes
    state["resolved"].append(loc)
    if follow and blocks_at(state, follow, battle["winner"]):
        _retreat_into_enemy(state, follow, loser, loc, follow in pending)
        return
    back_to_menu(state)


def _retreat_into_enemy(state: State, to: str, role: str, came_from: str, pending: bool) -> None:
    """SK-8.8.5a-c: an overrun, joining an unresolved combat, or a new battle with the retreaters attacking."""
    if arrival_overrun(state, to, role):
        if not check_instant(state):
            back_to_menu(state)
        return
    siege = state["sieges"].get(to)
    if siege and siege["side"] != role:
        back_to_menu(state)  # they join their own besiegers; the castle stays besieged
        return
    if siege:
        del state["sieges"][to]  # SK-8.8.5c: joining besieged friends makes it a battle
    elif pending:
        back_to_menu(state)  # SK-8.8.5b: they join that battle
        return
    enter_battle(state, to, role, [came_from])


def replenish(state: State) -> None:
    """SK-8.10b/c/e: discard the cards played, draw as many, plus one per two blocks lost."""
    battle = state["battle"]
    for r in SIDES:
        state["discards"][r].extend(battle["cards_played"][r])
        n = len(battle["cards_played"][r])
        battle["cards_played"][r] = []
        draw_cards(state, r, n + battle["lost"][r] // 2)


def back_to_menu(state: State) -> None:
    mark_hand_over(state, "combat_menu")


DEPLOY = Phase(
    "deploy",
    deploy_choices,
    {"deploy": deploy, "pass": pass_deployment},
    prompt=asked("deploy a block with a card, or pass"),
)
SECOND = Phase(
    "second",
    second_choices,
    {"second": second, "no_second": no_second},
    prompt=asked("deploy a second block with the double card"),
)
CHALLENGE = Phase(
    "challenge",
    challenge_choices,
    {"challenge": challenge, "no_challenge": no_challenge},
    prompt=asked("decide whether to play a loyalty challenge"),
)
REFUTE = Phase(
    "refute", refute_choices, {"refute": refute}, prompt=asked("choose a card to show against the loyalty challenge")
)
LOSSES = Phase("losses", loss_choices, {"lose": lose}, prompt=asked("choose a block to lose"))
RETREAT = Phase(
    "retreat", retreat_choices, {"shelter": shelter, "retreat": retreat}, prompt=asked("retreat the defeated blocks")
)
