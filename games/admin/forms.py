"""Forms of the moderator actions. Each asks for a reason; the services check everything else."""

from __future__ import annotations

import json

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from games import languages
from games.models import Match


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3, "cols": 60}), help_text=_("Kept in the audit log.")
    )

    def __init__(self, *args, match: Match | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.match = match


def sides(match: Match) -> list[tuple[str, str]]:
    """The match's sides by name in the moderator's language, their role ids as the values."""
    return [(role, languages.side_name(match.engine, role)) for role in match.engine.roles]


def role_field(match: Match) -> forms.ChoiceField:
    return forms.ChoiceField(label=_("Side"), choices=sides(match))


class ExtendDeadlineForm(ReasonForm):
    hours = forms.IntegerField(
        label=_("Hours"), min_value=1, max_value=24 * 60, help_text=_("Counted from now if already past.")
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["role"] = role_field(self.match)
        self.order_fields(["role", "hours"])


class AdjudicateForm(ReasonForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [*sides(self.match), ("", _("No winner (draw)"))]
        self.fields["winner"] = forms.ChoiceField(label=_("Winner"), choices=choices, required=False)
        self.order_fields(["winner"])


class ReplacePlayerForm(ReasonForm):
    username = forms.CharField(label=_("New player (username)"))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["role"] = role_field(self.match)
        self.order_fields(["role", "username"])

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        try:
            return get_user_model().objects.get_by_natural_key(name)
        except get_user_model().DoesNotExist:
            raise forms.ValidationError(_("No user {name!r}").format(name=name)) from None


class RewindForm(ReasonForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["to_seq"] = forms.IntegerField(
            label=_("Rewind to the position after record #"),
            min_value=0,
            max_value=max(self.match.seq - 1, 0),
            help_text=_("Later records are retracted by a new log record, never deleted; the players are told."),
        )
        self.order_fields(["to_seq"])


class ImportForm(ReasonForm):
    export = forms.FileField(label=_("Exported match (JSON)"))

    def clean_export(self):
        try:
            return json.loads(self.cleaned_data["export"].read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise forms.ValidationError(_("Not a JSON file: {error}").format(error=exc)) from None


class VacationAllowanceForm(ReasonForm):
    days = forms.IntegerField(min_value=0, max_value=366, label=_("Vacation days per year"))
