"""When two seeks make a game: the same terms, sides that fit, and each rating inside the other's range."""

from __future__ import annotations

from games.seeks.models import Seek

DEFAULT_RATING = 1500  # a player's rating in a game they have not played rated yet (games.ratings)


def sides_fit(first: str, second: str) -> bool:
    """Blank is either side; two seeks asking for the same side do not match."""
    return not (first and second and first == second)


def in_range(seek: Seek, rating: int) -> bool:
    """Whether ``rating`` lies in the range the seek asked for (either bound may be left open)."""
    return (seek.min_rating is None or rating >= seek.min_rating) and (
        seek.max_rating is None or rating <= seek.max_rating
    )


def seeks_match(seek: Seek, other: Seek, ratings: dict[int, int]) -> bool:
    """``ratings``: user id → rating in the seeks' game."""
    return (
        seek.user_id != other.user_id
        and (seek.game, seek.time_control, seek.rated) == (other.game, other.time_control, other.rated)
        and seek.options == other.options
        and sides_fit(seek.role, other.role)
        and in_range(seek, ratings.get(other.user_id, DEFAULT_RATING))
        and in_range(other, ratings.get(seek.user_id, DEFAULT_RATING))
    )
