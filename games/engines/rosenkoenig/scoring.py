"""Region scoring (RK-SCORE-1…8), the winner with its tie-breaks, and the outcome of a finished game."""

from __future__ import annotations

from typing import Any

from ..base import State, Text, msg
from .board import parse_cell
from .data.components import ROLES
from .rules import name

Board = dict[str, str]  # "r,c" -> "red" | "white"

# state["end"] -> why the game ended
# (records, not plain strings: an argument that is a plain string is never translated)
END_REASONS: dict[str, Text] = {
    "stones": msg("the last stone of the supply was placed"),
    "blocked": msg("neither player can make a legal move"),
}
# The tie-breaks after points (RK-SCORE-6 then RK-SCORE-7): what each measure says when it decides.
TIE_BREAKS = {
    "largest": "Tied on points ({scores}); {side} wins the tie-break on the largest region ({won} to {lost})",
    "stones": "Tied on points ({scores}); {side} wins the tie-break on the stones on the board ({won} to {lost})",
}


def region_sizes(board: Board, colour: str) -> list[int]:
    """Sizes of the orthogonally connected regions of ``colour``, largest first."""
    cells = {parse_cell(key) for key, owner in board.items() if owner == colour}
    sizes = []
    seen: set[tuple[int, int]] = set()
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            row, col = stack.pop()
            size += 1
            # RK-SCORE-1/2: only edge neighbours join a region; diagonal contact never does.
            for neighbour in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                if neighbour in cells and neighbour not in seen:
                    seen.add(neighbour)
                    stack.append(neighbour)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def region_score(sizes: list[int]) -> int:
    # RK-SCORE-3/4: each region is worth its size squared; a lone stone is worth 1.
    return sum(size * size for size in sizes)


def scores(board: Board) -> dict[str, int]:
    return {role: region_score(region_sizes(board, role)) for role in ROLES}


def decide(board: Board) -> dict[str, Any]:
    """Winner, scores and reason from a finished board (RK-SCORE-5…8, A7)."""
    sizes = {role: region_sizes(board, role) for role in ROLES}
    points = {role: region_score(sizes[role]) for role in ROLES}
    largest = {role: (sizes[role][0] if sizes[role] else 0) for role in ROLES}
    stones = {role: sum(sizes[role]) for role in ROLES}
    red, white = ROLES
    score_text = msg("Red {red}, White {white}", red=points[red], white=points[white])
    for measure, what in ((points, None), (largest, "largest"), (stones, "stones")):
        if measure[red] != measure[white]:
            winner = red if measure[red] > measure[white] else white
            if what is None:  # RK-SCORE-5
                reason = msg("{side} wins on points ({scores})", side=name(winner), scores=score_text)
            else:  # RK-SCORE-6 then RK-SCORE-7
                loser = red if winner == white else white
                reason = msg(
                    TIE_BREAKS[what], scores=score_text, side=name(winner), won=measure[winner], lost=measure[loser]
                )
            return {"winner": winner, "scores": points, "reason": reason}
    # RK-SCORE-8 / A7: tied on points, largest region and stones: a draw.
    return {
        "winner": None,
        "scores": points,
        "reason": msg("Draw: tied on points ({scores}), largest region and stones on the board", scores=score_text),
    }


def outcome(state: State) -> dict[str, Any] | None:
    """The engine's ``result``: None while the game runs."""
    if state["end"] is None:
        return None
    found = decide(state["board"])
    found["reason"] = msg(
        "The game ended because {why}. {reason}.", why=END_REASONS[state["end"]], reason=found["reason"]
    )
    return found
