"""Takeback requests by mail: the request mail to the other players (numbered accept/decline, answered
by replying), and the mail telling the requester the answer.

The reply address is a signed ``play+tb<request>-<user>-<mac>@MAIL_DOMAIN``: the same local-part
prefix as move replies (one MTA route), but a shape ``ReplyToken`` never accepts, so a reply can
never be taken for a move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.dispatch import receiver
from django.utils import translation
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.language import language_of
from games import languages, signals
from games.models import Match, TakebackRequest, TakebackStatus
from games.services import IllegalMove, NotAllowed, takeback
from games.takeback_words import point_words

from .models import Kind, Notification
from .outbox import enqueue, seated

TAKEBACK_SALT = "notifications.takeback"
CHOICES = (gettext_lazy("Accept the takeback"), gettext_lazy("Decline the takeback"))
REPLY_HINT = gettext_lazy("To answer by email, reply with the number (or the text) of your answer on the first line.")
_ADDRESS = re.compile(r"play\+tb(\d+)-(\d+)-([0-9a-f]+)@([^\s>]+)", re.IGNORECASE)
# An answer is its number, one word of it, or its text as the mail showed it (in either language).
_WORDS = {
    **dict.fromkeys(("1", "accept", "yes", "принять", "да", "согласиться"), True),
    **dict.fromkeys(("2", "decline", "no", "отклонить", "нет"), False),
}


def _answer(line: str) -> bool | None:
    """True (accept), False (decline) or None (not an answer) for a reply's first line."""
    word = line.strip().lstrip("#").rstrip(".):").strip().casefold()
    if word in _WORDS:
        return _WORDS[word]
    for lang in languages.LANGUAGES:
        with translation.override(lang):
            texts = [str(choice).casefold() for choice in CHOICES]
        if word in texts:
            return texts.index(word) == 0
    return None


@dataclass(frozen=True)
class TakebackToken:
    """A request mail's reply address binds the request and the user it was sent to."""

    request_id: int
    user_id: int

    def _mac(self) -> str:
        return salted_hmac(TAKEBACK_SALT, f"{self.request_id}-{self.user_id}").hexdigest()[:20]

    @property
    def address(self) -> str:
        return f"play+tb{self.request_id}-{self.user_id}-{self._mac()}@{settings.MAIL_DOMAIN}"

    @classmethod
    def find(cls, addresses: list[str]) -> TakebackToken | None:
        for address in addresses:
            for request_id, user_id, mac, domain in _ADDRESS.findall(address or ""):
                token = cls(int(request_id), int(user_id))
                if domain.lower() == settings.MAIL_DOMAIN.lower() and constant_time_compare(token._mac(), mac.lower()):
                    return token
        return None


def is_request(notification: Notification) -> bool:
    """A request mail (answered by reply), not the news of an answer."""
    return notification.kind == Kind.TAKEBACK and notification.payload.get("status") == TakebackStatus.PENDING


def reply_address(notification: Notification) -> str:
    return TakebackToken(notification.payload["request"], notification.user_id).address


def answer_by_mail(token: TakebackToken, sender: str, line: str) -> str:
    """Answer the request as the token's user; raises a ServiceError (nothing changed) when refused, its
    message in the active language (the inbound reply's)."""
    user = get_user_model().objects.filter(pk=token.user_id).first()
    if user is None or user.email.lower() != sender.lower():
        raise NotAllowed(_("answers to this address are only accepted from the player it was sent to."))
    accept = _answer(line)
    if accept is None:
        offered = "\n".join(f"  {n}. {label}" for n, label in enumerate(CHOICES, 1))
        said = _("{line} is not an answer. Reply with one of these numbers:").format(line=repr(line))
        raise IllegalMove(f"{said}\n{offered}")
    request = TakebackRequest.objects.filter(pk=token.request_id).select_related("match").first()
    if request is None:
        raise IllegalMove(_("this takeback request no longer exists."))
    role = next((r for r in request.match.roles_of(user) if r != request.role), None)
    if role is None:
        raise NotAllowed(_("you hold no seat that answers this request."))
    takeback.answer(request.match_id, request.pk, user, role, accept)
    return "Takeback accepted" if accept else "Takeback declined"


@receiver(signals.takeback_asked)
def on_takeback_asked(sender, match: Match, request: TakebackRequest, **kwargs) -> None:
    payload = {
        "request": request.pk,
        "status": TakebackStatus.PENDING,
        "by": request.requested_by.profile.name,
        "to_seq": request.to_seq,
        "moves": len(request.retracts),
    }
    point = takeback.point_before(match, request.role, request.to_seq)
    for seat in seated(match):
        if seat.role != request.role and seat.user_id != request.requested_by_id:
            lang = language_of(seat.user)
            with translation.override(lang):  # the point's own words too, not only the move's label
                back_to = point_words(match, request.role, point.state, point.action, seat.role, lang)
            enqueue(seat.user, Kind.TAKEBACK, match=match, role=seat.role, payload={**payload, "back_to": back_to})


@receiver(signals.takeback_answered)
def on_takeback_answered(sender, match: Match, request: TakebackRequest, **kwargs) -> None:
    """The requester is told the answer; an acceptance that gave them the move is told by that turn mail,
    whose headline says so (its row is written in this transaction, so it is not sent yet)."""
    if request.status == TakebackStatus.PENDING:  # others must still answer
        return
    user = request.requested_by
    payload = {"request": request.pk, "status": request.status, "by": request.answered_by.profile.name}
    if request.status == TakebackStatus.ACCEPTED:
        turns = list(user.notifications.filter(match=match, kind=Kind.TURN, seq=match.seq))
        for turn in turns:
            turn.payload = {**turn.payload, "takeback": payload}  # told in the turn mail's language
            turn.save(update_fields=["payload"])
        if turns:
            return
    enqueue(user, Kind.TAKEBACK, match=match, role=request.role, payload=payload)
