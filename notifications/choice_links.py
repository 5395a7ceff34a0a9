"""One-click moves from the turn mail: each choice carries its own signed link (SECURITY.md "Mail").

A link names the player, the match, the role, the position (the log's seq) and the choice (its place among
the legal choices, and a mark of the action itself). It lives as long as the mail's sign-in link and dies
with a password change; it plays only while the match is still at that position, so a link used twice, or
after the opponent moved or a move was taken back, is refused with the reason. Opening it (GET, HEAD) only
shows the move: a mail scanner that fetches every link moves nothing; the confirm page's POST plays it
through ``games.services.submit_action`` like every other interface.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext as _

from games.engines.base import canonical_json
from games.models import ActionKind, Match

from .tokens import LOGIN_LINK_MAX_AGE, login_token_holds, password_mark

CHOICE_SALT = "notifications.choice"


class Refused(Exception):
    """The link cannot play its move; the message says why, in the active language."""


@dataclass(frozen=True)
class ChoiceLink:
    user_id: int
    match_id: int
    role: str
    seq: int
    index: int
    action_mark: str
    password: str


def action_mark(action: dict) -> str:
    return hashlib.sha256(canonical_json(action).encode()).hexdigest()[:16]


def choice_links(user, match: Match, role: str, seq: int, choices: list[dict]) -> list[str]:
    """A link per choice, or none: over ``MAIL_CHOICE_LINKS`` choices the mail lists them only, and staff
    accounts, which never act by a link in a mailbox, get none."""
    if user.is_staff or len(choices) > settings.MAIL_CHOICE_LINKS:
        return []
    return [choice_link(user, match.pk, role, seq, index, choice["action"]) for index, choice in enumerate(choices)]


def choice_link(user, match_id: int, role: str, seq: int, index: int, action: dict) -> str:
    payload = {"u": user.pk, "m": match_id, "r": role, "s": seq, "c": index, "a": action_mark(action)}
    token = signing.dumps({**payload, "p": password_mark(user)}, salt=CHOICE_SALT, compress=True)
    return settings.SITE_URL + reverse("notifications:choice", args=[token])


def read_choice_link(token: str) -> ChoiceLink:
    """The link's contents; raises Refused when it is forged, malformed or expired."""
    try:
        data = signing.loads(token, salt=CHOICE_SALT, max_age=LOGIN_LINK_MAX_AGE)
        return ChoiceLink(data["u"], data["m"], data["r"], data["s"], data["c"], data["a"], data["p"])
    except signing.SignatureExpired:
        raise Refused(_("this link has expired: open the match to move.")) from None
    except (signing.BadSignature, KeyError, TypeError):
        raise Refused(_("this link is not valid.")) from None


def chosen_action(link: ChoiceLink, match: Match, user) -> dict:
    """The move the link plays now, or Refused with the reason (the position changed, the seat or the
    password did, the match is over)."""
    if user is None or user.pk != link.user_id or not login_token_holds({"p": link.password}, user):
        raise Refused(_("this link is no longer valid: open the match to move."))
    if link.role not in match.roles_of(user):
        raise Refused(_("you no longer hold this seat."))
    if match.seq != link.seq:
        raise Refused(_position_changed(match, link))
    if match.result is not None or link.role not in match.active_roles:
        raise Refused(_("it is not your move in this match now."))
    choices = match.engine.legal_actions(match.state, link.role)
    if link.index >= len(choices) or action_mark(choices[link.index]["action"]) != link.action_mark:
        raise Refused(_("the position has changed since this mail: open the match to see it."))
    return choices[link.index]


def _position_changed(match: Match, link: ChoiceLink) -> str:
    """Why the match is no longer where the mail left it, in words a player recognises."""
    later = list(match.actions.filter(seq__gt=link.seq).order_by("seq").values_list("kind", "user_id", "payload")[:50])
    if any(kind in (ActionKind.UNDO, ActionKind.TAKEBACK, ActionKind.REWIND) for kind, _user, _payload in later):
        return _("the position has changed: a move was taken back since this mail.")
    kind, user_id, payload = later[0] if later else (None, None, None)
    if kind == ActionKind.MOVE and user_id == link.user_id:
        if action_mark(payload) == link.action_mark:
            return _("this move was already played (a link plays once).")
        return _("you have moved since this mail: open the match to see it.")
    return _("the position has changed since this mail: open the match to see it.")
