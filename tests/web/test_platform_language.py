"""The platform's own refusals and labels outside the match pages, in the reader's language (ARCHITECTURE §2.4):
the login lockout, a mail link that no longer works, the moderators' overview."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("lang", "locked"), [("ru", "вход закрыт на 15 минут"), ("en", "logging in is locked for 15 minutes")]
)
def test_the_login_lockout_is_explained_in_the_pages_language(settings, alice, lang, locked):
    client = Client(REMOTE_ADDR="203.0.113.9", HTTP_ACCEPT_LANGUAGE=lang)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = client.post("/accounts/login/", {"username": "alice", "password": "guess"})
    assert response.status_code == 429 and locked in response.text


@pytest.mark.parametrize(("lang", "refusal"), [("ru", "Эта ссылка недействительна"), ("en", "This link is not valid")])
def test_a_broken_mail_link_is_explained_in_the_readers_language(lang, refusal):
    response = Client(HTTP_ACCEPT_LANGUAGE=lang).get(reverse("notifications:go", args=["forged"]))
    assert response.status_code == 400 and refusal in response.text


@pytest.mark.parametrize(
    ("lang", "label", "stalled"),
    [
        ("ru", "Отмечены для модератора", "застряла (нет ходов)"),
        ("en", "Flagged for a moderator", "stalled (no move for)"),
    ],
)
def test_the_moderators_overview_and_filters_in_their_language(make_user, reads, lang, label, stalled):
    moderator = make_user("mod", is_staff=True)
    moderator.groups.add(Group.objects.get(name="Moderators"))
    reads(moderator, lang)
    client = Client()
    client.force_login(moderator)
    assert label in client.get(reverse("admin:index")).text
    assert stalled in client.get(reverse("admin:games_match_changelist")).text
