"""The lobby's "Play the computer": the create form's game, options and side, with a level; no clock."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms import CreateMatchForm

from .accounts import DEFAULT_LEVEL, LEVELS, NAMES

PREFIX = "computer"  # beside the create and seek forms in the lobby: its own field names and ids
LEVEL_HELP = {
    "easy": _("Easy: plays sensible moves, with mistakes"),
    "normal": _("Normal: thinks a second or so a move, and answers within two seconds"),
    "strong": _("Strong: thinks three times as long; a long turn can take up to six seconds"),
}


class PlayComputerForm(CreateMatchForm):
    level = forms.ChoiceField(
        label=_("Level"),
        initial=DEFAULT_LEVEL,
        widget=forms.RadioSelect,
        choices=[(level, NAMES[level]) for level in LEVELS],
    )

    def __init__(self, *args, game: str | None = None, **kwargs):
        super().__init__(*args, game=game, prefix=PREFIX, **kwargs)
        for name in ("private", "invite", "timeout_policy", "time_control"):
            del self.fields[name]
        self.fields["role"].help_text = _("Random: decided when the match starts.")
        self.fields["rated"].initial = False
        self.fields["rated"].label = _("Rated (the computer has its own rating per level)")
        self.level_help = [LEVEL_HELP[level] for level in LEVELS]
