"""Standings: points (a win 1, a draw ½, a bye 1), then the format's tie-breaks. Pure functions."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

# (first, second or None for a bye, outcome "first" / "second" / "draw"); undecided pairings are left out.
Result = tuple[Hashable, Hashable | None, str]

SONNEBORN_BERGER = "sonneborn_berger"
BUCHHOLZ = "buchholz"


@dataclass
class Row:
    player: Hashable
    points: float = 0.0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    sonneborn_berger: float = 0.0
    buchholz: float = 0.0
    # (opponent, my score against them) per game played (byes excluded).
    games: list[tuple[Hashable, float]] = field(default_factory=list)


def standings(players: Iterable[Hashable], results: Iterable[Result], tiebreaks: tuple[str, ...]) -> list[Row]:
    """The rows best first: by points, then by each tie-break in turn, then in the players' given order."""
    rows = {p: Row(p) for p in players}
    for first, second, outcome in results:
        if second is None:
            rows[first].points += 1
            rows[first].byes += 1
            continue
        score = {"first": 1.0, "second": 0.0, "draw": 0.5}[outcome]
        for me, other, mine in ((first, second, score), (second, first, 1.0 - score)):
            row = rows[me]
            row.points += mine
            row.played += 1
            row.wins += mine == 1.0
            row.draws += mine == 0.5
            row.losses += mine == 0.0
            row.games.append((other, mine))
    for row in rows.values():
        row.buchholz = sum(rows[other].points for other, _mine in row.games)
        row.sonneborn_berger = sum(rows[other].points * mine for other, mine in row.games)
    order = list(rows)
    return sorted(
        rows.values(),
        key=lambda r: (-r.points, *(-getattr(r, name) for name in tiebreaks), order.index(r.player)),
    )
