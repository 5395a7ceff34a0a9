"""Elo per game (base 1500, K 32), updated once when a rated match finishes; the leaderboard."""

from __future__ import annotations

import pytest

from games import services
from games.models import Match, Rating, RatingChange
from games.ratings import elo_update, expected_score, rate_match
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db


def test_elo_arithmetic():
    assert expected_score(1500, 1500) == 0.5
    assert round(expected_score(1700, 1500), 3) == 0.76
    assert elo_update(1500, 1500, 1) == 1516 and elo_update(1500, 1500, 0) == 1484
    assert elo_update(1500, 1500, 0.5) == 1500
    assert elo_update(1700, 1500, 0.5) == 1692  # the favourite loses points on a draw


def test_a_finished_rated_match_moves_both_ratings(alice, bob, rk_match):
    play_first_legal(rk_match, {"red": alice, "white": bob})
    winner = rk_match.result["winner"]
    won, lost = (alice, bob) if winner == "red" else (bob, alice)
    assert Rating.objects.get(user=won, game="rosenkoenig").rating == 1516
    assert Rating.objects.get(user=lost, game="rosenkoenig").rating == 1484
    assert {r.matches for r in Rating.objects.all()} == {1}
    assert sorted(c.delta for c in RatingChange.objects.filter(match=rk_match)) == [-16, 16]


def test_ratings_carry_over_between_matches(alice, bob, rk_match):
    services.resign(rk_match.pk, bob, "white")
    second = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(second.pk, bob, "white")
    services.resign(second.pk, bob, "white")
    # 1516 beats 1484 again: expected 0.546, so +15.
    assert Rating.objects.get(user=alice).rating == 1531 and Rating.objects.get(user=bob).rating == 1469
    assert Rating.objects.get(user=alice).matches == 2


def test_a_draw_between_equals_changes_nothing_but_counts(alice, bob, rk_match):
    Match.objects.filter(pk=rk_match.pk).update(result={"winner": None, "scores": {}, "reason": "agreed"})
    rk_match.refresh_from_db()
    rate_match(rk_match)
    assert [(r.rating, r.matches) for r in Rating.objects.all()] == [(1500, 1), (1500, 1)]


def test_unrated_matches_and_second_finishes_do_not_count(alice, bob):
    unrated = services.create_match(alice, "rosenkoenig", role="red", rated=False)
    services.join_match(unrated.pk, bob, "white")
    services.resign(unrated.pk, bob, "white")
    assert not Rating.objects.exists()
    rated = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(rated.pk, bob, "white")
    services.resign(rated.pk, bob, "white")
    rated.refresh_from_db()
    assert rate_match(rated) == []  # e.g. finished again after a moderator rewind
    assert Rating.objects.get(user=alice).rating == 1516


def test_leaderboard_page(client, alice, bob, carol, rk_match):
    services.resign(rk_match.pk, bob, "white")
    page = client.get("/leaderboard/?game=rosenkoenig").content.decode()
    assert page.index("alice") < page.index("bob") and "1516" in page and "1484" in page
    assert "carol" not in page
    assert client.get("/leaderboard/?game=nope").status_code == 200
