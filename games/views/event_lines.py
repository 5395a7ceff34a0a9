"""The lines of a match's event log, drawn in Python and kept once drawn.

A long match's log has thousands of lines and the page draws it again at every record; each line is a pure
function of its text, rules, record and the reader's language, so a line drawn once is reused from then on.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

# A rule ID written into an event's text, e.g. "(SK-6.2a)" or "(R3-6.3c/g)" or "(SK-7.1b: a stack is ...)".
RULE_REF = re.compile(r"\s*\(((?:RK|R3|SK|BR|NY)-[0-9][^)]*)\)")


def event_line(event: dict, match, shown_seq: int | None = None) -> str:
    """One line of an event log: its text (already in the reader's language: ``games.languages``), a link to
    the moment it happened (``event["seq"]``, when the history can show it; none for the point on screen)
    and its rule IDs as small links to the rules page: those the event carries as data (``rule``, an ID or
    a list, ARCHITECTURE §2.4) and those older texts wrote into the sentence."""
    rule = event.get("rule") or []
    seq = event.get("seq")
    linked = None if seq == shown_seq else seq
    rules = (rule,) if isinstance(rule, str) else tuple(rule)
    where = (get_language(), get_script_prefix(), get_urlconf())
    return _line(str(event.get("text", "")), rules, linked, match.pk, match.game, *where)


def event_lines(events: list[dict], new_events: int, match, shown_seq: int | None) -> SafeString:
    """A match's event log as list items, newest first: the first ``new_events`` marked new to the reader,
    and a line the computer played for a person with its note (``stand_in``)."""
    new = format_html('<li class="new"><span class="visually-hidden">{} </span>', _("New:"))
    items = []
    for number, event in enumerate(events):
        note = event.get("stand_in")
        mark = format_html(' <em class="stand-in-mark">{}</em>', note) if note else ""
        items.append(f"{new if number < new_events else '<li>'}{event_line(event, match, shown_seq)}{mark}</li>")
    return mark_safe("".join(items))  # each part escaped by format_html


# Each line is a pure function of these (the last three: the words' language and where the links point): kept
# once drawn, as the log's older lines come back at every record.
@lru_cache(maxsize=20_000)
def _line(
    text: str,
    rules: tuple[str, ...],
    seq: int | None,
    pk: int,
    game: str,
    language: str | None,
    prefix: str,
    urlconf: str | None,
) -> SafeString:
    refs = [*rules, *RULE_REF.findall(text)]
    plain = RULE_REF.sub("", text).strip()
    if seq is None:
        line = format_html('<span class="event-text">{}</span>', plain)
    else:
        url = f"{reverse('match', args=[pk])}?seq={seq}"
        line = format_html(
            '<a class="event-text" href="{}" hx-get="{}" hx-target="#match-live" hx-swap="outerHTML" '
            'hx-push-url="true" title="{}">{}</a>',
            url,
            url,
            _("Show the board after record {seq}").format(seq=seq),
            plain,
        )
    rules_page = reverse("game_rules", args=[game])
    links = format_html_join(
        "",
        ' <a class="rule-ref" href="{}" title="{}">{}</a>',
        ((rules_page, _("Rule {ref} on the rules page").format(ref=r), r) for r in refs),
    )
    return line + links
