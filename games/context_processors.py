"""Template context for every page: the "your turn" badge in the header."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.db import connections, router
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from games.models import Match, MatchStatus, Seat
from games.services import statements

ACTIVE = str(MatchStatus.ACTIVE)  # the stored value, as a plain str for the driver

# Written out, as the polls' queries are (games.views.polls): the ORM spent more building it than the
# database running it, on every page and live fragment a signed-in player is sent.
YOUR_TURN_SQL = f"""
SELECT COUNT(*) FROM {Seat._meta.db_table} s JOIN {Match._meta.db_table} m ON m.id = s.match_id
WHERE s.user_id = %s AND s.is_active AND m.status = %s
"""


def your_turn(request: HttpRequest) -> dict[str, Callable[[], SafeString]]:
    """``your_turn_badge``: how many matches wait for the reader's move, counted when a template first
    reads it (the header and the live fragment do; a chat message does not)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @functools.cache
    def badge() -> SafeString:
        # query: the count, prepared once per connection (statements.statement_cursor)
        (rows,) = statements.select_together(connections[router.db_for_read(Seat)], (YOUR_TURN_SQL, [user.pk, ACTIVE]))
        return turn_badge(rows[0][0], translation.get_language())

    return {"your_turn_badge": badge}


@functools.lru_cache(maxsize=512)
def turn_badge(count: int, lang: str) -> SafeString:
    """The badge for ``count`` matches in ``lang``: the same for every reader, so drawn once per process."""
    with translation.override(lang):
        return mark_safe(render_to_string("_turn_badge.html", {"your_turn_count": count}))
