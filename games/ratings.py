"""Elo ratings per game (base 1500, K 32), updated when a rated two-player match finishes."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from games import signals
from games.models import Match, Rating, RatingChange

BASE_RATING = 1500
K_FACTOR = 32


def expected_score(rating: int, opponent: int) -> float:
    """The Elo expectation of ``rating`` against ``opponent`` (0..1)."""
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def elo_update(rating: int, opponent: int, score: float) -> int:
    """The new rating after scoring ``score`` (1 win, 0.5 draw, 0 loss) against ``opponent``."""
    return round(rating + K_FACTOR * (score - expected_score(rating, opponent)))


def rate_match(match: Match) -> list[RatingChange]:
    """Apply a finished match to both players' ratings, once. Unrated, multi-player or self-play: nothing."""
    seats = [seat for seat in match.seats.all() if seat.user_id is not None]
    if not match.rated or not match.result or len(seats) != 2 or seats[0].user_id == seats[1].user_id:
        return []
    if RatingChange.objects.filter(match=match).exists():
        return []  # a rewound and re-finished match keeps its first rating
    winner = match.result.get("winner")
    with transaction.atomic():
        ratings = [
            Rating.objects.select_for_update().get_or_create(
                user_id=seat.user_id, game=match.game, defaults={"rating": BASE_RATING}
            )[0]
            for seat in seats
        ]
        befores = [r.rating for r in ratings]
        changes = []
        for index, (seat, rating) in enumerate(zip(seats, ratings, strict=True)):
            score = 0.5 if winner is None else float(seat.role == winner)
            rating.rating = elo_update(befores[index], befores[1 - index], score)
            rating.matches += 1
            rating.save(update_fields=["rating", "matches"])
            changes.append(
                RatingChange.objects.create(
                    match=match, user_id=seat.user_id, game=match.game, before=befores[index], after=rating.rating
                )
            )
    return changes


@receiver(signals.match_finished)
def rate_finished_match(sender, match: Match, **kwargs) -> None:
    rate_match(match)
