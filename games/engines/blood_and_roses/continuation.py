"""Phase E (4.0h, 6.2, 6.3, 14.8, 14.9): the end of an activation — Battle Flight checks, pursuit
(phase ``pursue``), Loss Checks — then the continuation: the player nominates a Battle or ends the
chain (``nominate``), the opponent may seize the activation (``seize``) and the player negate it
(``negate``). What follows is handed over to the sequencer: Phase A for the opponent (``"activation"``)
or Phase B of a continued activation (``"movement"``)."""

from __future__ import annotations

from games.engines.base import Choice, add_event
from games.engines.base.messages import msg
from games.engines.base.phases import Handover, Phase, hand_over

from . import dice, flight, pursuit, victory
from .board import other
from .common import State, army_members, cinc, end_game, live_battles, rating
from .prompts import asked
from .texts import battle_name, side


def finish_activation(state: State, automatic: bool, passed_by: str | None = None) -> Handover | None:
    """Phase E (BR-4.0h): (1) Battle Flight checks, (2) pursuit, (3) Loss Checks, (4) nomination.
    ``passed_by``: the player passed, so the opponent receives an automatic activation (BR-6.1k/l)."""
    state["acted"] = {}
    state["selected"] = None
    state["closing"] = {"automatic": automatic}
    if state["options"]["battle_flight"]:
        fled_before = {b for b, x in state["battles"].items() if x.get("fled")}
        flight.battle_flight_checks(state)
        gone = [r for r in ("york", "lancaster") if not live_battles(state, r) and not has_pursuers(state, r)]
        if len(gone) == 2:
            end_game(state, None, msg("both armies' last Battles fled"))  # BR-14.8i
            return None
        if gone:
            end_game(state, other(gone[0]), msg("{side}'s last Battle fled", side=side(gone[0])))
            return None
        if state["options"]["pursuit"]:
            state["pursuit_queue"] = sorted(
                b for b, x in state["battles"].items() if x.get("fled") and b not in fled_before
            )
    if continue_closing(state) and passed_by:
        return hand_over("activation", role=other(passed_by))
    return None


def has_pursuers(state: State, role: str) -> bool:
    return any(state["battles"][b]["side"] == role for b in state["pursuers"])


def continue_closing(state: State) -> bool:
    """The rest of Phase E after each pursuit; True when it reaches the nomination (4)."""
    while state["pursuit_queue"]:
        fled = state["pursuit_queue"].pop(0)
        if pursuit.start(state, fled):
            return False
    automatic = state.pop("closing")["automatic"]
    if automatic:
        lost = victory.loss_checks(state)
        if lost["york"] and lost["lancaster"]:
            end_game(state, None, msg("both armies fail their Loss Checks"))  # BR-3.0d
            return False
        for role in ("york", "lancaster"):
            if lost[role]:
                end_game(state, other(role), msg("{side} fails its Loss Check", side=side(role)))
                return False
    for role in ("york", "lancaster"):
        if not live_battles(state, role) and not has_pursuers(state, role):
            end_game(state, other(role), msg("{side} has no Battle left", side=side(role)))
            return False
    if state["activations"] >= state["nightfall"]:
        end_game(state, None, msg("nightfall (stand-in time limit): a draw"))
        return False
    state["phase"] = "nominate"
    state["decider"] = state["player"]
    return True


# --- pursuit (14.9): the decisions; the rules are in ``pursuit`` ----------------------------------


def pursuer(state: State, role: str, action: dict) -> None:
    state["pursuit"]["battle"] = action["battle"]
    pursuit.check(state)


def pursue(state: State, role: str, action: dict) -> None:
    p = state["pursuit"]
    pursuit.pursue(state, p["battle"], p["fled"], action.get("leader", True), action.get("fewer", False))
    state.pop("pursuit")
    continue_closing(state)


def no_pursuit(state: State, role: str, action: dict) -> None:
    pursuit.no_pursuit(state, state["pursuit"]["fled"])
    state.pop("pursuit")
    continue_closing(state)


# --- continuation and seizure (6.2, 6.3) --------------------------------------------------------


def nominate_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = []
    battles = live_battles(state, role)
    last = state["activation"]
    for bid in battles:
        if last and last["kind"] == "battle" and bid in last["battles"] and len(battles) > 1:
            continue  # BR-4.0i, BR-6.2b
        out.append(
            {
                "action": {"type": "continue", "battle": bid},
                "label": msg(
                    "Try to continue with {battle} (rating {rating})",
                    battle=battle_name(state, bid),
                    rating=rating(state, bid, role),
                ),
            }
        )
    if last and last["kind"] == "army" and cinc(state, role) and len(army_members(state, role)[0]) > 1:
        out.append({"action": {"type": "continue_army"}, "label": "Try to continue with the Army"})  # BR-4.0j
    out.append({"action": {"type": "end"}, "label": "End the chain (the opponent activates)"})
    return out


def end_chain(state: State, role: str, action: dict) -> Handover:
    add_event(state, msg("{side} ends the chain.", side=side(role)))  # BR-6.2a/k
    return hand_over("activation", role=other(role))


def nominate_battle(state: State, role: str, action: dict) -> Handover | None:
    return nominate(state, role, {"battle": action["battle"], "army": False})


def nominate_army(state: State, role: str, action: dict) -> Handover | None:
    return nominate(state, role, {"battle": None, "army": True})  # BR-4.0j


def nominate(state: State, role: str, nominee: dict) -> Handover | None:
    """BR-6.2e: the nominee is tried, unless the opponent may seize the activation first."""
    state["nominee"] = nominee
    opponent = other(role)
    if any(m["kind"] == "opportunity" for m in state["markers"][opponent]) and live_battles(state, opponent):
        state["phase"] = "seize"  # BR-6.2e, BR-4.0k
        state["decider"] = opponent
        return None
    return continuation_roll(state)


def continuation_roll(state: State) -> Handover:
    """BR-6.2f-k, A3, A4: DR + DRMs <= the nominated leader's rating activates it."""
    role = state["player"]
    nominee = state.pop("nominee")
    drm = state["chain"] + (1 if nominee["army"] else 0) + (1 if len(live_battles(state, role)) == 1 else 0)
    target = rating(state, None if nominee["army"] else nominee["battle"], role)
    dr = dice.roll(state)
    ok = dr + drm <= target
    add_event(
        state,
        msg(
            "Continuation roll for {side}: DR {dr}{drm} vs {target}: success."
            if ok
            else "Continuation roll for {side}: DR {dr}{drm} vs {target}: failure.",
            side=side(role),
            dr=dr,
            drm=f"{drm:+d}",
            target=target,
        ),
        dr=dr,
    )
    if not ok:
        return hand_over("activation", role=other(role))
    state["chain"] += 1
    if nominee["army"]:
        battles, units = army_members(state, role)
        return hand_over("movement", kind="army", battles=battles, automatic=False, units=units)
    return hand_over("movement", kind="battle", battles=[nominee["battle"]], automatic=False)


def seize_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = []
    for marker in state["markers"][role]:
        if marker["kind"] != "opportunity":
            continue
        for bid in live_battles(state, role):
            out.append(
                {
                    "action": {"type": "seize", "marker": marker["id"], "battle": bid},
                    "label": msg(
                        "Seize with {battle} (marker 0-{range})", battle=battle_name(state, bid), range=marker["range"]
                    ),
                }
            )
    out.append({"action": {"type": "no_seize"}, "label": "Let the roll go ahead"})
    return out


def no_seize(state: State, role: str, action: dict) -> Handover:
    return continuation_roll(state)


def seize(state: State, role: str, action: dict) -> Handover | None:
    marker = next(m for m in state["markers"][role] if m["id"] == action["marker"])
    state["markers"][role].remove(marker)  # BR-6.3c
    state["seizure"] = {"role": role, "range": marker["range"], "battle": action["battle"]}
    add_event(
        state,
        msg(
            "{side} plays a Seizure Opportunity (0-{range}) for {battle}.",
            side=side(role),
            range=marker["range"],
            battle=battle_name(state, action["battle"]),
        ),
    )
    if any(m["kind"] == "negation" for m in state["markers"][state["player"]]):
        state["phase"] = "negate"
        state["decider"] = state["player"]
        return None
    return seizure_roll(state)


def negate_choices(state: State, role: str) -> list[Choice]:
    out: list[Choice] = [
        {"action": {"type": "negate", "marker": m["id"]}, "label": "Play Seizure Negation"}
        for m in state["markers"][role]
        if m["kind"] == "negation"
    ]
    out.append({"action": {"type": "allow"}, "label": "Let the seizure roll go ahead"})
    return out


def negate(state: State, role: str, action: dict) -> Handover:
    marker = next(m for m in state["markers"][role] if m["id"] == action["marker"])
    state["markers"][role].remove(marker)
    state.pop("seizure")
    add_event(state, msg("{side} negates the seizure.", side=side(role)))  # BR-6.3g, A5
    return continuation_roll(state)


def allow(state: State, role: str, action: dict) -> Handover:
    return seizure_roll(state)


def seizure_roll(state: State) -> Handover:
    """BR-6.3e/f/m: within the range the seizing Battle activates (not automatic); above it the original
    player gets an automatic activation. The continuation DRM resets either way (BR-6.2k)."""
    seizure = state.pop("seizure")
    state.pop("nominee", None)
    dr = dice.roll(state)
    seizer = seizure["role"]
    add_event(state, msg("Seizure roll: DR {dr} (needs 0-{range}).", dr=dr, range=seizure["range"]), dr=dr)
    if dr <= seizure["range"]:
        state["player"] = seizer
        state["chain"] = 0
        return hand_over("movement", kind="battle", battles=[seizure["battle"]], automatic=False)
    return hand_over("activation", role=other(seizer))


PURSUE = Phase(
    "pursue",
    pursuit.choices,
    {"pursuer": pursuer, "pursue": pursue, "no_pursuit": no_pursuit},
    prompt=asked("pursue"),
)
NOMINATE = Phase(
    "nominate",
    nominate_choices,
    {"end": end_chain, "continue": nominate_battle, "continue_army": nominate_army},
    prompt=asked("nominate"),
)
SEIZE = Phase("seize", seize_choices, {"no_seize": no_seize, "seize": seize}, prompt=asked("seize"))
NEGATE = Phase("negate", negate_choices, {"negate": negate, "allow": allow}, prompt=asked("negate"))
