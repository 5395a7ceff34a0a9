"""Template filters of the player pages."""

import re
from datetime import datetime, timedelta

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from games import catalogue, languages, timecontrols
from games.option_words import describe_options
from games.views.drawn_parts import filled as fill_slots

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


# A rule ID written into an event's text, e.g. "(SK-6.2a)" or "(R3-6.3c/g)" or "(SK-7.1b: a stack is ...)".
RULE_REF = re.compile(r"\s*\(((?:RK|R3|SK|BR|NY)-[0-9][^)]*)\)")


@register.simple_tag
def event_line(event: dict, match, shown_seq: int | None = None) -> str:
    """One line of an event log: its text (already in the reader's language: ``games.languages``), a link to
    the moment it happened (``event["seq"]``, when the history can show it; none for the point on screen)
    and its rule IDs as small links to the rules page: those the event carries as data (``rule``, an ID or
    a list, ARCHITECTURE §2.4) and those older texts wrote into the sentence."""
    text = str(event.get("text", ""))
    rule = event.get("rule") or []
    refs = [*([rule] if isinstance(rule, str) else rule), *RULE_REF.findall(text)]
    plain = RULE_REF.sub("", text).strip()
    seq = event.get("seq")
    here = reverse("match", args=[match.pk])
    if seq is None or seq == shown_seq:
        line = format_html('<span class="event-text">{}</span>', plain)
    else:
        url = f"{here}?seq={seq}"
        line = format_html(
            '<a class="event-text" href="{}" hx-get="{}" hx-target="#match-live" hx-swap="outerHTML" '
            'hx-push-url="true" title="{}">{}</a>',
            url,
            url,
            _("Show the board after record {seq}").format(seq=seq),
            plain,
        )
    rules = reverse("game_rules", args=[match.game])
    links = format_html_join(
        "",
        ' <a class="rule-ref" href="{}" title="{}">{}</a>',
        ((rules, _("Rule {ref} on the rules page").format(ref=r), r) for r in refs),
    )
    return line + links


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
