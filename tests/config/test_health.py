"""/healthz says the process answers; /readyz that the database and the broker answer (503 and why otherwise)."""

from __future__ import annotations

import pytest
from celery import Celery

from config import health


def test_healthz_answers_without_touching_the_database(client):
    response = client.get("/healthz")  # no django_db mark: any query would fail the test
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@pytest.mark.django_db
def test_readyz_is_ok_when_database_and_broker_answer(client):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@pytest.mark.django_db
def test_readyz_is_503_with_the_reason_when_the_broker_is_down(client, monkeypatch):
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)  # Celery prefers the variable to its settings
    monkeypatch.setattr(health, "celery_app", Celery(broker="redis://127.0.0.1:9/0"))  # nothing listens there
    response = client.get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert set(body["problems"]) == {"broker"}
    assert body["problems"]["broker"].startswith("broker: ")


@pytest.mark.django_db
def test_readyz_is_503_when_the_database_does_not_answer(client, monkeypatch):
    monkeypatch.setitem(health.CHECKS, "database", lambda: "database: connection refused")
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["problems"] == {"database": "database: connection refused"}


def test_probes_are_not_redirected_to_https(settings, client):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code == 200
    assert client.get("/matches/1/").status_code == 301
