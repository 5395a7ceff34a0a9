"""The lobby's quick pairing form: the create form's game, options, side, time control and rated, with a
rating range and a lifetime instead of privacy, invitation and timeout policy."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import engines
from games.forms import CreateMatchForm
from games.seeks.services import DEFAULT_LIFETIME_DAYS, DEFAULT_TIME_CONTROL, LIFETIME_DAYS

PREFIX = "seek"  # the lobby shows this form beside the create form: its own field names and ids


class SeekForm(CreateMatchForm):
    min_rating = forms.IntegerField(required=False, min_value=0, max_value=4000, label=_("Lowest opponent rating"))
    max_rating = forms.IntegerField(required=False, min_value=0, max_value=4000, label=_("Highest opponent rating"))
    lifetime_days = forms.TypedChoiceField(
        coerce=int,
        initial=DEFAULT_LIFETIME_DAYS,
        label=_("Waits for"),
        help_text=_("Unpaired by then, the seek expires."),
    )

    def __init__(self, *args, game: str | None = None, **kwargs):
        super().__init__(*args, game=game, prefix=PREFIX, **kwargs)
        for name in ("private", "invite", "timeout_policy"):
            del self.fields[name]
        two_player = {e.slug for e in engines.all() if len(e.roles) == 2}
        self.fields["game"].choices = [c for c in self.fields["game"].choices if c[0] in two_player]
        self.fields["time_control"].initial = DEFAULT_TIME_CONTROL
        self.fields["role"].help_text = _("Random: decided at the pairing. Two seeks for the same side never pair.")
        self.fields["lifetime_days"].choices = [
            (days, ngettext("{n} day", "{n} days", days).format(n=days)) for days in LIFETIME_DAYS
        ]

    def clean(self):
        data = super().clean()
        low, high = data.get("min_rating"), data.get("max_rating")
        if low is not None and high is not None and low > high:
            self.add_error("max_rating", _("The highest rating must not be below the lowest"))
        return data
