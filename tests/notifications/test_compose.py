"""The mail itself: subject, text and HTML, inline board picture, one-click link, unsubscribe."""

import pytest
from django.contrib.auth import get_user_model

from games import services
from notifications.tokens import ReplyToken

from .helpers import deliver_pending, link_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn_mail(rk_match, alice):
    deliver_pending()
    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    services.submit_action(rk_match.pk, alice, "red", action, 0)
    (sent,) = deliver_pending()
    return sent


def test_turn_mail_parts(turn_mail, rk_match, bob):
    rk_match.refresh_from_db()
    assert turn_mail.to == ["bob@example.com"]
    assert turn_mail.subject == f"Rosenkönig #{rk_match.pk} (White) — your move"
    message = turn_mail.message()
    assert message.get_content_type() == "multipart/related"
    html = turn_mail.alternatives[0][0]
    (image,) = [part for part in message.walk() if part.get_content_type() == "image/png"]
    assert image.get_payload(decode=True).startswith(b"\x89PNG")
    assert f'src="cid:{image["Content-ID"].strip("<>")}"' in html
    labels = [rk_match.engine.text(c["label"]) for c in rk_match.engine.legal_actions(rk_match.state, "white")]
    assert f"  1. {labels[0]}" in turn_mail.body and f"<li>{labels[-1]} — <a href=" in html
    assert "Red plays" in turn_mail.body  # the recent events
    token = ReplyToken.find(turn_mail.reply_to)
    assert token == ReplyToken(rk_match.pk, 1, bob.pk, 1)
    assert len(turn_mail.reply_to[0].split("@")[0]) <= 64
    assert "unsubscribe" in turn_mail.extra_headers["List-Unsubscribe"]


def test_one_click_link_signs_in_and_opens_the_match(turn_mail, rk_match, bob, client):
    link = link_in(turn_mail.body, "/notifications/go/")
    response = client.get(link)
    assert response.status_code == 302 and response["Location"].endswith(f"/matches/{rk_match.pk}/")
    assert client.session["_auth_user_id"] == str(bob.pk)


def test_a_tampered_link_is_refused(turn_mail, client):
    link = link_in(turn_mail.body, "/notifications/go/")
    response = client.get(link[:-3] + "xx/")
    assert response.status_code == 400 and "_auth_user_id" not in client.session


def test_unsubscribe_asks_then_stops_mail_for_the_match(turn_mail, rk_match, bob, client):
    link = link_in(turn_mail.body, "/notifications/unsubscribe/")
    page = client.get(link)
    assert page.status_code == 200 and b"Stop mail about match" in page.content
    assert rk_match.seat_for("white").notify_mode == ""
    client.post(link, {"scope": "match"})
    assert rk_match.seats.get(role="white").notify_mode == "off"
    client.post(link, {"scope": "all"})
    assert get_user_model().objects.get(pk=bob.pk).profile.notify_mode == "off"


def test_no_reply_address_when_it_is_not_your_move(rk_match, alice):
    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    services.submit_action(rk_match.pk, alice, "red", action, 0)
    sent = {m.to[0]: m for m in deliver_pending()}
    # alice's "started" mail was written at #0, when it was her move: it offers her choices then
    assert sent["alice@example.com"].reply_to == [ReplyToken(rk_match.pk, 0, alice.pk, 0).address]
    services.resign(rk_match.pk, alice, "red")
    finished = {m.to[0]: m for m in deliver_pending() if "match over" in m.subject}
    assert finished["bob@example.com"].subject.endswith("— match over, White wins (Red resigned)")
    assert finished["bob@example.com"].reply_to == []


def test_a_one_click_link_dies_when_the_password_changes(turn_mail, bob, client):
    link = link_in(turn_mail.body, "/notifications/go/")
    bob.set_password("a-New-pw-456")
    bob.save()
    response = client.get(link)
    assert response.status_code == 400 and "_auth_user_id" not in client.session
    assert b"no longer valid" in response.content


def test_a_one_click_link_expires_within_days(turn_mail, client, monkeypatch):
    import time

    link = link_in(turn_mail.body, "/notifications/go/")
    now = time.time()
    monkeypatch.setattr("django.core.signing.time.time", lambda: now + 3 * 86_400 + 1)
    response = client.get(link)
    assert response.status_code == 400 and b"expired" in response.content
    assert "_auth_user_id" not in client.session


def test_the_unsubscribe_page_reads_russian(turn_mail, rk_match, client):
    page = client.get(link_in(turn_mail.body, "/notifications/unsubscribe/"), HTTP_ACCEPT_LANGUAGE="ru")
    text = page.content.decode()
    assert f"Больше не присылать письма о партии №{rk_match.pk}" in text and "Stop" not in text
