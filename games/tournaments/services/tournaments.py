"""Creating, joining, starting and advancing tournaments. Each game is a match made by games.services."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import engines, services, timecontrols
from games.engines.base import IllegalAction, name
from games.languages import platform_msg
from games.models import LIVE, ActionKind, Match, Rating, TimeoutPolicy
from games.services.audit import audit, check_reason
from games.services.commitments import check_commitment_cap, lock_players
from games.services.moderation import adjudicate, cancel_match
from games.services.permissions import MODERATE_MATCH, check_not_computer, check_permission
from games.tournaments import pairing, signals
from games.tournaments.models import DrawRule, Format, Outcome, Pairing, Tournament, TournamentPlayer
from games.tournaments.models import TournamentStatus as Status

from .standings import BUCHHOLZ, SONNEBORN_BERGER, Row, standings

MAX_PLAYERS = 64
DEFAULT_SIGNUP_DAYS = 7
DEFAULT_TIME_CONTROL = "standard"
# The tie-breaks after points, in order, per format (named on the page and in the API).
TIEBREAKS: dict[str, tuple[str, ...]] = {
    Format.ROUND_ROBIN: (SONNEBORN_BERGER,),
    Format.DOUBLE_ROUND_ROBIN: (SONNEBORN_BERGER,),
    Format.SWISS: (BUCHHOLZ, SONNEBORN_BERGER),
    Format.ELIMINATION: (),
}


def create_tournament(
    user,
    game: str,
    kind: str,
    players: int,
    *,
    name: str = "",
    options: dict | None = None,
    time_control: str = DEFAULT_TIME_CONTROL,
    timeout_policy: str = TimeoutPolicy.FORFEIT,
    rated: bool = True,
    min_players: int | None = None,
    signup_deadline: datetime | None = None,
    draw_rule: str = DrawRule.REPLAY,
) -> Tournament:
    """A new tournament open for sign-up, its creator seated. Any player with a verified address may create one."""
    profile = getattr(user, "profile", None)
    if profile is None or not profile.email_verified:
        raise services.NotAllowed(_("Verify your e-mail address before creating a tournament"))
    fields = _checked(game, kind, players, options, time_control, timeout_policy, min_players, draw_rule)
    deadline = signup_deadline or timezone.now() + timedelta(days=DEFAULT_SIGNUP_DAYS)
    with transaction.atomic():
        lock_players(user)
        check_commitment_cap(user)
        tournament = Tournament.objects.create(
            name=name.strip() or _default_name(fields["game"], kind),
            rated=rated,
            signup_deadline=deadline,
            created_by=user,
            **fields,
        )
        TournamentPlayer.objects.create(tournament=tournament, user=user)
    return tournament


def _checked(
    game: str,
    kind: str,
    players: int,
    options: dict | None,
    time_control: str,
    timeout_policy: str,
    min_players: int | None,
    draw_rule: str,
) -> dict:
    try:
        engine = engines.get(game)
    except KeyError:
        raise services.IllegalMove(_("Unknown game {game!r}").format(game=game)) from None
    if len(engine.roles) != 2:
        raise services.IllegalMove(_("Tournaments are for two-player games"))
    if kind not in Format.values:
        raise services.IllegalMove(_("Unknown tournament format {format!r}").format(format=kind))
    if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise services.IllegalMove(_("A tournament has from 2 to {most} players").format(most=MAX_PLAYERS))
    minimum = players if min_players is None else min_players
    if not isinstance(minimum, int) or not 2 <= minimum <= players:
        raise services.IllegalMove(_("The least number of players must be from 2 to the size"))
    try:
        resolved = engine.resolve_options(options)
    except IllegalAction as exc:
        raise services.IllegalMove(str(exc), engine=engine, record=exc.message) from None
    presets = timecontrols.presets()
    if time_control not in presets:
        raise services.IllegalMove(_("Unknown time control {key!r}").format(key=time_control))
    if timeout_policy not in TimeoutPolicy.values:
        raise services.IllegalMove(_("Unknown timeout policy {policy!r}").format(policy=timeout_policy))
    if draw_rule not in DrawRule.values:
        raise services.IllegalMove(_("Unknown draw rule {rule!r}").format(rule=draw_rule))
    return {
        "game": engine.slug,
        "format": kind,
        "options": resolved,
        "time_control": presets[time_control],
        "timeout_policy": timeout_policy,
        "max_players": players,
        "min_players": minimum,
        "draw_rule": draw_rule,
    }


def _default_name(game: str, kind: str) -> str:
    return f"{engines.get(game).title}: {Format(kind).label}"


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise services.NotFound(_("No such tournament")) from None


def join_tournament(tournament_id: int, user) -> Tournament:
    """Sign up; the tournament starts as soon as the last seat is taken."""
    check_not_computer(user)
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Status.OPEN:
            raise services.Conflict(_("This tournament is not open for sign-up"))
        if tournament.players.filter(user=user).exists():
            raise services.Conflict(_("You are already signed up"))
        if tournament.players.count() >= tournament.max_players:
            raise services.Conflict(_("This tournament is full"))
        lock_players(user)
        check_commitment_cap(user)
        TournamentPlayer.objects.create(tournament=tournament, user=user)
        if tournament.players.count() == tournament.max_players:
            _start(tournament)
    return tournament


def leave_tournament(tournament_id: int, user) -> Tournament:
    """Before the start: leave. While it runs: withdraw, and every game not yet decided is forfeited."""
    with transaction.atomic():
        _lock_live_matches(tournament_id, user.pk)
        tournament = _locked(tournament_id)
        entry = tournament.players.filter(user=user).first()
        if entry is None:
            raise services.Conflict(_("You are not in this tournament"))
        if tournament.status == Status.OPEN:
            entry.delete()
        elif tournament.status == Status.RUNNING and not entry.withdrawn:
            _withdraw(tournament, entry, "withdrew")
        else:
            raise services.Conflict(_("You can no longer leave this tournament"))
    return tournament


def start_tournament(tournament_id: int) -> Tournament:
    """Start now with whoever has signed up (or cancel it, when fewer than the least number did)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Status.OPEN:
            raise services.Conflict(_("This tournament is not open for sign-up"))
        _start(tournament)
    return tournament


def start_due_tournaments(now: datetime | None = None) -> int:
    """The beat job: tournaments whose sign-up deadline passed start (or are cancelled); how many."""
    due = Tournament.objects.filter(status=Status.OPEN, signup_deadline__lte=now or timezone.now())
    count = 0
    for tournament_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            tournament = _locked(tournament_id)
            if tournament.status == Status.OPEN:
                _start(tournament)
                count += 1
    return count


def withdraw_banned_players() -> int:
    """The beat job: a banned player's remaining games are forfeited; how many players."""
    entries = TournamentPlayer.objects.filter(
        tournament__status=Status.RUNNING, withdrawn="", user__profile__banned_at__isnull=False
    )
    count = 0
    for entry_id, tournament_id, user_id in entries.values_list("pk", "tournament_id", "user_id"):
        with transaction.atomic():
            _lock_live_matches(tournament_id, user_id)
            tournament = _locked(tournament_id)
            entry = TournamentPlayer.objects.get(pk=entry_id)
            if tournament.status == Status.RUNNING and not entry.withdrawn:
                _withdraw(tournament, entry, "banned")
                count += 1
    return count


def _lock_live_matches(tournament_id: int, user_id: int) -> None:
    """Lock the player's live tournament matches before the tournament: a move that ends a match locks the
    match, then the tournament (match_ended), so a withdrawal takes them in the same order."""
    live = Pairing.objects.filter(
        Q(first__user_id=user_id) | Q(second__user_id=user_id), tournament_id=tournament_id, match__status__in=LIVE
    )
    for match_id in sorted(live.values_list("match_id", flat=True)):
        services.lock_match(match_id)


def _start(tournament: Tournament) -> None:
    entries = list(tournament.players.select_related("user"))
    if len(entries) < tournament.min_players:
        tournament.status = Status.CANCELLED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        return
    ratings = dict(
        Rating.objects.filter(game=tournament.game, user__in=[e.user_id for e in entries]).values_list(
            "user_id", "rating"
        )
    )
    entries.sort(key=lambda e: (-ratings.get(e.user_id, 1500), e.joined_at, e.pk))
    for seed, entry in enumerate(entries, start=1):
        entry.seed, entry.rating = seed, ratings.get(entry.user_id, 1500)
    TournamentPlayer.objects.bulk_update(entries, ["seed", "rating"])
    tournament.status = Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.rounds_planned = _rounds_planned(tournament.format, len(entries))
    tournament.save(update_fields=["status", "started_at", "rounds_planned"])
    _start_round(tournament, 1)


def _rounds_planned(kind: str, players: int) -> int:
    if kind == Format.SWISS:
        return pairing.swiss_rounds(players)
    if kind == Format.ELIMINATION:
        return (players - 1).bit_length()
    return len(pairing.round_robin(range(players), double=kind == Format.DOUBLE_ROUND_ROBIN))


def _start_round(tournament: Tournament, number: int) -> None:
    """Pair round ``number`` and create its matches; a round already decided (byes, forfeits) moves on."""
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    _tell(tournament, "started" if number == 1 else "round")
    entries = {e.pk: e for e in tournament.players.select_related("user")}
    for board, (first, second) in enumerate(_pairs(tournament, number, entries)):
        _pair(tournament, number, board, entries[first], entries[second] if second else None)
    _advance(tournament)


def _pairs(tournament: Tournament, number: int, entries: dict) -> list[pairing.Pair]:
    seeded = sorted(entries, key=lambda pk: entries[pk].seed)
    if tournament.format in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN):
        rounds = pairing.round_robin(seeded, double=tournament.format == Format.DOUBLE_ROUND_ROBIN)
        return [pair for pair in rounds[number - 1] if pair[1] is not None]  # a round robin's bye is a rest
    if tournament.format == Format.ELIMINATION:
        if number == 1:
            return pairing.elimination_first_round(seeded)
        return pairing.elimination_next_round(_winners(tournament, number - 1))
    results = _results(tournament)
    rows = standings(seeded, results, ())
    ranked = [row.player for row in rows if not entries[row.player].withdrawn]
    played = {frozenset((a, b)) for a, b, _outcome in results if b is not None}
    had_bye = {a for a, b, _outcome in results if b is None}
    return pairing.swiss_round(ranked, played, had_bye)


def _pair(tournament: Tournament, number: int, board: int, first: TournamentPlayer, second, replay=False) -> None:
    pair = Pairing(tournament=tournament, round=number, board=board, first=first, second=second, replay=replay)
    if second is None:
        pair.outcome = Outcome.FIRST
    elif first.withdrawn or second.withdrawn:
        pair.outcome, pair.forfeit = (Outcome.SECOND if first.withdrawn else Outcome.FIRST), True
    else:
        roles = engines.get(tournament.game).roles
        match = services.create_match(
            first.user,
            tournament.game,
            tournament.options,
            roles[0],
            time_control=tournament.time_control,
            timeout_policy=tournament.timeout_policy,
            rated=tournament.rated,
            capped=False,  # the commitment cap was checked at sign-up: a round is never refused
        )
        pair.match = match
        pair.save()
        services.join_match(match.pk, second.user, roles[1], capped=False)  # every seat taken: it starts
        return
    pair.save()


def match_ended(match: Match) -> None:
    """A tournament match finished (the match_finished receiver): record it and, with the round done, go on."""
    pair = Pairing.objects.filter(match=match).select_related("first", "second").first()
    if pair is None or pair.outcome:
        return
    tournament = _locked(pair.tournament_id)
    winner = (match.result or {}).get("winner")
    roles = match.engine.roles
    pair.outcome = {roles[0]: Outcome.FIRST, roles[1]: Outcome.SECOND}.get(winner, Outcome.DRAW)
    pair.save(update_fields=["outcome"])
    if pair.outcome == Outcome.DRAW and tournament.format == Format.ELIMINATION:
        if tournament.draw_rule == DrawRule.REPLAY:
            _pair(tournament, pair.round, pair.board, pair.second, pair.first, replay=True)
            return
        higher = min(pair.first, pair.second, key=lambda e: e.seed)
        pair.outcome = Outcome.FIRST if higher == pair.first else Outcome.SECOND
        pair.save(update_fields=["outcome"])
    _advance(tournament)


def _advance(tournament: Tournament) -> None:
    if tournament.status != Status.RUNNING:
        return
    if tournament.pairings.filter(round=tournament.current_round, outcome=Outcome.PENDING).exists():
        return
    if tournament.format == Format.ELIMINATION:
        winners = _winners(tournament, tournament.current_round)
        if len(winners) > 1:
            _start_round(tournament, tournament.current_round + 1)
            return
        champion = winners[0] if winners else None
    elif tournament.current_round < tournament.rounds_planned and _active(tournament) > 1:
        _start_round(tournament, tournament.current_round + 1)
        return
    else:
        rows = table(tournament)
        champion = rows[0].player.pk if rows else None
    tournament.status = Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.winner = TournamentPlayer.objects.get(pk=champion).user if champion else None
    tournament.save(update_fields=["status", "finished_at", "winner"])
    _tell(tournament, "finished")


def _tell(tournament: Tournament, event: str) -> None:
    players = [e.user for e in tournament.players.filter(withdrawn="").select_related("user__profile")]
    signals.tournament_event.send(Tournament, tournament=tournament, event=event, players=players)


def _active(tournament: Tournament) -> int:
    return tournament.players.filter(withdrawn="").count()


def _winners(tournament: Tournament, number: int) -> list[int]:
    """The players through from an elimination round, in bracket order (a replayed board's last game counts)."""
    decided: dict[int, int] = {}
    for pair in tournament.pairings.filter(round=number).exclude(outcome__in=[Outcome.PENDING, Outcome.DRAW]):
        decided[pair.board] = pair.first_id if pair.outcome == Outcome.FIRST else pair.second_id
    return [decided[board] for board in sorted(decided)]


def _results(tournament: Tournament) -> list[tuple[int, int | None, str]]:
    pairs = tournament.pairings.exclude(outcome=Outcome.PENDING).values_list("first_id", "second_id", "outcome")
    return list(pairs)


def table(tournament: Tournament) -> list[Row]:
    """The standings, best first, each row's ``player`` the TournamentPlayer (``withdrawn`` says why not)."""
    entries = {e.pk: e for e in tournament.players.select_related("user")}
    rows = standings(list(entries), _results(tournament), TIEBREAKS[tournament.format])
    for row in rows:
        row.player = entries[row.player]
    return rows


def _withdraw(tournament: Tournament, entry: TournamentPlayer, why: str) -> None:
    """Forfeit the player's undecided games (their opponents win); later rounds forfeit or leave them out."""
    entry.withdrawn = why
    entry.save(update_fields=["withdrawn"])
    pending = tournament.pairings.filter(Q(first=entry) | Q(second=entry), outcome=Outcome.PENDING)
    for pair in pending.exclude(match=None):
        pair.forfeit = True
        pair.save(update_fields=["forfeit"])
        match = services.lock_match(pair.match_id)
        if match.status not in LIVE:
            continue
        role = engines.get(tournament.game).roles[0 if pair.first_id == entry.pk else 1]
        text = (
            gettext_noop("{side} withdrew from the tournament")
            if why == "withdrew"
            else gettext_noop("{side} was banned from the tournament")
        )
        result = services.opponent_wins(match, role, platform_msg(text, side=name(f"side:{role}")))
        services.record_result(match, ActionKind.FORFEIT, role, entry.user, result)  # match_ended follows


def current_tournaments_of(user) -> list[Tournament]:
    """The tournaments a player is signed up for or still playing in (for their profile page)."""
    return list(
        Tournament.objects.filter(
            players__user=user, players__withdrawn="", status__in=[Status.OPEN, Status.RUNNING]
        ).order_by("status", "-created_at")
    )


# --- moderators (the admin): each action is audited like a match's ---------------------------------


def edit_tournament(tournament_id: int, moderator, reason: str, **changes) -> Tournament:
    """Change a tournament before its start (name, size, deadline, options...)."""
    check_permission(moderator, MODERATE_MATCH)
    check_reason(reason)
    editable = {"name", "max_players", "min_players", "signup_deadline", "rated", "timeout_policy", "draw_rule"}
    unknown = set(changes) - editable
    if unknown:
        raise services.IllegalMove(_("These cannot be changed: {fields}").format(fields=", ".join(sorted(unknown))))
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status != Status.OPEN:
            raise services.Conflict(_("A tournament can be edited only before it starts"))
        before = {key: _plain(getattr(tournament, key)) for key in changes}
        for key, value in changes.items():
            setattr(tournament, key, value)
        if not 2 <= tournament.min_players <= tournament.max_players <= MAX_PLAYERS:
            raise services.IllegalMove(_("The least number of players must be from 2 to the size"))
        if tournament.players.count() > tournament.max_players:
            raise services.Conflict(_("More players have signed up than that"))
        tournament.save()
        after = {key: _plain(getattr(tournament, key)) for key in changes}
        _audit(moderator, "tournament_edit", reason, tournament, before, after)
        if tournament.players.count() == tournament.max_players:
            _start(tournament)
    return tournament


def cancel_tournament(tournament_id: int, moderator, reason: str) -> Tournament:
    """Stop a tournament: its live matches are cancelled too (each audited)."""
    check_permission(moderator, MODERATE_MATCH)
    check_reason(reason)
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status not in (Status.OPEN, Status.RUNNING):
            raise services.Conflict(_("This tournament is already over"))
        before = {"status": tournament.status}
        tournament.status = Status.CANCELLED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        for match_id in tournament.pairings.filter(match__status__in=LIVE).values_list("match_id", flat=True):
            cancel_match(match_id, moderator, reason)
        _audit(moderator, "tournament_cancel", reason, tournament, before, {"status": tournament.status})
    return tournament


def adjudicate_pairing(pairing_id: int, moderator, winner: str | None, reason: str) -> Pairing:
    """Set a tournament match's result (``winner`` a role or None) through the match's own adjudication."""
    pair = Pairing.objects.filter(pk=pairing_id).exclude(match=None).first()
    if pair is None:
        raise services.NotFound(_("No such tournament match"))
    with transaction.atomic():
        adjudicate(pair.match_id, moderator, winner, reason)  # audited; match_ended follows
    pair.refresh_from_db()
    return pair


def _audit(moderator, action: str, reason: str, tournament: Tournament, before: dict, after: dict) -> None:
    audit(moderator, action, reason, before={"tournament": tournament.pk, **before}, after=after)


def _plain(value):
    return value.isoformat() if isinstance(value, datetime) else value
