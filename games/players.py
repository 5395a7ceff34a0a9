"""What a player's profile shows, the same facts for the page and the API (issue 33, part 3).

A private match is, to anyone but its players and moderators, no match (services.visibility): a profile
seen by someone else leaves private matches out of everything it counts, lists or charts. The current
rating per game stays whole, as the leaderboard shows it; the reliability numbers count every match
(accounts.reliability: aggregates that name none).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.reliability import reliability_of
from games import engines, languages
from games.models import LIVE, Match, MatchStatus, Rating, RatingChange, Seat, seats_with_users
from games.rating_chart import rating_chart
from games.services.permissions import is_moderator
from games.tournaments.services import current_tournaments_of

SHOWN = 20  # matches in progress shown, and finished ones per page
OUTCOMES = ("won", "drawn", "lost")


def sees_private(player, viewer) -> bool:
    """The player and the moderators see the player's private matches; nobody else learns of them."""
    return getattr(viewer, "pk", None) == player.pk or is_moderator(viewer)


def profile_facts(player, viewer, page: int | str = 1) -> dict[str, Any]:
    """Everything the profile shows, as plain data (the API returns it as it is)."""
    private = sees_private(player, viewer)
    reliability = reliability_of([player.pk])[player.pk]
    finished = Paginator(_matches(player, private, [MatchStatus.FINISHED, MatchStatus.ABANDONED]), SHOWN)
    finished_page = finished.get_page(page)
    in_progress = _matches(player, private, list(LIVE))
    outcomes = _outcomes_by_game(player, private)
    return {
        "username": player.get_username(),
        "name": player.profile.name,
        "computer": player.profile.is_computer,
        "joined": player.date_joined,
        "reliability": reliability.facts(),
        "games": _games(player, private, outcomes),
        "totals": _totals(outcomes),
        "in_progress": [_match_row(m, player) for m in in_progress[:SHOWN]],
        "in_progress_count": in_progress.count(),
        "finished": [_match_row(m, player) for m in finished_page],
        "finished_count": finished.count,
        "finished_page": finished_page.number,
        "finished_pages": finished.num_pages,
        "tournaments": [
            {"id": t.pk, "name": t.name, "status": t.status, "status_label": t.get_status_display()}
            for t in current_tournaments_of(player)
        ],
    }


def _matches(player, private: bool, statuses: list[str]) -> QuerySet[Match]:
    found = Match.objects.filter(status__in=statuses, pk__in=Seat.objects.filter(user=player).values("match_id"))
    if not private:
        found = found.filter(is_private=False)
    ordering = ("-finished_at", "-pk") if MatchStatus.FINISHED in statuses else ("-pk",)
    # Without the cached state, which no row reads: a long match's state runs to 100 KB.
    return found.defer("state").prefetch_related(seats_with_users()).order_by(*ordering)


def _match_row(match: Match, player) -> dict[str, Any]:
    seats = match.loaded_seats()
    mine = [seat.role for seat in seats if seat.user_id == player.pk]
    title = languages.text(match.engine, match.engine.title, languages.current_language())
    return {
        "id": match.pk,
        "game": match.game,
        "title": title,
        "name": _("{game} #{number}").format(game=title, number=match.pk),
        "status": match.status,
        "status_label": match.get_status_display(),
        "sides": [languages.side_name(match.engine, role) for role in mine],
        "opponents": [
            {
                "username": seat.user.get_username(),
                "name": seat.user.profile.name,
                "computer": seat.user.profile.is_computer,
            }
            for seat in seats
            if seat.user_id is not None and seat.user_id != player.pk
        ],
        "outcome": _outcome(match.result, mine) if match.status == MatchStatus.FINISHED else None,
        "rated": match.rated,
        "finished_at": match.finished_at,
    }


def _outcome(result: dict | None, roles: list[str]) -> str | None:
    if not result:
        return None
    winner = result.get("winner")
    return "drawn" if winner is None else "won" if winner in roles else "lost"


def _outcomes_by_game(player, private: bool) -> dict[str, dict[str, int]]:
    """game → {"won": n, "drawn": n, "lost": n} over the player's finished matches (one query)."""
    seats = Seat.objects.filter(user=player, match__status=MatchStatus.FINISHED)
    if not private:
        seats = seats.filter(match__is_private=False)
    roles: dict[int, list[str]] = defaultdict(list)
    facts: dict[int, tuple[str, dict | None]] = {}
    for match_id, role, game, result in seats.values_list("match_id", "role", "match__game", "match__result"):
        roles[match_id].append(role)
        facts[match_id] = (game, result)
    counts: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(OUTCOMES, 0))
    for match_id, (game, result) in facts.items():
        outcome = _outcome(result, roles[match_id])
        if outcome:
            counts[game][outcome] += 1
    return counts


def _totals(outcomes: dict[str, dict[str, int]]) -> dict[str, int]:
    totals = dict.fromkeys(OUTCOMES, 0)
    for counts in outcomes.values():
        for outcome in OUTCOMES:
            totals[outcome] += counts[outcome]
    return {"played": sum(totals.values()), **totals}


def _games(player, private: bool, outcomes: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    """Per game the player has played: rating, its history and chart, and the finished matches' outcomes."""
    lang = languages.current_language()
    ratings = dict(Rating.objects.filter(user=player).values_list("game", "rating"))
    changes = RatingChange.objects.filter(user=player).order_by("created_at", "pk")
    if not private:
        changes = changes.filter(match__is_private=False)
    history: dict[str, list[RatingChange]] = defaultdict(list)
    for change in changes:
        history[change.game].append(change)
    games = []
    for engine in sorted(engines.all(), key=lambda e: languages.text(e, e.title, lang)):
        if engine.slug not in outcomes and engine.slug not in ratings:
            continue
        counts = outcomes.get(engine.slug, dict.fromkeys(OUTCOMES, 0))
        points = history[engine.slug]
        games.append(
            {
                "game": engine.slug,
                "title": languages.text(engine, engine.title, lang),
                "rating": ratings.get(engine.slug),
                "played": sum(counts.values()),
                **counts,
                "history": [{"match": c.match_id, "at": c.created_at, "rating": c.after} for c in points],
                **_chart(points),
            }
        )
    return games


def _chart(points: list[RatingChange]) -> dict[str, str | None]:
    """The picture (for the page) and what it says in words (its title, caption and the API's summary)."""
    if not points:
        return {"chart": None, "chart_summary": None}
    ratings = [points[0].before, *(change.after for change in points)]
    summary = ngettext(
        "Rating %(rating)s after %(count)s rated match; highest %(high)s, lowest %(low)s.",
        "Rating %(rating)s after %(count)s rated matches; highest %(high)s, lowest %(low)s.",
        len(points),
    ) % {"rating": ratings[-1], "count": len(points), "high": max(ratings), "low": min(ratings)}
    return {"chart": rating_chart(ratings, summary), "chart_summary": summary}
