"""What every moderator action shares: the permission and reason checks, the match lock, and the audit
record (who, what, when, why, before/after) that also tells the match's players."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games import signals
from games.models import Match, ModerationRecord

from .errors import Conflict, IllegalMove
from .locking import lock_match
from .permissions import MODERATE_MATCH, check_permission


def check_reason(reason: str) -> None:
    if not reason or not reason.strip():
        raise IllegalMove(_("A moderator action needs a reason"))


def locked_for_moderation(match_id: int, moderator, reason: str, allowed: tuple | None = None) -> Match:
    check_permission(moderator, MODERATE_MATCH)
    check_reason(reason)
    match = lock_match(match_id)
    if allowed is not None and match.status not in allowed:
        raise Conflict(_("Not possible while the match is {status}").format(status=match.get_status_display().lower()))
    return match


def flag_match(match: Match, moderator, why: str) -> ModerationRecord:
    before = {"flagged": match.flagged, "flag_reason": match.flag_reason}
    match.flagged = True
    match.flag_reason = f"{match.flag_reason}\n{why}".strip()
    match.save(update_fields=["flagged", "flag_reason"])
    return audit(moderator, "flag", why, match=match, before=before, after={"flagged": True, "flag_reason": why})


def audit(moderator, action: str, reason: str, *, match=None, target_user=None, before=None, after=None):
    """Write the audit record and, for a match, tell its players (in this transaction)."""
    record = ModerationRecord.objects.create(
        moderator=moderator,
        action=action,
        match=match,
        target_user=target_user,
        reason=reason,
        before=before or {},
        after=after or {},
    )
    if match is not None:
        signals.moderator_acted.send(Match, match=match, record=record)
    return record


def audit_hidden_read(match: Match, reader, via: str) -> None:
    """A moderator saw what a match in progress hides (its raw log, every side's board): recorded, not
    announced to the players. ``via`` names the door: "api", "page", "admin"."""
    ModerationRecord.objects.create(
        moderator=reader, action="read_log", match=match, reason="", after={"seq": match.seq, "via": via}
    )


def match_position(match: Match) -> dict[str, Any]:
    return {"seq": match.seq, "state_hash": match.state_hash, "status": match.status, "result": match.result}
