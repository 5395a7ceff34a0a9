"""The admin client and a receiver standing in for the players' notifications."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import signals


@pytest.fixture
def client_for():
    def make(user) -> Client:
        client = Client()
        client.force_login(user)
        return client

    return make


@pytest.fixture
def mod_client(client_for, moderator):
    return client_for(moderator)


@pytest.fixture
def told():
    """Every ``moderator_acted`` signal sent: (match id, ModerationRecord)."""
    calls = []

    def receiver(sender, match, record, **kwargs):
        calls.append((match.pk, record))

    signals.moderator_acted.connect(receiver, weak=False, dispatch_uid="tests.admin.told")
    yield calls
    signals.moderator_acted.disconnect(dispatch_uid="tests.admin.told")


def act_url(match, action: str) -> str:
    return reverse("admin:games_match_act", args=[match.pk, action])


def change_url(match) -> str:
    return reverse("admin:games_match_change", args=[match.pk])
