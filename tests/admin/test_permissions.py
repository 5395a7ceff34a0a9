"""Who may do what: a moderator exactly the moderation, a player nothing, nobody edits the log."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from games.models import Action, Match, MatchStatus, ModerationRecord
from games.services import NotAllowed, moderation, user_moderation
from tests.helpers import play_first_legal

from .conftest import act_url, change_url

pytestmark = pytest.mark.django_db


def test_the_moderators_group_holds_exactly_these_permissions():
    group = Group.objects.get(name="Moderators")
    assert set(group.permissions.values_list("content_type__app_label", "codename")) == {
        ("auth", "view_user"),
        ("games", "view_match"),
        ("games", "view_seat"),
        ("games", "view_action"),
        ("games", "view_moderationrecord"),
        ("games", "view_takebackrequest"),
        ("games", "moderate_match"),
        ("games", "moderate_user"),
    }


def test_a_moderator_reads_every_page_it_needs(mod_client, rk_match, alice, bob):
    play_first_legal(rk_match, {"red": alice, "white": bob}, 2)
    action = rk_match.actions.first()
    pages = [
        reverse("admin:index"),
        reverse("admin:games_match_changelist"),
        change_url(rk_match),
        reverse("admin:games_match_board", args=[rk_match.pk]),
        reverse("admin:games_action_changelist"),
        reverse("admin:games_action_change", args=[action.pk]),
        reverse("admin:games_moderationrecord_changelist"),
        reverse("admin:auth_user_changelist"),
        reverse("admin:auth_user_change", args=[alice.pk]),
        reverse("admin:games_match_import"),
        act_url(rk_match, "rewind"),
        reverse("admin:auth_user_moderate", args=[alice.pk, "ban"]),
    ]
    for url in pages:
        assert mod_client.get(url).status_code == 200, url


def test_a_moderator_changes_no_row_directly(mod_client, rk_match, alice, bob):
    play_first_legal(rk_match, {"red": alice, "white": bob}, 1)
    action = rk_match.actions.get()
    before = (action.payload, action.hash, Match.objects.get().state_hash)
    refused_posts = [
        (reverse("admin:games_action_change", args=[action.pk]), {"payload": '{"type": "draw"}', "seq": 1}),
        (reverse("admin:games_action_delete", args=[action.pk]), {"post": "yes"}),
        (change_url(rk_match), {"status": "finished", "seq": 0}),
        (reverse("admin:games_match_delete", args=[rk_match.pk]), {"post": "yes"}),
        (reverse("admin:auth_user_change", args=[alice.pk]), {"username": "alice", "is_superuser": "on"}),
        (reverse("admin:auth_user_delete", args=[alice.pk]), {"post": "yes"}),
        (reverse("admin:auth_user_add"), {"username": "eve", "password1": "x-Secret-123", "password2": "x-Secret-123"}),
    ]
    for url, data in refused_posts:
        assert mod_client.post(url, data).status_code == 403, url
    for url in (
        reverse("admin:games_action_add"),
        reverse("admin:games_match_add"),
        reverse("admin:games_moderationrecord_add"),
        reverse("admin:auth_group_changelist"),
        reverse("admin:authtoken_tokenproxy_changelist"),
    ):
        assert mod_client.get(url).status_code == 403, url
    action.refresh_from_db()
    alice.refresh_from_db()
    assert (action.payload, action.hash, Match.objects.get().state_hash) == before
    assert not alice.is_superuser and Action.objects.count() == 1


def test_the_log_is_read_only_even_for_superusers(make_user, client_for, rk_match, alice, bob):
    root = make_user("root", is_staff=True, is_superuser=True)
    play_first_legal(rk_match, {"red": alice, "white": bob}, 1)
    action = rk_match.actions.get()
    client = client_for(root)
    assert client.post(reverse("admin:games_action_change", args=[action.pk]), {"seq": 9}).status_code == 403
    assert client.post(change_url(rk_match), {"seq": 9}).status_code == 403
    assert client.post(act_url(rk_match, "pause"), {"reason": "superusers moderate too"}).status_code == 302


def test_staff_outside_the_group_cannot_moderate(make_user, client_for, rk_match):
    client = client_for(make_user("clerk", is_staff=True))
    assert client.get(reverse("admin:games_match_changelist")).status_code == 403
    assert client.post(act_url(rk_match, "pause"), {"reason": "x"}).status_code == 403
    assert client.get(reverse("admin:games_match_import")).status_code == 403
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.ACTIVE and not ModerationRecord.objects.exists()


def test_a_player_cannot_reach_the_admin(client_for, alice, rk_match):
    for client in (client_for(alice), Client()):
        for url in (reverse("admin:index"), reverse("admin:games_match_changelist"), act_url(rk_match, "cancel")):
            response = client.post(url, {"reason": "x"})
            assert response.status_code == 302 and response.url.startswith(reverse("admin:login")), url
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.ACTIVE and not ModerationRecord.objects.exists()


def test_the_services_refuse_non_moderators(alice, bob, rk_match):
    with pytest.raises(NotAllowed, match="Only moderators"):
        moderation.pause_match(rk_match.pk, alice, "I want a break")
    with pytest.raises(NotAllowed, match="Only moderators"):
        user_moderation.ban_user(bob, alice, "I do not like bob")
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.ACTIVE and not ModerationRecord.objects.exists()


def test_superusers_keep_the_plain_user_admin(make_user, client_for, alice):
    root = make_user("root", is_staff=True, is_superuser=True)
    client = client_for(root)
    for url in (reverse("admin:auth_user_add"), reverse("admin:auth_user_change", args=[alice.pk])):
        assert client.get(url).status_code == 200, url
    response = client.post(
        reverse("admin:auth_user_add"), {"username": "dora", "password1": "x-Secret-987", "password2": "x-Secret-987"}
    )
    assert response.status_code == 302 and alice.__class__.objects.filter(username="dora").exists()
