"""Tournaments in the moderators' dashboard: read everything; edit before the start, cancel, adjudicate a
match, each through games.tournaments.services and audited."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from games.services.permissions import MODERATE_MATCH, is_moderator
from games.tournaments import services as tournaments
from games.tournaments.models import Pairing, Tournament, TournamentPlayer, TournamentStatus

from .forms import ReasonForm
from .pages import ModeratorAction, action_page


class EditTournamentForm(ReasonForm):
    name = forms.CharField(label=_("Name"), max_length=100)
    max_players = forms.IntegerField(label=_("Players"), min_value=2, max_value=tournaments.MAX_PLAYERS)
    min_players = forms.IntegerField(label=_("Least number of players"), min_value=2)
    signup_deadline = forms.DateTimeField(label=_("Sign-up deadline"))
    rated = forms.BooleanField(label=_("Rated"), required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        initial = {
            key: getattr(tournament, key) for key in ("name", "max_players", "min_players", "signup_deadline", "rated")
        }
        super().__init__(*args, initial=initial, **kwargs)
        self.order_fields(["name", "max_players", "min_players", "signup_deadline", "rated"])


class CancelTournamentForm(ReasonForm):
    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)


class AdjudicatePairingForm(ReasonForm):
    winner = forms.ChoiceField(
        label=_("Winner"),
        choices=[("first", _("First player won")), ("second", _("Second player won")), ("", _("Draw"))],
        required=False,
    )

    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        live = tournament.pairings.filter(outcome="").exclude(match=None).select_related("first__user", "second__user")
        self.fields["pairing"] = forms.ChoiceField(
            label=_("Match"),
            choices=[(p.pk, f"{p.round}: {p.first.user} – {p.second.user} (#{p.match_id})") for p in live],
        )
        self.order_fields(["pairing", "winner"])


def _edit(tournament: Tournament, moderator, data: dict) -> None:
    changes = {key: data[key] for key in ("name", "max_players", "min_players", "signup_deadline", "rated")}
    tournaments.edit_tournament(tournament.pk, moderator, data["reason"], **changes)


def _adjudicate(tournament: Tournament, moderator, data: dict) -> None:
    pair = Pairing.objects.get(pk=data["pairing"], tournament=tournament)
    roles = tournament.game_engine.roles
    winner = {"first": roles[0], "second": roles[1]}.get(data["winner"])
    tournaments.adjudicate_pairing(pair.pk, moderator, winner, data["reason"])


def _running(t: Tournament) -> bool:
    return t.status == TournamentStatus.RUNNING


TOURNAMENT_ACTIONS = {
    "edit": ModeratorAction(
        _("Edit before the start"), EditTournamentForm, _edit, lambda t: t.status == TournamentStatus.OPEN
    ),
    "cancel": ModeratorAction(
        _("Cancel the tournament"),
        CancelTournamentForm,
        lambda t, moderator, data: tournaments.cancel_tournament(t.pk, moderator, data["reason"]),
        lambda t: t.status in (TournamentStatus.OPEN, TournamentStatus.RUNNING),
    ),
    "adjudicate": ModeratorAction(_("Adjudicate a match"), AdjudicatePairingForm, _adjudicate, _running),
}


class ModeratorsOnly:
    """Moderators read tournaments (the Moderators group holds the match permission, not per-model ones)."""

    def has_module_permission(self, request):
        return is_moderator(request.user, MODERATE_MATCH)

    def has_view_permission(self, request, obj=None):
        return is_moderator(request.user, MODERATE_MATCH)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class PlayerInline(ModeratorsOnly, admin.TabularInline):
    model = TournamentPlayer
    fields = readonly_fields = ("seed", "user", "rating", "joined_at", "withdrawn")
    extra = 0


class PairingInline(ModeratorsOnly, admin.TabularInline):
    model = Pairing
    fields = readonly_fields = ("round", "board", "first", "second", "match", "outcome", "forfeit", "replay")
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(ModeratorsOnly, admin.ModelAdmin):
    list_display = ("name", "game", "format", "status", "current_round", "signup_deadline", "created_by")
    list_filter = ("status", "format", "game")
    search_fields = ("name",)
    readonly_fields = (
        "moderator_actions",
        "name",
        "game",
        "format",
        "options",
        "time_control",
        "timeout_policy",
        "rated",
        "min_players",
        "max_players",
        "signup_deadline",
        "draw_rule",
        "status",
        "created_by",
        "started_at",
        "finished_at",
        "current_round",
        "rounds_planned",
        "winner",
    )
    inlines = [PlayerInline, PairingInline]

    @admin.display(description=_("Moderator actions"))
    def moderator_actions(self, tournament: Tournament) -> str:
        links = [
            (reverse("admin:tournaments_tournament_act", args=[tournament.pk, slug]), spec.title)
            for slug, spec in TOURNAMENT_ACTIONS.items()
            if spec.offered(tournament)
        ]
        return format_html_join(" ", '<a class="button" href="{}">{}</a>', links) or format_html("–")

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<path:object_id>/act/<slug:action>/", view(self.action_view), name="tournaments_tournament_act"),
            *super().get_urls(),
        ]

    def action_view(self, request: HttpRequest, object_id: str, action: str) -> HttpResponse:
        spec = TOURNAMENT_ACTIONS.get(action)
        tournament = self.get_object(request, object_id)
        if spec is None or tournament is None:
            raise Http404(f"No moderator action {action!r} on tournament {object_id}")
        if not is_moderator(request.user, MODERATE_MATCH):
            raise PermissionDenied
        form = spec.form(request.POST or None, tournament=tournament)
        done = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
        return action_page(request, self, spec, tournament, form, done=done)
