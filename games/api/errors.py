"""Every API error is JSON ``{"detail": "…"}`` with its HTTP status, whoever raises it.

Service errors carry their own status; DRF's field-by-field validation errors are flattened into one
readable sentence; and the URLs Django itself answers (no such path, a crash) answer JSON under /api/.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.views import defaults
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from games.languages import current_language
from games.services import ServiceError

API_PREFIX = "/api/"


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response({"detail": exc.text(current_language())}, status=exc.status)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, ValidationError):
        response.data = {"detail": "; ".join(_messages(exc.detail))}
    return response


def _messages(detail, field: str = "") -> list[str]:
    """``{"role": ["Required."], "options": {"scenario": ["Bad."]}}``
    → ``["role: Required.", "options.scenario: Bad."]``."""
    if isinstance(detail, dict):
        return [
            message
            for name, inner in detail.items()
            for message in _messages(
                inner, field if name == api_settings.NON_FIELD_ERRORS_KEY else f"{field}.{name}".lstrip(".")
            )
        ]
    if isinstance(detail, list):
        return [message for inner in detail for message in _messages(inner, field)]
    return [f"{field}: {detail}" if field else str(detail)]


def not_found(request, exception):
    """Django's 404 (no URL matched, e.g. a match id that is not a number): JSON under /api/."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": "Server error."}, status=500)
    return defaults.server_error(request)
