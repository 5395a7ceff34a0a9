"""Throttles: password guessing is locked out, floods get 429, and nobody else is disturbed."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core import mail
from django.db.models import F
from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games.models import ChatMessage

pytestmark = pytest.mark.django_db

ATTACKER, PLAYER = "203.0.113.5", "198.51.100.7"
PASSWORD = "pw-Secret-123"  # tests/conftest.py make_user


def log_in(address: str, username: str, password: str):
    return Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": username, "password": password})


def test_password_guessing_on_the_login_page_is_locked_out(settings, alice, bob):
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        response = log_in(ATTACKER, "alice", "guess")
        assert response.status_code == 200 and b"Please enter a correct username and password" in response.content
    locked = log_in(ATTACKER, "alice", "guess")  # the limit reached: this and every later attempt is refused
    assert locked.status_code == 429 and int(locked["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert "Too many failed logins from this address or for this account" in locked.text
    assert "locked for 15 minutes" in locked.text
    assert log_in(ATTACKER, "alice", PASSWORD).status_code == 429  # even the right password, from there
    assert log_in(ATTACKER, "bob", PASSWORD).status_code == 429  # and any account from that address
    assert log_in(ATTACKER, "guessed-name", "guess").status_code == 429

    # Another address is not disturbed; the guessed account waits for its lockout to end.
    assert log_in(PLAYER, "bob", PASSWORD).status_code == 302
    assert log_in(PLAYER, "alice", PASSWORD).status_code == 429
    # The lockout lasts AXES_COOLOFF_TIME after the last failure (a failure while locked restarts it).
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))
    assert log_in(PLAYER, "alice", PASSWORD).status_code == 302
    assert log_in(ATTACKER, "alice", PASSWORD).status_code == 302


def token(address: str, username: str, password: str):
    return APIClient(REMOTE_ADDR=address).post("/api/token/", {"username": username, "password": password})


def test_password_guessing_on_the_token_endpoint_is_locked_out(settings, alice, bob):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert token(ATTACKER, "alice", "guess").status_code == 400
    locked = token(ATTACKER, "alice", "guess")
    assert locked.status_code == 429 and int(locked["Retry-After"]) > 0
    assert "Too many failed logins" in locked.json()["detail"]
    assert token(ATTACKER, "alice", PASSWORD).status_code == 429
    assert "token" in token(PLAYER, "bob", PASSWORD).json()


@pytest.fixture
def api_rates(monkeypatch):
    """Set DRF throttle rates for one test (DRF reads its rates once, into the throttle class)."""

    def set_rate(scope: str, rate: str) -> None:
        monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, scope, rate)

    return set_rate


def test_the_token_endpoint_has_its_own_stricter_rate(api_rates, alice):
    api_rates("token", "3/min")
    for _ in range(3):
        assert token(PLAYER, "alice", PASSWORD).status_code == 200
    refused = token(PLAYER, "alice", PASSWORD)
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 60
    assert "throttled" in refused.json()["detail"].lower()
    assert APIClient(REMOTE_ADDR=PLAYER).get("/api/games/").status_code == 200  # the rest of the API is not


def test_the_api_answers_a_flood_with_429_and_retry_after(api_rates, alice, bob):
    api_rates("user", "5/min")
    api_rates("anon", "2/min")
    client = APIClient()
    client.force_authenticate(alice)
    assert all(client.get("/api/games/").status_code == 200 for _ in range(5))
    refused = client.get("/api/matches/")
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 60
    other = APIClient()
    other.force_authenticate(bob)
    assert other.get("/api/games/").status_code == 200  # counted per user
    visitor = APIClient(REMOTE_ADDR=ATTACKER)
    assert [visitor.get("/api/games/").status_code for _ in range(3)] == [200, 200, 429]
    assert APIClient(REMOTE_ADDR=PLAYER).get("/api/games/").status_code == 200  # visitors per address


def sign_up(address: str, name: str):
    data = {"username": name, "email": f"{name}@example.com", "password1": "Pw-123456x", "password2": "Pw-123456x"}
    return Client(REMOTE_ADDR=address).post("/accounts/signup/", data)


def test_sign_ups_are_limited_per_address(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": "2/h"}
    assert [sign_up(ATTACKER, f"bot{n}").status_code for n in range(3)] == [200, 200, 429]
    assert "Too many requests" in sign_up(ATTACKER, "bot9").text
    assert sign_up(PLAYER, "carol").status_code == 200
    people = get_user_model().objects.filter(profile__is_computer=False)
    assert set(people.values_list("username", flat=True)) == {"bot0", "bot1", "carol"}


def test_password_reset_mails_are_limited_per_address_and_per_mailbox(settings, alice):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password-reset": "3/h", "password-reset-email": "2/h"}

    def reset(address: str, email: str) -> int:
        return Client(REMOTE_ADDR=address).post("/accounts/password_reset/", {"email": email}).status_code

    assert [reset(f"198.51.100.{n}", "Alice@example.com") for n in range(3)] == [302, 302, 429]
    assert len(mail.outbox) == 2  # alice's mailbox is not flooded from many addresses
    assert [reset(ATTACKER, f"nobody{n}@example.com") for n in range(4)] == [302, 302, 302, 429]


def test_chat_is_limited_per_user(settings, client, rk_match, alice, bob):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": "2/m"}
    client.force_login(alice)
    url = f"/matches/{rk_match.pk}/chat/"
    assert [client.post(url, {"text": f"hi {n}"}, HTTP_HX_REQUEST="true").status_code for n in range(3)] == [
        200,
        200,
        429,
    ]
    refused = client.post(url, {"text": "hi again"}, HTTP_HX_REQUEST="true")
    assert "faster than the chat allows" in refused.text and "hi 1" in refused.text  # the list stays in place
    client.force_login(bob)
    assert client.post(url, {"text": "hello"}, HTTP_HX_REQUEST="true").status_code == 200
    assert list(ChatMessage.objects.values_list("text", flat=True).order_by("pk")) == ["hi 0", "hi 1", "hello"]


def test_a_client_cannot_choose_its_address_unless_proxies_are_trusted(settings, alice):
    """X-Forwarded-For is believed only as far as TRUSTED_PROXY_COUNT proxies wrote it."""
    for n in range(settings.AXES_FAILURE_LIMIT):
        forged = Client(REMOTE_ADDR=ATTACKER, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
        forged.post("/accounts/login/", {"username": f"nobody{n}", "password": "guess"})
    assert log_in(ATTACKER, "bob", "guess").status_code == 429  # every forged address counted as the attacker's


def test_behind_a_trusted_proxy_the_address_it_saw_counts(settings, alice, bob):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}  # as TRUSTED_PROXY_COUNT=1 sets

    def via_proxy(address: str, username: str, password: str):
        client = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f"192.0.2.99, {address}")
        return client.post("/accounts/login/", {"username": username, "password": password})

    for _ in range(settings.AXES_FAILURE_LIMIT):
        via_proxy(ATTACKER, "nobody", "guess")
    assert via_proxy(ATTACKER, "bob", PASSWORD).status_code == 429
    assert via_proxy(PLAYER, "bob", PASSWORD).status_code == 302  # the proxy itself is not locked out


def test_logging_in_to_ones_own_account_does_not_forgive_guesses_at_another(settings, alice, make_user):
    """The attack: a few guesses at alice, a login as mallory from the same address, repeat."""
    make_user("mallory")
    guesses = []
    for _ in range(3):
        guesses += [log_in(ATTACKER, "alice", "guess").status_code for _ in range(settings.AXES_FAILURE_LIMIT - 1)]
        log_in(ATTACKER, "mallory", PASSWORD)
    # Only the first LIMIT - 1 guesses were even tried: the login as mallory forgave none of them.
    assert guesses.count(200) == settings.AXES_FAILURE_LIMIT - 1 and set(guesses) == {200, 429}
    assert log_in(PLAYER, "alice", PASSWORD).status_code == 429  # alice's account is locked, from anywhere
    assert log_in(ATTACKER, "mallory", PASSWORD).status_code == 429  # and so is the guessing address


def test_a_login_forgives_that_clients_own_typos_for_that_account(settings, alice):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(PLAYER, "alice", "typo").status_code == 200
    assert log_in(PLAYER, "alice", PASSWORD).status_code == 302
    assert not AccessAttempt.objects.filter(username="alice", ip_address=PLAYER).exists()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):  # a fresh allowance of typos
        assert log_in(PLAYER, "alice", "typo").status_code == 200
    assert log_in(PLAYER, "alice", PASSWORD).status_code == 302
