"""Request and response shapes of the API; the OpenAPI schema is generated from them.

They say exactly what the API accepts: unknown fields are refused, and everything that can be listed
(games, roles, options and their values, time controls, statuses) is an enum read from the engine
registry and the models, so a game registered later is described without touching this module.
Validation messages are in the request's language; help texts describe the schema for developers, in English.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers
from rest_framework.settings import api_settings

from games import engines, timecontrols
from games.computer.accounts import DEFAULT_LEVEL
from games.computer.accounts import LEVELS as COMPUTER_LEVELS
from games.models import MatchStatus, TimeoutPolicy

GAMES = sorted(engine.slug for engine in engines.all())
ROLES = sorted({role for engine in engines.all() for role in engine.roles})
OPPONENT_COMPUTER = "computer"


class StrictSerializer(serializers.Serializer):
    """A JSON body taken as the schema says: no undeclared field, and no value of another JSON type.

    DRF alone would take ``"rated": 0``, ``"expected_seq": "3"`` or ``"invite": 5`` and convert them.
    (games.api.schema gives these bodies ``additionalProperties: false``.)
    """

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                message = _("Unknown field(s): {names}").format(names=", ".join(map(str, unknown)))
                raise serializers.ValidationError({api_settings.NON_FIELD_ERRORS_KEY: [message]})
            wrong = {
                name: [problem]
                for name, value in data.items()
                if value is not None and (problem := _json_type_problem(self.fields[name], value))
            }
            if wrong:
                raise serializers.ValidationError(wrong)
        return super().to_internal_value(data)


def _json_type_problem(field: serializers.Field, value) -> str | None:
    if isinstance(field, serializers.ChoiceField):
        if not any(type(value) is type(choice) and value == choice for choice in field.choices):
            return _one_of(field.choices)
    elif isinstance(field, serializers.BooleanField):
        if not isinstance(value, bool):
            return _("Must be true or false.")
    elif isinstance(field, serializers.IntegerField):
        if isinstance(value, bool) or not isinstance(value, int):
            return _("Must be a whole number.")
    elif isinstance(field, serializers.CharField) and not isinstance(value, str):
        return _("Must be a string.")
    return None


def _one_of(values) -> str:
    return _("Must be one of: {values}").format(values=", ".join(map(str, values)))


@extend_schema_field(
    {
        "type": "object",
        "description": 'One of your legal actions as listed, e.g. {"type": "draw"}: a JSON object with a "type".',
        "required": ["type"],
        "properties": {"type": {"type": "string", "minLength": 1}},
        "additionalProperties": True,
    }
)
class ActionField(serializers.DictField):
    def to_internal_value(self, data):
        action = super().to_internal_value(data)
        if not isinstance(action.get("type"), str) or not action["type"]:
            message = _('An action is a JSON object with a string "type", e.g. {"type": "draw"}')
            raise serializers.ValidationError(message)
        return action


# --- requests --------------------------------------------------------------------------------------


def _camel(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.replace("-", "_").split("_"))


def _create_match_serializer(engine) -> type[StrictSerializer]:
    """The body that creates a match of ``engine``: its own roles and its own options only."""
    options = type(
        f"{_camel(engine.slug)}OptionsSerializer",
        (StrictSerializer,),
        {
            "__doc__": f"The options of {engine.title}.",
            **{
                name: serializers.ChoiceField(
                    choices=spec["choices"],
                    required=False,
                    help_text=f"{spec.get('label', name)} (default {spec['default']})",
                )
                for name, spec in engine.options.items()
            },
        },
    )
    fields = {
        "__doc__": f"A new match of {engine.title}.",
        "game": serializers.ChoiceField(choices=[engine.slug], help_text=engine.title),
        "options": options(required=False, help_text="Options left out take their default"),
        "role": serializers.ChoiceField(
            choices=list(engine.roles), required=False, help_text="Your seat; a random one if left out"
        ),
        "time_control": serializers.ChoiceField(
            choices=[(key, timecontrols.describe(tc)) for key, tc in timecontrols.presets().items()],
            default="none",
            help_text="A named time control",
        ),
        "timeout_policy": serializers.ChoiceField(choices=TimeoutPolicy.choices, default=TimeoutPolicy.FORFEIT),
        "private": serializers.BooleanField(default=False, help_text="Joined only through its invite token"),
        "rated": serializers.BooleanField(
            required=False, help_text="Default true; false against the computer (each level has its own rating)"
        ),
        "opponent": serializers.ChoiceField(
            choices=[OPPONENT_COMPUTER],
            required=False,
            help_text='"computer": the computer takes the other seat and the match starts at once',
        ),
        "level": serializers.ChoiceField(
            choices=list(COMPUTER_LEVELS),
            required=False,
            help_text=f'The computer\'s level with "opponent": "computer" (default {DEFAULT_LEVEL})',
        ),
    }
    return type(f"Create{_camel(engine.slug)}MatchSerializer", (CreateMatchSerializer,), fields)


class CreateMatchSerializer(StrictSerializer):
    """Checks across fields: a level is for the computer, which plays neither private nor invited matches."""

    def validate(self, data):
        if data.get("opponent") != OPPONENT_COMPUTER:
            if "level" in data:
                raise serializers.ValidationError({"level": [_('A level goes with "opponent": "computer"')]})
            data.setdefault("rated", True)
            return data
        if data.get("private"):
            raise serializers.ValidationError({"private": [_("A match against the computer is never private")]})
        data.setdefault("level", DEFAULT_LEVEL)
        data.setdefault("rated", False)
        return data


CREATE_MATCH = {slug: _create_match_serializer(engines.get(slug)) for slug in GAMES}
CreateMatchSchema = PolymorphicProxySerializer(
    component_name="CreateMatch", serializers=CREATE_MATCH, resource_type_field_name="game"
)


def create_match_serializer(data) -> StrictSerializer:
    """The body's serializer, chosen by its ``game``."""
    game = data.get("game") if isinstance(data, Mapping) else None
    serializer_class = CREATE_MATCH.get(game) if isinstance(game, str) else None
    if serializer_class is None:
        raise serializers.ValidationError({"game": [_one_of(GAMES)]})
    return serializer_class(data=data)


class JoinSerializer(StrictSerializer):
    """Take a seat: a free role (any if left out); the invite token for a private match."""

    role = serializers.ChoiceField(choices=ROLES, required=False, help_text="A random free seat if left out")
    invite = serializers.CharField(required=False, max_length=64, help_text="The invite token of a private match")


class ActionSerializer(StrictSerializer):
    """One of your legal actions, exactly as listed (matches_legal_actions)."""

    role = serializers.ChoiceField(choices=ROLES)
    action = ActionField()
    expected_seq = serializers.IntegerField(min_value=0, help_text="The match's seq you saw (409 when stale)")
    idempotency_key = serializers.CharField(required=False, allow_null=True, max_length=80, default=None)


class RoleSerializer(StrictSerializer):
    """The seat you act for."""

    role = serializers.ChoiceField(choices=ROLES)
    expected_seq = serializers.IntegerField(required=False, allow_null=True, min_value=0, default=None)


class MatchListQuerySerializer(serializers.Serializer):
    mine = serializers.BooleanField(required=False, help_text="Only matches where I hold a seat")
    status = serializers.ChoiceField(choices=MatchStatus.choices, required=False)
    game = serializers.ChoiceField(choices=GAMES, required=False)


class HistoryQuerySerializer(serializers.Serializer):
    # Describes ?seq= for the schema; presentation.parse_seq checks it (and that the log reaches it).
    seq = serializers.IntegerField(
        required=False, min_value=0, help_text="Show the match as it was right after this record"
    )


# --- responses -------------------------------------------------------------------------------------


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())
    options = serializers.DictField()


class SeatSerializer(serializers.Serializer):
    role = serializers.CharField()
    user = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    computer = serializers.BooleanField(help_text="The seat is the computer's (games.computer)")
    active = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "description": "A constant text (its own English msgid)"},
            {
                "type": "object",
                "description": 'A message record: {"msg": English source, "args": {...}} (plural: "plural", '
                'args "n"; a name: {"name": "<kind>:<id>"}); see ARCHITECTURE §2.4',
                "additionalProperties": True,
            },
        ]
    }
)
class MessageRecordField(serializers.JSONField):
    """An engine's text as the engine wrote it, untranslated: render it yourself or use the text beside it."""


class ChoiceSerializer(serializers.Serializer):
    action = ActionField()
    label = serializers.CharField(help_text="In the request's language (Accept-Language)")
    label_record = MessageRecordField(help_text="The label as the engine wrote it (a message record)")
    target = serializers.CharField(required=False, help_text='The board element it is about, e.g. "area:Kent"')


class EventSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="In the request's language (Accept-Language)")
    text_record = MessageRecordField(help_text="The text as the engine wrote it (a message record)")
    path = serializers.ListField(child=serializers.CharField(), required=False, help_text="Board targets moved along")
    at = serializers.ListField(child=serializers.CharField(), required=False, help_text="Board targets it happened at")


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    title = serializers.CharField()
    status = serializers.ChoiceField(choices=MatchStatus.choices)
    seq = serializers.IntegerField()
    active_roles = serializers.ListField(child=serializers.CharField())
    seats = SeatSerializer(many=True)
    my_roles = serializers.ListField(child=serializers.CharField())
    options = serializers.DictField()
    time_control = serializers.DictField()
    timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.choices)
    view = serializers.DictField(
        allow_null=True,
        help_text='Your role\'s view; its "prompt" and each "log" event\'s "text" in the request\'s language, '
        'with "prompt_record" and "text_record" beside them',
    )
    legal_actions = serializers.DictField(child=ChoiceSerializer(many=True), help_text="Your choices, by role")
    result = serializers.DictField(
        allow_null=True,
        help_text='Its "reason" in the request\'s language, with "reason_record" beside it',
    )


class RoleChoiceSerializer(ChoiceSerializer):
    role = serializers.CharField()


class LegalActionsSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="Send it back as expected_seq")
    choices = RoleChoiceSerializer(many=True)


class SeqSerializer(serializers.Serializer):
    seq = serializers.IntegerField()


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class TakebackAskSerializer(StrictSerializer):
    role = serializers.CharField()
    to_seq = serializers.IntegerField(min_value=1, help_text="Your move from which everything is taken back.")


class TakebackAnswerSerializer(StrictSerializer):
    role = serializers.CharField(help_text="Your role (another than the requester's).")
    accept = serializers.BooleanField()


class TakebackSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.CharField(help_text="The role whose moves are taken back.")
    requested_by = serializers.CharField(source="requested_by.username")
    to_seq = serializers.IntegerField()
    retracts = serializers.ListField(child=serializers.IntegerField())
    at_seq = serializers.IntegerField(help_text="The match's last record when asked; any new record lapses it.")
    status = serializers.CharField()
    accepted_roles = serializers.ListField(child=serializers.CharField())
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)
    record = serializers.IntegerField(
        source="record.seq", allow_null=True, help_text="The TAKEBACK log record, once accepted."
    )


class TakebackPointSerializer(serializers.Serializer):
    role = serializers.CharField()
    seq = serializers.IntegerField(help_text="Ask with this as to_seq.")
    retracts = serializers.ListField(child=serializers.IntegerField())
