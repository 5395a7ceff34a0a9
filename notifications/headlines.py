"""A notification's headline in the recipient's language, and the dates it names in their time zone.

Called by ``compose`` under ``translation.override(lang)``: the platform's words come from its catalogue,
the engine's records through ``Engine.text``, a side by its name in ``lang`` (never its role id).
Payloads hold facts (roles, names, labels, statuses, counts); rows written before they did carry a
finished English sentence, which is shown as it is.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.time_zone import zone_of
from games import languages
from games.engines.base import Engine
from games.languages import side_name
from games.models import TakebackStatus, TimeoutPolicy

from .models import Kind, Notification

# What a moderator did, by the audit record's action (games.services.moderation).
MODERATOR_ACTIONS = {
    "adjudicate": gettext_lazy("the result was set"),
    "cancel": gettext_lazy("the match was cancelled"),
    "clear_flag": gettext_lazy("the match is back in play"),
    "extend_deadline": gettext_lazy("a deadline was extended"),
    "flag": gettext_lazy("the match waits for a moderator"),
    "pause": gettext_lazy("the match was paused"),
    "replace_player": gettext_lazy("a player was replaced"),
    "resume": gettext_lazy("the match was resumed"),
    "rewind": gettext_lazy("the match was rewound"),
    "rewind_and_upgrade": gettext_lazy("the match was rewound to update its rules"),
}


def when(value: datetime | str | None, user) -> str:
    """A moment as the pages show it: "Jan 1, 15:00 MSK", "1 января, 15:00 MSK" (the user's time zone)."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    local = moment.astimezone(zone_of(getattr(user, "profile", None)))
    return f"{date_format(local, 'SHORT_DATETIME_FORMAT')} {date_format(local, 'T')}"


def what(notification: Notification, engine: Engine, my_move: bool, lang: str) -> str:
    """The headline, lower-case first (the subject ends with it)."""
    payload, kind = notification.payload, notification.kind
    if kind in (Kind.STARTED, Kind.TURN, Kind.RESUMED, Kind.REMINDER):
        return _turn(notification, my_move)
    if kind == Kind.TIMEOUT:
        return _timeout(payload, engine, lang)
    if kind == Kind.FINISHED:
        return _finished(payload.get("result") or {}, engine, lang)
    if kind == Kind.TAKEBACK:
        return takeback(payload)
    if kind == Kind.MODERATOR:
        done = MODERATOR_ACTIONS.get(payload.get("action"))
        return _("a moderator acted: {what}").format(what=done) if done else _("a moderator acted in the match")
    simple = {
        Kind.INVITATION: lambda: _("{name} invites you to a match").format(name=payload.get("by", "")),
        Kind.CHAT: lambda: _("{name} wrote in the chat").format(name=payload.get("author", "")),
        Kind.PAUSED: lambda: _("the match is paused by a moderator"),
        Kind.UPGRADED: lambda: _("the rules of this match were updated to version {version}").format(
            version=payload.get("to_version")
        ),
        Kind.ACCEPTED: lambda: _("your move by email was played: {move}").format(
            move=engine.text(payload["label"], lang)
        ),
    }
    if kind in simple:
        return simple[kind]()
    return _("your move") if my_move else _("news from your match")


def tournament(payload: dict) -> str:
    """A tournament's news, lower-case first."""
    event = payload.get("event")
    if event == "started":
        return _("the tournament has started: round 1 is paired")
    if event == "round":
        return _("round {number} has started").format(number=payload.get("round"))
    if payload.get("winner"):
        return _("the tournament is over: {name} won").format(name=payload["winner"])
    return _("the tournament is over")


def _turn(notification: Notification, my_move: bool) -> str:
    payload, kind = notification.payload, notification.kind
    deadline = when(payload.get("deadline"), notification.user)
    if kind == Kind.REMINDER:
        return _("reminder: your move, deadline {deadline}").format(deadline=deadline)
    if kind == Kind.STARTED:
        return _("the match has begun, your move") if my_move else _("the match has begun")
    if not my_move:
        return _("the match is resumed") if kind == Kind.RESUMED else _("news from your match")
    move = _("your move (deadline {deadline})").format(deadline=deadline) if deadline else _("your move")
    if payload.get("takeback"):  # an accepted takeback gave the move back
        return _("{takeback}; {move}").format(takeback=takeback(payload["takeback"]), move=move)
    return _("match resumed, {move}").format(move=move) if kind == Kind.RESUMED else move


def _timeout(payload: dict, engine: Engine, lang: str) -> str:
    if "policy" not in payload:  # written before the facts were stored: its English sentence
        if payload.get("labels"):
            played = "; ".join(engine.text(label, lang) for label in payload["labels"])
            return f"{payload['who']} ran out of time; played for them: {played}"
        return payload["text"]
    who = _("{side} ({name})").format(side=side_name(engine, payload["role"], lang), name=payload["name"])
    if payload["policy"] == TimeoutPolicy.DEFAULT_ACTION:
        played = "; ".join(engine.text(label, lang) for label in payload["labels"])
        return _("{who} ran out of time; played for them: {moves}").format(who=who, moves=played)
    if payload["policy"] == TimeoutPolicy.COMPUTER:
        played = "; ".join(engine.text(label, lang) for label in payload["labels"])
        return _("{who} ran out of time; the computer played for them: {moves}").format(who=who, moves=played)
    if payload["policy"] == TimeoutPolicy.FORFEIT:
        return _("{who} ran out of time and forfeits").format(who=who)
    return _("{who} ran out of time; a moderator will decide").format(who=who)


def _finished(result: dict, engine: Engine, lang: str) -> str:
    winner = result.get("winner")
    if winner:
        outcome = _("match over, {side} wins").format(side=side_name(engine, winner, lang))
    else:
        outcome = _("match over, no winner")
    reason = languages.text(engine, result.get("reason"), lang)
    return _("{outcome} ({reason})").format(outcome=outcome, reason=reason) if reason else outcome


def takeback(payload: dict | str) -> str:
    """A takeback request, or its answer told to the requester; a string is an older row's own headline."""
    if isinstance(payload, str):
        return payload
    by = payload.get("by", "")
    if payload.get("status") == TakebackStatus.PENDING:
        moves = payload["moves"]
        text = ngettext("{name} asks to take back {n} move", "{name} asks to take back {n} moves", moves).format(
            name=by, n=moves
        )
        return (
            _("{request}, {point}").format(request=text, point=payload["back_to"]) if payload.get("back_to") else text
        )
    if payload.get("status") == TakebackStatus.ACCEPTED:
        return _("{name} accepted your takeback").format(name=by)
    if payload.get("status") == TakebackStatus.DECLINED:
        return _("{name} declined your takeback").format(name=by)
    return _("your takeback request expired")
