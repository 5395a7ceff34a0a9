"""Pairing properties over any field size (hypothesis)."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.tournaments import pairing
from games.tournaments.services.standings import standings

fields = st.integers(min_value=2, max_value=16).map(lambda n: list(range(n)))


@given(fields)
def test_round_robin_plays_every_pair_exactly_once(players):
    rounds = pairing.round_robin(players)
    games = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert Counter(games) == Counter(frozenset((a, b)) for a in players for b in players if a < b)
    for r in rounds:  # nobody plays twice in a round
        seated = [x for p in r for x in p if x is not None]
        assert len(seated) == len(set(seated))


@given(fields)
def test_round_robin_sides_are_balanced(players):
    firsts = Counter(p[0] for r in pairing.round_robin(players) for p in r if p[1] is not None)
    seconds = Counter(p[1] for r in pairing.round_robin(players) for p in r if p[1] is not None)
    for player in players:
        assert abs(firsts[player] - seconds[player]) <= 1


@given(fields)
def test_double_round_robin_plays_every_pair_twice_with_sides_swapped(players):
    games = [p for r in pairing.round_robin(players, double=True) for p in r if p[1] is not None]
    assert Counter(games) == Counter((a, b) for a in players for b in players if a != b)


@given(fields, st.randoms(use_true_random=False))
def test_swiss_never_repeats_while_it_can_and_gives_one_bye_each_at_most(players, rnd):
    played: set[frozenset] = set()
    had_bye: set = set()
    for _round in range(pairing.swiss_rounds(len(players))):
        ranked = players[:]
        rnd.shuffle(ranked)  # any order of scores
        pairs = pairing.swiss_round(ranked, played, had_bye)
        seated = [x for p in pairs for x in p if x is not None]
        assert sorted(seated) == sorted(players)
        byes = [a for a, b in pairs if b is None]
        assert len(byes) == len(players) % 2
        assert not set(byes) & had_bye  # enough rounds are few enough that nobody needs a second bye
        had_bye |= set(byes)
        new = {frozenset(p) for p in pairs if p[1] is not None}
        if pairing._pair_without_repeats([p for p in ranked if p not in byes], played) is not None:
            assert not new & played
        played |= new


def test_swiss_repeats_only_when_no_other_pairing_exists():
    assert pairing.swiss_round([1, 2], {frozenset((1, 2))}, set()) == [(1, 2)]


def test_swiss_bye_goes_to_the_lowest_ranked_without_one():
    assert pairing.swiss_round([1, 2, 3], set(), {3}) == [(1, 3), (2, None)]


@given(st.integers(min_value=2, max_value=40))
def test_elimination_halves_each_round(n):
    seeded = list(range(1, n + 1))
    pairs = pairing.elimination_first_round(seeded)
    assert sorted(x for p in pairs for x in p if x is not None) == seeded
    size = 2 * len(pairs)
    assert size & (size - 1) == 0 and size // 2 < n <= size
    winners = [a for a, _b in pairs]  # the first of each pair goes through
    rounds = 1
    while len(winners) > 1:
        nxt = pairing.elimination_next_round(winners)
        assert len(nxt) == len(winners) // 2
        winners = [b for _a, b in nxt]
        rounds += 1
    assert rounds == (n - 1).bit_length()


def test_elimination_seeds_top_against_bottom():
    assert pairing.elimination_first_round([1, 2, 3, 4, 5, 6, 7, 8]) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert pairing.elimination_first_round([1, 2, 3]) == [(1, None), (2, 3)]


@given(fields, st.data())
def test_standings_points_sum_to_the_games_played(players, data):
    results = []
    for r in pairing.round_robin(players):
        for a, b in r:
            if b is not None and data.draw(st.booleans()):
                results.append((a, b, data.draw(st.sampled_from(["first", "second", "draw"]))))
    rows = standings(players, results, ("sonneborn_berger",))
    assert sum(row.points for row in rows) == len(results)
    assert [row.points for row in rows] == sorted((row.points for row in rows), reverse=True)
