"""Mail in the recipient's saved language (ARCHITECTURE §2.4): engine texts rendered with ``Engine.text``,
the board picture drawn in that language, and replies matched by the label as the mail showed it."""

from __future__ import annotations

import pytest

from games import services
from games.models import Action
from notifications.inbound import handle_inbound

from .helpers import deliver_pending
from .test_inbound import reply

pytestmark = pytest.mark.django_db


@pytest.fixture
def pictures(monkeypatch):
    """The SVG each mail's picture was made from, in order (the PNG itself cannot be read back)."""
    import cairosvg

    drawn: list[str] = []
    real = cairosvg.svg2png

    def svg2png(bytestring, **kwargs):
        drawn.append(bytestring.decode())
        return real(bytestring=bytestring, **kwargs)

    monkeypatch.setattr(cairosvg, "svg2png", svg2png)
    return drawn


@pytest.fixture
def readers(reads, alice, bob, texts_in_records):
    """alice (red) reads English, bob (white) Russian."""
    reads(alice, "en")
    reads(bob, "ru")


def mail_to(sent, address):
    (found,) = [m for m in sent if m.to == [address]]
    return found


def test_each_player_gets_the_match_in_their_own_language(rk_match, alice, readers, pictures):
    started = deliver_pending()
    red, white = mail_to(started, "alice@example.com"), mail_to(started, "bob@example.com")
    assert red.subject.startswith(f"Fake Rose Duel #{rk_match.pk}") and "  1. Choice 1" in red.body
    assert white.subject.startswith(f"Поединок роз №{rk_match.pk}") and "Choice" not in white.body
    assert "Условная замена поля" in white.body and "A stand-in board" in red.body
    assert any("Board of Red" in svg for svg in pictures) and any("Доска: Красные" in svg for svg in pictures)

    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    services.submit_action(rk_match.pk, alice, "red", action, 0)
    pictures.clear()
    turn = mail_to(deliver_pending(), "bob@example.com")
    assert "  1. Выбор 1" in turn.body and "<li>Выбор 1</li>" in turn.alternatives[0][0]
    assert "Событие 1: Сад" in turn.body and "Event" not in turn.body
    assert pictures and all("Доска: Красные" in svg for svg in pictures)


@pytest.mark.parametrize("written", ["Выбор 2", "выбор 2.", "Choice 2"])
def test_a_reply_names_the_choice_in_the_recipients_language_or_in_english(
    rk_match, alice, bob, reads, texts_in_records, written
):
    reads(alice, "ru")
    started = deliver_pending()
    second = rk_match.engine.legal_actions(rk_match.state, "red")[1]
    outcome = handle_inbound(reply(mail_to(started, "alice@example.com"), written))
    assert outcome.accepted, outcome.message
    (record,) = Action.objects.filter(match=rk_match)
    assert record.payload == second["action"]
    played = mail_to(deliver_pending(), "alice@example.com")
    assert "Выбор 2" in played.subject  # the label, stored as the record, in her language


def test_an_engine_refusal_by_mail_is_in_the_recipients_language(rk_match, alice, reads, texts_in_records, monkeypatch):
    from django.core import mail

    reads(alice, "ru")
    started = deliver_pending()
    texts_in_records.refuse(monkeypatch, rk_match.engine)
    assert not handle_inbound(reply(mail_to(started, "alice@example.com"), "1")).accepted
    assert "Сейчас нельзя: Меч" in mail.outbox[-1].body


def test_a_webhook_speaks_the_recipients_language(hook, make_user, alice, reads, texts_in_records):
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
    assert body["text"].startswith(f"Поединок роз №{match.pk} (Белые)")
