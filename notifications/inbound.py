"""Moves by email: a reply to a turn mail's signed address, from the seated player, carries one choice.

Anything wrong (bad token, foreign sender, stale position, a choice that is not offered) gets an
explanatory reply in the sender's saved language, and changes nothing. Entry points: ``manage.py
receive_email`` (an MTA pipe) and django-anymail's inbound signal (provider webhooks at
/notifications/anymail/<esp>/inbound/).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from email.message import Message
from email.utils import getaddresses, parseaddr

from anymail.signals import inbound
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import transaction
from django.dispatch import receiver
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.language import language_of
from accounts.ratelimits import over_limit
from games.engines.base import Engine
from games.languages import error_text
from games.models import Match
from games.replay import OlderEngine, position_at
from games.services import ServiceError, submit_action

from .models import Kind
from .outbox import enqueue
from .reply_text import reply_lines
from .takeback import TakebackToken, answer_by_mail
from .tokens import ReplyToken

_NUMBER = re.compile(r"#?(\d+)\s*[.):]?(\s|$)")
_RECIPIENT_HEADERS = ("To", "Cc", "Bcc", "Delivered-To", "X-Original-To", "Envelope-To")


@dataclass(frozen=True)
class Outcome:
    """For the operator (``receive_email``): a refusal is the very text the player was answered, in their
    language; the rest is English."""

    accepted: bool
    message: str


class Rejected(Exception):
    pass


def handle_inbound(message: Message, envelope_recipient: str | None = None) -> Outcome:
    sender = parseaddr(message.get("From", ""))[1]
    if not sender or _is_automatic(message):
        return Outcome(False, "Ignored: an automatic message or no sender")  # never answer robots: no loops
    if over_limit("inbound-mail", f"sender:{sender.lower()}"):
        return Outcome(False, "Ignored: too many messages from this sender")  # unanswered: a flood gets no echo
    player = get_user_model().objects.filter(email__iexact=sender, is_active=True).select_related("profile").first()
    with translation.override(language_of(player)):  # refusals, ours and the services', in the reply's
        try:
            text = _apply(message, sender, envelope_recipient)
        except Rejected as exc:
            # Only our players are answered: a From anyone can forge must not make us mail strangers (a relay).
            if player is not None:
                _reply(message, sender, _("Your move was not played: {reason}").format(reason=exc))
            return Outcome(False, str(exc))
    return Outcome(True, text)


def _apply(message: Message, sender: str, envelope_recipient: str | None) -> str:
    recipients = [address for _name, address in getaddresses(_header_values(message))]
    takeback = TakebackToken.find([*recipients, envelope_recipient or ""])
    if takeback is not None:  # an answer to a takeback request, not a move
        try:
            return answer_by_mail(takeback, sender, next(iter(reply_lines(message)), ""))
        except ServiceError as exc:
            raise Rejected(error_text(exc)) from None
    token = ReplyToken.find([*recipients, envelope_recipient or ""])
    if token is None:
        raise Rejected(_("the address you wrote to is not a valid move address (reply to a turn mail)."))
    user = get_user_model().objects.filter(pk=token.user_id).first()
    if user is None or user.email.lower() != sender.lower():
        raise Rejected(_("moves to this address are only accepted from the player it was sent to."))
    match = Match.objects.filter(pk=token.match_id).first()
    if match is None or token.role_index >= len(match.engine.roles):
        raise Rejected(_("this match no longer exists."))
    role = match.engine.roles[token.role_index]
    lang = language_of(user)
    choices = match.engine.legal_actions(match.state, role) if match.state else []
    if token.seq != match.seq and not _same_choices(match, role, token.seq, choices):
        raise Rejected(
            _(
                "the match has moved on since that mail (it was at move #{then}, it is now at #{now}). "
                "Reply to the latest mail, or open the match page."
            ).format(then=token.seq, now=match.seq)
        )
    written = reply_lines(message)
    line = written[0] if written else ""
    choice = pick(line, choices, match.engine, lang)
    if choice is None:
        offered = "\n".join(f"  {n}. {match.engine.text(c['label'], lang)}" for n, c in enumerate(choices, 1))
        offered = offered or "  " + _("(none)")
        said = repr(line) if line else _("a reply with nothing above the quoted mail")
        raise Rejected(
            _("{said} is not one of your choices. Reply with one of these numbers:").format(said=said) + "\n" + offered
        )
    # A re-delivered reply plays once. Without a Message-ID, the turn mail answered (its token) names the
    # reply along with its line: the line alone made "1" playable once per match.
    origin = message.get("Message-ID") or f"{token.match_id}-{token.role_index}-{token.user_id}-{token.seq}:{line}"
    key = "email:" + hashlib.sha256(origin.encode()).hexdigest()[:40]
    try:
        with transaction.atomic():
            submit_action(match.pk, user, role, choice["action"], match.seq, idempotency_key=key)
            match.refresh_from_db()
            still_mine = role in match.active_roles
            enqueue(
                user,
                Kind.TURN if still_mine else Kind.ACCEPTED,  # mid-turn: the next choices by mail
                match=match,
                role=role,
                payload={"label": choice["label"]},
            )
    except ServiceError as exc:
        raise Rejected(error_text(exc, lang)) from None
    return f"Played {match.engine.text(choice['label'], 'en')}"


def _same_choices(match: Match, role: str, seq: int, choices: list[dict]) -> bool:
    """Others acted since the mail (simultaneous turns) but the numbered list it showed still holds."""
    if not choices or seq > match.seq:
        return False
    try:
        then = position_at(match, seq).state
    except OlderEngine:  # the rules were upgraded since the mail: its list may no longer hold
        return False
    return match.engine.legal_actions(then, role) == choices


def pick(line: str, choices: list[dict], engine: Engine | None = None, lang: str = "en") -> dict | None:
    """A choice by its number in the mail (1-based) or by its label: as the mail showed it (in the
    recipient's language ``lang``), or in English."""
    number = _NUMBER.match(line)
    if number:
        index = int(number.group(1))
        return choices[index - 1] if 1 <= index <= len(choices) else None
    wanted = line.casefold().rstrip(".")
    for language in dict.fromkeys((lang, "en")):
        for choice in choices:
            label = engine.text(choice["label"], language) if engine is not None else str(choice["label"])
            if label.casefold().rstrip(".") == wanted:
                return choice
    return None


def _header_values(message: Message) -> list[str]:
    return [str(value) for name in _RECIPIENT_HEADERS for value in (message.get_all(name) or [])]


def _is_automatic(message: Message) -> bool:
    auto = (message.get("Auto-Submitted") or "no").strip().lower()
    sender = parseaddr(message.get("From", ""))[1].lower()
    return auto != "no" or sender.startswith(("mailer-daemon@", "postmaster@"))


def _reply(original: Message, to: str, text: str) -> None:
    subject = original.get("Subject", "")
    headers = {"Auto-Submitted": "auto-replied"}
    if original.get("Message-ID"):
        headers["In-Reply-To"] = original["Message-ID"]
    EmailMessage(
        subject=subject if subject.lower().startswith("re:") else f"Re: {subject}",
        body=text + "\n\n-- \nDispatch Rider",
        to=[to],
        headers=headers,
    ).send()


@receiver(inbound)
def on_provider_inbound(sender, event, esp_name, **kwargs) -> None:
    message = event.message
    handle_inbound(message, getattr(message, "envelope_recipient", None))
