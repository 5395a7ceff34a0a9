"""``/players/<username>/``: a player's profile in both languages, its counts, chart, lists and pages."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.helpers import finished_match
from tests.views.test_one_language_per_reader import english_words, russian_words, shown_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def career(alice, bob, carol):
    """alice: won and lost against bob, drew with carol; a match in progress with bob."""
    won, lost, drawn = (
        finished_match(alice, bob, "red"),
        finished_match(bob, alice, "red"),
        finished_match(alice, carol, None),
    )
    live = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(live.pk, bob, "white")
    return {"won": won, "lost": lost, "drawn": drawn, "live": live}


def test_the_profile_shows_results_rating_chart_and_matches(client, career, alice):
    page = client.get("/players/alice/")
    assert page.status_code == 200
    html = page.content.decode()
    row = re.search(r"<tr><th scope=\"row\">Rosenkönig</th>(.*?)</tr>", html).group(1)
    rating = alice.ratings.get(game="rosenkoenig").rating
    assert re.findall(r"<td[^>]*>([^<]*)</td>", row) == [str(rating), "3", "1", "1", "1"]
    assert '<svg class="rating-chart" role="img"' in html
    assert f"Rating {rating} after 3 rated matches" in html
    for match in career.values():
        assert f'href="/matches/{match.pk}/"' in html
    assert 'href="/players/bob/"' in html and 'href="/players/carol/"' in html
    assert "0 timeouts in the last 90 days" in html


def test_the_profile_never_reads_a_matchs_state(client, career):
    """The rows need the seats and the result, never the engine state a long match carries (100 KB)."""
    with CaptureQueriesContext(connection) as captured:
        assert client.get("/players/alice/").status_code == 200
    reads = [q["sql"] for q in captured if 'FROM "games_match"' in q["sql"]]
    assert reads and not any('"games_match"."state"' in sql for sql in reads)


def test_the_profile_in_russian_has_no_english_word(client, career, reads, alice):
    reads(alice, "ru")
    client.force_login(alice)
    html = client.get("/players/alice/").content.decode()
    assert "Надёжность" in html
    assert english_words(shown_text(html), {"alice", "bob", "carol"}) == set()


def test_the_profile_in_english_has_no_russian_word(client, career):
    html = client.get("/players/alice/").content.decode()
    assert russian_words(shown_text(html), set()) == set()


def test_an_unknown_player_is_a_404_in_the_readers_language(client):
    assert client.get("/players/nobody/").status_code == 404
    page = client.get("/players/nobody/", HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 404 and "Страница не найдена" in page.content.decode()


def test_finished_matches_come_by_pages(client, alice, bob, monkeypatch):
    monkeypatch.setattr("games.players.SHOWN", 2)
    matches = [finished_match(alice, bob, "red") for _ in range(3)]
    first = client.get("/players/alice/").content.decode()
    second = client.get("/players/alice/?page=2").content.decode()
    assert f"/matches/{matches[0].pk}/" not in first and f"/matches/{matches[0].pk}/" in second
    assert "page 1 of 2" in first and 'href="?page=2#finished"' in first
    assert client.get("/players/alice/?page=nonsense").status_code == 200  # the first page
