"""The names players read for the unit types (BR-2.2): "longbowmen" for LB."""

from __future__ import annotations

TYPE_NAMES = {
    "MM": "men-at-arms",
    "DM": "dismounted men-at-arms",
    "UH": "unhorsed men-at-arms",
    "Cav": "light horse",
    "Inf": "foot",
    "Lvy": "levy",
    "LB": "longbowmen",
    "A": "archers",
    "HG": "handgunners",
    "Art": "guns",
}
