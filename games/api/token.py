"""``/api/token/``: DRF's token login, with its own stricter throttle and django-axes' lockout."""

from __future__ import annotations

from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.throttling import ScopedRateThrottle

from accounts.limit_answers import lockout_response

from .parsers import LimitedJSONParser


class ObtainToken(ObtainAuthToken):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"
    parser_classes = (FormParser, MultiPartParser, LimitedJSONParser)

    def handle_exception(self, exc):
        # axes marks the request it was given (DRF's, not Django's): answer its lockout, not a plain 400.
        if getattr(self.request, "axes_locked_out", False):
            return lockout_response(self.request, None, None)
        return super().handle_exception(exc)
