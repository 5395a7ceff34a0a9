"""Replies as real mail clients send them (tests/notifications/replies/*.eml, written in the shapes of
Gmail, Outlook, Apple Mail, phones; every one answers "2"); and replies with no choice in them."""

import email
import email.policy
from pathlib import Path

import pytest
from django.core import mail

from games.models import Action
from notifications.inbound import handle_inbound

pytestmark = pytest.mark.django_db

CORPUS = Path(__file__).parent / "replies"


@pytest.fixture(autouse=True)
def no_board_pictures(monkeypatch):
    monkeypatch.setattr("notifications.mail.board_png", lambda message: None)  # pictures are tested elsewhere


def corpus_reply(path: Path, turn_mail) -> email.message.EmailMessage:
    """The stored reply, addressed as if alice answered ``turn_mail``."""
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    message.replace_header("From", f"Alice Liddell <{turn_mail.to[0]}>")
    message.replace_header("To", turn_mail.reply_to[0])
    return message


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.eml")), ids=lambda path: path.stem)
def test_every_client_shape_plays_exactly_the_chosen_move(rk_match, red_mail, alice, path):
    second = rk_match.engine.legal_actions(rk_match.state, "red")[1]
    outcome = handle_inbound(corpus_reply(path, red_mail))
    assert outcome.accepted, outcome.message
    (record,) = Action.objects.filter(match=rk_match)
    assert (record.payload, record.user, record.role) == (second["action"], alice, "red")


@pytest.mark.parametrize("path", sorted((CORPUS / "no_choice").glob("*.eml")), ids=lambda path: path.stem)
def test_a_reply_with_no_recognisable_choice_is_answered_with_the_list(rk_match, red_mail, path):
    choices = rk_match.engine.legal_actions(rk_match.state, "red")
    outcome = handle_inbound(corpus_reply(path, red_mail))
    assert not outcome.accepted and "is not one of your choices" in outcome.message
    answer = mail.outbox[-1]
    assert answer.to == ["alice@example.com"] and "Reply with one of these numbers" in answer.body
    assert all(f"{n}. {rk_match.engine.text(choice['label'])}" in answer.body for n, choice in enumerate(choices, 1))
    rk_match.refresh_from_db()
    assert rk_match.seq == 0 and not Action.objects.filter(match=rk_match).exists()
