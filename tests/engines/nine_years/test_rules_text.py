"""PROVISIONAL.md is the game's rules page: it must say what every card does and agree with the data."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engines import nine_years
from games.engines.nine_years import ENGINE
from games.engines.nine_years.data.cards import ACTION_CARDS, EVENT_CARDS
from games.engines.nine_years.data.leaders import LEADERS
from games.engines.nine_years.data.powers import CORPS_COUNTS
from games.engines.nine_years.data.setup import CORPS_SETUP
from games.engines.nine_years.data.spaces import SPACES
from games.engines.nine_years.data.tracks import VICTORY_BANDS, VP_MAX
from games.engines.nine_years.decks import event_text

from .helpers import en, fresh

TEXT = (Path(nine_years.__file__).parent / "PROVISIONAL.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("card", sorted(EVENT_CARDS))
def test_every_event_cards_effect_is_described(card: str) -> None:
    title, _, later = EVENT_CARDS[card]
    row = f"| {card} | {title}{' (added in 1693)' if later else ''} | {en(event_text(card))} |"
    assert row in TEXT


ADJECTIVES = {"france": "French", "jacobites": "Jacobite", "dutch": "Dutch", "spain": "Spanish", "empire": "Empire"}
ADJECTIVES |= {"subsidy": "Subsidy", "austria": "Austrian", "bavaria": "Bavarian"}


def test_the_leaders_set_up_and_corps_agree_with_the_data() -> None:
    for data in LEADERS.values():
        named = "{}/{}".format(*data["front"])
        minor = "{}/{}".format(*data["back"]) if data["back"] else "—"
        assert f"| {data['name']} | " in TEXT and f" | {named} | {minor} | " in TEXT, data["name"]
    counts = ", ".join(f"{power.capitalize()} {count}" for power, count in CORPS_COUNTS.items())
    assert counts.replace("Jacobites 5", "Jacobites 5 (the rulebook's number)") in " ".join(TEXT.split())
    setup = " ".join(TEXT.split())
    for space, groups in CORPS_SETUP.items():
        placed = " and ".join(f"{count} {ADJECTIVES[power]}" for power, count in groups)
        assert f"{SPACES[space][0]} {placed}" in setup, space
    values = [sum(1 for v in ACTION_CARDS.values() if v == n) for n in (1, 2, 3)]
    assert values == [10, 12, 8] and f"{len(ACTION_CARDS)} Action cards" in TEXT


def test_the_victory_table_is_the_datas() -> None:
    tops = [VP_MAX] + [low - 1 for low, _, _ in VICTORY_BANDS[:-1]]
    for (low, winner, kind), top in zip(VICTORY_BANDS, tops, strict=True):
        span = str(low) if low == top else f"{low}–{top}"
        what = "a tie on points" if winner is None else f"{winner.capitalize()} {kind} victory"
        assert f"| {span} | {what}" in TEXT


def test_cards_show_their_effect_on_the_board_and_in_the_hand() -> None:
    state = fresh(4)
    state["hands"]["alliance"] = ["A05", "A25"]
    state["decks"]["event_discards"] = ["E05", "E13"]
    panels = ENGINE.render_panels(ENGINE.view(state, "alliance"))
    assert 'data-target="card:A25" title="A 3-action card: 3 actions this round' in panels
    assert "A25" not in panels.replace('data-target="card:A25"', "")  # a card shows its title, never its code
    assert "<strong>Scotland Rises</strong>" in panels and "<strong>Fleurus</strong>" in panels
    assert "Up to 2 full Alliance corps in the Low Countries" in panels
    assert 'href="/games/nine_years/rules/"' in panels and "RULES.md" not in panels
    picture = ENGINE.render_picture(ENGINE.view(state, "alliance"))
    assert "Your Action cards: 1-action card, 3-action card" in picture and "Event Fleurus: Up to 2 full" in picture


def test_the_hand_says_once_that_its_cards_are_stand_ins() -> None:
    """ARCHITECTURE §2.3 without noise: one mark in the hand's heading, none in each card's tip."""
    state = fresh(4)
    state["hands"]["alliance"] = ["A05", "A25"]
    for lang, mark in (("en", "(stand-ins, not from the rules)"), ("ru", "(условные, не из правил)")):
        panels = ENGINE.render_panels({**ENGINE.view(state, "alliance"), "lang": lang})
        hand = panels.split('<section class="ny-hand">')[1].split("</section>")[0]
        assert hand.count(mark) == 1 and hand.index(mark) < hand.index("</h3>")
        assert "stand-in card" not in panels and "условная замена)" not in panels
    russian = ENGINE.text(event_text("E06"), "ru")  # a count that reads with any number (1 here)
    assert russian == (
        "В регионе «Нидерланды» ослабляются полнокровные корпуса (Альянс), не более 1 "
        "(по областям в алфавитном порядке)."
    )
