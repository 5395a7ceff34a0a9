"""Players with API tokens, and no rate limits, for the tests that call a live server over HTTP."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.views import APIView


@pytest.fixture
def token_for():
    def token(user) -> str:
        return Token.objects.get_or_create(user=user)[0].key

    return token


@pytest.fixture(autouse=True)
def no_api_throttles(monkeypatch):
    """One player makes thousands of requests here; the rate limits have tests of their own."""
    monkeypatch.setattr(APIView, "get_throttles", lambda self: [])
