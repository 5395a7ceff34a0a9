"""Reliability from a small history built by hand: the numbers below are worked out from its timestamps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from accounts.models import Timeout
from accounts.reliability import Reliability, duration_words, reliability_of
from games import services
from games.models import Action, ActionKind, Match, MatchStatus

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
T0 = NOW - timedelta(days=10)
H = timedelta(hours=1)
M = timedelta(minutes=1)


def a_match(alice, bob, status=MatchStatus.ACTIVE) -> Match:
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    Match.objects.filter(pk=match.pk).update(status=status)
    return match


def log(match: Match, records: list[tuple]) -> None:
    """Append (kind, role, user, at) records; the reliability reads only who wrote which record when."""
    for seq, (kind, role, user, at) in enumerate(records, start=1):
        Action.objects.create(
            match=match, seq=seq, kind=kind, role=role, user=user, payload={}, created_at=at, state_hash="-", hash="-"
        )


@pytest.fixture
def history(alice, bob, carol):
    move, undo, rewind = ActionKind.MOVE, ActionKind.UNDO, ActionKind.REWIND
    recent = a_match(alice, bob)
    log(
        recent,
        [
            (move, "red", alice, T0),  # no record before it: not a turn we can time
            (move, "white", bob, T0 + 2 * H),  # bob: 2 h
            (move, "red", alice, T0 + 2 * H + 30 * M),  # alice: 30 min
            (move, "red", alice, T0 + 3 * H),  # the same turn goes on: not a new one
            (undo, "red", alice, T0 + 3 * H + M),
            (move, "white", bob, T0 + 4 * H + M),  # bob: 1 h after alice's undo
            (rewind, "", carol, T0 + 5 * H),  # a moderator's record
            (move, "red", alice, T0 + 11 * H),  # alice: 6 h after the rewind
        ],
    )
    old = a_match(alice, bob, MatchStatus.FINISHED)
    long_ago = NOW - timedelta(days=100)
    log(
        old,
        [(move, "red", alice, long_ago), (move, "white", bob, long_ago + M), (move, "red", alice, long_ago + 2 * M)],
    )
    timed_out = a_match(alice, bob, MatchStatus.FINISHED)
    a_match(alice, bob, MatchStatus.FINISHED)
    a_match(alice, carol, MatchStatus.FINISHED)
    Timeout.objects.create(user=alice, match=timed_out, role="red", at=NOW - timedelta(days=89))
    Timeout.objects.create(user=alice, match=timed_out, role="red", at=NOW - timedelta(days=95))  # same match
    Timeout.objects.create(user=bob, match=recent, role="white", at=NOW - timedelta(days=91))


def test_reliability_from_a_constructed_history(history, alice, bob, carol):
    found = reliability_of([alice.pk, bob.pk, carol.pk], now=NOW)
    # alice: 4 finished matches, 1 with her timeouts; turns of 30 min and 6 h (the old match is outside
    # the 90 days); of her two timeouts one is inside them.
    assert found[alice.pk] == Reliability(
        finished_share=0.75, median_move_seconds=(1800 + 21600) / 2, timeouts_90d=1, finished=4
    )
    # bob: 3 finished matches, none timed out (his timeout was in a live match, 91 days ago); 2 h and 1 h.
    assert found[bob.pk] == Reliability(finished_share=1.0, median_move_seconds=5400, timeouts_90d=0, finished=3)
    # carol played one finished match and wrote one moderator record: no turn of hers.
    assert found[carol.pk] == Reliability(finished_share=1.0, median_move_seconds=None, timeouts_90d=0, finished=1)


def test_a_player_without_history_has_empty_facts(make_user):
    nobody = make_user("nobody")
    assert reliability_of([nobody.pk], now=NOW) == {
        nobody.pk: Reliability(finished_share=None, median_move_seconds=None, timeouts_90d=0)
    }
    assert reliability_of([]) == {}


def test_many_players_cost_three_queries(history, alice, bob, carol, make_user):
    others = [make_user(f"player{n}").pk for n in range(10)]
    with CaptureQueriesContext(connection) as queries:
        reliability_of([alice.pk, bob.pk, carol.pk, *others], now=NOW)
    assert len(queries) == 3


def test_the_words_in_both_languages(history, alice):
    facts = reliability_of([alice.pk], now=NOW)[alice.pk]
    with translation.override("en"):
        assert " · ".join(facts.parts) == (
            "75% of 4 finished matches without a timeout · moves in 3 hours (median) · 1 timeout in the last 90 days"
        )
    with translation.override("ru"):
        assert " · ".join(facts.parts) == (
            "75% из 4 законченных партий — без просрочек · медианное время хода: 3 часа · "
            "1 просрочка за последние 90 дней"
        )


@pytest.mark.parametrize(
    ("seconds", "english", "russian"),
    [
        (20, "under a minute", "меньше минуты"),
        (90, "2 minutes", "2 минуты"),
        (3600 * 5, "5 hours", "5 часов"),
        (86400 * 1.2, "1 day", "1 день"),
    ],
)
def test_durations_in_words(seconds, english, russian):
    with translation.override("en"):
        assert duration_words(seconds) == english
    with translation.override("ru"):
        assert duration_words(seconds) == russian
