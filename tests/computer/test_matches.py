"""A match against the computer: created through the API and the lobby, refused cleanly, shown as such."""

from __future__ import annotations

import pytest

from games import services
from games.computer.accounts import computer_user
from games.computer.matches import create_computer_match
from games.models import Action, Match, MatchStatus
from games.services import NotAllowed, create_match, invitations, join_match

pytestmark = pytest.mark.django_db


def test_the_api_starts_a_match_against_the_computer_at_once(alice, api_for, searches, committed):
    with committed(execute=True):  # the computer's task is queued once the request's transaction commits
        created = api_for(alice).post(
            "/api/matches/",
            {"game": "rosenkoenig", "role": "white", "opponent": "computer", "level": "strong"},
            format="json",
        )
    assert created.status_code == 201, created.content
    assert created.json()["status"] == "active" and created.json()["seq"] == 0  # answered before it moves
    body = api_for(alice).get(f"/api/matches/{created.json()['id']}/").json()
    seats = {seat["role"]: seat for seat in body["seats"]}
    assert body["my_roles"] == ["white"]
    assert seats["red"]["computer"] and seats["red"]["name"] == "Computer (strong)"
    assert not seats["white"]["computer"]
    # Red moves first: the computer already did, through the log like anyone.
    assert body["seq"] == 1 and body["active_roles"] == ["white"]
    record = Action.objects.get(match_id=body["id"], seq=1)
    assert (record.role, record.user, record.reason) == ("red", computer_user("strong"), "")
    assert [call["level"].name for call in searches] == ["strong"]
    assert not Match.objects.get(pk=body["id"]).rated  # unrated unless asked


def test_rated_only_when_asked_and_normal_by_default(alice, api_for, searches):
    body = {"game": "rosenkoenig", "opponent": "computer", "rated": True}
    created = api_for(alice).post("/api/matches/", body, format="json").json()
    match = Match.objects.get(pk=created["id"])
    assert match.rated and computer_user("normal") in [seat.user for seat in match.seats.all()]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"opponent": "computer", "level": "grandmaster"}, "level"),
        ({"level": "easy"}, "level"),
        ({"opponent": "robot"}, "opponent"),
        ({"opponent": "computer", "private": True}, "private"),
    ],
)
def test_refusals_say_why_and_change_nothing(alice, api_for, body, field):
    response = api_for(alice).post("/api/matches/", {"game": "rosenkoenig", **body}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith(f"{field}: ")
    assert not Match.objects.exists()


def test_the_computer_joins_no_seek_invitation_or_open_match(alice, searches):
    from games.seeks import services as seeks

    computer = computer_user("normal")
    with pytest.raises(NotAllowed):
        seeks.post_seek(computer, "rosenkoenig")
    match = create_match(alice, "rosenkoenig")
    with pytest.raises(NotAllowed):
        join_match(match.pk, computer)
    with pytest.raises(NotAllowed):
        invitations.invite(match, alice, computer)
    match.refresh_from_db()
    assert match.status == MatchStatus.OPEN and match.invitations.count() == 0


def test_the_computer_signs_up_for_no_tournament(alice):
    from accounts.models import Profile
    from games.tournaments.services.tournaments import create_tournament, join_tournament

    Profile.objects.filter(user=alice).update(email_verified=True)
    alice.refresh_from_db()
    tournament = create_tournament(alice, "rosenkoenig", "swiss", 4)
    with pytest.raises(NotAllowed):
        join_tournament(tournament.pk, computer_user("easy"))
    assert list(tournament.players.values_list("user__username", flat=True)) == ["alice"]


def test_its_accounts_cannot_log_in_and_are_never_mailed(client):
    user = computer_user("normal")
    assert not user.has_usable_password() and not user.email
    assert user.profile.is_computer and user.profile.notify_mode == "off"
    assert user.get_username() == "computer-normal"
    assert computer_user("normal") == user  # one account per level


def test_the_lobby_form_plays_the_computer_without_javascript(alice, client, searches):
    client.force_login(alice)
    page = client.get("/lobby/?computer-game=rosenkoenig")
    assert b'id="computer-form"' in page.content and b"<noscript>" in page.content
    response = client.post(
        "/lobby/computer/",
        {"computer-game": "rosenkoenig", "computer-role": "red", "computer-level": "easy"},
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.status == MatchStatus.ACTIVE and not match.rated
    page = client.get(f"/matches/{match.pk}/")
    assert b'class="player computer"' in page.content or b"Computer (easy)" in page.content


def test_a_bad_level_in_the_lobby_shows_the_form_again(alice, client):
    client.force_login(alice)
    response = client.post("/lobby/computer/", {"computer-game": "rosenkoenig", "computer-level": "godlike"})
    assert response.status_code == 400 and b'id="computer-form"' in response.content
    assert not Match.objects.exists()


def test_names_are_shown_as_the_computer_in_russian(alice, api_for, searches):
    created = api_for(alice).post(
        "/api/matches/", {"game": "rosenkoenig", "opponent": "computer"}, format="json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    names = [seat["name"] for seat in created.json()["seats"] if seat["computer"]]
    assert names == ["Компьютер (обычный)"]
    profile = api_for().get("/api/players/computer-normal/").json()
    assert profile["computer"] is True


def test_the_computer_is_never_held_to_the_commitment_cap(alice, bob, settings, searches):
    settings.MAX_ACTIVE_MATCHES = 1
    for player in (alice, bob):  # the person's cap counts; the computer's seats never do
        create_computer_match(player, "rosenkoenig", level="normal")
    assert Match.objects.filter(status=MatchStatus.ACTIVE).count() == 2
    with pytest.raises(services.Conflict):
        create_computer_match(alice, "rosenkoenig", level="normal")
    assert Match.objects.count() == 2
