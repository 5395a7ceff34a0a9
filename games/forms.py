"""Forms of the player pages (lobby, match page)."""

from __future__ import annotations

import json

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games import catalogue, engines, languages, timecontrols
from games.models import Match, Seat, TimeoutPolicy
from games.option_words import option_words
from games.services.chat import MAX_CHAT_LENGTH
from games.tournaments.models import Tournament, TournamentStatus

RANDOM_ROLE = ""


class CreateMatchForm(forms.Form):
    """A new match of one game; the engine's options appear as fields named ``option_<name>``."""

    game = forms.ChoiceField()
    role = forms.ChoiceField(
        required=False, label=_("Your side"), help_text=_("Random: decided when the match starts.")
    )
    time_control = forms.ChoiceField(label=_("Time control"), help_text=_("How long each player has to move."))
    timeout_policy = forms.ChoiceField(
        choices=TimeoutPolicy.choices,
        label=_("When time runs out"),
        help_text=_("What happens to a player who lets the clock run out."),
    )
    private = forms.TypedChoiceField(
        choices=[("0", _("Public: listed in the lobby")), ("1", _("Private: only through the invite link"))],
        coerce=lambda v: v == "1",
        initial="0",
        widget=forms.RadioSelect,
        label=_("Who can join"),
    )
    rated = forms.BooleanField(required=False, initial=True, label=_("Rated (changes Elo ratings)"))
    invite = forms.CharField(
        required=False,
        label=_("Invite a player (optional)"),
        help_text=_("Their username: they are told and can accept from their lobby."),
        max_length=150,
    )

    def __init__(self, *args, game: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        entries = catalogue.games()
        all_engines = [entry.engine for entry in entries]
        self.fields["game"].choices = [(entry.slug, entry.title) for entry in entries]  # in the reader's language
        slug = game or (self.data.get(self.add_prefix("game")) if self.is_bound else None) or all_engines[0].slug
        try:
            self.engine = engines.get(slug)
        except KeyError:
            self.engine = all_engines[0]
        self.fields["game"].initial = self.engine.slug
        self.game_entry = catalogue.game(self.engine.slug)
        sides = ((role, languages.side_name(self.engine, role)) for role in self.engine.roles)
        self.fields["role"].choices = [(RANDOM_ROLE, _("Random")), *sides]
        self.fields["time_control"].choices = [
            (key, timecontrols.describe(tc)) for key, tc in timecontrols.presets().items()
        ]
        for name, spec in self.engine.options.items():
            words = option_words(self.engine.slug, name)
            self.fields[f"option_{name}"] = forms.TypedChoiceField(
                label=words.label,
                help_text=words.help,
                choices=[(json.dumps(v), words.value(v)) for v in spec["choices"]],
                coerce=json.loads,
                initial=json.dumps(spec["default"]),
            )

        for name, field in self.fields.items():
            if field.help_text:
                field.widget.attrs["aria-describedby"] = (
                    f"id_{self.add_prefix(name)}-help"  # the hint _field.html shows
                )

    def clean_invite(self):
        username = self.cleaned_data["invite"].strip()
        if not username:
            return None
        try:
            return get_user_model().objects.get(username__iexact=username, is_active=True)
        except get_user_model().DoesNotExist:
            raise forms.ValidationError(_("No player called {name!r}").format(name=username)) from None

    def options(self) -> dict:
        return {name: self.cleaned_data[f"option_{name}"] for name in self.engine.options}

    def option_fields(self):
        return [self[f"option_{name}"] for name in self.engine.options]


class ChatForm(forms.Form):
    text = forms.CharField(max_length=MAX_CHAT_LENGTH, label=_("Message"), widget=forms.TextInput)


class NoteForm(forms.Form):
    text = forms.CharField(required=False, label=_("Private notes"), widget=forms.Textarea(attrs={"rows": 4}))


class TournamentChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: Tournament) -> str:
        return obj.name


class WatchFilterForm(forms.Form):
    """The filters of ``/matches/``, all optional: a game, a player's username, a tournament."""

    game = forms.ChoiceField(required=False, label=_("Game"))
    player = forms.CharField(required=False, max_length=150, label=_("Player"))
    tournament = TournamentChoice(
        queryset=Tournament.objects.exclude(status=TournamentStatus.OPEN),
        required=False,
        label=_("Tournament"),
        empty_label=_("Any tournament"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("Any game"))] + [(e.slug, e.title) for e in catalogue.games()]
        self.fields["player"].widget.attrs.update(placeholder=_("username"), autocomplete="off")

    def clean_player(self):
        username = self.cleaned_data["player"].strip()
        if username and not get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("No player called {name!r}").format(name=username))
        return username

    def filter(self, matches: QuerySet[Match]) -> QuerySet[Match]:
        """``matches`` narrowed to the chosen game, player and tournament (the form is valid)."""
        data = self.cleaned_data
        if data["game"]:
            matches = matches.filter(game=data["game"])
        if data["player"]:
            matches = matches.filter(pk__in=Seat.objects.filter(user__username__iexact=data["player"]).values("match"))
        if data["tournament"]:
            matches = matches.filter(tournament_pairing__tournament=data["tournament"])
        return matches
