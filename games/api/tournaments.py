"""Tournaments in the API: list, create, read (rounds, pairings, standings), join and leave."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from games import engines, languages, services, timecontrols
from games.models import TimeoutPolicy
from games.tournaments import presentation
from games.tournaments import services as tournaments
from games.tournaments.models import DrawRule, Format, Outcome, Tournament, TournamentStatus

from .parsers import LimitedJSONParser
from .serializers import ErrorSerializer, StrictSerializer

TWO_PLAYER_GAMES = sorted(e.slug for e in engines.all() if len(e.roles) == 2)
CONFLICT = {
    409: OpenApiResponse(
        ErrorSerializer, description="Full, already joined, not open for sign-up, or over the commitment cap"
    )
}


class CreateTournamentSerializer(StrictSerializer):
    """A new tournament: only game, format and players are needed, the rest has defaults; you are seated."""

    game = serializers.ChoiceField(choices=TWO_PLAYER_GAMES)
    format = serializers.ChoiceField(choices=Format.choices)
    players = serializers.IntegerField(min_value=2, max_value=tournaments.MAX_PLAYERS, help_text="The size")
    name = serializers.CharField(required=False, max_length=100, help_text="A name from game and format if left out")
    options = serializers.DictField(required=False, help_text="The game's options; left out take their default")
    time_control = serializers.ChoiceField(
        choices=list(timecontrols.presets()), default=tournaments.DEFAULT_TIME_CONTROL, help_text="A named time control"
    )
    timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.choices, default=TimeoutPolicy.FORFEIT)
    rated = serializers.BooleanField(default=True)
    min_players = serializers.IntegerField(
        required=False,
        min_value=2,
        max_value=tournaments.MAX_PLAYERS,
        help_text="Needed at the deadline; the size if left out",
    )
    signup_deadline = serializers.DateTimeField(required=False, help_text="A week from now if left out")
    draw_rule = serializers.ChoiceField(choices=DrawRule.choices, default=DrawRule.REPLAY, help_text="Elimination only")


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    game_title = serializers.CharField()
    format = serializers.ChoiceField(choices=Format.choices)
    format_label = serializers.CharField()
    status = serializers.ChoiceField(choices=TournamentStatus.choices)
    status_label = serializers.CharField()
    players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    min_players = serializers.IntegerField()
    signup_deadline = serializers.DateTimeField()
    rated = serializers.BooleanField()
    current_round = serializers.IntegerField()
    rounds_planned = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True)
    joined = serializers.BooleanField(help_text="You are signed up")


class PairingSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    first = serializers.CharField(help_text="Plays the game's first role")
    second = serializers.CharField(allow_null=True, help_text="None: a bye")
    match = serializers.IntegerField(allow_null=True)
    outcome = serializers.ChoiceField(choices=[c for c in Outcome.values if c], allow_null=True)
    forfeit = serializers.BooleanField()
    replay = serializers.BooleanField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    pairings = PairingSerializer(many=True)


class TiebreakSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.FloatField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    sonneborn_berger = serializers.FloatField()
    buchholz = serializers.FloatField()
    withdrawn = serializers.ChoiceField(choices=["withdrew", "banned"], allow_null=True)
    withdrawn_label = serializers.CharField(allow_null=True)


class TournamentDetailSerializer(TournamentSerializer):
    options = serializers.DictField()
    time_control = serializers.DictField()
    time_control_label = serializers.CharField()
    timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.choices)
    draw_rule = serializers.ChoiceField(choices=DrawRule.choices)
    created_by = serializers.CharField(allow_null=True)
    entrants = serializers.ListField(child=serializers.CharField())
    tiebreaks = TiebreakSerializer(many=True, help_text="After points, in order")
    rounds = RoundSerializer(many=True)
    standings = StandingSerializer(many=True)


class TournamentViewSet(viewsets.ViewSet):
    """Tournaments: list, create, read, join and leave."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    parser_classes = [LimitedJSONParser]
    lookup_value_converter = "id"

    def detail_response(self, pk, code=status.HTTP_200_OK) -> Response:
        tournament = Tournament.objects.filter(pk=pk).first()
        if tournament is None:
            raise services.NotFound(_("No such tournament"))
        return Response(presentation.detail(tournament, self.request.user, languages.current_language()), status=code)

    @extend_schema(operation_id="tournaments_list", responses=TournamentSerializer(many=True))
    def list(self, request):
        """Tournaments, newest first (at most 100): open for sign-up, running and finished."""
        lang = languages.current_language()
        found = Tournament.objects.prefetch_related("players").select_related("winner")[:100]
        return Response([presentation.summary(t, request.user, lang) for t in found])

    @extend_schema(
        operation_id="tournaments_create",
        request=CreateTournamentSerializer,
        responses={201: TournamentDetailSerializer, **CONFLICT},
    )
    def create(self, request):
        """Create a tournament (a verified e-mail address needed); you take the first seat."""
        serializer = CreateTournamentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        tournament = tournaments.create_tournament(
            request.user, data.pop("game"), data.pop("format"), data.pop("players"), **data
        )
        return self.detail_response(tournament.pk, status.HTTP_201_CREATED)

    @extend_schema(operation_id="tournaments_retrieve", responses=TournamentDetailSerializer)
    def retrieve(self, request, pk=None):
        """The tournament with its rounds, pairings and standings (the tie-breaks named)."""
        return self.detail_response(pk)

    @extend_schema(
        operation_id="tournaments_join", request=None, responses={200: TournamentDetailSerializer, **CONFLICT}
    )
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        """Sign up; the tournament starts as soon as the last seat is taken."""
        tournaments.join_tournament(pk, request.user)
        return self.detail_response(pk)

    @extend_schema(
        operation_id="tournaments_leave", request=None, responses={200: TournamentDetailSerializer, **CONFLICT}
    )
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        """Leave before the start; once it runs, withdraw (your remaining games are forfeited)."""
        tournaments.leave_tournament(pk, request.user)
        return self.detail_response(pk)
