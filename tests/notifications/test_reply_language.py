"""A move by mail that is refused is answered in the sender's saved language (ARCHITECTURE §2.4): the
platform's own refusals, the services' and the engine's, and the numbered choices it offers instead."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from notifications.inbound import handle_inbound

from .helpers import deliver_pending
from .test_inbound import reply

pytestmark = pytest.mark.django_db

SIGNATURE = "\n\n-- \nDispatch Rider"


@pytest.fixture
def turn_mail(rk_match, alice, reads):
    """alice's first turn mail, written in Russian (she reads Russian)."""
    reads(alice, "ru")
    (sent,) = [m for m in deliver_pending() if m.to == ["alice@example.com"]]
    return sent


def answer() -> str:
    body = mail.outbox[-1].body
    assert body.endswith(SIGNATURE)
    return body.removesuffix(SIGNATURE)


def russian(text: str) -> str:
    # Roman numerals are a power card's strength, as the Russian rulebook prints them too.
    assert [word for word in re.findall(r"[A-Za-z]{2,}", text) if not re.fullmatch("[IVX]+", word)] == [], text
    return text


def test_a_choice_that_is_not_offered_is_answered_in_russian_with_the_russian_choices(turn_mail):
    assert not handle_inbound(reply(turn_mail, "99")).accepted
    text = russian(answer())
    assert text.startswith("Ваш ход не сделан: '99' — не один из ваших вариантов. Ответьте одним из этих номеров:\n")
    assert "\n  1. Сыграть карту влияния С, III: Корона на клетку (2,5), положить красную фишку" in text
    assert not handle_inbound(reply(turn_mail, "")).accepted
    assert russian(answer()).startswith("Ваш ход не сделан: ответ без текста над цитатой письма — не один из")


def test_a_stale_reply_and_a_wrong_address_are_answered_in_russian(rk_match, alice, bob, turn_mail):
    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    services.submit_action(rk_match.pk, alice, "red", action, 0)
    assert not handle_inbound(reply(turn_mail, "1")).accepted
    assert "партия ушла вперёд после этого письма (тогда была запись №0, сейчас №1)" in russian(answer())
    assert not handle_inbound(reply(turn_mail, "1", to="someone@dispatch-rider.localhost")).accepted
    assert russian(answer()) == (
        "Ваш ход не сделан: адрес, на который вы написали, не принимает ходы (ответьте на письмо о вашем ходе)."
    )


def test_the_answer_follows_the_senders_language_not_the_addressees(bob, reads, turn_mail):
    """bob writes to alice's move address: he is answered, in his own language (English)."""
    reads(bob, "en")
    assert not handle_inbound(reply(turn_mail, "1", sender="bob@example.com")).accepted
    assert (
        answer() == "Your move was not played: moves to this address are only accepted from the player it was sent to."
    )
    reads(bob, "ru")
    assert not handle_inbound(reply(turn_mail, "1", sender="bob@example.com")).accepted
    assert russian(answer()).endswith(
        "ходы на этот адрес принимаются только от игрока, которому было отправлено письмо."
    )


def test_a_service_refusal_is_answered_in_russian(rk_match, alice, turn_mail):
    from accounts.models import Profile

    Profile.objects.filter(user=alice).update(banned_at=timezone.now())
    assert not handle_inbound(reply(turn_mail, "1")).accepted
    assert russian(answer()) == "Ваш ход не сделан: Ваша учётная запись заблокирована"
