"""Takeback by mail: the request mail offers numbered answers; a reply answers it; since-last-move in mails."""

import pytest
from django.core import mail

from games import services
from games.models import ActionKind, TakebackStatus
from games.replay import verify
from games.services import takeback
from notifications.inbound import handle_inbound
from tests.helpers import a_play_action

from .helpers import deliver_pending
from .test_inbound import rejection, reply

pytestmark = pytest.mark.django_db


def play(match, user, role, action=None):
    match.refresh_from_db()
    services.submit_action(match.pk, user, role, action or a_play_action(match, role), match.seq)
    match.refresh_from_db()


@pytest.fixture
def asked(rk_match, alice, bob):
    """alice (red) played #1, bob #2, alice asks to take both back; returns bob's request mail."""
    play(rk_match, alice, "red")
    play(rk_match, bob, "white")
    deliver_pending()
    request = takeback.ask(rk_match.pk, alice, "red", 1)
    (sent,) = deliver_pending()
    return rk_match, request, sent


def test_the_request_mail_offers_numbered_answers(asked):
    _, request, sent = asked
    assert sent.to == ["bob@example.com"] and "alice asks to take back 2 moves" in sent.subject
    assert sent.subject.endswith("2 moves, before Red's move (event 2)")  # numbered as the event log numbers
    assert sent.reply_to == [takeback_address(request, sent)]
    assert "1. Accept the takeback\n" in sent.body and "2. Decline the takeback\n" in sent.body
    assert "To answer by email, reply with the number" in sent.body
    html = sent.alternatives[0][0]
    assert "<li>Accept the takeback</li>" in html and "To answer by email" in html


def takeback_address(request, sent) -> str:
    address = sent.reply_to[0]
    assert address.startswith(f"play+tb{request.pk}-")
    return address


def test_replying_1_accepts_the_takeback(asked, alice):
    match, request, sent = asked
    outcome = handle_inbound(reply(sent, "1"))
    assert outcome.accepted, outcome.message
    request.refresh_from_db()
    match.refresh_from_db()
    assert request.status == TakebackStatus.ACCEPTED
    assert match.actions.get(seq=3).kind == ActionKind.TAKEBACK and verify(match) == []
    (told,) = deliver_pending()  # still alice's move: the answer comes with her choices
    assert told.to == ["alice@example.com"] and told.subject.endswith("bob accepted your takeback")
    assert told.reply_to[0].startswith("play+") and "Your choices:" in told.body


def test_replying_2_declines_and_the_requester_is_told(asked):
    match, request, sent = asked
    assert handle_inbound(reply(sent, "Decline the takeback")).accepted
    request.refresh_from_db()
    assert request.status == TakebackStatus.DECLINED and match.actions.count() == 2
    (told,) = deliver_pending()
    assert told.to == ["alice@example.com"] and "bob declined your takeback" in told.subject
    assert told.reply_to is None or not told.reply_to[0].startswith("play+tb")


@pytest.mark.parametrize(
    ("body", "sender", "why"),
    [
        ("maybe", None, "is not an answer"),
        ("1", "Alice <alice@example.com>", "only accepted from the player"),  # a player, not the one asked
    ],
)
def test_a_bad_reply_is_answered_and_changes_nothing(asked, body, sender, why):
    match, request, sent = asked
    outcome = handle_inbound(reply(sent, body, sender=sender))
    assert not outcome.accepted and why in rejection()
    request.refresh_from_db()
    assert request.status == TakebackStatus.PENDING and match.actions.count() == 2


def test_a_reply_to_a_lapsed_request_is_refused(asked, alice):
    match, _, sent = asked
    play(match, alice, "red")  # a new move lapses the request
    outcome = handle_inbound(reply(sent, "1"))
    assert not outcome.accepted and "expired" in rejection()
    assert match.actions.count() == 3


def test_a_forged_takeback_address_is_no_move_address(asked):
    _, request, sent = asked
    forged = sent.reply_to[0].replace(f"tb{request.pk}-", f"tb{request.pk + 1}-")
    outcome = handle_inbound(reply(sent, "1", to=forged))
    assert not outcome.accepted and "not a valid move address" in rejection()


def test_turn_mails_summarise_what_happened_since_your_last_move(rk_match, alice, bob):
    deliver_pending()
    play(rk_match, alice, "red")
    (to_bob,) = deliver_pending()
    red_move = rk_match.engine.text(rk_match.engine.view(rk_match.state, "white")["log"][-1]["text"])
    assert to_bob.body.index("Since your last move") < to_bob.body.index("Your choices")
    assert f"  * {red_move}\n" in to_bob.body
    play(rk_match, bob, "white")
    (to_alice,) = deliver_pending()
    white_move = rk_match.engine.text(rk_match.engine.view(rk_match.state, "red")["log"][-1]["text"])
    summary = to_alice.body.split("Since your last move:")[1].split("\n\n")[0]
    assert summary.strip() == f"* {white_move}"  # her own move is not news to her
    html = to_alice.alternatives[0][0]
    assert "Since your last move" in html and f"<li>{white_move}</li>" in html


def test_an_acceptance_that_gives_the_move_back_says_so_in_the_turn_mail(rk_match, alice, bob):
    """alice moves, bob moves, alice moves again (bob to move); bob accepts going back before alice's first
    move: alice is to move, and her one mail, the turn mail, says why."""
    play(rk_match, alice, "red")
    play(rk_match, bob, "white")
    play(rk_match, alice, "red")
    request = takeback.ask(rk_match.pk, alice, "red", 1)
    deliver_pending()
    takeback.answer(rk_match.pk, request.pk, bob, "white", True)
    (told,) = [m for m in deliver_pending() if m.to == ["alice@example.com"]]
    assert told.subject.endswith("— bob accepted your takeback; your move")
    assert "Your choices:" in told.body


def test_a_reply_from_a_stranger_is_not_answered(asked):
    match, request, sent = asked
    before = len(mail.outbox)
    assert not handle_inbound(reply(sent, "1", sender="Mallory <mallory@example.com>")).accepted
    assert len(mail.outbox) == before  # no mail to an address that is no player's
    request.refresh_from_db()
    assert request.status == TakebackStatus.PENDING and match.actions.count() == 2
