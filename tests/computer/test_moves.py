"""The computer's task: on its own queue, after commit, idempotent by seq; it sees only its side's view."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.conf import settings

from accounts.vacation import start_vacation
from config import celery_app
from games import services
from games.computer import moves, tasks
from games.computer.accounts import computer_user
from games.computer.matches import create_computer_match
from games.engines.base import search
from games.models import Action, MatchStatus
from notifications import deadlines
from notifications.clocks import PRESETS
from notifications.models import Notification
from tests.notifications.helpers import T0, frozen

pytestmark = pytest.mark.django_db


def test_the_task_is_routed_to_the_bots_queue():
    assert "bots" in [queue.name for queue in settings.CELERY_TASK_QUEUES]
    route = celery_app.amqp.router.route({}, tasks.computer_move_task.name)
    assert route["queue"].name == "bots"
    assert "bots" in set(celery_app.amqp.queues)  # a worker started without -Q consumes it too


def test_the_task_is_queued_on_commit_with_the_seq_it_is_for(alice, committed, monkeypatch):
    queued = []
    monkeypatch.setattr("games.computer.scheduling.queue_move", lambda *args: queued.append(args))
    with committed() as callbacks:
        match = create_computer_match(alice, "rosenkoenig", role="white", level="easy")
        assert queued == []  # nothing before the commit: the request never plays the computer's move
    for callback in callbacks:
        callback()
    assert queued == [(match.pk, 0)]


def test_a_duplicate_or_stale_task_does_nothing(alice, searches, committed):
    with committed(execute=True):
        match = create_computer_match(alice, "rosenkoenig", role="white", level="normal")
    match.refresh_from_db()
    assert match.seq == 1 and len(searches) == 1
    assert moves.play(match.pk, 0) == 0  # the same task again: the match moved on
    tasks.computer_move_task.apply(args=(match.pk, 0))
    assert match.actions.count() == 1 and len(searches) == 1


def test_it_is_handed_the_view_a_seed_from_the_match_and_seq_and_a_clock(alice, searches, committed, monkeypatch):
    clock = [100.0]  # the platform's clock, stopped: the cut is read from it, never from the engine
    monkeypatch.setattr(moves, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    with committed(execute=True):
        match = create_computer_match(alice, "rosenkoenig", role="white", level="normal")
    (call,) = searches
    match.refresh_from_db()
    assert call["role"] == "red" and "rng" not in call["view"]
    assert call["view"] == match.engine.view(match.engine.setup(match.seed, match.options), "red")
    match.seq = 0  # the seed is that of the position it chose in
    assert call["seed"] == moves.move_seed(match, "red")
    assert call["reply_left"]() == search.LEVELS["normal"].reply_seconds  # its reply began with it
    clock[0] += 0.5
    assert call["reply_left"]() == search.LEVELS["normal"].reply_seconds - 0.5


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_decisions_of_a_reply_share_its_levels_time(alice, searches, committed, monkeypatch, level):
    clock = [100.0]
    monkeypatch.setattr(moves, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    stub = search.choose_action

    def thinking(*args, **kwargs):
        clock[0] += 0.25
        return stub(*args, **kwargs)

    monkeypatch.setattr(search, "choose_action", thinking)
    with committed(execute=True):  # Nine Years: Bourbon, the computer, opens with two decisions in a row
        create_computer_match(alice, "nine_years", role="alliance", level=level)
    assert len(searches) >= 2
    spent = 0.25 * len(searches)
    assert {call["reply_left"]() for call in searches} == {search.LEVELS[level].reply_seconds - spent}
    assert search.LEVELS["strong"].reply_seconds > search.LEVELS["normal"].reply_seconds


def test_it_replies_after_every_move_of_the_person(alice, searches, committed):
    with committed(execute=True):
        match = create_computer_match(alice, "rosenkoenig", role="red", level="easy")
    for _ in range(3):
        match.refresh_from_db()
        assert match.active_roles == ["red"]
        action = match.engine.legal_actions(match.state, "red")[0]["action"]
        with committed(execute=True):
            services.submit_action(match.pk, alice, "red", action, match.seq)
    match.refresh_from_db()
    roles = list(match.actions.order_by("seq").values_list("role", "user__username"))
    assert roles[:6] == [("red", "alice"), ("white", "computer-easy")] * 3


def test_a_failing_search_is_retried(alice, searches, committed, monkeypatch):
    failures = iter([RuntimeError("worker lost"), None])

    def flaky(match, role, level, turn_ends):
        error = next(failures)
        if error:
            raise error
        return match.engine.legal_actions(match.state, role)[0]["action"]

    monkeypatch.setattr(moves, "choose", flaky)
    with committed(execute=True):
        match = create_computer_match(alice, "rosenkoenig", role="white", level="easy")
    assert match.actions.count() == 1


def test_timeout_policy_the_computer_moves_for_you(alice, bob, searches):
    with frozen(T0):
        match = services.create_match(
            alice, "rosenkoenig", role="red", time_control=PRESETS["fast"], timeout_policy="computer"
        )
        services.join_match(match.pk, bob, "white")
    with frozen(T0 + timedelta(days=1, hours=1)):
        assert deadlines.enforce_deadlines(T0 + timedelta(days=1, hours=1)) == 1
    match.refresh_from_db()
    (record,) = Action.objects.filter(match=match)
    assert record.user == alice and record.idempotency_key.startswith("timeout:")
    assert record.reason == "The computer moved for Red, whose time ran out"
    assert match.active_roles == ["white"] and match.status == MatchStatus.ACTIVE
    (told,) = Notification.objects.filter(user=bob, kind="timeout").values_list("payload", flat=True)[:1]
    assert told["policy"] == "computer" and told["labels"]


def test_the_match_page_says_the_computer_moved_for_you_in_the_readers_language(
    alice, bob, searches, committed, client
):
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    with committed(execute=True):
        start_vacation(alice, T0, computer_moves=True)
    match.refresh_from_db()
    bob_moves = match.engine.legal_actions(match.state, "white")[0]["action"]
    services.submit_action(match.pk, bob, "white", bob_moves, match.seq)  # a line of bob's own: not marked
    client.force_login(bob)
    english = client.get(f"/matches/{match.pk}/").content.decode()
    russian = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert english.count('class="stand-in-mark"') == 1
    assert '<em class="stand-in-mark">The computer moved for Red, who is on vacation</em>' in english
    assert russian.count('class="stand-in-mark"') == 1 and "The computer moved" not in russian
    assert "в отпуске" in russian


def test_a_vacation_the_computer_plays_through(alice, bob, searches, committed):
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    with committed(execute=True):
        start_vacation(alice, T0, computer_moves=True)
    match.refresh_from_db()
    (record,) = match.actions.all()
    assert record.user == alice and record.reason == "The computer moved for Red, who is on vacation"
    assert match.active_roles == ["white"]
    action = match.engine.legal_actions(match.state, "white")[0]["action"]
    with committed(execute=True):  # bob moves: the computer answers for alice at once
        services.submit_action(match.pk, bob, "white", action, match.seq)
    match.refresh_from_db()
    assert match.seq == 3 and match.active_roles == ["white"]


def test_an_ordinary_vacation_leaves_the_turn_waiting(alice, bob, searches, committed):
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    with committed(execute=True):
        start_vacation(alice, T0)
    assert not match.actions.exists() and searches == []


def test_the_computer_is_never_mailed(alice, searches, committed):
    with committed(execute=True):
        create_computer_match(alice, "rosenkoenig", role="white", level="easy")
    assert not Notification.objects.filter(user=computer_user("easy")).exists()
