"""SK-8.2-8.8, SK-8.10: battles (and the deployment part of sieges), losses, retreats, cards."""

from __future__ import annotations

from games.engines.base import Action, Choice, State, add_event
from games.engines.base.phases import Phase, mark_hand_over

from .common import (
    NAMES,
    SIDES,
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
    state["bt"] = {
        "loc": loc,
        "kind": kind,
        "att": attacker,
        "def": defender,
        "imp": {"ishida": 0, "tokugawa": 0},  # SK-8.3.1a
        "side": sides,  # block -> side it fights for now
        "dep": [],
        "table": {"ishida": [], "tokugawa": []},
        "done": {"ishida": False, "tokugawa": False},
        "carded": {"ishida": False, "tokugawa": False},
        "last": None,
        "from": origin,
        "ctl": state["castles"].get(loc),
        "owe": {"ishida": 0, "tokugawa": 0},
        "lost": {"ishida": 0, "tokugawa": 0},
        "losing": None,
        "winner": None,
        "shelter": [],
        "tie": state["options"].get("initiative_tie", "attacker"),
    }
    _next_deployer(state)


def start_battle(state: State, loc: str, attacker: str, origin: list[str] | None) -> None:
    """SK-8.2.1a/c: the active player (or the retreating side) attacks; every block takes part."""
    sides = {b: side_of(b) for r in SIDES for b in blocks_at(state, loc, r)}
    if origin is None:  # AMB-23: where the attacker's blocks entered from this phase
        entry = state["mv"]["entry"]
        origin = sorted({entry[b] for b in sides if side_of(b) == attacker and b in entry})
    add_event(state, f"Battle in {loc_name(loc)}: {NAMES[attacker]} attacks.", at=[f"location:{loc}"])
    _new(state, loc, "battle", attacker, sides, origin)


def start_siege(state: State, loc: str) -> None:
    """SK-8.9.4a: the side outside deploys; the besieged side plays nothing."""
    siege = state["sieges"][loc]
    attacker = other(siege["side"])
    sides = {b: attacker for b in blocks_at(state, loc, attacker)}
    add_event(state, f"Siege of {loc_name(loc)}: {NAMES[attacker]} besieges.", at=[f"location:{loc}"])
    _new(state, loc, "siege", attacker, sides, [])


def holder(bt: dict) -> str | None:
    """SK-8.5a-e, AMB-02(b): the lower Impact deploys; a tie goes to the attacker."""
    att, dfn = bt["att"], bt["def"]
    if bt["kind"] == "siege":  # SK-8.9.4a: the attacker keeps the initiative
        return None if bt["done"][att] else att
    if bt["done"][att] and bt["done"][dfn]:
        return None
    if bt["done"][att]:
        return dfn
    if bt["done"][dfn]:
        return att
    if bt["imp"][dfn] == bt["imp"][att] and bt["tie"] == "defender" and bt["dep"]:
        return dfn  # AMB-02(a), the literal reading, as an option; 0-0 at the start is still the attacker's
    return dfn if bt["imp"][dfn] < bt["imp"][att] else att


def _next_deployer(state: State) -> None:
    bt = state["bt"]
    who = holder(bt)
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
    bt = state["bt"]
    deployed = {d["b"] for d in bt["dep"]}
    return [b for b, s in sorted(bt["side"].items()) if s == role and b not in deployed]


def impact(state: State, role: str, block: str, card_id: str | None, double: bool) -> int:
    """SK-8.3.2a base strength; SK-8.3.3a +1 per same-daimyo block; SK-8.4.1 special attacks."""
    bt = state["bt"]
    f = face(state, block)
    mine = [face(state, d["b"]) for d in bt["dep"] if d["side"] == role]
    value = f.strength + sum(1 for g in mine if g.daimyo == f.daimyo)
    k = card(state, card_id) if card_id else None
    if bt["kind"] == "battle" and k and k.sword and not double and f.special:  # SK-8.4.1b-d, SK-8.9.5a
        value += 2 + 2 * sum(1 for g in mine if g.special == f.special)  # SK-8.4.1c, AMB-22
    return value


def second_choices(state: State, role: str) -> list[Choice]:
    k = card(state, state["bt"]["last"]["card"])
    out = [
        choice(f"Also deploy {face(state, b).label} with the double card", block_target(b), type="second", block=b)
        for b in unique_by_face(state, undeployed(state, role))
        if face(state, b).daimyo == k.daimyo  # SK-8.4.2a
    ]
    return [*out, choice("Deploy no second block", type="no_second")]


def challenge_choices(state: State, role: str) -> list[Choice]:
    out = [
        choice(f"Play {card_label(state, c)} against that deployment", card_target(c), type="challenge", card=c)
        for c in unique_by_kind(state, state["hands"][role])
        if card(state, c).loyalty
    ]
    return [*out, choice("No loyalty challenge", type="no_challenge")]


def refute_choices(state: State, role: str) -> list[Choice]:
    return [
        choice(f"Show {card_label(state, c)} to keep the block loyal", card_target(c), type="refute", card=c)
        for c in refuting_cards(state)
    ]


def loss_choices(state: State, role: str) -> list[Choice]:
    return [
        choice(f"Lose {face(state, b).label} ({b})", fighter_target(state, role, b), type="lose", block=b)
        for b in unique_by_face(state, loss_tier(state, role))
    ]


def fighter_target(state: State, role: str, block: str) -> str:
    """A block fighting for ``role``: its own by id; an enemy's defector by its place in the deployment
    order, since the view never gives an enemy block's id."""
    if side_of(block) == role:
        return block_target(block)
    index = next(i for i, d in enumerate(state["bt"]["dep"]) if d["b"] == block)
    return f"deployed:{index}"


def deploy_choices(state: State, role: str) -> list[Choice]:
    bt = state["bt"]
    out = []
    hand = unique_by_kind(state, state["hands"][role])
    for b in unique_by_face(state, undeployed(state, role)):
        f = face(state, b)
        if f.leader and not bt["carded"][role]:  # SK-8.2.4a/b: free leaders before any card
            out.append(
                choice(f"Deploy {f.label} ({b}) without a card", block_target(b), type="deploy", block=b, card=None)
            )
        for c in hand:
            if can_deploy(state, b, c):
                label = f"Deploy {f.label} ({b}) with {card_label(state, c)}"
                out.append(choice(label, block_target(b), type="deploy", block=b, card=c))
    if out and bt["kind"] == "battle" and role == bt["att"] and not bt["dep"]:
        return out  # SK-8.2.1c, AMB-29: the attacker must make the first deployment if he can
    out.append(choice("Pass: deploy no more in this battle", type="pass"))
    return out


def _place(state: State, role: str, block: str, card_id: str | None, double: bool) -> None:
    bt = state["bt"]
    value = impact(state, role, block, card_id, double)
    bt["dep"].append({"b": block, "side": role, "card": card_id, "imp": value})
    bt["imp"][role] += value  # SK-8.2.3b
    how = f"with {card_label(state, card_id)}" if card_id else "without a card"
    add_event(
        state,
        f"{NAMES[role]} deploys {face(state, block).label} {how}: +{value} "
        f"(Ishida {bt['imp']['ishida']}, Tokugawa {bt['imp']['tokugawa']}).",
    )


# --- the handlers, one per action type -------------------------------------------------------


def pass_deployment(state: State, role: str, action: Action) -> None:
    """SK-8.5d-f."""
    state["bt"]["done"][role] = True
    add_event(state, f"{NAMES[role]} will deploy no more.")
    _next_deployer(state)


def deploy(state: State, role: str, action: Action) -> None:
    bt = state["bt"]
    card_id = action["card"]
    if card_id is not None:
        state["hands"][role].remove(card_id)  # SK-8.2.3a: laid face up
        bt["table"][role].append(card_id)
        bt["carded"][role] = True
    double = bool(card_id) and card(state, card_id).double
    _place(state, role, action["block"], card_id, double)
    bt["last"] = {"side": role, "card": card_id, "idx": [len(bt["dep"]) - 1]}
    if double and not face(state, action["block"]).any_card:  # SK-8.4.2d
        state["phase"] = "second"
    else:
        _challenge_window(state)


def second(state: State, role: str, action: Action) -> None:
    """SK-8.4.2b: the second block gets the same-daimyo bonus."""
    bt = state["bt"]
    _place(state, role, action["block"], bt["last"]["card"], True)
    bt["last"]["idx"].append(len(bt["dep"]) - 1)
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
    bt = state["bt"]
    kill(state, action["block"])
    bt["lost"][role] += 1
    bt["owe"][role] -= 1
    _losses(state)


def shelter(state: State, role: str, action: Action) -> None:
    state["bt"]["shelter"].append(action["block"])
    if not _retreaters(state):
        _finish_retreat(state, None)


def retreat(state: State, role: str, action: Action) -> None:
    _finish_retreat(state, action["to"])


def _challenge_window(state: State) -> None:
    """SK-8.6.1a: the opponent may answer a card deployment with a loyalty card (not in sieges)."""
    bt = state["bt"]
    foe = other(bt["last"]["side"])
    if bt["kind"] == "battle" and bt["last"]["card"] is not None and state["hands"][foe]:
        state["phase"] = "challenge"
        state["active"] = [foe]
    else:
        _next_deployer(state)


def _challenge(state: State, challenger: str, loyalty: str) -> None:
    """SK-8.6.1b/c, SK-8.6.3a/b, AMB-21: refute with a matching card or the block(s) defect."""
    bt = state["bt"]
    owner = bt["last"]["side"]
    state["hands"][challenger].remove(loyalty)
    bt["table"][challenger].append(loyalty)
    first = bt["dep"][bt["last"]["idx"][0]]["b"]
    add_event(state, f"{NAMES[challenger]} plays {card_label(state, loyalty)} against {face(state, first).label}.")
    proof = refuting_cards(state)
    if len(proof) > 1:  # the owner chooses which card to show (it tells the opponent about his hand)
        state["phase"] = "refute"
        state["active"] = [owner]
        return
    if proof:
        _refute(state, proof[0])
        return
    for i in bt["last"]["idx"]:
        dep = bt["dep"][i]
        bt["imp"][owner] -= dep["imp"]
        dep["side"] = "?"  # not counted on either side while its new value is worked out
        dep["imp"] = impact(state, challenger, dep["b"], None, True)
        dep["side"] = challenger
        bt["imp"][challenger] += dep["imp"]
        bt["side"][dep["b"]] = challenger
        add_event(
            state,
            f"{face(state, dep['b']).label} changes sides: +{dep['imp']} for {NAMES[challenger]} "
            f"(Ishida {bt['imp']['ishida']}, Tokugawa {bt['imp']['tokugawa']}).",
        )
    _next_deployer(state)


def refuting_cards(state: State) -> list[str]:
    """SK-8.6.1b, SK-8.6.3a: one card of each kind in the owner's hand that could deploy the block."""
    bt = state["bt"]
    first = bt["dep"][bt["last"]["idx"][0]]["b"]
    hand = state["hands"][bt["last"]["side"]]
    return [c for c in unique_by_kind(state, hand) if can_deploy(state, first, c)]


def _refute(state: State, card_id: str) -> None:
    """SK-8.6.1b, SK-8.10e: the shown card stays in the hand; the block stays loyal."""
    owner = state["bt"]["last"]["side"]
    add_event(state, f"{NAMES[owner]} shows {card_label(state, card_id)}: the block stays loyal.")
    _next_deployer(state)


def _end_deployment(state: State) -> None:
    bt = state["bt"]
    att, dfn = bt["att"], bt["def"]
    if bt["kind"] == "siege":
        mark_hand_over(state, "siege_losses")
        return
    attacker_wins, bt["owe"][att], bt["owe"][dfn] = battle_losses(bt["imp"][att], bt["imp"][dfn])
    winner = att if attacker_wins else dfn
    bt["winner"] = winner
    add_event(
        state,
        f"{NAMES[winner]} wins the battle in {loc_name(bt['loc'])} "
        f"({bt['imp'][att]} to {bt['imp'][dfn]}); losses: {NAMES[att]} {bt['owe'][att]}, "
        f"{NAMES[dfn]} {bt['owe'][dfn]}.",
    )
    bt["losing"] = att  # SK-8.7.2a: the attacker first
    _losses(state)


def battle_losses(attacker: int, defender: int) -> tuple[bool, int, int]:
    """SK-8.2.1a: a tie goes to the defender; SK-8.7.1a/b: 1 loss per full 7, +1 for the loser."""
    attacker_wins = attacker > defender
    return attacker_wins, defender // 7 + (0 if attacker_wins else 1), attacker // 7 + (1 if attacker_wins else 0)


def loss_tier(state: State, role: str) -> list[str]:
    """SK-8.7.2b, AMB-03(a): first blocks gained by defection, then deployed, then the rest."""
    bt = state["bt"]
    alive = [b for b, s in sorted(bt["side"].items()) if s == role and state["where"][b] != "dead"]
    deployed = {d["b"] for d in bt["dep"]}
    for tier in (
        [b for b in alive if side_of(b) != role],
        [b for b in alive if b in deployed and side_of(b) == role],
        [b for b in alive if b not in deployed],
    ):
        if tier:
            return tier
    return []


def _losses(state: State) -> None:
    bt = state["bt"]
    while bt["losing"]:
        role = bt["losing"]
        alive = [b for b, s in sorted(bt["side"].items()) if s == role and state["where"][b] != "dead"]
        if bt["owe"][role] > 0 and bt["owe"][role] >= len(alive):  # SK-8.7.2d
            for b in alive:
                kill(state, b)
                bt["lost"][role] += 1
            bt["owe"][role] = 0
        if bt["owe"][role] > 0:
            state["phase"] = "losses"
            state["active"] = [role]
            return
        bt["losing"] = bt["def"] if role == bt["att"] else None
    if check_instant(state):  # SK-2.1e
        return
    for b in bt["side"]:  # SK-8.6.1d: surviving defectors go home
        bt["side"][b] = side_of(b)
    loser = other(bt["winner"])
    if _retreaters(state):
        state["phase"] = "retreat"
        state["active"] = [loser]
    else:
        _finish_retreat(state, None)


def _retreaters(state: State) -> list[str]:
    bt = state["bt"]
    loser = other(bt["winner"])
    return [b for b in blocks_at(state, bt["loc"], loser) if b not in bt["shelter"]]


def can_shelter(state: State) -> bool:
    """SK-8.8.4a/b: only if the loser controlled the castle before the battle; two blocks at most."""
    bt = state["bt"]
    loser = other(bt["winner"])
    return bt["loc"] in CASTLES and bt["ctl"] == loser and len(bt["shelter"]) < 2


def retreat_targets(state: State) -> list[str]:
    """SK-8.8.2a/b, SK-8.8.3a/b, AMB-23."""
    bt = state["bt"]
    loser = other(bt["winner"])
    around = [n for n, _ in ADJACENT[bt["loc"]]]
    if loser == bt["att"]:
        return [n for n in around if n in bt["from"]] or around
    safe = [n for n in around if n not in bt["from"] and not blocks_at(state, n, bt["winner"])]
    return safe or around


def retreat_choices(state: State, role: str) -> list[Choice]:
    out = []
    if can_shelter(state):
        for b in unique_by_face(state, _retreaters(state)):
            label = f"Shelter {face(state, b).label} ({b}) in the castle"
            out.append(choice(label, block_target(b), type="shelter", block=b))
    for n in retreat_targets(state):
        out.append(choice(f"Retreat to {loc_name(n)}", loc_target(n), type="retreat", to=n))
    return out


def _finish_retreat(state: State, to: str | None) -> None:
    """SK-8.8.1a/b: all together to one location; overruns checked once they have all arrived."""
    bt = state["bt"]
    loser = other(bt["winner"])
    loc = bt["loc"]
    movers = _retreaters(state)
    if bt["shelter"]:
        state["sieges"][loc] = {"side": loser, "blocks": list(bt["shelter"])}
        add_event(state, f"{NAMES[loser]} shelters {len(bt['shelter'])} block(s) in the castle of {loc_name(loc)}.")
    pending = combat_locations(state, state["mv"]["role"])  # combats that existed before the retreat
    follow = None
    if to is not None and movers:
        for b in movers:
            state["where"][b] = to
        add_event(
            state,
            f"{NAMES[loser]} retreats {len(movers)} block(s) from {loc_name(loc)} to {loc_name(to)}.",
            path=[f"location:{loc}", f"location:{to}"],
        )
        enter_location(state, loser, to)
        follow = to
    replenish(state)  # SK-8.10a: before any battle the retreat causes
    state["resolved"].append(loc)
    if follow and blocks_at(state, follow, bt["winner"]):
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
    start_battle(state, to, role, [came_from])


def replenish(state: State) -> None:
    """SK-8.10b/c/e: discard the cards played, draw as many, plus one per two blocks lost."""
    bt = state["bt"]
    for r in SIDES:
        state["discards"][r].extend(bt["table"][r])
        n = len(bt["table"][r])
        bt["table"][r] = []
        draw_cards(state, r, n + bt["lost"][r] // 2)


def back_to_menu(state: State) -> None:
    mark_hand_over(state, "combat_menu")


DEPLOY = Phase("deploy", deploy_choices, {"deploy": deploy, "pass": pass_deployment})
SECOND = Phase("second", second_choices, {"second": second, "no_second": no_second})
CHALLENGE = Phase("challenge", challenge_choices, {"challenge": challenge, "no_challenge": no_challenge})
REFUTE = Phase("refute", refute_choices, {"refute": refute})
LOSSES = Phase("losses", loss_choices, {"lose": lose})
RETREAT = Phase("retreat", retreat_choices, {"shelter": shelter, "retreat": retreat})
