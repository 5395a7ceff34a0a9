"""The match page's heading: its title, the reader's sides, the options, the rules link and the stand-in line.

None of it changes from one record to the next, so it is drawn once per match, reader's roles and language
in each process, and not again after every move. The key holds everything the heading shows (the options
too), so an entry is never stale.
"""

from __future__ import annotations

import functools
import json

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from games.models import Match


def match_heading(match: Match, roles: list[str], lang: str) -> SafeString:
    """The heading of ``match`` for a reader holding ``roles`` ([] for a spectator), in ``lang``."""
    options = json.dumps(match.options or {})  # in the order they are shown
    return _drawn(match.pk, match.game, options, tuple(roles), lang)


@functools.lru_cache(maxsize=4096)
def _drawn(pk: int, game: str, options: str, roles: tuple[str, ...], lang: str) -> SafeString:
    # A stand-in with the fields the template reads, so that the drawing depends on the key alone.
    match = Match(pk=pk, game=game, options=json.loads(options))
    with translation.override(lang):
        return mark_safe(render_to_string("games/_match_heading.html", {"match": match, "my_roles": list(roles)}))
