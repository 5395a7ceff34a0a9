"""One page shows every match that needs attention; each count links to the filtered list."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.admin import mail
from games.models import Match, MatchStatus, Seat
from games.replay import position_at
from tests.helpers import play_first_legal

from .conftest import act_url, change_url

pytestmark = pytest.mark.django_db
CHANGELIST = "admin:games_match_changelist"


def new_match(red, white) -> Match:
    match = services.create_match(red, "rosenkoenig", role="red")
    services.join_match(match.pk, white, "white")
    match.refresh_from_db()
    return match


@pytest.fixture
def board_of_matches(alice, bob, carol):
    """One match in each state a moderator looks for."""
    now = timezone.now()
    matches = {name: new_match(alice if name != "carols" else carol, bob) for name in (
        "quiet", "overdue", "paused", "flagged", "finished", "broken", "stalled", "carols"
    )}  # fmt: skip
    Seat.objects.filter(match=matches["overdue"], role="red").update(deadline=now - timedelta(hours=1))
    Seat.objects.filter(match=matches["quiet"], role="red").update(deadline=now + timedelta(hours=1))
    Match.objects.filter(pk=matches["paused"].pk).update(status=MatchStatus.PAUSED)
    Match.objects.filter(pk=matches["flagged"].pk).update(flagged=True, flag_reason="timeout")
    services.resign(matches["finished"].pk, alice, "red")
    Match.objects.filter(pk=matches["broken"].pk).update(replay_failed=True)
    Match.objects.filter(pk=matches["stalled"].pk).update(started_at=now - timedelta(days=10))
    return matches


def listed(client, **params) -> set[int]:
    response = client.get(reverse(CHANGELIST), params)
    assert response.status_code == 200
    return {match.pk for match in response.context["cl"].result_list}


def test_the_index_counts_what_needs_attention(mod_client, board_of_matches):
    page = mod_client.get(reverse("admin:index")).content.decode()
    url = reverse(CHANGELIST)
    expected = [
        ("Active", 6, "status__exact=active"),  # all but the paused and the finished one
        ("Your turn, overdue", 1, "overdue=yes"),
        ("Paused", 1, "status__exact=paused"),
        ("Flagged for a moderator", 1, "flagged__exact=1"),
        ("Finished today", 1, "finished=today"),
        ("Replay verification failed", 1, "replay_failed__exact=1"),
    ]
    for label, count, query in expected:
        assert f'<a href="{url}?{query}">{label}</a></th><td class="count">{count}</td>' in page, label


def test_each_count_links_to_exactly_those_matches(mod_client, board_of_matches):
    m = {name: match.pk for name, match in board_of_matches.items()}
    assert listed(mod_client, overdue="yes") == {m["overdue"]}
    assert listed(mod_client, status__exact="paused") == {m["paused"]}
    assert listed(mod_client, flagged__exact="1") == {m["flagged"]}
    assert listed(mod_client, finished="today") == {m["finished"]}
    assert listed(mod_client, replay_failed__exact="1") == {m["broken"]}


def test_list_filters_and_search(mod_client, board_of_matches, alice, bob):
    m = {name: match.pk for name, match in board_of_matches.items()}
    assert listed(mod_client, stalled="7") == {m["stalled"]}
    assert listed(mod_client, stalled="1") == {m["stalled"]}
    play_first_legal(Match.objects.get(pk=m["stalled"]), {"red": alice, "white": bob}, 1)
    assert listed(mod_client, stalled="7") == set()  # a move makes it live again
    assert listed(mod_client, game="rosenkoenig") == set(m.values())
    assert listed(mod_client, game="chess") == set()
    assert listed(mod_client, q="carol") == {m["carols"]}
    assert listed(mod_client, q="bob") == set(m.values())


@pytest.mark.skipif(mail.notification_model() is None, reason="needs the notifications outbox model")
def test_mail_counts_and_filter(mod_client, board_of_matches, alice):
    notification = mail.notification_model()
    notification.objects.update(status="sent")  # the start mails of the board's matches are not this test's
    for name, status in (("quiet", "failed"), ("paused", "pending")):
        notification.objects.create(
            match=board_of_matches[name], user=alice, kind="moderator", status=status, next_attempt_at=timezone.now()
        )
    page = mod_client.get(reverse("admin:index")).content.decode()
    assert 'mail=failed">Mails failed</a></th><td class="count">1</td>' in page
    assert listed(mod_client, mail="failed") == {board_of_matches["quiet"].pk}
    assert listed(mod_client, mail="pending") == {board_of_matches["paused"].pk}


def test_the_match_page_offers_what_fits_its_status(mod_client, rk_match):
    page = mod_client.get(change_url(rk_match)).content.decode()
    for action in ("pause", "adjudicate", "replace_player", "cancel", "export"):
        assert act_url(rk_match, action) in page, action
    # not paused, not flagged, nothing played yet, no clock running
    for action in ("resume", "clear_flag", "rewind", "extend_deadline"):
        assert act_url(rk_match, action) not in page, action
    Seat.objects.filter(match=rk_match, role="red").update(deadline=timezone.now())
    assert act_url(rk_match, "extend_deadline") in mod_client.get(change_url(rk_match)).content.decode()
    assert "Verify replay" in page and reverse("admin:games_match_board", args=[rk_match.pk]) in page


def test_the_board_at_any_record_shows_every_role_and_the_state(mod_client, rk_match, alice, bob):
    play_first_legal(rk_match, {"red": alice, "white": bob}, 4)
    response = mod_client.get(reverse("admin:games_match_board", args=[rk_match.pk]), {"seq": 2})
    assert response.status_code == 200
    page = response.content.decode()
    engine = rk_match.engine
    state = position_at(rk_match, 2).state
    for role in engine.roles:
        assert engine.render_picture(engine.view(state, role)) in page
    assert response.context["state_json"] == json.dumps(state, indent=2, sort_keys=True)
    assert "?seq=1" in page and "?seq=3" in page

    for bad in ("9", "-1", "x"):
        wrong = mod_client.get(reverse("admin:games_match_board", args=[rk_match.pk]), {"seq": bad})
        assert wrong.status_code == 302


def test_the_audit_log_filters_by_moderator_match_and_action(mod_client, rk_match, alice, bob):
    other = new_match(bob, alice)
    mod_client.post(act_url(rk_match, "pause"), {"reason": "a"})
    mod_client.post(act_url(other, "cancel"), {"reason": "b"})
    url = reverse("admin:games_moderationrecord_changelist")

    def actions(**params):
        return [r.action for r in mod_client.get(url, params).context["cl"].result_list]

    assert actions(action="pause") == ["pause"]
    assert actions(match__id__exact=other.pk) == ["cancel"]
    assert sorted(actions(moderator__id__exact=rk_match.audit.get().moderator_id)) == ["cancel", "pause"]
