"""Request and response shapes of the API (also the OpenAPI schema)."""

from rest_framework import serializers

from games.models import TimeoutPolicy


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())
    options = serializers.DictField()


class TimeControlSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["none", "bank", "fixed"])
    initial = serializers.IntegerField(required=False, min_value=60)
    increment = serializers.IntegerField(required=False, min_value=0)
    cap = serializers.IntegerField(required=False, min_value=60)
    per_move = serializers.IntegerField(required=False, min_value=60)


class CreateMatchSerializer(serializers.Serializer):
    game = serializers.CharField()
    options = serializers.DictField(required=False, default=dict)
    role = serializers.CharField(required=False, allow_null=True, default=None)
    time_control = serializers.JSONField(required=False, default=None)
    timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.choices, default=TimeoutPolicy.FORFEIT)
    private = serializers.BooleanField(required=False, default=False)
    rated = serializers.BooleanField(required=False, default=True)


class JoinSerializer(serializers.Serializer):
    role = serializers.CharField(required=False, allow_null=True, default=None)
    invite = serializers.CharField(required=False, allow_null=True, default=None)


class SeatSerializer(serializers.Serializer):
    role = serializers.CharField()
    user = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    active = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    seq = serializers.IntegerField()
    active_roles = serializers.ListField(child=serializers.CharField())
    seats = SeatSerializer(many=True)
    my_roles = serializers.ListField(child=serializers.CharField())
    options = serializers.DictField()
    time_control = serializers.DictField()
    timeout_policy = serializers.CharField()
    view = serializers.DictField(allow_null=True)
    legal_actions = serializers.DictField(child=serializers.ListField(child=serializers.DictField()))
    result = serializers.DictField(allow_null=True)


class ActionSerializer(serializers.Serializer):
    role = serializers.CharField()
    action = serializers.DictField()
    expected_seq = serializers.IntegerField(min_value=0)
    idempotency_key = serializers.CharField(required=False, allow_null=True, max_length=80, default=None)


class RoleSerializer(serializers.Serializer):
    role = serializers.CharField()
    expected_seq = serializers.IntegerField(required=False, allow_null=True, min_value=0, default=None)


class SeqSerializer(serializers.Serializer):
    seq = serializers.IntegerField()


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class TakebackAskSerializer(serializers.Serializer):
    role = serializers.CharField()
    to_seq = serializers.IntegerField(min_value=1, help_text="Your move from which everything is taken back.")


class TakebackAnswerSerializer(serializers.Serializer):
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
