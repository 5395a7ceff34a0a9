"""The Russian of the pages a player meets first reads as a Russian writer would put it (issue 31): side names
stay in the nominative, so they never follow a preposition that would decline them («за Красная Роза»,
«Бурбоны против Альянс»); the sections of My matches are named as sections, not as a match's status."""

from __future__ import annotations

import html
import re

import pytest

from accounts.time_zone import zone_choices
from games import engines, services
from games.languages import side_name
from games.models import Match

pytestmark = pytest.mark.django_db

SIDE_NAMES = sorted({side_name(engine, role, "ru") for engine in engines.all() for role in engine.roles})
AFTER_PREPOSITION = re.compile(r"\b(?:за|против)\s+(" + "|".join(map(re.escape, SIDE_NAMES)) + r")\b")


def words(page: bytes) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.decode())).split())


@pytest.fixture
def russian_reader(client, alice, bob):
    """alice reads Russian and has a match of every game: her turn in some, waiting in others, one over."""
    alice.profile.language = "ru"
    alice.profile.save()
    for engine in engines.all():
        match = services.create_match(alice, engine.slug)
        services.join_match(match.pk, bob)
    services.create_match(bob, "richard3")  # an open match in the lobby
    finished = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(finished.pk, bob, "white")
    services.resign(finished.pk, bob, "white")
    client.force_login(alice)
    return client


@pytest.mark.parametrize("path", ["/", "/games/", "/lobby/"])
def test_no_side_name_follows_za_or_protiv(russian_reader, path):
    page = words(russian_reader.get(path).content)
    assert "Красная Роза" in page or path != "/"  # the rows name the sides, in the nominative
    assert AFTER_PREPOSITION.findall(page) == []


def test_no_match_page_declines_a_side_name_after_za_or_protiv(russian_reader):
    for match in Match.objects.all():
        page = words(russian_reader.get(f"/matches/{match.pk}/").content)
        assert "ваша сторона:" in page or "вы зритель" in page
        assert AFTER_PREPOSITION.findall(page) == [], match


def test_the_welcome_page_says_how_a_turn_works_in_plain_russian(client):
    page = words(client.get("/games/", HTTP_ACCEPT_LANGUAGE="ru").content)
    assert "Мы сообщим о вашем ходе." in page and "Ходить можно по-разному:" in page
    assert "можно пересмотреть ход за ходом, а рейтинговые учитываются в рейтинге" in page
    assert "Вам сообщают" not in page and "переиграть" not in page


def test_my_matches_names_its_sections_as_sections(russian_reader):
    page = words(russian_reader.get("/").content)
    assert "Ждут хода соперника" in page and "Оконченные" in page
    assert "ваша сторона: Красная Роза" in page and "соперник: bob" in page
    assert "Ожидание" not in page


def test_the_games_list_names_both_sides_in_the_nominative(russian_reader):
    page = words(russian_reader.get("/games/").content)
    assert "Стороны: Бурбоны и Альянс." in page and "Стороны: Ланкастеры и Йорки." in page


def test_the_time_zones_read_as_cities_of_countries_in_the_readers_language():
    russian, english = dict(zone_choices("ru")), dict(zone_choices("en"))
    assert ("Europe/Moscow", "Москва") in russian["Россия"] and ("Asia/Yekaterinburg", "Екатеринбург") in russian[
        "Россия"
    ]
    assert ("Europe/Moscow", "Moscow") in english["Russia"] and ("America/New_York", "New York") in english[
        "United States"
    ]
    assert russian["UTC"] == "UTC"


def test_the_account_page_offers_the_zones_by_city_and_keeps_a_saved_alias(client, alice):
    alice.profile.language, alice.profile.timezone = "ru", "Asia/Calcutta"  # an alias CLDR places nowhere
    alice.profile.save()
    client.force_login(alice)
    page = client.get("/accounts/profile/").content.decode()
    assert '<optgroup label="Россия">' in page and '<option value="Europe/Moscow">Москва</option>' in page
    assert '<option value="Asia/Calcutta" selected>Asia/Calcutta</option>' in page
