"""Tournaments in the admin: moderators read them, edit one before its start, cancel, adjudicate; audited."""

import pytest
from django.urls import reverse

from games.models import MatchStatus, ModerationRecord
from games.tournaments import services as tournaments
from games.tournaments.models import Outcome, TournamentStatus


@pytest.fixture
def tournament(make_user):
    club = make_user("club")
    club.profile.email_verified = True
    club.profile.save()
    return tournaments.create_tournament(club, "rosenkoenig", "round_robin", 4)


def act(tournament, action: str) -> str:
    return reverse("admin:tournaments_tournament_act", args=[tournament.pk, action])


def fill(tournament, make_user):
    for name in ("b", "c", "d"):
        tournaments.join_tournament(tournament.pk, make_user(name))
    tournament.refresh_from_db()


def test_moderators_read_tournaments_and_others_do_not(mod_client, client_for, make_user, tournament):
    page = mod_client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk]))
    assert page.status_code == 200 and "Edit before the start" in page.content.decode()
    staff = make_user("staff", is_staff=True)
    assert client_for(staff).get(reverse("admin:tournaments_tournament_changelist")).status_code == 403
    assert client_for(staff).post(act(tournament, "cancel"), {"reason": "x"}).status_code == 403


def test_edit_before_the_start_is_audited_and_a_reason_needed(mod_client, tournament):
    form = {
        "name": "Spring cup",
        "max_players": 6,
        "min_players": 3,
        "signup_deadline": "2030-01-01 12:00",
        "rated": "",
    }
    assert mod_client.post(act(tournament, "edit"), form).status_code == 400  # no reason: nothing changed
    tournament.refresh_from_db()
    assert tournament.name != "Spring cup"
    assert mod_client.post(act(tournament, "edit"), {**form, "reason": "club's wish"}).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.max_players, tournament.rated) == ("Spring cup", 6, False)
    record = ModerationRecord.objects.get(action="tournament_edit")
    assert record.before["tournament"] == tournament.pk and record.after["max_players"] == 6


def test_cancel_a_running_tournament_cancels_its_matches(mod_client, make_user, tournament):
    fill(tournament, make_user)
    assert mod_client.post(act(tournament, "cancel"), {"reason": "club closed"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED
    assert {p.match.status for p in tournament.pairings.all()} == {MatchStatus.ABANDONED}


def test_adjudicate_a_match_moves_the_tournament_on(mod_client, make_user, tournament):
    fill(tournament, make_user)
    first, second = tournament.pairings.filter(round=1)
    for pair, winner in ((first, "first"), (second, "")):
        response = mod_client.post(act(tournament, "adjudicate"), {"pairing": pair.pk, "winner": winner, "reason": "r"})
        assert response.status_code == 302
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.outcome, second.outcome) == (Outcome.FIRST, Outcome.DRAW)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert ModerationRecord.objects.filter(action="adjudicate").count() == 2
