"""The answers given once a limit is reached: django-ratelimit's for pages and mail (RATELIMIT_VIEW) and
django-axes' for logins (AXES_LOCKOUT_CALLABLE). Views, so they live apart from the limits the services use."""

from __future__ import annotations

from axes.helpers import get_cool_off
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from games.views.common import error_page

from .ratelimits import lockout_message


def too_many_requests(request: HttpRequest, exception: Exception) -> HttpResponse:
    """django-ratelimit's answer (RATELIMIT_VIEW): 429 with the reason."""
    return error_page(request, _("Too many requests of this kind from you: wait a while, then try again."), 429)


def lockout_response(request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None):
    """django-axes' answer to a locked-out login (AXES_LOCKOUT_CALLABLE): 429 with Retry-After."""
    message = lockout_message(request)
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message}, status=429)
    else:
        response = error_page(request, message, 429)
    response["Retry-After"] = str(int(get_cool_off(request).total_seconds()))
    return response
