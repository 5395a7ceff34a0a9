"""The Political Turn: disbanding, usurpation, going home, the campaign reset, and the final victory (R3-8, R3-9)."""

from __future__ import annotations

from games.engines.base import Text, add_event, msg
from games.engines.base.phases import Handover, Phase, hand_over

from .board import (
    BLOCK_IDS,
    EXILES,
    NEVILLES,
    ROLES,
    area_name,
    area_target,
    at_area,
    block_target,
    blocks_in,
    friendly_or_vacant,
    is_heir,
    local_mercenary,
    name,
    owner,
    pretender,
    senior_heir_in_play,
    set_over,
    side_name,
    status,
    supply_count,
    usable_shields,
)
from .data.areas import AREAS
from .data.blocks import BLOCKS
from .prompts import prompt

YORK_SHIELDS = ("South Yorks", "Hereford", "Rutland")


def disband(state: dict) -> None:
    """R3-8.1a-c, A27: levies, Bombards and the Welsh to the pools, mercenaries home, the Rebel off the map."""
    for b in BLOCK_IDS:
        rec = state["blocks"][b]
        kind = BLOCKS[b]["kind"]
        if rec["at"] not in AREAS:
            continue  # face-down mercenaries stay down until 8.5 (A32)
        if kind in ("levy", "bombard") or b == "L_Welsh":
            rec["at"] = "pool"
        elif kind == "mercenary":
            rec["at"] = BLOCKS[b]["seats"][0]
        elif kind == "rebel":
            rec.update(at="out", down=False)
    add_event(state, msg("Political Turn: levies, Bombards and mercenaries disband; the Rebel leaves the map."))


def usurpation_count(state: dict, role: str) -> int:
    """Nobles, church blocks and heirs on the mainland, +1 for London (R3-8.2a-c, A28)."""
    count = 0
    for b in BLOCK_IDS:
        at = state["blocks"][b]["at"]
        if at not in AREAS or AREAS[at]["kind"] != "land" or AREAS[at]["sea_only"]:
            continue
        if owner(state, b) == role and BLOCKS[b]["kind"] in ("lord", "church", "heir"):
            count += 1
    if status(state, "Middlesex", role) == "friendly":
        count += 1
    return count


def usurpation(state: dict) -> None:
    """The Pretender usurps on a strictly greater count (R3-8.2d/e)."""
    king, pret = state["king"], pretender(state)
    kc, pc = usurpation_count(state, king), usurpation_count(state, pret)
    add_event(
        state,
        msg(
            "Usurpation count: {king} (King) {king_count}, {pretender} (Pretender) {pretender_count}.",
            king=side_name(king),
            king_count=kc,
            pretender=side_name(pret),
            pretender_count=pc,
        ),
    )
    if pc > kc:
        state["king"] = pret
        if state["crowned"][pret] is None:
            state["crowned"][pret] = senior_heir_in_play(state, pret)
        add_event(state, msg("{side} usurps the throne!", side=side_name(pret)))
    else:
        add_event(state, msg("{side} keeps the throne.", side=side_name(king)))


def enter_political_turn(state: dict) -> Handover | None:
    """R3-8.0b: disband (8.1), usurpation (8.2), then every noble and heir goes home (8.3, 8.4) and the
    Campaign is reset (8.5)."""
    state["phase"] = "political"
    disband(state)
    usurpation(state)
    if state["campaign"] >= state["last_campaign"]:  # R3-9.0b, A34
        set_over(state, state["king"], "King after the final Usurpation check")
        return None
    queue = []
    for side in (pretender(state), state["king"]):  # R3-8.3 before R3-8.4
        for b in BLOCK_IDS:
            at = state["blocks"][b]["at"]
            if owner(state, b) != side or at not in AREAS or AREAS[at]["kind"] == "exile":
                continue  # R3-8.4c: exiles stay
            if BLOCKS[b]["kind"] in ("lord", "church", "heir"):
                queue.append(b)
    state["political"] = {"queue": queue, "ask": None, "excess": None}
    return settle_political(state)


def neville_extra(state: dict, bid: str) -> list[str]:
    """R3-8.3d/e, A31: other dead Nevilles' shields; Yorkist Kent/Salisbury may shelter in Calais."""
    out = []
    info = BLOCKS[bid]
    for other_id in BLOCK_IDS:
        o = BLOCKS[other_id]
        if o["name"] in NEVILLES and o["name"] != info["name"] and state["blocks"][other_id]["at"] == "dead":
            # Calais (Warwick's shield) stays under the Calais conditions below (A31)
            out += [a for a in o["seats"] if a != "Calais"]
    if info["side"] == "york" and info["name"] in ("Kent", "Salisbury"):
        role = owner(state, bid)
        all_enemy = all(status(state, a, role) == "enemy" for a in info["seats"])
        if all_enemy and supply_count(state, "Calais", role)[0] < 4:
            out.append("Calais")
    return out


def home_options(state: dict, bid: str) -> list[str]:
    """Where a block may go home (R3-8.3a/b, R3-8.4a/b, R3-9.1f, A30, A35)."""
    role = owner(state, bid)
    info = BLOCKS[bid]
    if is_heir(bid):
        if role != state["king"]:
            return list(EXILES[role])
        cands = usable_shields(state, bid) + [a for a, f in AREAS.items() if f["crown"]]
    elif bid == "L_Clarence":
        return [a for a in YORK_SHIELDS if status(state, a, role) == "vacant"]
    else:
        cands = list(info["seats"])
        if info["name"] in NEVILLES:
            cands += neville_extra(state, bid)
    out = []
    for a in cands:
        ok = a in AREAS and friendly_or_vacant(state, a, role) and AREAS[a]["exile_of"] in (None, role)
        if ok and a not in out:
            out.append(a)
    return out


def go_home(state: dict, bid: str, area: str | None) -> None:
    role = owner(state, bid)
    rec = state["blocks"][bid]
    if area is None:
        if is_heir(bid):  # A30: no free home; he re-enters like a minor
            rec["at"] = "minor"
            state["minors_due"][BLOCKS[bid]["side"]] += 1
            if state["crowned"][role] == bid:
                state["crowned"][role] = None
        else:
            rec["at"] = "pool"
        add_event(state, msg("{block} has no home to go to and leaves the map.", block=name(bid)), only_for=[role])
        return
    rec["at"] = area
    add_event(
        state,
        msg("{block} goes home to {area}.", block=name(bid), area=area_name(area)),
        only_for=[role],
        at=at_area(area),
    )


def settle_political(state: dict) -> Handover | None:
    """Run the Political Turn until a player must choose (``state["political"]["ask"]``), or it is over."""
    ask_next(state)
    if state["political"]["ask"] == {"kind": "done"} and not state.get("over"):
        return hand_over("political_over")
    return None


def ask_next(state: dict) -> None:
    political = state["political"]
    political["ask"] = None
    while political["queue"]:
        bid = political["queue"][0]
        opts = home_options(state, bid)
        if len(opts) > 1:
            political["ask"] = {"role": owner(state, bid), "kind": "home", "block": bid, "areas": opts}
            return
        political["queue"].pop(0)
        go_home(state, bid, opts[0] if opts else None)
    if political["excess"] is None:
        reset_campaign(state)
        political["excess"] = []
        for role in ROLES:
            for area in EXILES[role]:
                count, limit = supply_count(state, area, role)
                if count > limit:
                    political["excess"].append([role, area, count - limit])
    while political["excess"]:
        role, area, n = political["excess"][0]
        cands = [b for b in blocks_in(state, area, role) if not local_mercenary(b, area)]
        if n <= 0 or not cands:
            political["excess"].pop(0)
            continue
        if len(cands) <= n:
            for b in cands:
                to_pool(state, b)
            political["excess"].pop(0)
            continue
        political["ask"] = {"role": role, "kind": "exile", "area": area, "blocks": cands}
        return
    political["ask"] = {"kind": "done"}


def reset_campaign(state: dict) -> None:
    """R3-8.5a-c, A32: everything stands up at full strength; the Rebel joins the Pretender's pool."""
    for b in BLOCK_IDS:
        rec = state["blocks"][b]
        if rec["at"] == "resting":
            rec["at"] = BLOCKS[b]["seats"][0]
        if b == "R_Rebel" and rec["at"] == "out" and state["scenario"] != "1485":
            rec["at"] = "pool"
        rec["down"] = False
        if rec["at"] in AREAS or rec["at"] == "pool":
            rec["strength"] = BLOCKS[b]["steps"]
    add_event(
        state,
        msg("Campaign reset: all blocks at full strength; the Rebel joins {side}.", side=side_name(pretender(state))),
    )


def to_pool(state: dict, bid: str) -> None:
    """R3-7.2d: an excess exile block goes to the pool; an heir re-enters later like a minor (A26)."""
    if is_heir(bid):
        go_home(state, bid, None)
    else:
        state["blocks"][bid]["at"] = "pool"
        add_event(state, msg("{block} leaves exile for the pool.", block=name(bid)), only_for=[owner(state, bid)])


def home_choices(state: dict, role: str) -> list[dict]:
    ask = state["political"]["ask"]
    return [
        {
            "action": {"type": "home", "area": a},
            "label": msg("{block} goes to {area}", block=name(ask["block"]), area=area_name(a)),
            "target": area_target(a),
        }
        for a in ask["areas"]
    ]


def exile_choices(state: dict, role: str) -> list[dict]:
    ask = state["political"]["ask"]
    return [
        {
            "action": {"type": "to_pool", "block": b},
            "label": msg("Send {block} from {area} to the pool", block=name(b), area=area_name(ask["area"])),
            "target": block_target(b),
        }
        for b in ask["blocks"]
    ]


ASK_CHOICES = {"home": home_choices, "exile": exile_choices}


def political_choices(state: dict, role: str) -> list[dict]:
    return ASK_CHOICES[state["political"]["ask"]["kind"]](state, role)


def home(state: dict, role: str, action: dict) -> Handover | None:
    """The block goes to the home its owner picked (R3-8.3, R3-8.4)."""
    political = state["political"]
    political["queue"].pop(0)
    go_home(state, political["ask"]["block"], action["area"])
    return settle_political(state)


def send_to_pool(state: dict, role: str, action: dict) -> Handover | None:
    """An excess exile block goes to the pool (R3-7.2d)."""
    to_pool(state, action["block"])
    state["political"]["excess"][0][2] -= 1
    return settle_political(state)


def political_active(state: dict) -> list[str]:
    ask = state["political"]["ask"]
    return [ask["role"]] if ask and ask["kind"] != "done" else []


def political_prompt(state: dict, role: str) -> Text:
    return msg(
        "Choose where your block goes home."
        if state["political"]["ask"]["kind"] == "home"
        else "Choose who leaves exile."
    )


def political_waiting(state: dict, who: str) -> Text:
    home = state["political"]["ask"]["kind"] == "home"
    return msg(
        "{side} is sending blocks home." if home else "{side} is choosing who leaves exile.", side=side_name(who)
    )


PHASE = Phase(
    "political",
    political_choices,
    {"home": home, "to_pool": send_to_pool},
    prompt=prompt(political_prompt, political_waiting, political_active),
    active=political_active,
)
