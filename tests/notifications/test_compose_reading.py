"""Every mail reads cleanly: no line twice, links to SITE_URL, the rules a click away; development mail is
kept as readable files, not base64 in a log."""

import re
from collections import Counter

import pytest
from django.core import mail

from games import services
from notifications.dev_mail import ReadableFileBackend
from tests.helpers import play_first_legal

from .helpers import deliver_pending

pytestmark = pytest.mark.django_db

SITE = "http://127.0.0.1:8123"


@pytest.fixture
def site_url(settings):
    settings.SITE_URL = SITE


@pytest.fixture
def later_turn_mail(site_url, rk_match, alice, bob):
    """bob's turn mail after each side has moved twice: events since his move and events before it."""
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=5)
    mail.outbox.clear()
    deliver_pending()
    return [m for m in mail.outbox if m.to == ["bob@example.com"] and "your move" in m.subject][-1]


def test_a_turn_mail_has_no_line_twice(later_turn_mail):
    lines = [line.strip() for line in later_turn_mail.body.splitlines() if line.strip() and line.strip() != "--"]
    repeated = [line for line, count in Counter(lines).items() if count > 1]
    assert not repeated, repeated
    assert "Since your last move" in later_turn_mail.body and "Before that:" in later_turn_mail.body
    html = later_turn_mail.alternatives[0][0]
    items = re.findall(r"<li>(.*?)</li>", html)
    events = [item for item in items if "plays" in item]
    assert len(events) == len(set(events))


def test_every_link_of_a_turn_mail_points_at_site_url(later_turn_mail):
    links = re.findall(r"https?://\S+", later_turn_mail.body)
    html_links = re.findall(r'href="([^"]+)"', later_turn_mail.alternatives[0][0])
    assert links and all(link.startswith(SITE + "/") for link in links + html_links)
    assert f"Rules of the game: {SITE}/games/rosenkoenig/rules/" in later_turn_mail.body


def test_the_turn_mail_of_a_stand_in_game_says_so(site_url, alice, bob):
    match = services.create_match(alice, "blood_and_roses", role="york")
    services.join_match(match.pk, bob, "lancaster")
    deliver_pending()
    sent = [m for m in mail.outbox if "blood" in m.body.lower() or "Blood" in m.subject]
    notice = match.engine.stand_in_notice
    assert sent and all(f"Note: {notice}." in m.body for m in sent)


def test_development_mail_is_a_readable_text_and_an_eml_per_message(later_turn_mail, tmp_path):
    ReadableFileBackend(file_path=str(tmp_path)).send_messages([later_turn_mail])
    (text,) = tmp_path.glob("*.txt")
    (eml,) = tmp_path.glob("*.eml")
    assert text.stem == eml.stem and "-bob-" in text.name
    readable = text.read_text()
    assert f"Subject: {later_turn_mail.subject}" in readable and "Your choices:" in readable
    assert "board.png (image/png)" in readable and "text/html alternative" in readable
    assert len(readable) < 10_000 and "base64" not in readable  # the picture is named, not printed
    assert eml.read_bytes().startswith(b"Content-Type: multipart/related")
