"""Mail in the recipient's saved language (ARCHITECTURE §2.4): engine texts rendered with ``Engine.text``,
the board picture drawn in that language, and replies matched by the label as the mail showed it."""

from __future__ import annotations

import html
import re

import pytest
from django.core.mail import EmailMultiAlternatives
from django.utils import timezone

from accounts.models import Profile
from games import services
from games.engines.base import name
from games.languages import platform_msg
from games.models import Action, TakebackStatus
from games.services import takeback
from notifications.inbound import handle_inbound
from notifications.mail import build_email
from notifications.models import Notification
from tests.helpers import play_first_legal

from .helpers import deliver_pending
from .test_inbound import reply

pytestmark = pytest.mark.django_db


@pytest.fixture
def pictures(monkeypatch):
    """The SVG each mail's picture was made from, in order (the PNG itself cannot be read back)."""
    from notifications import mail

    drawn: list[str] = []
    real = mail.picture_svg

    def picture_svg(engine, view):
        drawn.append(real(engine, view))
        return drawn[-1]

    monkeypatch.setattr(mail, "picture_svg", picture_svg)
    return drawn


@pytest.fixture
def readers(reads, alice, bob):
    """alice (red) reads English, bob (white) Russian."""
    reads(alice, "en")
    reads(bob, "ru")


def mail_to(sent, address):
    (found,) = [m for m in sent if m.to == [address]]
    return found


CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def test_each_player_gets_the_match_in_their_own_language(rk_match, alice, readers, pictures):
    started = deliver_pending()
    red, white = mail_to(started, "alice@example.com"), mail_to(started, "bob@example.com")
    assert red.subject.startswith(f"Rosenkönig #{rk_match.pk} (Red)")
    assert "  1. Play N, III: crown to (2,5), place a red stone" in red.body
    assert white.subject.startswith(f"Розенкёниг №{rk_match.pk} (Белая Роза)")
    assert "получают по 5 карт влияния" in white.body and "power cards" not in white.body
    assert any("Красная Роза (Ланкастер)" in svg for svg in pictures)
    assert any("Red (Lancaster)" in svg and not CYRILLIC.search(svg) for svg in pictures)

    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    services.submit_action(rk_match.pk, alice, "red", action, 0)
    pictures.clear()
    turn = mail_to(deliver_pending(), "bob@example.com")
    first = "Сыграть карту влияния ЮЗ, I: Корона на клетку (3,4), положить белую фишку"
    assert f"  1. {first}" in turn.body and f"<li>{first} — <a href=" in turn.alternatives[0][0]
    assert "Красная Роза играет карту влияния С, III" in turn.body and "plays" not in turn.body
    assert pictures and all("Красная Роза (Ланкастер)" in svg for svg in pictures)


@pytest.mark.parametrize(
    "written",
    [
        "Сыграть карту влияния ЮВ, II: Корона на клетку (7,7), положить красную фишку",
        "сыграть карту влияния юв, ii: корона на клетку (7,7), положить красную фишку.",
        "Play SE, II: crown to (7,7), place a red stone",
    ],
)
def test_a_reply_names_the_choice_in_the_recipients_language_or_in_english(rk_match, alice, bob, reads, written):
    reads(alice, "ru")
    started = deliver_pending()
    second = rk_match.engine.legal_actions(rk_match.state, "red")[1]
    outcome = handle_inbound(reply(mail_to(started, "alice@example.com"), written))
    assert outcome.accepted, outcome.message
    (record,) = Action.objects.filter(match=rk_match)
    assert record.payload == second["action"]
    played = mail_to(deliver_pending(), "alice@example.com")
    assert "ЮВ, II: Корона на клетку (7,7)" in played.subject  # the label, stored as the record, in her language


def test_an_engine_refusal_by_mail_is_in_the_recipients_language(rk_match, alice, reads, monkeypatch):
    from django.core import mail

    reads(alice, "ru")
    started = deliver_pending()
    # The engine refuses the mailed choice as it would a card the player does not hold.
    engine, real_apply = rk_match.engine, rk_match.engine.apply
    missing = next(card for card in ("N1", "N2", "N3", "S1") if card not in rk_match.state["hands"]["red"])
    monkeypatch.setattr(
        engine, "apply", lambda state, role, action: real_apply(state, role, {**action, "card": missing})
    )
    assert not handle_inbound(reply(mail_to(started, "alice@example.com"), "1")).accepted
    assert "нет у вас на руке" in mail.outbox[-1].body and "not in your hand" not in mail.outbox[-1].body
    assert not Action.objects.filter(match=rk_match).exists()


def test_a_webhook_speaks_the_recipients_language(hook, make_user, alice, reads):
    from notifications import delivery
    from notifications.models import Notification

    bob = make_user("bob2")
    bob.profile.webhook_url = hook.url
    bob.profile.save()
    reads(bob, "ru")
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    delivery.deliver(Notification.objects.get(user=bob, channel="webhook").pk)
    (body,) = hook.received
    assert body["text"].startswith(f"Розенкёниг №{match.pk} (Белая Роза)")


# Every kind of mail, composed for a reader of each language, with the real Rosenkönig (its names table).
URL = re.compile(r"https?://\S+|<https?://[^>]*>|\S+@\S+")
ROMAN = re.compile(r"\b[IVX]+\b")  # a card's strength, "III": numerals, not words
ZONE = re.compile(r"(?<=\d\d:\d\d) [A-Z][A-Za-z0-9+\-]*")  # "15:00 MSK": the zone's abbreviation, as on the pages
NOT_WORDS = ("Dispatch Rider", "alice", "bob")  # the site's name and the players' own
PAYLOADS = {  # kind: payload (None: made by the real flow below)
    "started": {"deadline": "2030-01-01T12:00:00+00:00"},
    "turn": {"deadline": "2030-01-01T12:00:00+00:00"},
    "resumed": {"deadline": "2030-01-01T12:00:00+00:00"},
    "reminder": {"deadline": "2030-01-01T12:00:00+00:00"},
    "timeout forfeit": {"role": "white", "name": "bob", "policy": "forfeit", "labels": []},
    "timeout moderator": {"role": "white", "name": "bob", "policy": "moderator", "labels": []},
    "timeout default": {"role": "white", "name": "bob", "policy": "default_action", "labels": None},
    "finished": {"result": {"winner": None, "scores": {}}},
    "invitation": {"by": "bob"},
    "chat": {"author": "bob", "text": "hello"},
    "paused": {},
    "moderator": {"action": "extend_deadline", "reason": "a typed reason"},
    "upgraded": {"from_version": 1, "to_version": 3, "changes": ""},  # Rosenkönig's notes of versions 2 and 3
    "accepted": {"label": None},
}


def visible_words(text: str) -> str:
    """The words a reader reads: tags and their attributes gone (but an image's alt text kept), links,
    addresses, zone abbreviations, Roman numerals, the site's and the players' names taken out."""
    alts = " ".join(re.findall(r'alt="([^"]*)"', text))
    text = html.unescape(re.sub(r"<[^>]*>", " ", text)) + " " + alts
    text = ROMAN.sub("", ZONE.sub("", URL.sub(" ", text)))
    for word in NOT_WORDS:  # a headline may begin with a player's name, capitalised
        text = re.sub(word, " ", text, flags=re.IGNORECASE)
    return text


def every_mail(match, alice, bob) -> dict[str, EmailMultiAlternatives]:
    """alice's (red's) mail of every kind, and bob's request mail for alice's takeback."""
    engine = match.engine
    label = engine.legal_actions(match.state, "red")[0]["label"]
    mails = {}
    for key, payload in PAYLOADS.items():
        payload = {**payload, **({"labels": [label]} if payload.get("labels") is None else {})}
        payload = {**payload, **({"label": label} if "label" in payload else {})}
        kind, role = key.split()[0], "" if key == "invitation" else "red"
        mails[key] = build_email(_notification(alice, match, kind, role, payload))
    mails["digest"] = build_email(_notification(alice, None, "digest", "", {"matches": [match.pk]}))
    # The real flows: a takeback asked, then declined (told to the asker); a resignation.
    play_first_legal(match, {"red": alice, "white": bob}, steps=2)
    request = takeback.ask(match.pk, alice, "red", 1)
    mails["takeback request"] = build_email(Notification.objects.get(user=bob, kind="takeback", channel="email"))
    takeback.answer(match.pk, request.pk, bob, "white", False)
    (told,) = Notification.objects.filter(user=alice, kind="takeback", channel="email")
    mails["takeback answer"] = build_email(told)
    services.resign(match.pk, bob, "white")
    mails["resigned"] = build_email(Notification.objects.filter(user=alice, kind="finished", channel="email").last())
    return mails


def _notification(user, match, kind: str, role: str, payload: dict) -> Notification:
    """A row as the outbox holds it, read back as a worker reads it (the user's profile as saved)."""
    made = Notification.objects.create(
        user=user, match=match, kind=kind, role=role, payload=payload, next_attempt_at=timezone.now()
    )
    return Notification.objects.get(pk=made.pk)


@pytest.mark.parametrize(("lang", "foreign"), [("ru", re.compile(r"[A-Za-z]+")), ("en", re.compile(r"[А-Яа-яЁё]+"))])
def test_every_kind_of_mail_is_wholly_in_the_readers_language(rk_match, alice, bob, reads, lang, foreign):
    reads(alice, lang)
    reads(bob, lang)
    for kind, sent in every_mail(rk_match, alice, bob).items():
        for part in (sent.subject, sent.body, sent.alternatives[0][0]):
            assert not foreign.findall(visible_words(part)), (kind, foreign.findall(visible_words(part)), part)


def test_a_russian_mail_names_sides_game_and_dates_in_russian(rk_match, alice, reads):
    reads(alice, "ru")
    Profile.objects.filter(user=alice).update(timezone="Europe/Moscow")
    turn = build_email(_notification(alice, rk_match, "turn", "red", PAYLOADS["turn"]))
    assert turn.subject == f"Розенкёниг №{rk_match.pk} (Красная Роза) — ваш ход (срок — 1 января, 15:00 MSK)"
    forfeit = {"result": {"winner": "white", "reason": platform_msg("{side} ran out of time", side=name("side:red"))}}
    over = build_email(_notification(alice, rk_match, "finished", "red", forfeit))
    assert over.subject.endswith("партия окончена, победа: Белая Роза (У стороны Красная Роза вышло время)")


def test_timeout_rows_written_before_the_facts_read_as_they_were(rk_match, alice):
    old = {"text": "red (alice) ran out of time and forfeits", "who": "red (alice)", "labels": []}
    assert build_email(_notification(alice, rk_match, "timeout", "white", old)).subject.endswith(old["text"])
    turn = {"deadline": None, "takeback": "bob accepted your takeback"}
    assert build_email(_notification(alice, rk_match, "turn", "red", turn)).subject.endswith(
        "bob accepted your takeback; your move"
    )


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        *((answer, TakebackStatus.ACCEPTED) for answer in ("1", "принять", "Да", "Согласиться на возврат")),
        ("Accept the takeback", TakebackStatus.ACCEPTED),
        *((answer, TakebackStatus.DECLINED) for answer in ("2", "отклонить", "нет", "Отклонить возврат")),
    ],
)
def test_a_takeback_is_answered_in_russian_or_english(rk_match, alice, bob, reads, answer, status):
    reads(bob, "ru")
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)
    deliver_pending()
    request = takeback.ask(rk_match.pk, alice, "red", 1)
    (sent,) = deliver_pending()
    assert "1. Согласиться на возврат" in sent.body and "2. Отклонить возврат" in sent.body
    assert handle_inbound(reply(sent, answer)).accepted
    request.refresh_from_db()
    assert request.status == status
