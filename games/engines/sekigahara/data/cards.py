"""Both 55-card decks: kinds of card and how many of each (SK-3.3g)."""

from __future__ import annotations

from typing import NamedTuple

from .blocks import DAIMYO_NAMES


class CardKind(NamedTuple):
    side: str
    daimyo: str  # "" for a loyalty-challenge card (no mon)
    bid: int  # number in the bottom corner (SK-6.3b)
    double: bool  # SK-8.4.2a
    sword: bool  # SK-8.4.1a
    loyalty: bool  # SK-8.6.1a
    label: str


def _kinds(side: str, loyalty_bid: int, loyalty_count: int, clans: dict[str, tuple[int, int]]) -> dict:
    odd = 1 if side == "ishida" else 2  # Ishida numbers are odd, Tokugawa even: bids never tie
    kinds = {
        f"{side}_loyalty": (CardKind(side, "", loyalty_bid, False, False, True, "Loyalty Challenge"), loyalty_count)
    }
    for daimyo, (swords, singles) in clans.items():
        name = DAIMYO_NAMES[daimyo]
        kinds[f"{daimyo}_double"] = (CardKind(side, daimyo, odd + 4, True, False, False, f"{name} double"), 1)
        kinds[f"{daimyo}_sword"] = (CardKind(side, daimyo, odd + 2, False, True, False, f"{name} sword"), swords)
        kinds[f"{daimyo}_single"] = (CardKind(side, daimyo, odd, False, False, False, f"{name}"), singles)
    return kinds


# kind id -> (kind, copies in the deck)
DECKS: dict[str, dict[str, tuple[CardKind, int]]] = {
    "tokugawa": _kinds("tokugawa", 8, 4, {"tokugawa": (5, 10), "fukushima": (4, 7), "maeda": (4, 7), "date": (4, 6)}),
    "ishida": _kinds("ishida", 7, 3, {"mori": (5, 10), "ukita": (5, 8), "kobayakawa": (5, 8), "uesugi": (3, 4)}),
}

CARD_KINDS: dict[str, CardKind] = {k: v[0] for deck in DECKS.values() for k, v in deck.items()}
