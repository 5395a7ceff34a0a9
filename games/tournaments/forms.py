"""The create form of the tournaments page (the game's options take their defaults)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games import engines, languages, timecontrols
from games.models import TimeoutPolicy
from games.tournaments.models import Format
from games.tournaments.services import DEFAULT_TIME_CONTROL, MAX_PLAYERS


class TournamentForm(forms.Form):
    name = forms.CharField(required=False, max_length=100, label=_("Name (optional)"))
    game = forms.ChoiceField(label=_("Game"))
    format = forms.ChoiceField(choices=Format.choices, label=_("Format"))
    players = forms.IntegerField(min_value=2, max_value=MAX_PLAYERS, initial=4, label=_("Players"))
    time_control = forms.ChoiceField(label=_("Time control"), initial=DEFAULT_TIME_CONTROL)
    timeout_policy = forms.ChoiceField(choices=TimeoutPolicy.choices, label=_("When time runs out"))
    rated = forms.BooleanField(required=False, initial=True, label=_("Rated (changes Elo ratings)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        lang = languages.current_language()
        two_player = sorted((e for e in engines.all() if len(e.roles) == 2), key=lambda e: e.title)
        self.fields["game"].choices = [(e.slug, languages.text(e, e.title, lang)) for e in two_player]
        self.fields["time_control"].choices = [
            (key, timecontrols.describe(tc)) for key, tc in timecontrols.presets().items()
        ]
