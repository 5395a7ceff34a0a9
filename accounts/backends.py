"""Who a request's signed-in user is: by session (``AccountBackend``) or by API token (``TokenAuthentication``).

Every request asks it before anything else, so the user and its profile are read by one written-out
statement (``games.services.statements``) rather than through the ORM, which spent more compiling its
query than the database running it. The rules are Django's and Django REST framework's own:
the same checks of an inactive user, the session's hash, a token's holder.
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db import connections, router
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from games.services import statements
from games.services.locking import load_users, users_with_profiles

User = get_user_model()
# Sessions signed in before this backend name the one it extends, which stays listed for them alone.
SIGNED_IN_BEFORE = "django.contrib.auth.backends.ModelBackend"


class AccountBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username, password, **kwargs)
        if user is None:
            # Refused here for good: the backend listed after this one, for older sessions, would only hash
            # the password a second time (django.contrib.auth.authenticate stops at PermissionDenied).
            raise PermissionDenied
        return user

    def get_user(self, user_id):
        user = _user_with_profile(_by_key(), user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key):
        user = _user_with_profile(_by_token(), key)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, Token.from_db(None, ["key", "user_id"], [key, user.pk])


def _user_with_profile(sql: str, value) -> User | None:
    connection = connections[router.db_for_read(User)]
    # query: the user with its profile
    (rows,) = statements.select_together(connection, (sql, [value]))
    return next(iter(load_users(rows, connection).values()), None)


@cache
def _by_key() -> str:
    """The user with a key, and its profile."""
    return users_with_profiles("u.id = %s")


@cache
def _by_token() -> str:
    """The holder of an API token, and its profile."""
    quote = statements.connection_for(Token).ops.quote_name
    holder = f"SELECT t.{quote('user_id')} FROM {quote(Token._meta.db_table)} t WHERE t.{quote('key')} = %s"
    return users_with_profiles(f"u.id = ({holder})")
