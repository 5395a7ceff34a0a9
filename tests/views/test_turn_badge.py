"""The header's "your turn" badge: how many matches wait for the reader, counted only where it is shown."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.context_processors import YOUR_TURN_SQL
from tests.helpers import a_play_action

pytestmark = pytest.mark.django_db


def badge(page: str) -> str:
    return page.split('id="turn-badge">')[1].split("</a>")[0]  # the header's link ends after it


def test_the_badge_counts_the_matches_waiting_for_the_reader(client, rk_match, alice, bob):
    client.force_login(alice)
    assert '<span class="badge"' in badge(client.get("/").content.decode())  # red moves first
    assert ">1<" in badge(client.get("/").content.decode())
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), rk_match.seq)
    assert '<span class="badge"' not in badge(client.get("/").content.decode())
    client.force_login(bob)
    assert ">1<" in badge(client.get(f"/matches/{rk_match.pk}/").content.decode())


def test_a_chat_message_answered_does_not_count(client, rk_match, alice):
    client.force_login(alice)
    with CaptureQueriesContext(connection) as page:
        client.get(f"/matches/{rk_match.pk}/")
    with CaptureQueriesContext(connection) as chat:
        answer = client.post(f"/matches/{rk_match.pk}/chat/", {"text": "Good luck"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "Good luck" in answer.content.decode()
    counted = YOUR_TURN_SQL.split("WHERE")[0].strip()[:40]
    assert sum(counted in q["sql"] for q in page.captured_queries) == 1  # once, however often the page reads it
    assert not any(counted in q["sql"] for q in chat.captured_queries)


def test_the_badge_is_drawn_once_per_count_and_language_each_in_its_own_words():
    from games.context_processors import turn_badge

    turn_badge.cache_clear()
    english, russian, two = turn_badge(1, "en"), turn_badge(1, "ru"), turn_badge(2, "en")
    assert 'aria-label="1 match where it is your turn"' in english
    assert "your turn" not in russian and ">1</span>" in russian
    assert 'aria-label="2 matches where it is your turn"' in two
    assert turn_badge(0, "en").strip() == ""
    assert turn_badge(1, "en") is english and turn_badge.cache_info().hits == 1
