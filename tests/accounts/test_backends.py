"""Who a request's user is: the session's or the API token's, read with its profile in one round trip, by
Django's and Django REST framework's rules (accounts.backends)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, base_user
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.backends import AccountBackend
from accounts.models import Profile

pytestmark = pytest.mark.django_db
PASSWORD = "pw-Secret-123"


def signed_in(user, backend: str) -> Client:
    """A browser holding a session as a login with ``backend`` made it."""
    session = SessionStore()
    session[SESSION_KEY], session[BACKEND_SESSION_KEY] = str(user.pk), backend
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    client = Client()
    client.cookies["sessionid"] = session.session_key
    return client


def test_a_login_signs_in_with_the_account_backend(alice):
    client = Client()
    assert client.post("/accounts/login/", {"username": "alice", "password": PASSWORD}).status_code == 302
    assert client.session[BACKEND_SESSION_KEY] == "accounts.backends.AccountBackend"
    assert client.get("/accounts/profile/").status_code == 200


def test_the_user_comes_with_its_profile_in_one_statement(alice, django_assert_num_queries):
    with django_assert_num_queries(1):  # the user joined to its profile
        user = AccountBackend().get_user(alice.pk)
    with django_assert_num_queries(0):
        assert user == alice and user.profile.pk == alice.profile.pk and user.profile.user is user
    assert AccountBackend().get_user(alice.pk + 1000) is None


def test_a_user_without_a_profile_is_still_signed_in(alice):
    Profile.objects.filter(user=alice).delete()
    user = AccountBackend().get_user(alice.pk)
    assert user == alice
    with pytest.raises(Profile.DoesNotExist):
        user.profile  # noqa: B018 (the join's empty columns made no profile of their own)


def test_sessions_signed_in_before_stay_signed_in(alice):
    page = signed_in(alice, "django.contrib.auth.backends.ModelBackend").get("/accounts/profile/")
    assert page.status_code == 200 and "alice" in page.content.decode()


def test_an_inactive_user_or_a_changed_password_signs_the_session_out(alice, bob):
    alices, bobs = (
        signed_in(alice, "accounts.backends.AccountBackend"),
        signed_in(bob, "accounts.backends.AccountBackend"),
    )
    alice.is_active = False
    alice.save()
    bob.set_password("another-Secret-456")
    bob.save()
    for client in (alices, bobs):
        assert client.get("/accounts/profile/").status_code == 302  # to the login page


def test_a_wrong_password_is_hashed_once_and_refused(alice):
    with mock.patch.object(base_user, "check_password", wraps=base_user.check_password) as checked:
        page = Client().post("/accounts/login/", {"username": "alice", "password": "guess"})
    assert page.status_code == 200 and SESSION_KEY not in page.wsgi_request.session
    assert checked.call_count == 1  # the stock backend listed after it is never asked to check it again


def test_the_api_token_names_its_holder(rk_match, alice, bob):
    token = Token.objects.create(user=alice).key
    mine = Client().get("/api/matches/?mine=true", HTTP_AUTHORIZATION=f"Token {token}")
    assert mine.status_code == 200 and [m["my_roles"] for m in mine.json()] == [["red"]]
    wrong = Client().get("/api/matches/?mine=true", HTTP_AUTHORIZATION="Token nope")
    assert wrong.status_code == 401 and wrong.json() == {"detail": "Invalid token."}
    bob.is_active = False
    bob.save()
    refused = Client().get("/api/matches/?mine=true", HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=bob).key}")
    assert refused.status_code == 401 and refused.json() == {"detail": "User inactive or deleted."}
