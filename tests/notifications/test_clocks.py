"""Time controls: clock banks, fixed deadlines, vacation and pause move the deadlines as specified."""

from datetime import timedelta

import pytest

from accounts.vacation import end_vacation, start_vacation
from games import services, signals
from games.models import Match, MatchStatus
from notifications.clocks import PRESETS, validate_time_control

from .helpers import T0, deliver_pending, frozen, kinds

pytestmark = pytest.mark.django_db
H = timedelta(hours=1)
D = timedelta(days=1)


def new_match(alice, bob, time_control, at=T0):
    with frozen(at):
        match = services.create_match(alice, "rosenkoenig", role="red", time_control=time_control)
        services.join_match(match.pk, bob, "white")
    match.refresh_from_db()
    return match


def seats(match):
    return {seat.role: seat for seat in match.seats.order_by("pk")}


def move(match, user, role, at):
    match.refresh_from_db()
    action = match.engine.legal_actions(match.state, role)[0]["action"]
    with frozen(at):
        services.submit_action(match.pk, user, role, action, match.seq)
    match.refresh_from_db()


def test_bank_runs_only_for_the_active_role_and_credits_the_increment(alice, bob):
    match = new_match(alice, bob, PRESETS["fast"])  # 1 day, +12 h, cap 3 days
    red, white = seats(match).values()
    assert red.deadline == T0 + D and white.deadline is None
    assert white.bank_seconds == 86400
    move(match, alice, "red", T0 + 2 * H)
    red, white = seats(match).values()
    assert red.bank_seconds == (D - 2 * H + 12 * H).total_seconds() and red.deadline is None
    assert white.deadline == T0 + 2 * H + D and white.turn_started_at == T0 + 2 * H
    move(match, bob, "white", T0 + 3 * H)
    assert seats(match)["white"].bank_seconds == (D - H + 12 * H).total_seconds()
    for _ in range(4):  # 35 h + 4 x 12 h would be 83 h
        move(match, alice, "red", T0 + 3 * H)
        move(match, bob, "white", T0 + 3 * H)
    assert seats(match)["white"].bank_seconds == 3 * 86400  # capped


def test_fixed_deadline_is_refilled_every_turn(alice, bob):
    match = new_match(alice, bob, {"kind": "fixed", "per_move": 7200})
    assert seats(match)["red"].deadline == T0 + 2 * H
    move(match, alice, "red", T0 + 1 * H)
    red, white = seats(match).values()
    assert red.deadline is None and white.deadline == T0 + 3 * H


def test_no_time_control_has_no_deadline(alice, bob):
    match = new_match(alice, bob, None)
    assert all(seat.deadline is None for seat in match.seats.all())


def test_vacation_stops_the_clock_and_resumes_it(alice, bob):
    match = new_match(alice, bob, PRESETS["standard"])
    start_vacation(alice, T0 + 5 * H)
    red = seats(match)["red"]
    assert red.deadline is None and red.bank_seconds == (3 * D - 5 * H).total_seconds()
    end_vacation(alice, T0 + 2 * D)
    assert seats(match)["red"].deadline == T0 + 2 * D + 3 * D - 5 * H


def test_turn_starting_during_vacation_waits_for_the_return(alice, bob):
    match = new_match(alice, bob, PRESETS["fast"])
    start_vacation(bob, T0 + H)
    move(match, alice, "red", T0 + 2 * H)
    assert seats(match)["white"].deadline is None
    end_vacation(bob, T0 + 3 * D)
    assert seats(match)["white"].deadline == T0 + 3 * D + D


def test_pause_stops_every_clock_until_resumed(alice, bob):
    match = new_match(alice, bob, PRESETS["slow"])
    with frozen(T0 + D):
        Match.objects.filter(pk=match.pk).update(status=MatchStatus.PAUSED)
        match.status = MatchStatus.PAUSED
        signals.match_paused.send(Match, match=match)
    match.refresh_from_db()
    assert match.paused_at == T0 + D and seats(match)["red"].deadline is None
    with frozen(T0 + 10 * D):
        Match.objects.filter(pk=match.pk).update(status=MatchStatus.ACTIVE)
        match.status = MatchStatus.ACTIVE
        signals.match_resumed.send(Match, match=match)
    match.refresh_from_db()
    assert match.paused_at is None
    assert seats(match)["red"].deadline == T0 + 10 * D + 6 * D
    assert kinds(alice) == ["started", "paused", "resumed"] and kinds(bob) == ["started", "paused", "resumed"]
    mails = {m.to[0]: m.subject for m in deliver_pending() if "resumed" in m.subject}
    assert mails["alice@example.com"].endswith("— match resumed, your move (deadline Mar 18, 09:00 UTC)")
    assert mails["bob@example.com"].endswith("— the match is resumed")


@pytest.mark.parametrize(
    ("control", "message"),
    [
        ({"kind": "sundial"}, "kind is one of"),
        ({"kind": "bank", "initial": 10, "increment": 1}, "needs 'cap'"),
        ({"kind": "bank", "initial": 10, "increment": 1, "cap": 5}, "initial ≤ cap"),
        ({"kind": "fixed", "per_move": "1d"}, "whole seconds"),
    ],
)
def test_bad_time_controls_are_refused_clearly(control, message):
    with pytest.raises(ValueError, match=message):
        validate_time_control(control)


def test_presets_are_valid():
    assert all(validate_time_control(control) == control for control in PRESETS.values())


def test_a_turn_taken_back_by_an_undo_earns_no_increment(alice, bob):
    match = new_match(alice, bob, PRESETS["fast"])
    action = next(c["action"] for c in match.engine.legal_actions(match.state, "red") if c["action"]["type"] != "draw")
    with frozen(T0 + H):
        services.submit_action(match.pk, alice, "red", action, 0)
    with frozen(T0 + 2 * H):
        services.undo(match.pk, alice, "red")
    red, white = seats(match).values()
    assert white.bank_seconds == (D - H).total_seconds() and white.deadline is None
    assert red.deadline == T0 + 2 * H + timedelta(seconds=red.bank_seconds)
