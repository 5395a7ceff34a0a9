"""Players with API tokens, for the tests that call a live server over HTTP."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token


@pytest.fixture
def token_for():
    def token(user) -> str:
        return Token.objects.get_or_create(user=user)[0].key

    return token
