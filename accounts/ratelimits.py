"""Limits on what anyone can repeat: the rates (settings.RATE_LIMITS, from the environment), who counts as
one client, and the lockout's wording. The answers pages and the API give are in ``limit_answers``."""

from __future__ import annotations

import math

from axes.helpers import get_cool_off
from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import ngettext
from django_ratelimit.core import is_ratelimited
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str:
    """The client's address as DRF's throttles see it (REST_FRAMEWORK["NUM_PROXIES"] = TRUSTED_PROXY_COUNT)."""
    return BaseThrottle().get_ident(request)


def rate(group: str, request: HttpRequest | None) -> str:
    """The rate of a limit group, read when used (so tests and operators can change it)."""
    return settings.RATE_LIMITS[group]


def posted_email(group: str, request: HttpRequest) -> str:
    """The address a form asks about, as the mailbox sees it (case does not make another address)."""
    return request.POST.get("email", "").strip().lower()


def over_limit(group: str, key: str) -> bool:
    """Count one more use of ``group`` by ``key`` (an address, a user); True once over its rate."""
    return is_ratelimited(None, group=group, key=lambda _group, _request: key, rate=rate, increment=True)


def lockout_message(request: HttpRequest) -> str:
    minutes = math.ceil(get_cool_off(request).total_seconds() / 60)
    return ngettext(
        "Too many failed logins from this address or for this account: logging in is locked for {n} minute "
        "(a correct password too). Try again then; a forgotten password can be reset meanwhile.",
        "Too many failed logins from this address or for this account: logging in is locked for {n} minutes "
        "(a correct password too). Try again then; a forgotten password can be reset meanwhile.",
        minutes,
    ).format(n=minutes)
