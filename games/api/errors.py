"""Every API error is JSON ``{"detail": "…"}`` with its HTTP status, whoever raises it.

Service errors carry their own status; DRF's field-by-field validation errors are flattened into one
readable sentence; and what Django itself answers (no such path, a body over DATA_UPLOAD_MAX_MEMORY_SIZE or
another bad request, a crash) answers JSON under /api/.
Every ``detail`` is in the request's language (LocaleMiddleware: Accept-Language); a field's name and the
JSON a client must send stay as they are, they are the API's own words.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import defaults
from rest_framework.exceptions import Throttled, ValidationError
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
    elif response is not None and isinstance(exc, Throttled):
        response.data = {"detail": _throttled(exc.wait)}
    return response


def _throttled(wait: float | None) -> str:
    """DRF's text joins its translated sentence to an English "Expected available in …": ours is whole."""
    if wait is None:
        return _("Request was throttled: try again later.")
    seconds = math.ceil(wait)
    return ngettext(
        "Request was throttled: try again in {n} second.", "Request was throttled: try again in {n} seconds.", seconds
    ).format(n=seconds)


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


def bad_request(request, exception):
    """Django's 400 (a SuspiciousOperation: a body too large, too many fields, ...): JSON under /api/."""
    if request.path.startswith(API_PREFIX):
        if isinstance(exception, RequestDataTooBig):
            limit = filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
            detail = _("The request body is larger than the {limit} the server accepts.").format(limit=limit)
        else:
            detail = _("Bad request.")
        return JsonResponse({"detail": detail}, status=400)
    return defaults.bad_request(request, exception)


def not_found(request, exception):
    """Django's 404 (no URL matched, e.g. a match id that is not a number): JSON under /api/."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": _("Server error.")}, status=500)
    return defaults.server_error(request)
