"""Web Push subscriptions: the API the page's script and API clients use, and removal from the account page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from . import push
from .models import PushSubscription


class _Keys(serializers.Serializer):
    p256dh = serializers.CharField()
    auth = serializers.CharField()


class SubscriptionIn(serializers.Serializer):
    """The browser's ``PushSubscription.toJSON()`` (other fields it sends, e.g. expirationTime, are ignored)."""

    endpoint = serializers.URLField()
    keys = _Keys()


class EndpointIn(serializers.Serializer):
    endpoint = serializers.URLField()


class SubscriptionOut(serializers.Serializer):
    id = serializers.IntegerField()
    endpoint = serializers.URLField()
    device = serializers.CharField(help_text="The browser's User-Agent when it subscribed.")
    created_at = serializers.DateTimeField()


def _shown(subscription: PushSubscription) -> dict:
    return {
        "id": subscription.pk,
        "endpoint": subscription.endpoint,
        "device": subscription.device,
        "created_at": subscription.created_at.isoformat(),
    }


@extend_schema(methods=["GET"], responses=SubscriptionOut(many=True), operation_id="push_subscriptions_list")
@extend_schema(
    methods=["POST"], request=SubscriptionIn, responses={201: SubscriptionOut}, operation_id="push_subscriptions_create"
)
@extend_schema(methods=["DELETE"], request=EndpointIn, responses={204: None}, operation_id="push_subscriptions_forget")
@api_view(["GET", "POST", "DELETE"])
@permission_classes([permissions.IsAuthenticated])
def subscriptions(request: Request) -> Response:
    """GET: the user's browsers. POST: a ``PushSubscription.toJSON()`` to store. DELETE: {"endpoint"} to forget."""
    if request.method == "POST":
        try:
            subscription = push.subscribe(request.user, request.data, request.headers.get("User-Agent", ""))
        except push.BadSubscription as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(_shown(subscription), status=status.HTTP_201_CREATED)
    if request.method == "DELETE":
        endpoint = request.data.get("endpoint") if isinstance(request.data, dict) else None
        found = PushSubscription.objects.filter(user=request.user, endpoint=endpoint).first()
        if found is None or not push.unsubscribe(request.user, found.pk):
            return Response({"detail": _("You have no push subscription with this endpoint.")}, status=404)
        return Response(status=status.HTTP_204_NO_CONTENT)
    return Response([_shown(s) for s in request.user.push_subscriptions.all()])


@extend_schema(responses={204: None}, operation_id="push_subscription_destroy")
@api_view(["DELETE"])
@permission_classes([permissions.IsAuthenticated])
def subscription(request: Request, pk: int) -> Response:
    if not push.unsubscribe(request.user, pk):
        return Response({"detail": _("You have no push subscription with this id.")}, status=404)
    return Response(status=status.HTTP_204_NO_CONTENT)


@login_required
@require_POST
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    """The account page's "Remove" button beside a browser."""
    if push.unsubscribe(request.user, pk):
        messages.success(request, _("That browser no longer gets notifications."))
    return redirect("profile")
