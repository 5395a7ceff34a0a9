"""The profile's time-zone select: drawn once per list of zones, with the markup Django's own select draws."""

from __future__ import annotations

import pytest
from django import forms
from django.test.html import parse_html
from django.utils import translation

from accounts.forms import ProfileForm
from accounts.models import Profile
from accounts.widgets import ZoneSelect, drawn_options

TRICKY = [("UTC", "UTC"), ("Dreams & <Tags>", [('a"b', "Fish & <Chips>"), ("Europe/Berlin", "Berlin")])]


def same_html(first: str, second: str) -> bool:
    """Equal as a browser reads them: Django's HTML comparison (line breaks between tags and the order of
    attributes mean nothing)."""
    return parse_html(first) == parse_html(second)


@pytest.mark.parametrize("value", ["UTC", "Europe/Berlin", 'a"b', "", None, "Mars/Base"])
def test_the_markup_is_djangos_own_for_any_value(value):
    attrs = {"id": "id_timezone", "aria-describedby": "id_timezone_helptext", "required": True, "hidden": False}
    ours, djangos = ZoneSelect(choices=TRICKY), forms.Select(choices=TRICKY)
    assert same_html(ours.render("timezone", value, attrs), djangos.render("timezone", value, attrs))


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("saved", ["Europe/Moscow", "Asia/Calcutta", ""])
def test_the_profile_form_shows_every_zone_in_its_language_with_the_saved_one_marked(language, saved):
    with translation.override(language):
        field = ProfileForm(instance=Profile(timezone=saved))["timezone"]
        shown = str(field)
        field.field.widget = forms.Select(choices=field.field.choices)
        assert same_html(shown, str(field))
    assert shown.count(" selected>") == (1 if saved else 0)
    assert ('<option value="Europe/Moscow" selected>' in shown) == (saved == "Europe/Moscow")
    assert (">Москва<" in shown) == (language == "ru")


def test_the_options_are_drawn_once_per_list_of_zones():
    drawn_options.cache_clear()
    for language in ("en", "ru", "en"):
        with translation.override(language):
            str(ProfileForm(instance=Profile(timezone="UTC"))["timezone"])
    assert drawn_options.cache_info().misses == 2 and drawn_options.cache_info().hits == 1
