"""Pairings as pure functions of player ids: no database, so their properties are tested exhaustively.

A pairing is ``(first, second)``: ``first`` takes the game's first role; ``second`` is None for a bye.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

Pair = tuple[Hashable, Hashable | None]


def round_robin(players: Sequence[Hashable], double: bool = False) -> list[list[Pair]]:
    """Every round of a round robin by the circle method (a bye when odd); sides alternate round by round.

    In a double round robin the second cycle repeats the first with sides swapped.
    """
    ring: list[Hashable | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds: list[list[Pair]] = []
    for number in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            # The fixed player's side alternates by round; the others move round the ring through both halves,
            # so every player has each side as often as the other, give or take one.
            if i == 0 and number % 2:
                a, b = b, a
            pairs.append(_with_bye(a, b))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]  # rotate all but the first
    if double:
        rounds += [[_with_bye(b, a) if b is not None else (a, None) for a, b in pairs] for pairs in rounds]
    return rounds


def _with_bye(a: Hashable | None, b: Hashable | None) -> Pair:
    return (b, None) if a is None else (a, b)


def swiss_round(ranked: Sequence[Hashable], played: set[frozenset], had_bye: set[Hashable]) -> list[Pair]:
    """One Swiss round: ``ranked`` best first (by score, then rating).

    An odd field gives the bye to the lowest-ranked player without one. Each player meets the highest-ranked
    one they have not met; when no pairing without a repeat exists, repeats are allowed (least first).
    """
    field = list(ranked)
    pairs: list[Pair] = []
    if len(field) % 2:
        bye = next((p for p in reversed(field) if p not in had_bye), field[-1])
        field.remove(bye)
        pairs.append((bye, None))
    matched = _pair_without_repeats(field, played)
    if matched is None:
        matched = [(field[i], field[i + 1]) for i in range(0, len(field), 2)]
    return matched + pairs


def _pair_without_repeats(field: list[Hashable], played: set[frozenset]) -> list[Pair] | None:
    if not field:
        return []
    top, rest = field[0], field[1:]
    for index, other in enumerate(rest):
        if frozenset((top, other)) in played:
            continue
        tail = _pair_without_repeats(rest[:index] + rest[index + 1 :], played)
        if tail is not None:
            return [(top, other), *tail]
    return None


def swiss_rounds(players: int) -> int:
    """How many rounds a Swiss tournament plays: enough to single out a winner, at most everyone once."""
    rounds = max(1, (players - 1).bit_length())
    return min(rounds, max(players - 1, 1))


def elimination_first_round(seeded: Sequence[Hashable]) -> list[Pair]:
    """The first round of a bracket, seeds best first: 1 meets the lowest seed, top seeds get the byes.

    The bracket is padded to a power of two, so every later round halves the field.
    """
    size = 1
    while size < len(seeded):
        size *= 2
    order = [1]
    while len(order) < size:
        order = [x for seed in order for x in (seed, 2 * len(order) + 1 - seed)]
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    return [_with_bye(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def elimination_next_round(winners: Sequence[Hashable]) -> list[Pair]:
    """The next round: the winners of neighbouring brackets meet, in bracket order."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
