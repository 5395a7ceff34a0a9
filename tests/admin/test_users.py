"""The user admin: ban and unban, timeout history, vacation allowance, active matches."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.db import connection, transaction
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import ActionKind, MatchStatus, ModerationRecord

pytestmark = pytest.mark.django_db
PASSWORD = "pw-Secret-123"  # tests/conftest.py make_user


def moderate_url(user, action: str) -> str:
    return reverse("admin:auth_user_moderate", args=[user.pk, action])


def test_ban_suspends_the_user_and_flags_their_matches(mod_client, client_for, api_for, moderator, rk_match, bob, told):
    bobs_session = client_for(bob)
    response = mod_client.post(moderate_url(bob, "ban"), {"reason": "abusive chat"})
    assert response.status_code == 302
    bob.refresh_from_db()
    assert not bob.is_active and bob.profile.banned and bob.profile.ban_reason == "abusive chat"

    assert authenticate(RequestFactory().post("/accounts/login/"), username="bob", password=PASSWORD) is None
    assert (
        "_auth_user_id"
        not in Client().post("/accounts/login/", {"username": "bob", "password": PASSWORD}).wsgi_request.session
    )
    # A session opened before the ban no longer authenticates, nor does an API token.
    assert bobs_session.post(reverse("match-resign", args=[rk_match.pk]), {"role": "white"}).status_code in (401, 403)
    assert api_for().post("/api/token/", {"username": "bob", "password": PASSWORD}).status_code == 400
    rk_match.refresh_from_db()
    with pytest.raises(services.NotAllowed):
        services.resign(rk_match.pk, bob, "white")

    assert rk_match.flagged and "bob was banned: abusive chat" in rk_match.flag_reason
    ban = ModerationRecord.objects.get(action="ban")
    assert (ban.moderator, ban.target_user, ban.reason, ban.match) == (moderator, bob, "abusive chat", None)
    assert ban.before["banned"] is False and ban.after["banned"] is True
    flag = ModerationRecord.objects.get(action="flag")
    assert flag.match == rk_match and told == [(rk_match.pk, flag)]  # the opponent hears of it


def test_unban_restores_login_and_leaves_the_flags(mod_client, moderator, rk_match, bob):
    mod_client.post(moderate_url(bob, "ban"), {"reason": "spam"})
    response = mod_client.post(moderate_url(bob, "unban"), {"reason": "appeal accepted"})
    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.is_active and not bob.profile.banned
    assert authenticate(RequestFactory().post("/accounts/login/"), username="bob", password=PASSWORD) == bob
    rk_match.refresh_from_db()
    assert rk_match.flagged  # a moderator clears it after looking at the match
    unban = ModerationRecord.objects.get(action="unban")
    assert (unban.target_user, unban.reason, unban.before["ban_reason"]) == (bob, "appeal accepted", "spam")


def test_ban_refusals_change_nothing(mod_client, moderator, bob):
    assert mod_client.post(moderate_url(bob, "unban"), {"reason": "x"}).status_code == 400
    assert mod_client.post(moderate_url(moderator, "ban"), {"reason": "x"}).status_code == 400
    assert mod_client.post(moderate_url(bob, "ban"), {"reason": ""}).status_code == 400
    bob.refresh_from_db()
    assert bob.is_active and not ModerationRecord.objects.exists()


def test_vacation_allowance(mod_client, moderator, alice):
    response = mod_client.post(moderate_url(alice, "vacation"), {"days": 30, "reason": "long surgery"})
    assert response.status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.vacation_allowance_days == 30
    record = ModerationRecord.objects.get(action="vacation_allowance")
    assert (record.target_user, record.before, record.after) == (
        alice,
        {"vacation_allowance_days": 21},
        {"vacation_allowance_days": 30},
    )
    assert mod_client.post(moderate_url(alice, "vacation"), {"days": 999, "reason": "x"}).status_code == 400


def test_user_pages_show_timeouts_vacation_and_active_matches(mod_client, rk_match, alice, bob, carol):
    with transaction.atomic():
        match = services.lock_match(rk_match.pk)
        services.record_result(
            match, ActionKind.FORFEIT, "red", None, services.opponent_wins(match, "red", "red ran out of time")
        )
    alice.profile.timeouts = 1
    alice.profile.save()
    other = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(other.pk, carol, "white")

    with CaptureQueriesContext(connection) as captured:
        page = mod_client.get(reverse("admin:auth_user_change", args=[alice.pk])).content.decode()
    assert not any('"games_match"."state"' in q["sql"] for q in captured)  # names matches, never reads them
    assert "1 timeout(s) counted" in page and "red ran out of time" in page
    assert reverse("admin:games_match_change", args=[rk_match.pk]) in page
    assert "21 days a year" in page
    assert "Ban" in page  # the moderator's action link

    listing = mod_client.get(reverse("admin:auth_user_changelist"))
    counts = {user.username: user.live_matches for user in listing.context["cl"].result_list}
    people = {name: count for name, count in counts.items() if not name.startswith("computer-")}
    assert people == {"alice": 1, "bob": 0, "carol": 1, "mod": 0}
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.FINISHED  # the forfeited match no longer counts


def test_banned_filter(mod_client, alice, bob):
    mod_client.post(moderate_url(bob, "ban"), {"reason": "cheating"})
    listing = mod_client.get(reverse("admin:auth_user_changelist"), {"banned": "yes"})
    assert [user.username for user in listing.context["cl"].result_list] == ["bob"]
