"""RK-COMP-3: the 24 power cards, one per direction and distance (id "NE3" = label "NE, III"), in hand order."""

from __future__ import annotations

CARDS: dict[str, dict] = {
    "N1": {"direction": "N", "distance": 1, "numeral": "I", "label": "N, I"},
    "N2": {"direction": "N", "distance": 2, "numeral": "II", "label": "N, II"},
    "N3": {"direction": "N", "distance": 3, "numeral": "III", "label": "N, III"},
    "NE1": {"direction": "NE", "distance": 1, "numeral": "I", "label": "NE, I"},
    "NE2": {"direction": "NE", "distance": 2, "numeral": "II", "label": "NE, II"},
    "NE3": {"direction": "NE", "distance": 3, "numeral": "III", "label": "NE, III"},
    "E1": {"direction": "E", "distance": 1, "numeral": "I", "label": "E, I"},
    "E2": {"direction": "E", "distance": 2, "numeral": "II", "label": "E, II"},
    "E3": {"direction": "E", "distance": 3, "numeral": "III", "label": "E, III"},
    "SE1": {"direction": "SE", "distance": 1, "numeral": "I", "label": "SE, I"},
    "SE2": {"direction": "SE", "distance": 2, "numeral": "II", "label": "SE, II"},
    "SE3": {"direction": "SE", "distance": 3, "numeral": "III", "label": "SE, III"},
    "S1": {"direction": "S", "distance": 1, "numeral": "I", "label": "S, I"},
    "S2": {"direction": "S", "distance": 2, "numeral": "II", "label": "S, II"},
    "S3": {"direction": "S", "distance": 3, "numeral": "III", "label": "S, III"},
    "SW1": {"direction": "SW", "distance": 1, "numeral": "I", "label": "SW, I"},
    "SW2": {"direction": "SW", "distance": 2, "numeral": "II", "label": "SW, II"},
    "SW3": {"direction": "SW", "distance": 3, "numeral": "III", "label": "SW, III"},
    "W1": {"direction": "W", "distance": 1, "numeral": "I", "label": "W, I"},
    "W2": {"direction": "W", "distance": 2, "numeral": "II", "label": "W, II"},
    "W3": {"direction": "W", "distance": 3, "numeral": "III", "label": "W, III"},
    "NW1": {"direction": "NW", "distance": 1, "numeral": "I", "label": "NW, I"},
    "NW2": {"direction": "NW", "distance": 2, "numeral": "II", "label": "NW, II"},
    "NW3": {"direction": "NW", "distance": 3, "numeral": "III", "label": "NW, III"},
}
CARD_IDS: tuple[str, ...] = tuple(CARDS)
CARD_ORDER: dict[str, int] = {card: i for i, card in enumerate(CARD_IDS)}
