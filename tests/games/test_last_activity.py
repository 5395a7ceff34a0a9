"""``Match.last_activity_at``: kept by the write path (start, each record, cancellation) and filled for the
matches that existed before it by migration 0009."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games import services
from games.models import Action, Match
from games.services.moderation import cancel_match
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db
migration = importlib.import_module("games.migrations.0009_match_last_activity")


def test_a_match_is_active_when_it_starts_and_at_each_record(alice, bob, rk_match):
    open_match = services.create_match(alice, "rosenkoenig")
    assert open_match.last_activity_at is None  # waiting in the lobby, not yet played
    assert rk_match.last_activity_at == rk_match.started_at
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)
    assert rk_match.last_activity_at == Action.objects.get(match=rk_match, seq=2).created_at


def test_a_cancellation_is_the_last_activity(moderator, rk_match):
    cancel_match(rk_match.pk, moderator, "Both players asked for it")
    rk_match.refresh_from_db()
    assert rk_match.last_activity_at == rk_match.finished_at


def test_the_migration_fills_it_from_the_log_the_start_or_the_cancellation(alice, bob, moderator, rk_match):
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=1)
    started = services.create_match(alice, "rosenkoenig")
    services.join_match(started.pk, bob)
    cancelled = services.create_match(alice, "rosenkoenig")
    services.join_match(cancelled.pk, bob)
    cancel_match(cancelled.pk, moderator, "Both players asked for it")
    waiting = services.create_match(alice, "rosenkoenig")
    kept = {m.pk: m.last_activity_at for m in Match.objects.all()}
    Match.objects.update(last_activity_at=None)

    migration.fill_last_activity(apps, None)
    assert {m.pk: m.last_activity_at for m in Match.objects.all()} == kept
    assert kept[waiting.pk] is None and kept[rk_match.pk] == Action.objects.get(match=rk_match, seq=1).created_at
