"""Production settings come from the environment alone (run in subprocesses: settings load once per process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "x7Jq0-pL3vN9rT2bW6yZ1cF4hK8mD5sA0gE3uI7oP2qR6tY9wB4nM1",
    "ALLOWED_HOSTS": "play.example.org",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6399/0",
}


def manage(*args: str, env: dict[str, str], drop: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith(("SECURE_", "SENTRY"))}
    environment.update(env)
    for name in drop:
        environment.pop(name, None)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def production_env(tmp_path) -> dict[str, str]:
    return {**PRODUCTION_ENV, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}


def test_production_settings_pass_check_deploy(production_env):
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "CELERY_BROKER_URL"])
def test_a_missing_required_variable_stops_start_up_naming_it(production_env, missing):
    done = manage("check", env=production_env, drop=(missing,))
    assert done.returncode != 0
    assert f"ImproperlyConfigured: Set the {missing} environment variable" in done.stderr


def test_development_needs_no_variable_and_commands_print_only_their_output(tmp_path):
    # The filesystem broker names no host; kombu used to warn "No hostname was supplied" on every publish.
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "CELERY_BROKER_URL": "filesystem://"}
    done = manage(
        "shell", "-c", "from config.celery import app; app.connection_for_write().info()", env=env, drop=("DEBUG",)
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_production_refuses_to_start_with_an_inbound_webhook_but_no_secret(production_env):
    provider = {**production_env, "EMAIL_BACKEND": "anymail.backends.postmark.EmailBackend"}
    done = manage("check", env=provider, drop=("ANYMAIL_WEBHOOK_SECRET",))
    assert done.returncode != 0
    assert "ImproperlyConfigured: Set the ANYMAIL_WEBHOOK_SECRET environment variable" in done.stderr
    assert manage("check", env={**provider, "ANYMAIL_WEBHOOK_SECRET": "user:secret"}).returncode == 0


@pytest.mark.parametrize(
    ("cache_url", "engine"),
    [("redis://127.0.0.1:6399/1", "cached_db"), ("locmemcache://", "db"), (None, "db")],
)
def test_sessions_are_read_from_the_cache_only_when_every_process_shares_it(production_env, cache_url, engine):
    env = {**production_env, **({"CACHE_URL": cache_url} if cache_url else {})}
    unset = () if cache_url else ("CACHE_URL",)
    show = "from django.conf import settings; print(settings.SESSION_ENGINE)"
    done = manage("shell", "-c", show, env=env, drop=unset)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"django.contrib.sessions.backends.{engine}"


def test_a_redis_cache_url_chooses_it(production_env) -> None:
    show = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    done = manage("shell", "-c", show, env={**production_env, "CACHE_URL": "redis://127.0.0.1:6399/1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "config.redis_cache.RedisCache"
