"""The printed set-up, the reinforcement track and THE bag-distribution table."""

from __future__ import annotations

# SK-5.2.1a: fixed blocks by set-up symbol. "mori_box" is Ishida's Mori area (SK-5.1d, SK-9.3a).
# Edo and Kanazawa show four symbols but only three marked faces exist: the fourth is taken as a
# second copy of the 3-mon Tokugawa and of the 2-mon Maeda block (stand-in, see RULES.md).
FIXED: dict[str, tuple[str, ...]] = {
    "osaka": ("ishida_mitsunari", "ukita_leader", "ukita_2", "kobayakawa_leader", "kobayakawa_3", "mori_cav"),
    "aizu": ("uesugi_leader", "uesugi_3", "uesugi_gun"),
    "mori_box": ("mori_terumoto", "mori_3", "mori_3", "mori_3", "mori_3"),
    "edo": ("tokugawa_ieyasu", "tokugawa_3", "tokugawa_gun", "tokugawa_3"),
    "kiyosu": ("fukushima_leader", "fukushima_cav", "ii_naomasa"),
    "kanazawa": ("maeda_leader", "maeda_2", "maeda_gun", "maeda_2"),
    "sendai": ("date_leader", "date_2", "date_3"),
}

# SK-5.2.2b: +N markers, in the order the locations are filled.
RANDOM: dict[str, tuple[tuple[str, int], ...]] = {
    "ishida": (("kyoto", 2), ("osaka", 2), ("gifu", 2), ("ueda", 3), ("aizu", 1)),
    "tokugawa": (
        ("miyazu", 1),
        ("kanazawa", 1),
        ("kiyosu", 1),
        ("anotsu", 1),
        ("hakone", 1),
        ("edo", 2),
        ("sendai", 1),
    ),
}

FIRST_REINFORCEMENTS = 4  # SK-5.2.3a
HAND_SIZE = 5  # SK-5.1b
WEEKS = 7  # SK-1b
REINFORCEMENT_TRACK: dict[int, int] = {2: 2, 3: 2, 4: 2, 5: 1, 6: 1, 7: 1}  # SK-6.2e

# THE bag-distribution table (stand-in data): copies of each unmarked face in each side's bag.
# The real per-face counts are unknown; these match the known totals (34 per side) and roughly
# follow each daimyo's share of its deck. Correct the numbers here and nowhere else.
BAG_COUNTS: dict[str, dict[str, int]] = {
    "ishida": {
        "ukita_2": 3, "ukita_3": 2, "ukita_gun": 2, "ukita_cav": 2,
        "mori_2": 3, "mori_3": 2, "mori_gun": 2, "mori_cav": 2,
        "kobayakawa_2": 3, "kobayakawa_3": 2, "kobayakawa_gun": 2, "kobayakawa_cav": 2,
        "uesugi_3": 3, "uesugi_gun": 2, "uesugi_cav": 2,
    },
    "tokugawa": {
        "tokugawa_2": 4, "tokugawa_3": 2, "tokugawa_gun": 2, "tokugawa_cav": 2,
        "fukushima_2": 3, "fukushima_3": 1, "fukushima_gun": 2, "fukushima_cav": 2,
        "maeda_2": 3, "maeda_3": 1, "maeda_gun": 2, "maeda_cav": 2,
        "date_2": 3, "date_3": 1, "date_gun": 2, "date_cav": 2,
    },
}  # fmt: skip
