"""What the lobby and the API show of a seek (the same facts for both)."""

from __future__ import annotations

from accounts.reliability import Reliability, reliability_of
from games import languages, timecontrols
from games.option_words import describe_options
from games.seeks.matching import DEFAULT_RATING
from games.seeks.models import Seek
from games.seeks.services import ratings_in


def rows(seeks, reader, lang: str) -> list[dict]:
    """One row per seek, each with its seeker's rating in the seek's game and reliability (a constant number
    of queries for any number of seeks)."""
    seeks = list(seeks)
    ratings = ratings_in({seek.game for seek in seeks}, [seek.user_id for seek in seeks])
    reliabilities = reliability_of(seek.user_id for seek in seeks)
    return [
        row(seek, reader, ratings.get((seek.game, seek.user_id), DEFAULT_RATING), reliabilities[seek.user_id], lang)
        for seek in seeks
    ]


def row(seek: Seek, reader, rating: int, reliability: Reliability, lang: str) -> dict:
    engine = seek.engine
    return {
        "id": seek.pk,
        "player": seek.user.get_username(),
        "player_name": seek.user.profile.name,
        "game": seek.game,
        "game_title": languages.text(engine, engine.title, lang),
        "options": seek.options,
        "options_in_words": [
            {"label": label, "value": value} for label, value in describe_options(seek.game, seek.options)
        ],
        "time_control": seek.time_control,
        "time_control_label": timecontrols.describe(timecontrols.presets().get(seek.time_control)),
        "rated": seek.rated,
        "role": seek.role or None,
        "role_label": languages.side_name(engine, seek.role, lang) if seek.role else None,
        "min_rating": seek.min_rating,
        "max_rating": seek.max_rating,
        "rating": rating,
        # Who is about to play you: how reliably and how fast they move (accounts.reliability).
        "reliability": reliability.facts(),
        "status": seek.status,
        "status_label": seek.get_status_display(),
        "created_at": seek.created_at,
        "expires_at": seek.expires_at,
        "match": seek.match_id,
        "mine": seek.user_id == reader.pk,
    }
