"""Each game's match options in a player's words: a label, a one-line explanation, and a name per value.

The engines' option tables give the values; this table says them for a player. A value with no words here
is shown as its raw value, so ``tests/views/test_lobby.py`` checks that every option of every engine has them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class OptionWords:
    label: str
    help: str
    values: dict[Any, str] = field(default_factory=dict)

    def value(self, value: Any) -> str:
        return self.values.get(value, str(value))


ON_OFF = {True: _("On"), False: _("Off")}

WORDS: dict[str, dict[str, OptionWords]] = {
    "richard3": {
        "scenario": OptionWords(
            _("Scenario"),
            _("The whole war in three Campaigns, or one Campaign on its own."),
            {
                "1460": _("1460: the Wars of the Roses (three Campaigns)"),
                "1469": _("1469: Kingmaker (Campaign 2 only)"),
                "1485": _("1485: Richard III (Campaign 3 only)"),
            },
        ),
        "two_events": OptionWords(
            _("When both players play an Event card"),
            _("Who acts first when both cards of a turn are Events."),
            {
                "pretender": _("The Pretender acts first (as the rulebook says)"),
                "compare_ap": _("The higher Action Points act first (English rules v1.02)"),
            },
        ),
    },
    "blood_and_roses": {
        "battle": OptionWords(
            _("Battle"),
            _("The field and the armies you fight with (a stand-in layout, not the published map)."),
            {"bosworth": _("Bosworth, 1485")},
        ),
        "battle_flight": OptionWords(
            _("Battle Flight (optional rule 14.8)"),
            _("A battered army may break and flee the field before it is destroyed."),
            ON_OFF,
        ),
        "pursuit": OptionWords(
            _("Pursuit (optional rule 14.9)"),
            _("The winner's horse may chase the fleeing army; needs Battle Flight."),
            ON_OFF,
        ),
    },
    "nine_years": {
        "scenario": OptionWords(
            _("Scenario"),
            _("The Nine Years' War, 1688–1697, from the start (the only scenario offered)."),
            {"nine_years": _("The Nine Years' War, 1688–1697")},
        ),
    },
    "sekigahara": {
        "initiative_tie": OptionWords(
            _("Battle initiative when Impact is equal"),
            _("Who plays the next block in a battle when both sides' Impact is the same."),
            {
                "attacker": _("The attacker (the recommended reading)"),
                "defender": _("The defender (the rulebook read literally)"),
            },
        ),
    },
}


def option_words(game: str, option: str) -> OptionWords:
    """The words for one option in the active language; an option with none is labelled by its name and
    explained by nothing."""
    words = WORDS.get(game, {}).get(option)
    if words is None:
        return OptionWords(option.replace("_", " ").capitalize(), "")
    # WORDS holds lazy texts; callers get plain strings in the reader's language (they join and compare them).
    return OptionWords(str(words.label), str(words.help), {key: str(text) for key, text in words.values.items()})


def describe_options(game: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """A match's chosen options as (label, value) pairs, in words."""
    return [(option_words(game, name).label, option_words(game, name).value(value)) for name, value in options.items()]
