"""A player's profile in the API: the same facts as ``/players/<username>/`` (games.players)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from games import services
from games.models import MatchStatus
from games.players import OUTCOMES, profile_facts
from games.tournaments.models import TournamentStatus

from .serializers import GAMES, ErrorSerializer


class ReliabilitySerializer(serializers.Serializer):
    finished_share = serializers.FloatField(
        allow_null=True, help_text="Share (0..1) of finished matches without a timeout of theirs; null before any"
    )
    finished = serializers.IntegerField(help_text="Finished matches the share is of")
    median_move_seconds = serializers.FloatField(allow_null=True, help_text="Median time to move, last 90 days")
    timeouts_90d = serializers.IntegerField(help_text="Deadlines missed in the last 90 days")
    summary = serializers.ListField(child=serializers.CharField(), help_text="The same in words")


class RatingPointSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    at = serializers.DateTimeField()
    rating = serializers.IntegerField(help_text="After this match")


class GameRecordSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAMES)
    title = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True, help_text="Null: no rated match finished")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    history = RatingPointSerializer(many=True, help_text="The rating after each rated match, oldest first")
    chart_summary = serializers.CharField(allow_null=True, help_text="The history in words")


class TotalsSerializer(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()


class OpponentSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    computer = serializers.BooleanField()


class PlayerMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.ChoiceField(choices=GAMES)
    title = serializers.CharField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=MatchStatus.choices)
    status_label = serializers.CharField()
    sides = serializers.ListField(child=serializers.CharField(), help_text="The player's sides, named")
    opponents = OpponentSerializer(many=True)
    outcome = serializers.ChoiceField(choices=list(OUTCOMES), allow_null=True, help_text="For the player")
    rated = serializers.BooleanField()
    finished_at = serializers.DateTimeField(allow_null=True)


class PlayerTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=TournamentStatus.choices)
    status_label = serializers.CharField()


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    computer = serializers.BooleanField(help_text="One of the computer's accounts, one per level")
    joined = serializers.DateTimeField()
    reliability = ReliabilitySerializer()
    games = GameRecordSerializer(many=True)
    totals = TotalsSerializer()
    in_progress = PlayerMatchSerializer(many=True, help_text="The newest 20")
    in_progress_count = serializers.IntegerField()
    finished = PlayerMatchSerializer(many=True, help_text="20 per page, newest first")
    finished_count = serializers.IntegerField()
    finished_page = serializers.IntegerField()
    finished_pages = serializers.IntegerField()
    tournaments = PlayerTournamentSerializer(many=True, help_text="Open for sign-up or running")


@extend_schema(
    operation_id="players_retrieve",
    parameters=[
        OpenApiParameter(
            "page",
            int,
            description="The page of finished matches: 1 if left out or not a number, the last if beyond it",
        )
    ],
    responses={200: PlayerSerializer, 404: OpenApiResponse(ErrorSerializer, description="No such player")},
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def player(request, username: str):
    """A player's profile: reliability, results and rating history per game, matches, tournaments.
    Private matches appear only to the player and to moderators."""
    found = get_user_model().objects.select_related("profile").filter(username=username).first()
    if found is None:
        raise services.NotFound(_("No player {name}").format(name=username))
    return Response(PlayerSerializer(profile_facts(found, request.user, request.query_params.get("page", 1))).data)
