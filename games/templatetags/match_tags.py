"""Template filters of the player pages."""

from django import template

from games import catalogue, timecontrols
from games.option_words import describe_options

register = template.Library()


@register.filter
def time_control(value: dict | None) -> str:
    """A match's time control in words, e.g. "3 days per move"."""
    return timecontrols.describe(value)


@register.filter
def options_in_words(match) -> list[tuple[str, str]]:
    """A match's options as (label, value) pairs a player reads."""
    return describe_options(match.game, match.options or {})


@register.inclusion_tag("games/_stand_in.html")
def stand_in(game_slug: str) -> dict:
    """The game's stand-in line linking to its rules page; nothing for a game that has none."""
    try:
        return {"game": catalogue.game(game_slug)}
    except KeyError:
        return {}
