"""URL names are reversed once per process, with the answer Django's reverse() gives (config/reversing.py)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.http import HttpResponse
from django.template import engines
from django.test import override_settings
from django.urls import NoReverseMatch, path, reverse, set_script_prefix

from config import reversing
from config.reversing import reverse_once

# A URLconf of this module's own, for the test that swaps ROOT_URLCONF.
urlpatterns = [path("elsewhere/<int:pk>/", lambda request, pk: HttpResponse(), name="match")]


@pytest.fixture(autouse=True)
def _fresh_cache():
    reversing._reversed.cache_clear()
    yield
    reversing._reversed.cache_clear()


def render(source: str, **context) -> str:
    return engines["django"].from_string(source).render(context)


def test_the_url_tag_gives_what_reverse_gives_for_plain_and_namespaced_names():
    assert render("{% url 'match_undo' 7 %}") == reverse("match_undo", args=[7])
    assert render("{% url 'notifications:match_mode' pk %}", pk=7) == reverse("notifications:match_mode", args=[7])
    assert render("{% url 'player_profile' username='ann' %}") == reverse("player_profile", kwargs={"username": "ann"})
    assert render("{% url 'home' %}") == "/"


def test_a_name_and_its_arguments_are_reversed_once():
    with mock.patch.object(reversing, "reverse", wraps=reverse) as django_reverse:
        pages = [render("{% url 'match' 3 %} {% url 'match' 4 %}") for _ in range(5)]
    assert pages == ["/matches/3/ /matches/4/"] * 5
    assert django_reverse.call_count == 2


def test_an_int_and_a_str_are_kept_and_anything_else_is_reversed_each_time():
    """1 == True, but the path reads "1" for one and "True" for the other; a model instance would be kept alive."""
    assert reverse_once("player_profile", [1]) == "/players/1/"
    assert reverse_once("player_profile", ["1"]) == "/players/1/"
    assert reversing._reversed.cache_info().currsize == 2
    assert reverse_once("player_profile", [True]) == "/players/True/"

    class Name(list):  # unhashable too
        def __str__(self) -> str:
            return "ann"

    assert reverse_once("player_profile", kwargs={"username": Name()}) == "/players/ann/"
    assert reversing._reversed.cache_info().currsize == 2


def test_the_script_prefix_is_part_of_the_key():
    assert reverse_once("match", [5]) == "/matches/5/"
    set_script_prefix("/club/")
    try:
        assert reverse_once("match", [5]) == "/club/matches/5/"
    finally:
        set_script_prefix("/")
    assert reverse_once("match", [5]) == "/matches/5/"


def test_another_urlconf_is_asked_anew():
    assert reverse_once("match", [5]) == "/matches/5/"
    with override_settings(ROOT_URLCONF=__name__):
        assert render("{% url 'match' 5 %}") == "/elsewhere/5/"
    assert render("{% url 'match' 5 %}") == "/matches/5/"


def test_an_unknown_name_still_fails_and_the_as_form_still_swallows_it():
    with pytest.raises(NoReverseMatch):
        render("{% url 'no_such_page' %}")
    assert render("{% url 'no_such_page' as link %}[{{ link }}]") == "[]"
    assert render("{% url 'match' 2 as link %}[{{ link }}]") == "[/matches/2/]"


def test_the_url_is_escaped_where_the_template_escapes():
    """A username may hold characters HTML gives meaning to; reverse() quotes most, escaping does the rest."""
    escaped = render("{% url 'player_profile' name %}", name="a'b")
    assert "'" not in escaped
    assert render("{% autoescape off %}{% url 'player_profile' name %}{% endautoescape %}", name="a'b") == reverse(
        "player_profile", args=["a'b"]
    )
