"""Moves by email: a valid reply plays the move; anything else is answered and changes nothing."""

import base64
import io
import sys
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.core import mail
from django.core.management import call_command

from games import engines, services
from games.models import Action, MatchStatus
from notifications.inbound import handle_inbound
from notifications.models import Notification

from .helpers import deliver_pending

pytestmark = pytest.mark.django_db


def reply(to_mail, body: str, sender: str | None = None, to: str | None = None) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender or f"Player <{to_mail.to[0]}>"
    message["To"] = to or to_mail.reply_to[0]
    message["Subject"] = "Re: " + to_mail.subject
    message["Message-ID"] = make_msgid()
    message.set_content(f"{body}\n\nOn Monday, Dispatch Rider wrote:\n> Your choices:\n>   1. something\n")
    return message


def rejection() -> str:
    answer = mail.outbox[-1]
    assert answer.subject.startswith("Re: ") and answer.extra_headers["Auto-Submitted"] == "auto-replied"
    return answer.body


def test_a_valid_reply_plays_the_numbered_choice(rk_match, red_mail, alice):
    second = rk_match.engine.legal_actions(rk_match.state, "red")[1]
    outcome = handle_inbound(reply(red_mail, "2"))
    assert outcome.accepted, outcome.message
    (record,) = Action.objects.filter(match=rk_match)
    assert record.payload == second["action"] and record.user == alice and record.role == "red"
    sent = deliver_pending()
    assert {m.to[0]: m.subject.split(" — ")[1] for m in sent} == {
        "alice@example.com": f"your move by email was played: {rk_match.engine.text(second['label'])}",
        "bob@example.com": "your move",
    }


def test_a_reply_may_name_the_choice_by_its_label(rk_match, red_mail):
    label = rk_match.engine.text(rk_match.engine.legal_actions(rk_match.state, "red")[-1]["label"])
    assert handle_inbound(reply(red_mail, label.upper())).accepted
    assert Action.objects.filter(match=rk_match).count() == 1


@pytest.mark.parametrize(
    ("kwargs", "explanation"),
    [
        ({"sender": "bob@example.com"}, "only accepted from the player"),
        ({"to": "play+1-0-1-0-00000000000000000000@dispatch-rider.localhost"}, "not a valid move address"),
        ({"to": "someone@dispatch-rider.localhost"}, "not a valid move address"),
        ({"body": "99"}, "'99' is not one of your choices"),
        ({"body": "resign please"}, "not one of your choices"),
    ],
)
def test_bad_replies_are_answered_and_change_nothing(rk_match, red_mail, kwargs, explanation):
    body = kwargs.pop("body", "1")
    outcome = handle_inbound(reply(red_mail, body, **kwargs))
    assert not outcome.accepted and explanation in outcome.message
    assert explanation in rejection()
    assert not Action.objects.filter(match=rk_match).exists()


def test_a_stale_reply_is_refused(rk_match, red_mail):
    assert handle_inbound(reply(red_mail, "1")).accepted
    outcome = handle_inbound(reply(red_mail, "1"))  # the same mail again: the match has moved on
    assert not outcome.accepted and "moved on since that mail" in rejection()
    assert Action.objects.filter(match=rk_match).count() == 1


def test_automatic_mail_is_never_answered(rk_match, red_mail):
    bounce = reply(red_mail, "1")
    bounce["Auto-Submitted"] = "auto-replied"
    before = len(mail.outbox)
    assert not handle_inbound(bounce).accepted
    assert len(mail.outbox) == before and not Action.objects.filter(match=rk_match).exists()


def test_receive_email_command_reads_standard_input(rk_match, red_mail, monkeypatch, capsys):
    raw = reply(red_mail, "1").as_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    call_command("receive_email")
    assert capsys.readouterr().out.startswith("accepted: Played ")
    assert Action.objects.filter(match=rk_match).count() == 1


def test_provider_inbound_webhook_postmark_raw_email(rk_match, red_mail, client, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "user:secret"}
    settings.INBOUND_MAIL_PROVIDER = "postmark"
    auth = "Basic " + base64.b64encode(b"user:secret").decode()
    raw = reply(red_mail, "1").as_string()
    response = client.post(
        "/notifications/anymail/postmark/inbound/",
        {"RawEmail": raw},
        content_type="application/json",
        HTTP_AUTHORIZATION=auth,
    )
    assert response.status_code == 200
    assert Action.objects.filter(match=rk_match).count() == 1


def test_a_whole_match_by_email_alone(rk_match, monkeypatch):
    monkeypatch.setattr("notifications.mail.board_png", lambda message: None)  # pictures are tested elsewhere
    mails = deliver_pending()
    replies = 0
    while True:
        rk_match.refresh_from_db()
        if rk_match.status != MatchStatus.ACTIVE:
            break
        (active,) = rk_match.active_roles
        address = f"{rk_match.seat_for(active).user.username}@example.com"
        latest = [m for m in mails if m.to == [address] and m.reply_to][-1]
        outcome = handle_inbound(reply(latest, "1"))
        assert outcome.accepted, outcome.message
        replies += 1
        mails += deliver_pending()
    assert rk_match.status == MatchStatus.FINISHED and replies == rk_match.seq
    assert sum("match over" in m.subject for m in mails) == 2


def simultaneous_match(alice, bob):
    """A match whose first decision is taken by both roles at once, if an installed engine has one."""
    for engine in engines.all():
        for _ in range(10):  # the deal is random: some games open with simultaneous choices only sometimes
            match = services.create_match(alice, engine.slug, role=engine.roles[0])
            services.join_match(match.pk, bob, engine.roles[1])
            match.refresh_from_db()
            if len(match.active_roles) == 2:
                return match
    pytest.skip("no installed engine starts with simultaneous choices")


def test_in_simultaneous_turns_the_other_players_move_does_not_make_a_mail_stale(alice, bob):
    match = simultaneous_match(alice, bob)
    engine = match.engine
    Notification.objects.exclude(match=match).delete()
    mails = deliver_pending()
    first, second = (next(m for m in mails if m.to == [f"{name}@example.com"]) for name in ("alice", "bob"))
    assert handle_inbound(reply(first, "1")).accepted
    match.refresh_from_db()
    assert match.seq == 1 and engine.roles[1] in match.active_roles
    outcome = handle_inbound(reply(second, "1"))  # written at #0, the match is at #1: bob's choices are the same
    assert outcome.accepted, outcome.message
    assert Action.objects.filter(match=match).count() == 2


def test_a_flood_of_mail_from_one_sender_is_ignored_unanswered(rk_match, red_mail, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "inbound-mail": "2/h"}
    assert not handle_inbound(reply(red_mail, "99")).accepted  # answered: not a choice
    assert not handle_inbound(reply(red_mail, "98")).accepted
    answered = len(mail.outbox)
    outcome = handle_inbound(reply(red_mail, "1"))
    assert not outcome.accepted and "too many messages" in outcome.message
    assert len(mail.outbox) == answered and not Action.objects.filter(match=rk_match).exists()


def test_a_forged_sender_who_is_not_a_player_is_never_answered(rk_match, red_mail):
    """The relay: any From, any subject, and the server used to mail its rejection there."""
    before = len(mail.outbox)
    for to in (red_mail.reply_to[0], "someone@dispatch-rider.localhost"):
        forged = reply(red_mail, "1", sender="victim@example.net", to=to)
        forged.replace_header("Subject", "Cheap pills")
        assert not handle_inbound(forged).accepted
    assert len(mail.outbox) == before and not Action.objects.filter(match=rk_match).exists()


def webhook_post(client, esp: str, raw: str, auth: str | None = "user:secret", address: str = "192.0.2.10"):
    headers = {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(auth.encode()).decode()} if auth else {}
    return client.post(
        f"/notifications/anymail/{esp}/inbound/",
        {"RawEmail": raw},
        content_type="application/json",
        REMOTE_ADDR=address,
        **headers,
    )


def test_provider_webhooks_serve_only_the_configured_provider_and_only_with_a_secret(
    rk_match, red_mail, client, settings
):
    raw = reply(red_mail, "1").as_string()
    settings.INBOUND_MAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": ""}
    assert webhook_post(client, "postmark", raw, auth=None).status_code == 404  # no secret: not served at all
    settings.ANYMAIL = {"WEBHOOK_SECRET": "user:secret"}
    for esp in ("mailgun", "sendgrid", "sparkpost", "amazon_ses", "mandrill", "nosuch"):
        assert webhook_post(client, esp, raw).status_code == 404, esp  # not 500
    assert client.post("/notifications/anymail/postmark/tracking/", {}).status_code == 404
    assert webhook_post(client, "postmark", raw, auth=None).status_code == 400  # anymail: basic auth missing
    assert webhook_post(client, "postmark", raw, auth="user:guess").status_code == 400
    assert not Action.objects.filter(match=rk_match).exists() and len(mail.outbox) == 2  # the two turn mails
    assert webhook_post(client, "postmark", raw).status_code == 200
    assert Action.objects.filter(match=rk_match).count() == 1


def test_provider_webhook_posts_are_limited_per_address(rk_match, red_mail, client, settings):
    settings.INBOUND_MAIL_PROVIDER = "postmark"
    settings.ANYMAIL = {"WEBHOOK_SECRET": "user:secret"}
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "inbound-mail-address": "2/h"}
    raw = reply(red_mail, "99").as_string()
    assert [webhook_post(client, "postmark", raw).status_code for _ in range(3)] == [200, 200, 429]
    assert webhook_post(client, "postmark", raw, address="192.0.2.11").status_code == 200


def test_replies_without_a_message_id_may_play_the_same_line_again_on_later_turns(rk_match, monkeypatch):
    monkeypatch.setattr("notifications.mail.board_png", lambda message: None)
    mails = deliver_pending()
    for _ in range(4):  # alice, bob, alice, bob: each answers "1" to their latest turn mail
        rk_match.refresh_from_db()
        (active,) = rk_match.active_roles
        address = f"{rk_match.seat_for(active).user.username}@example.com"
        latest = [m for m in mails if m.to == [address] and m.reply_to][-1]
        answer = reply(latest, "1")
        del answer["Message-ID"]
        outcome = handle_inbound(answer)
        assert outcome.accepted, outcome.message
        assert not handle_inbound(answer).accepted  # the same reply delivered twice plays once
        mails += deliver_pending()
    assert Action.objects.filter(match=rk_match).count() == 4
