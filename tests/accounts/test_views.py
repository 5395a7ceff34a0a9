"""Sign up with email verification, log in, password reset, profile and the vacation switch."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

pytestmark = pytest.mark.django_db

SIGNUP = {"username": "dora", "email": "dora@example.com", "password1": "a-Long-pass-9x", "password2": "a-Long-pass-9x"}


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def test_signup_needs_the_emailed_link_before_login(client, mailoutbox):
    response = client.post("/accounts/signup/", SIGNUP)
    assert response.status_code == 200 and b"Check your email" in response.content
    user = get_user_model().objects.get(username="dora")
    assert not user.is_active and not user.profile.email_verified
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["dora@example.com"]

    refused = client.post("/accounts/login/", {"username": "dora", "password": SIGNUP["password1"]})
    assert refused.status_code == 200 and "_auth_user_id" not in client.session

    response = client.get(link_in(mailoutbox[0]), follow=True)
    assert response.redirect_chain[-1][0] == "/accounts/profile/"
    user.refresh_from_db()
    assert user.is_active and user.profile.email_verified
    assert client.session["_auth_user_id"] == str(user.pk)

    client.post("/accounts/logout/")
    response = client.post("/accounts/login/", {"username": "dora", "password": SIGNUP["password1"]})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(user.pk)


@pytest.mark.parametrize(
    ("accept", "saved", "subject", "greeting"),
    [
        ("en", "en", "Dispatch Rider: confirm your email address", "Hello dora,"),
        ("ru-RU,ru;q=0.9", "ru", "Dispatch Rider: подтвердите адрес электронной почты", "Здравствуйте, dora!"),
    ],
)
def test_signup_mails_and_remembers_the_language_signed_up_in(client, mailoutbox, accept, saved, subject, greeting):
    client.post("/accounts/signup/", SIGNUP, HTTP_ACCEPT_LANGUAGE=accept)
    (mail,) = mailoutbox
    assert mail.subject == subject and mail.body.startswith(greeting)
    assert get_user_model().objects.get(username="dora").profile.language == saved


def test_a_forged_or_outdated_link_verifies_nothing(client, mailoutbox):
    client.post("/accounts/signup/", SIGNUP)
    link = link_in(mailoutbox[0])
    assert client.get(link[:-3] + "xyz/").status_code == 400
    user = get_user_model().objects.get(username="dora")
    user.email = "other@example.com"
    user.save()
    assert client.get(link).status_code == 400
    user.refresh_from_db()
    assert not user.is_active


def test_signup_refuses_a_taken_address_and_creates_nothing(client, alice, mailoutbox):
    response = client.post("/accounts/signup/", {**SIGNUP, "email": "ALICE@example.com"})
    assert response.status_code == 400 and b"already exists" in response.content
    assert not get_user_model().objects.filter(username="dora").exists() and not mailoutbox


def test_password_reset_by_email(client, alice, mailoutbox):
    response = client.post("/accounts/password_reset/", {"email": "alice@example.com"})
    assert response.status_code == 302 and len(mailoutbox) == 1
    form_page = client.get(link_in(mailoutbox[0]), follow=True)
    assert b"Choose a new password" in form_page.content
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": "New-secret-771", "new_password2": "New-secret-771"}
    )
    assert done.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("New-secret-771")


def test_profile_saves_preferences(client, alice, fake_dns):
    fake_dns["hooks.example.com"] = "93.184.216.34"
    client.force_login(alice)
    assert client.get("/accounts/profile/").status_code == 200
    response = client.post(
        "/accounts/profile/",
        {
            "display_name": "Alice L.",
            "timezone": "Europe/Berlin",
            "notify_mode": "digest",
            "reminder_lead_hours": 6,
            "webhook_url": "https://hooks.example.com/alice",
        },
    )
    assert response.status_code == 302
    alice.profile.refresh_from_db()
    assert (alice.profile.name, alice.profile.timezone, alice.profile.notify_mode) == (
        "Alice L.",
        "Europe/Berlin",
        "digest",
    )
    assert alice.profile.webhook_url == "https://hooks.example.com/alice"
    assert b"Alice L." in client.get("/").content


def test_profile_refuses_bad_input_and_changes_nothing(client, alice):
    client.force_login(alice)
    response = client.post(
        "/accounts/profile/",
        {"display_name": "X", "timezone": "Mars/Olympus", "notify_mode": "immediate", "reminder_lead_hours": 1},
    )
    assert response.status_code == 400
    alice.profile.refresh_from_db()
    assert alice.profile.timezone == "UTC" and alice.profile.display_name == ""


def test_vacation_switch(client, alice):
    client.force_login(alice)
    client.post("/accounts/vacation/", {"vacation": "start"})
    alice.profile.refresh_from_db()
    assert alice.profile.on_vacation
    page = client.get("/accounts/profile/")
    assert b"End my vacation" in page.content
    response = client.post("/accounts/vacation/", {"vacation": "start"}, follow=True)
    assert b"already on vacation" in response.content
    client.post("/accounts/vacation/", {"vacation": "end"})
    alice.profile.refresh_from_db()
    assert not alice.profile.on_vacation and alice.profile.vacation_year == timezone.now().year


def test_times_are_shown_in_the_players_time_zone(client, alice, rk_match):
    alice.profile.timezone = "Asia/Tokyo"
    alice.profile.save()
    rk_match.seats.filter(role="red").update(deadline=datetime(2030, 1, 1, 12, 0, tzinfo=UTC))
    client.force_login(alice)
    assert b"Jan 1, 21:00 JST" in client.get(f"/matches/{rk_match.pk}/").content
