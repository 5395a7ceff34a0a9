"""Section 6 (seed): the VP track and its sources, dynastic leaders, automatic victory, the end of the game."""

from __future__ import annotations

from games.engines.base import Text, add_event, msg

from .board import controller, fortress_strength, name, printed_vp, side_name
from .counters import can_be_killed, kill_leader, leader_name, ratings
from .data.leaders import LEADERS
from .data.powers import ALLIANCE, BOURBON, other
from .data.tracks import KWW_TRACK, VICTORY_BANDS, VP_MAX, VP_MIN
from .provisional.supply import land_loc

State = dict
SCORING_CAUSES = ("siege", "convert")  # NY-6.1.1k: only control changes made during an action score


def add_vp(state: State, delta: int, why: Text) -> None:
    """NY-6.1.1a/b: one Alliance VP marker, clamped to 0-35; any excess is lost (A21)."""
    if delta == 0:
        return
    before = state["vp"]
    state["vp"] = max(VP_MIN, min(VP_MAX, before + delta))
    add_event(state, msg("VP {before} → {after} ({why})", before=before, after=state["vp"], why=why), vp=state["vp"])


def toward(side: str, amount: int) -> int:
    """NY-6.1.1d: VP goes up for the Alliance, down for the Bourbon."""
    return amount if side == ALLIANCE else -amount


def space_value(space: str) -> int:
    """NY-6.1.1j: fortresses are worth their full FS; unfortified spaces their printed number (or 0)."""
    return fortress_strength(space) or printed_vp(space)


def change_control(state: State, space: str, side: str | None, cause: str) -> None:
    """NY-2.3.4a: the control marker moves; VP only for siege (NY-6.1.1e) and conversion (NY-6.1.1f).

    Events (NY-6.1.1l), scenario rules and Savoy's entry or neutrality (NY-6.1.2a) never score, but a
    later siege or conversion of those spaces scores normally (NY-6.1.2b).
    """
    state["control"][space] = side
    if space in state["lines"]:
        state["lines"].remove(space)  # 15.5 (provisional): a line goes when its space changes hands
    if side is not None and cause in SCORING_CAUSES:
        add_vp(
            state,
            toward(side, space_value(space)),
            msg("{space} taken by conversion" if cause == "convert" else "{space} taken by siege", space=name(space)),
        )


def famous_victory(state: State, side: str) -> None:
    """NY-6.1.1g: a Famous Victory is worth 2 VP to the winner (16.5.3 provisional)."""
    add_vp(state, toward(side, 2), msg("{side} Famous Victory", side=side_name(side)))


def naval_attack_won(state: State, side: str) -> None:
    """NY-6.1.1h (A23): only a naval battle won by the attacker scores 1 VP."""
    add_vp(state, toward(side, 1), msg("{side} successful naval attack", side=side_name(side)))


def london_check(state: State) -> None:
    """NY-6.1.1i (19 step C): the Bourbon holding London in Winter Quarters costs the Alliance 2 VP."""
    if controller(state, "london") == BOURBON:
        add_vp(state, -2, msg("Bourbon control of London in Winter Quarters"))


def kww_adjust(state: State, old: int, new: int) -> None:
    """NY-6.1.1c/m: VP changes by (value of the new box - value of the old box)."""
    add_vp(state, KWW_TRACK[new] - KWW_TRACK[old], msg("King William's War track"))


def leader_killed(state: State, lid: str, by_side: str) -> None:
    """NY-3.1b and NY-6.1.1o: a killed dynastic leader gives the opponent 2 VP."""
    if not can_be_killed(state, lid):
        return
    kill_leader(state, lid)
    add_event(state, msg("{leader} is killed", leader=leader_name(lid)))
    if LEADERS[lid]["dynastic"]:
        add_vp(state, toward(by_side, 2), msg("dynastic leader {leader} killed", leader=leader_name(lid)))


def leader_captured(state: State, lid: str, by_side: str, home: str) -> None:
    """NY-6.1.1p/q: ransom in VP equal to CR for the underlined three; James II is killed instead.

    A6: the ransom applies only while the counter is on its named side. Other captured leaders (rule
    missing) go home at no cost (STAND-IN); a ransomed leader returns to ``home`` as well.
    """
    data, info = LEADERS[lid], state["leaders"][lid]
    if lid == "james" and not info["minor"]:
        leader_killed(state, lid, by_side)  # NY-6.1.1q: never ransomed
    elif data["dynastic"] and not info["minor"]:
        owner = other(by_side)
        add_vp(
            state, -toward(owner, ratings(state, lid)[1]), msg("ransom for {leader}", leader=leader_name(lid))
        )  # A24
    if info["space"] != "removed":
        info["space"] = home
        info["disordered"] = False
    where = name(home) if home in state["control"] else msg("off the map")
    add_event(state, msg("{leader} is captured and returns to {where}", leader=leader_name(lid), where=where))


def automatic_victory(state: State) -> str | None:
    """NY-6.2a with the conditions of the translation's second page (stand-in until 6.2 is at hand)."""
    if state["vp"] >= VP_MAX:
        return ALLIANCE
    if state["vp"] <= VP_MIN:
        return BOURBON
    if controller(state, "paris") == ALLIANCE and any(
        land_loc(state, "paris", t, ALLIANCE) for t in ("amsterdam", "vienna")
    ):
        return ALLIANCE
    for target in ("vienna", "amsterdam"):
        if controller(state, target) == BOURBON and land_loc(state, target, "paris", BOURBON):
            return BOURBON
    return None


def end_game_result(state: State, reason: Text) -> dict:
    """NY-6.1b / 6.3: the band the VP falls in (``VICTORY_BANDS``: Alliance bands from the translation, the
    rest STAND-IN); in the one tie value the player controlling London wins (NY-6.1c, A22)."""
    vp = state["vp"]
    scores = {ALLIANCE: vp, BOURBON: VP_MAX - vp}
    winner, kind = next(band[1:] for band in VICTORY_BANDS if vp >= band[0])
    if winner is None:
        return {
            "winner": controller(state, "london"),
            "scores": scores,
            "reason": msg(
                "{reason}: VP {vp} is a tie on points; the player controlling London wins (6.1)", reason=reason, vp=vp
            ),
        }
    text = "{reason}: {side} major victory (VP {vp})" if kind == "major" else "{reason}: {side} minor victory (VP {vp})"
    return {"winner": winner, "scores": scores, "reason": msg(text, reason=reason, side=side_name(winner), vp=vp)}
