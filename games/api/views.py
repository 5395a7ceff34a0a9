"""API endpoints. Every write goes through games.services; every read through games.presentation."""

from django.db.models import Q
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.response import Response

from games import engines, languages, presentation, services, timecontrols
from games.computer.matches import create_computer_match
from games.models import Match, seats_with_users
from games.services import match_transfer, takeback
from games.services.reading import read_match
from games.services.visibility import no_such_match

from . import schema  # noqa: F401 - registers the schema extensions
from . import serializers as s
from .parsers import LimitedJSONParser

# A write may meet games.services' Conflict; the errors any call may meet come from schema.COMMON_ERRORS.
CONFLICT = {409: OpenApiResponse(s.ErrorSerializer, description="Stale seq, or the match is not in that state")}
OVER_CAP = {409: OpenApiResponse(s.ErrorSerializer, description="You already hold MAX_ACTIVE_MATCHES live matches")}


@extend_schema(responses=s.GameSerializer(many=True))
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def games_list(request):
    """The games this service can run, with their roles and options; the title in the request's language."""
    lang = languages.current_language()
    return Response(
        [
            {"slug": e.slug, "title": languages.text(e, e.title, lang), "roles": list(e.roles), "options": e.options}
            for e in sorted(engines.all(), key=lambda e: e.title)
        ]
    )


class MatchViewSet(viewsets.ViewSet):
    """Matches: create, join, read, act, undo, resign, and their events, picture and log."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    parser_classes = [LimitedJSONParser]
    lookup_value_converter = "id"  # a match id that is not a number (or beyond the id range) is no URL: 404

    def get_match(self, pk) -> Match:
        """The match, or 404 alike for a free id and a stranger's private match (services.visibility)."""
        # The state is read only when the cached view and choices are missing (games.rendered_cache).
        match = read_match(pk)
        if match is None or not presentation.may_watch(match, self.request.user):
            raise no_such_match(pk)
        return match

    def match_response(self, match: Match, code=status.HTTP_200_OK) -> Response:
        lang = languages.current_language()
        return Response(presentation.match_for(match, self.request.user, lang), status=code)

    @extend_schema(
        operation_id="matches_list", parameters=[s.MatchListQuerySerializer], responses=s.MatchSerializer(many=True)
    )
    def list(self, request):
        """Matches: mine (when logged in and ?mine=true), otherwise public ones; newest first, at most 100."""
        query = _valid(s.MatchListQuerySerializer, request.query_params.dict())
        matches = Match.objects.prefetch_related(seats_with_users()).order_by("-pk")
        if query.get("mine") and request.user.is_authenticated:
            matches = matches.filter(seats__user=request.user).distinct()
        else:
            matches = matches.filter(Q(is_private=False) | Q(seats__user__pk=request.user.pk or 0)).distinct()
        if "status" in query:
            matches = matches.filter(status=query["status"])
        if "game" in query:
            matches = matches.filter(game=query["game"])
        lang = languages.current_language()
        return Response([presentation.match_for(m, request.user, lang) for m in matches[:100]])

    @extend_schema(
        operation_id="matches_create", request=s.CreateMatchSchema, responses={201: s.MatchSerializer, **OVER_CAP}
    )
    def create(self, request):
        """Create a match of one game, with that game's roles and options; you take a seat. With
        ``"opponent": "computer"`` (and a ``level``) the computer takes the other seat and the match starts."""
        serializer = s.create_match_serializer(request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        time_control = timecontrols.presets()[data["time_control"]]
        if data.get("opponent") == s.OPPONENT_COMPUTER:
            match = create_computer_match(
                request.user,
                data["game"],
                data.get("options"),
                data.get("role"),
                level=data["level"],
                rated=data["rated"],
                time_control=time_control,
                timeout_policy=data["timeout_policy"],
            )
        else:
            match = services.create_match(
                request.user,
                data["game"],
                data.get("options"),
                data.get("role"),
                time_control=time_control,
                timeout_policy=data["timeout_policy"],
                is_private=data["private"],
                rated=data["rated"],
            )
        return self.match_response(self.get_match(match.pk), status.HTTP_201_CREATED)

    @extend_schema(operation_id="matches_retrieve", responses=s.MatchSerializer)
    def retrieve(self, request, pk=None):
        """The match as you may see it: your role's view, or the spectator's."""
        return self.match_response(self.get_match(pk))

    @extend_schema(
        operation_id="matches_join", request=s.JoinSerializer, responses={200: s.MatchSerializer, **CONFLICT}
    )
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        """Take a free seat; when every seat is taken the match starts."""
        data = _valid(s.JoinSerializer, request.data)
        match = services.join_match(pk, request.user, data.get("role"), data.get("invite"))
        return self.match_response(self.get_match(match.pk))

    @extend_schema(operation_id="matches_legal_actions", responses=s.LegalActionsSerializer)
    @action(detail=True, methods=["get"], url_path="legal-actions")
    def legal_actions(self, request, pk=None):
        """Your legal actions now, over all your active roles, and the seq to send back as expected_seq.
        Each ``label`` is in the request's language (Accept-Language), the engine's record beside it."""
        match = self.get_match(pk)
        lang = languages.current_language()
        choices = [
            {"role": role, **languages.choice_in(match.engine, choice, lang)}
            for role, role_choices in presentation.legal_actions_for(match, request.user).items()
            for choice in role_choices
        ]
        return Response({"seq": match.seq, "choices": choices})

    @extend_schema(operation_id="matches_act", request=s.ActionSerializer, responses={201: s.SeqSerializer, **CONFLICT})
    @action(detail=True, methods=["post"])
    def actions(self, request, pk=None):
        """Submit one of your legal actions; ``expected_seq`` is the seq you saw (409 when stale)."""
        data = _valid(s.ActionSerializer, request.data)
        record = services.submit_action(
            pk, request.user, data["role"], data["action"], data["expected_seq"], data["idempotency_key"]
        )
        return Response({"seq": record.seq}, status=status.HTTP_201_CREATED)

    @extend_schema(operation_id="matches_undo", request=s.RoleSerializer, responses={201: s.SeqSerializer, **CONFLICT})
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        """Take back your own last action (only while it revealed nothing and nobody acted since)."""
        data = _valid(s.RoleSerializer, request.data)
        record = services.undo(pk, request.user, data["role"], data["expected_seq"])
        return Response({"seq": record.seq}, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="matches_resign", request=s.RoleSerializer, responses={201: s.SeqSerializer, **CONFLICT}
    )
    @action(detail=True, methods=["post"])
    def resign(self, request, pk=None):
        """Concede the match."""
        data = _valid(s.RoleSerializer, request.data)
        record = services.resign(pk, request.user, data["role"])
        return Response({"seq": record.seq}, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], operation_id="matches_takebacks", responses=s.TakebackSerializer(many=True))
    @extend_schema(
        methods=["POST"],
        operation_id="matches_takeback_ask",
        request=s.TakebackAskSerializer,
        responses={201: s.TakebackSerializer, **CONFLICT},
    )
    @action(detail=True, methods=["get", "post"])
    def takebacks(self, request, pk=None):
        """GET: the match's takeback requests, newest first. POST: ask the other players to take back
        your moves from ``to_seq`` on (one of your ``takeback_points``)."""
        if request.method == "GET":
            match = self.get_match(pk)
            takeback.expire_stale(match.pk)
            requests = match.takebacks.select_related("requested_by", "record")
            return Response(s.TakebackSerializer(requests, many=True).data)
        data = _valid(s.TakebackAskSerializer, request.data)
        asked = takeback.ask(pk, request.user, data["role"], data["to_seq"])
        return Response(s.TakebackSerializer(asked).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="matches_takeback_answer",
        request=s.TakebackAnswerSerializer,
        responses={200: s.TakebackSerializer, **CONFLICT},
    )
    @action(detail=True, methods=["post"], url_path="takebacks/<id:request_id>/answer")
    def answer_takeback(self, request, pk=None, request_id=None):
        """Accept or decline another player's takeback request; once all accept, the moves are retracted."""
        data = _valid(s.TakebackAnswerSerializer, request.data)
        answered = takeback.answer(pk, int(request_id), request.user, data["role"], data["accept"])
        return Response(s.TakebackSerializer(answered).data)

    @extend_schema(operation_id="matches_takeback_points", responses=s.TakebackPointSerializer(many=True))
    @action(detail=True, methods=["get"], url_path="takeback-points")
    def takeback_points(self, request, pk=None):
        """Where each of your roles may ask to take back to now, newest first."""
        match = self.get_match(pk)
        return Response(
            [
                {"role": role, "seq": point.seq, "retracts": point.retracts}
                for role in match.roles_of(request.user)
                for point in takeback.takeback_points(match, role)
            ]
        )

    @extend_schema(
        operation_id="matches_events",
        parameters=[s.HistoryQuerySerializer],
        responses=s.EventSerializer(many=True),
    )
    @action(detail=True, methods=["get"])
    def events(self, request, pk=None):
        """The human event log, as your role may see it: each ``text`` in the request's language
        (Accept-Language), the engine's record beside it as ``text_record``."""
        match = self.get_match(pk)
        view = self._view(request, match)
        return Response(languages.events_in(match.engine, view["log"], languages.current_language()) if view else [])

    @extend_schema(
        operation_id="matches_board",
        parameters=[s.HistoryQuerySerializer],
        responses={
            (200, "image/svg+xml"): OpenApiResponse({"type": "string"}, description="SVG picture of the board"),
            409: OpenApiResponse(s.ErrorSerializer, description="The match has not started"),
        },
    )
    def board(self, request, pk=None):
        """The board picture for your view (routed as /api/matches/{id}/board.svg)."""
        match = self.get_match(pk)
        view = self._view(request, match)
        if view is None:
            return Response({"detail": _("The match has not started")}, status=status.HTTP_409_CONFLICT)
        picture = match.engine.render_picture(languages.for_drawing(view, languages.current_language()))
        response = HttpResponse(picture, content_type="image/svg+xml")
        patch_vary_headers(response, ("Accept-Language",))  # drawn in the request's language
        return response

    @extend_schema(operation_id="matches_log", responses={200: {"type": "object"}})
    @action(detail=True, methods=["get"])
    def log(self, request, pk=None):
        """The raw action log: everyone once the match is over (with the seed); before that moderators who do
        not play in it, each read recorded in the moderation audit."""
        match = self.get_match(pk)
        return Response(match_transfer.read_raw_record(match, request.user, via="api"))

    def _view(self, request, match: Match):
        seq = presentation.parse_seq(match, request.query_params.get("seq"))
        return presentation.engine_view(match, presentation.viewer_role(match, request.user), seq)


def _valid(serializer_class, data) -> dict:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
