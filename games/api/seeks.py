"""Quick pairing in the API: list your seeks and the open ones, post one, play one, cancel yours."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from games import engines, languages, timecontrols
from games.seeks import presentation
from games.seeks import services as seeks
from games.seeks.models import Seek, SeekStatus

from .parsers import LimitedJSONParser
from .players import ReliabilitySerializer
from .serializers import ErrorSerializer, StrictSerializer

TWO_PLAYER_GAMES = sorted(e.slug for e in engines.all() if len(e.roles) == 2)
RATING = {"min_value": 0, "max_value": 4000, "required": False, "allow_null": True}


class CreateSeekSerializer(StrictSerializer):
    """A seek: only the game is needed, the rest has defaults."""

    game = serializers.ChoiceField(choices=TWO_PLAYER_GAMES)
    options = serializers.DictField(required=False, help_text="The game's options; left out take their default")
    time_control = serializers.ChoiceField(
        choices=list(timecontrols.presets()), default=seeks.DEFAULT_TIME_CONTROL, help_text="A named time control"
    )
    rated = serializers.BooleanField(default=True)
    role = serializers.CharField(
        required=False, allow_blank=True, max_length=40, help_text="The side you ask for; left out: either"
    )
    min_rating = serializers.IntegerField(**RATING, help_text="The lowest opponent rating you accept")
    max_rating = serializers.IntegerField(**RATING, help_text="The highest opponent rating you accept")
    lifetime_days = serializers.ChoiceField(
        choices=list(seeks.LIFETIME_DAYS), default=seeks.DEFAULT_LIFETIME_DAYS, help_text="Days until it expires"
    )


class OptionInWordsSerializer(serializers.Serializer):
    label = serializers.CharField()
    value = serializers.CharField()


class SeekSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.CharField(help_text="The seeker's username")
    player_name = serializers.CharField(help_text="The seeker's name as shown")
    game = serializers.CharField()
    game_title = serializers.CharField()
    options = serializers.DictField()
    options_in_words = OptionInWordsSerializer(many=True)
    time_control = serializers.CharField()
    time_control_label = serializers.CharField()
    rated = serializers.BooleanField()
    role = serializers.CharField(allow_null=True, help_text="The side the seeker asked for; null: either")
    role_label = serializers.CharField(allow_null=True)
    min_rating = serializers.IntegerField(allow_null=True)
    max_rating = serializers.IntegerField(allow_null=True)
    rating = serializers.IntegerField(help_text="The seeker's rating in this game")
    reliability = ReliabilitySerializer(help_text="How reliably and how fast the seeker moves")
    status = serializers.ChoiceField(choices=SeekStatus.choices)
    status_label = serializers.CharField()
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    match = serializers.IntegerField(allow_null=True, help_text="The match it was paired into")
    mine = serializers.BooleanField()


ERRORS = {
    404: OpenApiResponse(ErrorSerializer, description="No such seek"),
    409: OpenApiResponse(ErrorSerializer, description="Not open any more, your own, or over the commitment cap"),
}


class SeekViewSet(viewsets.ViewSet):
    """Quick pairing: a seek pairs at once with a matching one, else waits in the lobby."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [LimitedJSONParser]
    lookup_value_converter = "id"

    def rows(self, found) -> list[dict]:
        return presentation.rows(found, self.request.user, languages.current_language())

    @extend_schema(operation_id="seeks_list", responses=SeekSerializer(many=True))
    def list(self, request):
        """Your waiting seeks, then the other players' open seeks you may play, newest first (at most 100)."""
        return Response(
            self.rows(seeks.own_seeks(request.user)[:100])
            + self.rows(seeks.acceptable_by(seeks.open_seeks(request.user)[:100], request.user))
        )

    @extend_schema(
        operation_id="seeks_create",
        request=CreateSeekSerializer,
        responses={201: SeekSerializer, 400: OpenApiResponse(ErrorSerializer), 409: ERRORS[409]},
    )
    def create(self, request):
        """Post a seek: paired at once with the oldest matching seek (``status`` "paired", ``match`` set),
        else it waits (``status`` "open") until a matching seek comes or it expires."""
        serializer = CreateSeekSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        seek = seeks.post_seek(request.user, data.pop("game"), **data)
        return Response(self.rows([seek])[0], status=status.HTTP_201_CREATED)

    @extend_schema(operation_id="seeks_cancel", responses={204: None, **ERRORS})
    def destroy(self, request, pk=None):
        """Cancel your waiting seek."""
        seeks.cancel_seek(pk, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(operation_id="seeks_play", request=None, responses={201: SeekSerializer, **ERRORS})
    @action(detail=True, methods=["post"])
    def play(self, request, pk=None):
        """Play another player's open seek: the match starts at once (``match`` in the answer)."""
        seeks.accept_seek(pk, request.user)
        return Response(self.rows(Seek.objects.filter(pk=pk))[0], status=status.HTTP_201_CREATED)
