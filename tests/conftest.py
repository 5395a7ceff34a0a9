"""Shared fixtures: users, API clients, a started match, and the database vendor switches."""

from __future__ import annotations

import hypothesis
import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection
from rest_framework.test import APIClient

from .catalogues import compile_catalogues

# No per-example time limit: timings belong in bench/, and a busy machine must not fail a property.
hypothesis.settings.register_profile("dispatch", deadline=None)
hypothesis.settings.load_profile("dispatch")

requires_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs PostgreSQL (row locks, triggers): run with DATABASE_URL"
)


def pytest_sessionstart(session):
    """The tests read the catalogues as ``make`` compiles them; a ``.po`` edited since is compiled again."""
    compile_catalogues()


@pytest.fixture(autouse=True)
def deterministic_seeds(monkeypatch):
    """Matches created in a test get seeds 1, 2, 3, …: the same deals and dice on every run."""
    seeds = iter(range(1, 1_000_000))
    monkeypatch.setattr("games.services.matches.new_seed", lambda: next(seeds))


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """A fast password hasher: the pages' logic, not PBKDF2, is under test."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_caches():
    """Rate-limit and throttle counters (in the cache) start from zero in every test, and the drawn fragments
    (menus, fresh lobby forms) are drawn anew: a test may change what an engine offers."""
    from django.core.cache import caches

    caches["default"].clear()
    caches["template_fragments"].clear()


@pytest.fixture(autouse=True)
def fresh_computer_accounts():
    """The computer's accounts are read again in every test: a flush or a rollback may have remade them."""
    from games.computer.accounts import forget_levels

    forget_levels()


@pytest.fixture(autouse=True)
def language_reset():
    """LocaleMiddleware activates a request's language in the thread and leaves it there: the test client
    runs in the test's thread, so a Russian request would turn the next tests Russian."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture
def make_user(db):
    def make(username: str, password: str = "pw-Secret-123", **extra):
        return get_user_model().objects.create_user(
            username=username, password=password, email=f"{username}@example.com", **extra
        )

    return make


@pytest.fixture
def moderator(make_user):
    """A staff user in the Moderators group (not a superuser)."""
    user = make_user("mod", is_staff=True)
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def api_for():
    def client_for(user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for


@pytest.fixture
def rk_match(alice, bob):
    """A started Rosenkönig match: alice is red (moves first), bob is white."""
    from games import services

    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    match.refresh_from_db()
    return match


@pytest.fixture
def engine_bump(monkeypatch):
    """Register an engine in place of the running one for the test, as a deploy of new code would."""
    from games import engines

    def install(engine_class) -> None:
        monkeypatch.setitem(engines._load(), engine_class.slug, engine_class())

    return install


@pytest.fixture
def fake_dns(monkeypatch):
    """Names resolve from ``fake_dns[name] = "ip"`` (never the real DNS); IP literals resolve to themselves."""
    import ipaddress
    import socket

    names: dict[str, str] = {}

    def getaddrinfo(host, port, *args, **kwargs):
        try:
            address = str(ipaddress.ip_address(host))
        except ValueError:
            if host not in names:
                raise socket.gaierror(socket.EAI_NONAME, "Name or service not known") from None
            address = names[host]
        if ipaddress.ip_address(address).version == 6:
            return [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, port or 0, 0, 0))]
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port or 0))]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return names


@pytest.fixture
def reads(db):
    """``reads(user, "ru")``: the language saved on the user's profile."""
    from accounts.models import Profile

    def set_language(user, lang: str) -> None:
        profile = Profile.objects.get(user=user)
        profile.language = lang
        profile.save(update_fields=["language"])  # as the settings page saves it (the pages' cache follows)

    return set_language


def pytest_addoption(parser):
    parser.addoption(
        "--database-only",
        action="store_true",
        help="run only the tests that use the database (CI's second run, on PostgreSQL: the rest ran on SQLite)",
    )


DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}


def pytest_collection_modifyitems(config, items):
    """With --database-only, leave out the tests that never open a connection: they cannot differ by database."""
    if not config.getoption("--database-only"):
        return
    uses_database = [
        item
        for item in items
        if item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    ]
    config.hook.pytest_deselected(items=[item for item in items if item not in uses_database])
    items[:] = uses_database
