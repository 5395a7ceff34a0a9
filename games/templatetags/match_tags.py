"""Template filters of the player pages."""

from datetime import datetime, timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from games import catalogue, languages, timecontrols
from games.option_words import describe_options
from games.views.drawn_parts import filled as fill_slots
from games.views.event_lines import event_line
from games.views.open_match_rows import open_match_row as drawn_open_match_row

register = template.Library()


@register.filter
def time_control(value: dict | None) -> str:
    """A match's time control in words, e.g. "3 days per move"."""
    return timecontrols.describe(value)


@register.filter
def options_in_words(match) -> list[tuple[str, str]]:
    """A match's options as (label, value) pairs a player reads."""
    return describe_options(match.game, match.options or {})


@register.filter
def in_language(engine) -> str:
    """An engine's title in the current language: ``{{ match.engine|in_language }}`` (ARCHITECTURE §2.4)."""
    return languages.text(engine, engine.title, languages.current_language())


@register.filter
def match_title(match) -> str:
    """ "Rosenkönig #12" / «Розенкёниг №12»: the same words as the mail's subjects (``{{ match|match_title }}``)."""
    return _("{game} #{number}").format(game=in_language(match.engine), number=match.pk)


@register.filter
def side_name(engine, role: str) -> str:
    """A side's name in the current language: ``{{ match.engine|side_name:seat.role }}``."""
    return languages.side_name(engine, role)


@register.filter
def side_names(engine, roles) -> str:
    """Several sides' names, joined: ``{{ match.engine|side_names:my_roles }}``."""
    return ", ".join(side_name(engine, role) for role in roles)


@register.filter
def ago(moment: datetime | None) -> str:
    """ "3 hours ago" / «3 часа назад»: the largest unit only, with its plural; "just now" under a minute."""
    if moment is None:
        return ""
    now = timezone.now()
    if now - moment < timedelta(minutes=1):
        return _("just now")
    return _("{elapsed} ago").format(elapsed=timesince(moment, now, depth=1))


@register.filter
def engine_text(engine, value) -> str:
    """An engine's record (a result's reason) in the current language: ``{{ match.engine|engine_text:x }}``."""
    return languages.text(engine, value, languages.current_language())


@register.inclusion_tag("games/_stand_in.html")
def stand_in(game_slug: str) -> dict:
    """The game's stand-in line linking to its rules page; nothing for a game that has none."""
    try:
        return {"game": catalogue.game(game_slug)}
    except KeyError:
        return {}


register.simple_tag(event_line)


@register.simple_tag(takes_context=True)
def open_match_row(context, match) -> str:
    """The lobby's row of an open match (games.views.open_match_rows), with this request's CSRF token."""
    return drawn_open_match_row(match, str(context["csrf_token"]))


@register.simple_tag(takes_context=True)
def filled(context, part: str) -> str:
    """A part drawn with slots (games.views.drawn_parts), with this request's CSRF token, idempotency key
    and focus."""
    return fill_slots(
        context["drawn"][part],
        csrf_token=str(context["csrf_token"]),
        idempotency_key=context["idempotency_key"],
        focus=bool(context.get("focus")),
    )
