"""What a notification says: subject, headline, the role's view at the event, the numbered choices.

Everything shown comes from ``engine.view`` for the recipient's role (games.presentation), taken at
the log position the event happened at, so a mail delivered late still tells the truth of its moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.language import language_of
from games import languages
from games.models import Match
from games.presentation import engine_view
from games.replay import OlderEngine, position_at
from games.since_last_move import since_last_move

from . import takeback
from .choice_links import choice_links
from .headlines import tournament, what, when
from .models import Kind, Notification
from .tokens import ReplyToken, login_link, unsubscribe_link

RECENT_EVENTS = 6
SINCE_EVENTS = 12  # at most this many (the newest) in the "since your last move" summary
MOVE_HINT = gettext_lazy("To move by email, reply with the number (or the text) of your choice on the first line.")


@dataclass
class Message:
    subject: str
    headline: str
    link: str
    unsubscribe: str
    match: Match | None = None
    role: str = ""
    side: str = ""  # the role's name in ``lang``
    events: list[str] = field(default_factory=list)  # the latest events before those in `since`
    choices: list[str] = field(default_factory=list)
    choice_links: list[str] = field(default_factory=list)  # one per choice, or none (notifications.choice_links)
    reply_to: str | None = None
    view: dict[str, Any] | None = None
    digest: list[dict[str, Any]] = field(default_factory=list)
    changes: str = ""  # what a rules update changed (Kind.UPGRADED)
    since: list[str] = field(default_factory=list)  # the newest events since the recipient last acted
    since_count: int = 0  # how many there are in all
    reply_hint: str = ""
    rules: str = ""  # the game's rules page
    stand_in_notice: str = ""  # the game's, when parts of it are stand-ins
    lang: str = languages.DEFAULT  # the recipient's: every text above is in it, and the picture is drawn in it

    @property
    def choice_rows(self) -> list[tuple[str, str]]:
        """Each choice's label with its one-click link ("" where the mail has none)."""
        return list(zip(self.choices, self.choice_links or [""] * len(self.choices), strict=True))


def compose(notification: Notification) -> Message:
    """The message in the recipient's saved language (engine texts through ``Engine.text``)."""
    lang = language_of(notification.user)
    with translation.override(lang):
        if notification.kind == Kind.DIGEST:
            return _digest(notification, lang)
        if notification.kind == Kind.TOURNAMENT:
            return _tournament(notification, lang)
        return _compose(notification, lang)


def _compose(notification: Notification, lang: str) -> Message:
    match, role, user = notification.match, notification.role, notification.user
    engine = match.engine
    seq = notification.seq if notification.seq is not None else match.seq
    state, result = match.state, match.result
    if seq != match.seq:
        try:
            position = position_at(match, seq)
            state, result = position.state, position.result
        except OlderEngine:  # the rules were upgraded since: only the present can be shown
            seq = match.seq
    view = engine_view(match, role or None, seq)
    choices: list[str] = []
    links: list[str] = []
    reply_to = None
    if role and result is None and role in engine.active_roles(state):
        legal = engine.legal_actions(state, role)
        choices = [engine.text(choice["label"], lang) for choice in legal]
        links = choice_links(user, match, role, seq, legal)
        reply_to = ReplyToken(match.pk, engine.roles.index(role), user.pk, seq).address
    reply_hint = str(MOVE_HINT)
    if takeback.is_request(notification):  # the answers to the request, not the moves
        choices, links, reply_to, reply_hint = (
            [str(choice) for choice in takeback.CHOICES],
            [],
            takeback.reply_address(notification),
            str(takeback.REPLY_HINT),
        )
    headline = what(notification, engine, bool(choices), lang)
    since = since_last_move(match, role or None, seq, view)
    new = [engine.text(event["text"], lang) for event in since.events] if since else []
    log = (view or {}).get("log", [])
    earlier = log[: since.first_new] if since else log  # each event once: the new ones are in `since`
    return Message(
        subject=_("{match} — {what}").format(match=_title(match, role, lang), what=headline),
        headline=headline[0].upper() + headline[1:],
        link=login_link(user, match.pk),
        unsubscribe=unsubscribe_link(user, match.pk),
        match=match,
        role=role,
        side=languages.side_name(engine, role, lang) if role else "",
        events=[engine.text(event["text"], lang) for event in earlier[-RECENT_EVENTS:]],
        choices=choices,
        choice_links=links,
        reply_to=reply_to,
        view=view,
        changes=_changes(notification, engine, lang) if notification.kind == Kind.UPGRADED else "",
        since=new[-SINCE_EVENTS:],
        since_count=len(new),
        reply_hint=reply_hint,
        rules=settings.SITE_URL + reverse("game_rules", args=[match.game]),
        stand_in_notice=languages.text(engine, engine.stand_in_notice, lang),
        lang=lang,
    )


def _changes(notification: Notification, engine, lang: str) -> str:
    """What the upgrade changed, each note in ``lang`` when this engine still has it (else as stored)."""
    payload = notification.payload
    since, upto = payload.get("from_version"), payload.get("to_version")
    if isinstance(since, int) and upto == engine.version:
        return languages.change_note(engine, since, upto, lang)
    return payload.get("changes", "")


def _title(match: Match, role: str, lang: str) -> str:
    """The match as a subject names it: "Rosenkönig #12 (Red)", "Розенкёниг №12 (Красная Роза)"; an
    invitation names no side."""
    game = languages.text(match.engine, match.engine.title, lang)
    if not role:
        return _("{game} #{number}").format(game=game, number=match.pk)
    side = languages.side_name(match.engine, role, lang)
    return _("{game} #{number} ({side})").format(game=game, number=match.pk, side=side)


def _tournament(notification: Notification, lang: str) -> Message:
    """A tournament's start, a new round or its end: the headline and a link to its page."""
    payload = notification.payload
    headline = tournament(payload)
    return Message(
        subject=_("{match} — {what}").format(match=payload.get("name", ""), what=headline),
        headline=headline[0].upper() + headline[1:],
        link=settings.SITE_URL + reverse("tournament", args=[payload["tournament"]]),
        unsubscribe=unsubscribe_link(notification.user, None),
        lang=lang,
    )


def _digest(notification: Notification, lang: str) -> Message:
    user = notification.user
    matches = Match.objects.filter(pk__in=notification.payload["matches"]).order_by("pk")
    entries = []
    for match in matches:
        role = match.roles_of(user)[0]
        seat = match.seat_for(role)
        entries.append(
            {
                "title": _title(match, role, lang),
                "link": login_link(user, match.pk),
                "deadline": when(seat.deadline, user) if seat else "",
            }
        )
    count = len(entries)
    return Message(
        subject=ngettext(
            "Dispatch Rider — your move in {n} match", "Dispatch Rider — your move in {n} matches", count
        ).format(n=count),
        headline=ngettext("It is your move in {n} match", "It is your move in {n} matches", count).format(n=count),
        link=settings.SITE_URL + "/",
        unsubscribe=unsubscribe_link(user, None),
        digest=entries,
        lang=lang,
    )
