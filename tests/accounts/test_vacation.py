"""The vacation allowance: switched on and off, charged, renewed each year."""

from datetime import UTC, datetime, timedelta

import pytest

from accounts.vacation import VacationError, end_vacation, start_vacation, vacation_remaining

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_profile_exists_for_every_user(alice):
    assert alice.profile.vacation_allowance_days == 21 and alice.profile.reminder_lead_hours == 12


def test_vacation_is_charged_to_the_allowance(alice):
    start_vacation(alice, NOW)
    alice.profile.refresh_from_db()
    assert alice.profile.on_vacation
    assert vacation_remaining(alice.profile, NOW + timedelta(days=1)) == timedelta(days=20)
    end_vacation(alice, NOW + timedelta(days=3))
    alice.profile.refresh_from_db()
    assert not alice.profile.on_vacation
    assert vacation_remaining(alice.profile, NOW + timedelta(days=4)) == timedelta(days=18)


def test_vacation_refusals(alice):
    with pytest.raises(VacationError, match="not on vacation"):
        end_vacation(alice, NOW)
    start_vacation(alice, NOW)
    with pytest.raises(VacationError, match="already"):
        start_vacation(alice, NOW)
    end_vacation(alice, NOW + timedelta(days=30))  # charged only up to the allowance
    alice.profile.refresh_from_db()
    assert alice.profile.vacation_used_seconds == 21 * 86400
    with pytest.raises(VacationError, match="used up"):
        start_vacation(alice, NOW + timedelta(days=31))


def test_allowance_renews_each_year(alice):
    start_vacation(alice, NOW)
    end_vacation(alice, NOW + timedelta(days=21))
    next_year = datetime(2027, 1, 2, tzinfo=UTC)
    start_vacation(alice, next_year)
    alice.profile.refresh_from_db()
    assert vacation_remaining(alice.profile, next_year) == timedelta(days=21)
