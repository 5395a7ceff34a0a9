"""Staff and what a match in progress hides (SECURITY.md "Hidden information"): the raw log, the export and
the admin's full board need the moderation permission, never go to a player of that match before it ends
(a moderator who plays is a player), and every such read of a running match is in the moderation audit."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import ModerationRecord
from games.services import match_transfer


@pytest.fixture
def moved(rk_match, alice, api_for):
    """The Rosenkönig match after red's first move (a record whose payload the API's log would show)."""
    a = api_for(alice)
    action = next(c["action"] for c in a.get(f"/api/matches/{rk_match.pk}/").json()["legal_actions"]["red"])
    a.post(f"/api/matches/{rk_match.pk}/actions/", {"role": "red", "action": action, "expected_seq": 0}, format="json")
    rk_match.refresh_from_db()
    return rk_match


@pytest.fixture
def moderator_playing(moved, moderator, bob):
    """The moderator took bob's seat: they play white in the running match."""
    moved.seats.filter(user=bob).update(user=moderator)
    return moved


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def raw_reads(match) -> int:
    return ModerationRecord.objects.filter(match=match, action="read_log").count()


def test_staff_without_the_permission_read_no_raw_log_and_no_private_match(moved, make_user, api_for, alice):
    staff = make_user("clerk", is_staff=True)  # staff, but in no group and with no permission
    log = api_for(staff).get(f"/api/matches/{moved.pk}/log/")
    assert log.status_code == 403 and "actions" not in log.json()
    assert client_of(staff).get(f"/matches/{moved.pk}/export.json").status_code == 403

    private = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    assert client_of(staff).get(f"/matches/{private.pk}/").status_code == 404
    assert api_for(staff).get(f"/api/matches/{private.pk}/").status_code == 404
    assert raw_reads(moved) == 0


def test_a_moderator_who_plays_reads_no_hidden_move_of_their_match(moderator_playing, moderator, api_for):
    match = moderator_playing
    refused = api_for(moderator).get(f"/api/matches/{match.pk}/log/", HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 403 and "You play in this match" in refused.json()["detail"]
    assert client_of(moderator).get(f"/matches/{match.pk}/export.json").status_code == 403
    with pytest.raises(services.NotAllowed):
        match_transfer.export_match(match.pk, moderator, "to look at my opponent's hand")
    assert raw_reads(match) == 0


def test_the_admin_shows_a_moderator_who_plays_only_their_own_side(moderator_playing, moderator):
    match = moderator_playing
    client = client_of(moderator)
    board = client.get(f"/admin/games/match/{match.pk}/board/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert board.count('<figure class="module">') == 1 and "<h2>White</h2>" in board and "<h2>Red</h2>" not in board
    assert 'id="state-json"' not in board and "hidden until the match is over" in board

    change = client.get(f"/admin/games/match/{match.pk}/change/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "hidden until the match is over" in change
    record = match.actions.get(seq=1)
    action = client.get(f"/admin/games/action/{record.pk}/change/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "hidden until the match is over" in action and str(record.payload["type"]) not in action
    assert raw_reads(match) == 0


def test_a_moderator_reads_a_running_match_whole_and_every_read_is_audited(moved, moderator, api_for):
    log = api_for(moderator).get(f"/api/matches/{moved.pk}/log/")
    assert log.status_code == 200 and len(log.json()["actions"]) == 1 and "seed" not in log.json()
    assert client_of(moderator).get(f"/matches/{moved.pk}/export.json").status_code == 200
    board = client_of(moderator).get(f"/admin/games/match/{moved.pk}/board/").content.decode()
    assert board.count('<figure class="module">') == 2 and 'id="state-json"' in board

    reads = ModerationRecord.objects.filter(match=moved, action="read_log").order_by("pk")
    assert [r.after["via"] for r in reads] == ["api", "page", "admin"]
    assert all(r.moderator == moderator for r in reads)
    assert all(r.after["seq"] == 1 for r in reads)


def test_once_over_the_record_is_everyone_s_and_reading_it_is_not_audited(moderator_playing, moderator, alice, api_for):
    match = moderator_playing
    services.resign(match.pk, alice, "red")
    for reader in (moderator, alice):
        log = api_for(reader).get(f"/api/matches/{match.pk}/log/")
        assert log.status_code == 200 and "seed" in log.json()
    board = client_of(moderator).get(f"/admin/games/match/{match.pk}/board/").content.decode()
    assert board.count('<figure class="module">') == 2
    assert raw_reads(match) == 0


def test_a_player_without_staff_is_refused_in_their_language(moved, bob, api_for):
    refused = api_for(bob).get(f"/api/matches/{moved.pk}/log/", HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 403 and "партия" in refused.json()["detail"].lower()
