"""Moves from one click in the turn mail (notifications.choice_links): a link per choice opens a confirm page,
only its POST plays, once; forged, expired, reused, other-player and stale links change nothing and say why."""

from __future__ import annotations

import re
import time
from unittest import mock
from urllib.parse import urlsplit

import pytest
from django.test import Client

from games import services
from games.services import moderation, takeback

from .helpers import deliver_pending

LINK = re.compile(r"https?://\S*/notifications/move/[^/\s\"]+/")


def links_of(mail) -> list[str]:
    return LINK.findall(mail.body)


def path_of(link: str) -> str:
    return urlsplit(link).path


def seq_of(match) -> int:
    match.refresh_from_db()
    return match.seq


def test_the_turn_mail_carries_a_link_for_each_choice_in_both_parts(red_mail, rk_match):
    choices = rk_match.engine.legal_actions(rk_match.state, "red")
    links = links_of(red_mail)
    assert len(links) == len(choices) == len(set(links))
    html = red_mail.alternatives[0][0]
    assert all(link in html for link in links) and html.count("Play this move") == len(choices)


def test_opening_the_link_shows_the_move_and_plays_nothing(red_mail, rk_match):
    link = path_of(links_of(red_mail)[0])
    label = rk_match.engine.text(rk_match.engine.legal_actions(rk_match.state, "red")[0]["label"], "en")
    page = Client().get(link)
    text = page.content.decode()
    assert page.status_code == 200 and label in text and "Play this move" in text and "<svg" in text
    assert Client().head(link).status_code == 200  # a scanner's prefetch
    assert seq_of(rk_match) == 0


def test_the_post_plays_the_move_once(red_mail, rk_match):
    link = path_of(links_of(red_mail)[1])
    action = rk_match.engine.legal_actions(rk_match.state, "red")[1]["action"]
    played = Client().post(link)
    assert played.status_code == 200 and "Played:" in played.content.decode()
    rk_match.refresh_from_db()
    assert rk_match.seq == 1 and rk_match.actions.get(seq=1).payload == action

    again = Client().post(link)
    assert again.status_code == 409 and "This move was already played" in again.content.decode()
    other = Client().post(path_of(links_of(red_mail)[0]))  # another choice of the same mail: the position moved
    assert other.status_code == 409 and "You have moved since this mail" in other.content.decode()
    assert seq_of(rk_match) == 1


def test_a_forged_or_expired_link_changes_nothing(red_mail, rk_match):
    link = path_of(links_of(red_mail)[0])
    token = link.rstrip("/").rsplit("/", 1)[1]
    forged = Client().post(link.replace(token, token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")))
    assert forged.status_code == 400 and "not valid" in forged.content.decode()
    later = time.time() + 4 * 24 * 3600
    with mock.patch("django.core.signing.time.time", return_value=later):
        expired = Client().post(link)
    assert expired.status_code == 400 and "expired" in expired.content.decode()
    assert seq_of(rk_match) == 0


def test_a_link_dies_with_a_password_change(red_mail, rk_match, alice):
    alice.set_password("another-Secret-456")
    alice.save()
    refused = Client().post(path_of(links_of(red_mail)[0]))
    assert refused.status_code == 409 and "no longer valid" in refused.content.decode()
    assert seq_of(rk_match) == 0


def test_a_link_dies_with_the_seat(red_mail, rk_match, carol, moderator):
    moderation.replace_player(rk_match.pk, moderator, "red", carol, "alice left the club")
    before = seq_of(rk_match)
    refused = Client().post(path_of(links_of(red_mail)[0]))
    assert refused.status_code == 409 and "no longer hold this seat" in refused.content.decode()
    assert seq_of(rk_match) == before


def test_a_link_opened_in_a_browser_signed_in_as_someone_else_is_refused(red_mail, rk_match, bob):
    client = Client()
    client.force_login(bob)
    refused = client.post(path_of(links_of(red_mail)[0]))
    assert refused.status_code == 409 and "signed in as bob" in refused.content.decode()
    assert seq_of(rk_match) == 0


def test_a_stale_link_after_a_takeback_says_a_move_was_taken_back(rk_match, alice, bob):
    engine = rk_match.engine
    deliver_pending()
    services.submit_action(rk_match.pk, alice, "red", engine.legal_actions(rk_match.state, "red")[0]["action"], 0)
    rk_match.refresh_from_db()
    (white_mail,) = [m for m in deliver_pending() if m.to == ["bob@example.com"]]
    services.submit_action(rk_match.pk, bob, "white", engine.legal_actions(rk_match.state, "white")[0]["action"], 1)
    rk_match.refresh_from_db()
    (red_mail,) = [m for m in deliver_pending() if m.to == ["alice@example.com"]]
    request = takeback.ask(rk_match.pk, alice, "red", 1)
    takeback.answer(rk_match.pk, request.pk, bob, "white", accept=True)
    before = seq_of(rk_match)
    stale = Client().post(path_of(links_of(red_mail)[0]))
    assert stale.status_code == 409 and "taken back" in stale.content.decode()
    assert seq_of(rk_match) == before
    assert links_of(white_mail)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Your move from the mail:", "Play this move", "Open the match")),
        ("ru", ("Ваш ход из письма:", "Сделать этот ход", "Открыть партию")),
    ],
)
def test_the_confirm_page_and_its_refusals_read_in_the_players_language(rk_match, alice, lang, words):
    alice.profile.language = lang
    alice.profile.save()
    (mail,) = [m for m in deliver_pending() if m.to == ["alice@example.com"]]
    link = path_of(links_of(mail)[0])
    page = Client().get(link).content.decode()
    assert all(word in page for word in words) and f'<html lang="{lang}">' in page
    Client().post(link)
    refused = Client().post(link).content.decode()
    assert {"en": "This move was already played", "ru": "Этот ход уже сделан"}[lang] in refused


def test_over_the_cap_the_mail_lists_the_choices_without_links(rk_match, settings):
    settings.MAIL_CHOICE_LINKS = 2
    (mail,) = [m for m in deliver_pending() if m.to == ["alice@example.com"]]
    assert links_of(mail) == [] and "Your choices:" in mail.body


def test_a_staff_account_gets_no_move_links(rk_match, alice):
    alice.is_staff = True  # staff never act by a link in a mailbox (SECURITY.md "Mail")
    alice.save()
    (mail,) = [m for m in deliver_pending() if m.to == ["alice@example.com"]]
    assert links_of(mail) == [] and "Your choices:" in mail.body
