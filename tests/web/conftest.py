"""Web tests: a fast password hasher (the pages' logic, not PBKDF2, is under test)."""

import pytest


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
