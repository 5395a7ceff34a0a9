"""Names: no line breaks in display names (they broke every mail naming the user), no lookalike usernames."""

import pytest
from django.contrib.auth import get_user_model

from accounts.forms import ProfileForm, SignupForm

pytestmark = pytest.mark.django_db

PROFILE = {"timezone": "UTC", "notify_mode": "immediate", "reminder_lead_hours": 6}


@pytest.mark.parametrize("name", ["Mallory\r\nBcc: everyone@example.com", "Tab\there", "Line\u2028break", "a\u200bb"])
def test_a_display_name_with_control_characters_is_refused_and_nothing_saved(alice, name):
    form = ProfileForm({**PROFILE, "display_name": name}, instance=alice.profile)
    assert not form.is_valid() and "invisible characters" in str(form.errors["display_name"])
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == ""


def test_an_ordinary_display_name_in_any_one_script_is_kept(alice):
    for name in ("Richard of York", "Пётр Великий", "徳川家康"):
        form = ProfileForm({**PROFILE, "display_name": name}, instance=alice.profile)
        assert form.is_valid(), form.errors


def signup(username: str) -> SignupForm:
    data = {"username": username, "email": f"{len(username)}@example.com", "password1": "Pw-123456x"}
    return SignupForm({**data, "password2": data["password1"]})


@pytest.mark.parametrize("username", ["\u0430lice", "b\u043eb", "pаypal_2"])  # Cyrillic а / о inside Latin
def test_a_lookalike_username_mixing_scripts_is_refused(alice, username):
    form = signup(username)
    assert not form.is_valid() and "single alphabet" in str(form.errors["username"])
    assert not get_user_model().objects.filter(username=username).exists()


@pytest.mark.parametrize("username", ["carol", "carol_99", "car.ol+x@y-z", "Пётр", "徳川"])
def test_usernames_in_one_script_are_accepted(username):
    assert signup(username).is_valid(), signup(username).errors
