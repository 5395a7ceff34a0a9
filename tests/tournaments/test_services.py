"""Whole tournaments played through the services, with random legal moves, against hand-computed standings."""

import random

import pytest
from django.db.models import Q

from games import services
from games.models import MatchStatus, ModerationRecord
from games.services.moderation import adjudicate
from games.tournaments import presentation
from games.tournaments import services as tournaments
from games.tournaments.models import Outcome, Pairing, TournamentStatus


@pytest.fixture
def players(make_user):
    users = [make_user(f"p{i}") for i in range(6)]
    users[0].profile.email_verified = True
    users[0].profile.save()
    return users


def play_round(tournament, moderator, winner_of, rnd):
    """Random legal moves in each of the round's matches, then the scripted result (a resignation or,
    for a draw, a moderator's adjudication)."""
    for pair in tournament.pairings.filter(round=tournament.current_round, match__status=MatchStatus.ACTIVE):
        match = pair.match
        users = {seat.role: seat.user for seat in match.seats.select_related("user")}
        for _step in range(rnd.randint(1, 6)):
            match.refresh_from_db()
            role = match.active_roles[0]
            choice = rnd.choice(match.engine.legal_actions(match.state, role))
            services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
        match.refresh_from_db()
        assert match.status == MatchStatus.ACTIVE
        names = {role: user.username for role, user in users.items()}
        winner = winner_of(*sorted(names.values()))
        if winner is None:
            adjudicate(match.pk, moderator, None, "agreed draw")
        else:
            loser = next(role for role, name in names.items() if name != winner)
            services.resign(match.pk, users[loser], loser)
    tournament.refresh_from_db()


def make_full(creator, others, **kwargs):
    tournament = tournaments.create_tournament(creator, "rosenkoenig", **kwargs)
    for user in others:
        tournaments.join_tournament(tournament.pk, user)
    tournament.refresh_from_db()
    return tournament


def test_four_player_round_robin_to_the_end(players, moderator):
    results = {
        ("p0", "p1"): "p0",
        ("p0", "p2"): None,
        ("p0", "p3"): "p3",
        ("p1", "p2"): "p1",
        ("p1", "p3"): "p1",
        ("p2", "p3"): None,
    }
    tournament = make_full(players[0], players[1:4], kind="round_robin", players=4)
    assert tournament.status == TournamentStatus.RUNNING
    rnd = random.Random(4)
    for number in (1, 2, 3):
        assert tournament.current_round == number
        assert tournament.pairings.filter(round=number).count() == 2
        play_round(tournament, moderator, lambda a, b: results[(a, b)], rnd)
    assert tournament.status == TournamentStatus.FINISHED
    rows = tournaments.table(tournament)
    assert [(r.player.user.username, r.points, r.sonneborn_berger) for r in rows] == [
        ("p1", 2.0, 2.5),
        ("p0", 1.5, 2.5),  # ahead of p3 on Sonneborn-Berger
        ("p3", 1.5, 2.0),
        ("p2", 1.0, 1.5),
    ]
    assert tournament.winner.username == "p1"
    assert Pairing.objects.filter(tournament=tournament).count() == 6


def test_five_player_swiss_with_a_bye_each_round(players, moderator):
    tournament = make_full(players[0], players[1:5], kind="swiss", players=5)
    assert tournament.rounds_planned == 3
    rnd = random.Random(5)
    byes = []
    for number in (1, 2, 3):
        byes += [p.first.user.username for p in tournament.pairings.filter(round=number, second=None)]
        play_round(tournament, moderator, lambda a, b: min(a, b), rnd)  # the higher seed wins
    assert byes == ["p4", "p3", "p2"]
    assert tournament.status == TournamentStatus.FINISHED
    rows = tournaments.table(tournament)
    assert [(r.player.user.username, r.points, r.buchholz, r.sonneborn_berger) for r in rows] == [
        ("p0", 3.0, 5.0, 5.0),
        ("p1", 2.0, 5.0, 2.0),
        ("p2", 2.0, 4.0, 1.0),
        ("p4", 1.0, 5.0, 0.0),  # ahead of p3 on Buchholz
        ("p3", 1.0, 4.0, 0.0),
    ]
    assert sum(r.points for r in rows) == 9  # six games and three byes


def test_elimination_replays_a_draw_with_sides_swapped(players, moderator):
    tournament = make_full(players[0], players[1:4], kind="elimination", players=4)
    first_round = list(tournament.pairings.all())
    assert [(p.first.seed, p.second.seed) for p in first_round] == [(1, 4), (2, 3)]
    adjudicate(first_round[0].match_id, moderator, None, "drawn")
    replay = tournament.pairings.get(replay=True)
    assert (replay.first.seed, replay.second.seed) == (4, 1)
    play_round(tournament, moderator, lambda a, b: min(a, b), random.Random(1))
    assert tournament.current_round == 2
    final = tournament.pairings.get(round=2)
    assert {final.first.user.username, final.second.user.username} == {"p0", "p1"}
    play_round(tournament, moderator, lambda a, b: "p1", random.Random(2))
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.winner.username == "p1"


def test_a_withdrawn_player_forfeits_the_rest(players):
    tournament = make_full(players[0], players[1:4], kind="round_robin", players=4)
    leaver = players[3]
    pair = tournament.pairings.get(Q(first__user=leaver) | Q(second__user=leaver), round=1)
    tournaments.leave_tournament(tournament.pk, leaver)
    pair.refresh_from_db()
    assert pair.forfeit and pair.match.status == MatchStatus.FINISHED
    assert pair.outcome == (Outcome.FIRST if pair.second.user == leaver else Outcome.SECOND)
    other = tournament.pairings.get(round=1, outcome=Outcome.PENDING).match
    seat = other.seats.first()
    services.resign(other.pk, seat.user, seat.role)  # round 2: the leaver's game is forfeited unplayed
    later = tournament.pairings.get(Q(first__user=leaver) | Q(second__user=leaver), round=2)
    assert later.forfeit and later.match is None and later.outcome
    rows = tournaments.table(tournament)
    assert next(r for r in rows if r.player.user == leaver).player.withdrawn == "withdrew"
    page = presentation.detail(tournament, None, "en")
    assert next(r for r in page["standings"] if r["player"] == leaver.username)["withdrawn_label"] == "withdrew"


def test_a_banned_player_is_withdrawn_by_the_beat_job(players, moderator):
    from games.services.user_moderation import ban_user

    tournament = make_full(players[0], players[1:4], kind="round_robin", players=4)
    ban_user(players[2], moderator, "cheating")
    assert tournaments.withdraw_banned_players() == 1
    entry = tournament.players.get(user=players[2])
    assert entry.withdrawn == "banned"
    assert not tournament.pairings.filter(round=1, outcome=Outcome.PENDING, forfeit=True).exists()


def test_join_and_leave_before_the_start(players):
    tournament = tournaments.create_tournament(players[0], "rosenkoenig", "swiss", 3)
    tournaments.join_tournament(tournament.pk, players[1])
    with pytest.raises(services.Conflict):
        tournaments.join_tournament(tournament.pk, players[1])
    tournaments.leave_tournament(tournament.pk, players[1])
    assert tournament.players.count() == 1
    assert tournaments.current_tournaments_of(players[0]) == [tournament]


def test_an_unverified_player_cannot_create(players):
    with pytest.raises(services.NotAllowed):
        tournaments.create_tournament(players[1], "rosenkoenig", "swiss", 4)


@pytest.mark.parametrize(
    ("game", "kind", "size"),
    [("nope", "swiss", 4), ("rosenkoenig", "ladder", 4), ("rosenkoenig", "swiss", 1), ("rosenkoenig", "swiss", 99)],
)
def test_bad_input_is_refused_and_nothing_created(players, game, kind, size):
    with pytest.raises(services.IllegalMove):
        tournaments.create_tournament(players[0], game, kind, size)
    assert not tournaments.current_tournaments_of(players[0])


def test_the_deadline_starts_or_cancels(players):
    from django.utils import timezone

    small = tournaments.create_tournament(players[0], "rosenkoenig", "swiss", 8, min_players=2)
    tournaments.join_tournament(small.pk, players[1])
    lonely = tournaments.create_tournament(players[0], "rosenkoenig", "swiss", 8)
    assert tournaments.start_due_tournaments(timezone.now() + timezone.timedelta(days=8)) == 2
    small.refresh_from_db()
    lonely.refresh_from_db()
    assert small.status == TournamentStatus.RUNNING and lonely.status == TournamentStatus.CANCELLED


def test_moderator_cancel_is_audited(players, moderator):
    tournament = make_full(players[0], players[1:4], kind="round_robin", players=4)
    tournaments.cancel_tournament(tournament.pk, moderator, "club closed")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED
    assert ModerationRecord.objects.filter(action="tournament_cancel").exists()
    assert ModerationRecord.objects.filter(action="cancel").count() == 2


def test_the_beat_job_is_scheduled_and_runs(settings, players):
    from games.tournaments.tasks import sweep_tournaments_task

    names = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
    assert "games.tournaments.tasks.sweep_tournaments_task" in names
    assert sweep_tournaments_task() == {"started": 0, "withdrawn": 0}
