"""Chat between the players of a match (not part of the match log)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from accounts.ratelimits import over_limit
from games import signals
from games.models import ChatMessage, Match

from .errors import IllegalMove, NotAllowed, TooMany
from .visibility import check_visible

MAX_CHAT_LENGTH = 2000


def post_message(match: Match, user, text: str) -> ChatMessage:
    """Post ``text`` to the match chat; only seated players may talk."""
    check_visible(match, user)
    if not match.roles_of(user):
        raise NotAllowed(_("Only the players of this match can chat in it"))
    if getattr(getattr(user, "profile", None), "banned", False):
        raise NotAllowed(_("Your account is suspended"))
    text = text.strip()
    if not text:
        raise IllegalMove(_("The message is empty"))
    if len(text) > MAX_CHAT_LENGTH:
        raise IllegalMove(_("A message has at most {n} characters").format(n=MAX_CHAT_LENGTH))
    if over_limit("chat", f"user:{user.pk}"):
        raise TooMany(_("You are sending messages faster than the chat allows: wait a moment, then try again."))
    message = ChatMessage.objects.create(match=match, user=user, text=text)
    signals.chat_posted.send(ChatMessage, message=message)
    return message
