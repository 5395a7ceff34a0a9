"""The platform's own pages in English or Russian (issue 26, ARCHITECTURE §2.4): the browser's
Accept-Language, a signed-in player's saved language, the header switch at /i18n/setlang/; English stays
the default."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime

import pytest
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.translation import ngettext

import accounts.backends
from accounts.language import language_of

pytestmark = pytest.mark.django_db
RUSSIAN = {"HTTP_ACCEPT_LANGUAGE": "ru"}

# Per page: words our templates write in English, and the same words in Russian.
PAGES = {
    "welcome": (
        "/",
        ["Board games by post, at your own pace", "How a turn works here", "Read the rules"],
        ["Настольные игры по переписке, в своём темпе", "Как здесь проходит ход", "Читать правила"],
    ),
    "lobby": (
        "/lobby/",
        ["Open matches", "Create a match", "Create the match", "Time control", "Log out"],
        ["Открытые партии", "Создать партию", "Контроль времени", "Выйти"],
    ),
    "match": (
        "/matches/{match}/",
        ["Save notes", "Resign", "Private notes", "Mail about this match", "Full size"],
        ["Сохранить заметки", "Сдаться", "Личные заметки", "Письма об этой партии", "В полный размер"],
    ),
    "settings": (
        "/accounts/profile/",
        [
            "Your profile",
            "Vacation",
            "Start a vacation",
            "Change your password",
            "Display name",
            "Email me about my turns",
            "Time zone",
        ],
        [
            "Ваш профиль",
            "Отпуск",
            "Уйти в отпуск",
            "Сменить пароль",
            "Отображаемое имя",
            "Писать мне о моих ходах",
            "Часовой пояс",
        ],
    ),
}


def _page(client, name: str, match, **headers) -> str:
    url = PAGES[name][0].format(match=match.pk)
    response = client.get(url, **headers)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _reads(page: str, name: str, language: str) -> None:
    _, english, russian = PAGES[name]
    assert f'<html lang="{language}">' in page
    expected, absent = (russian, english) if language == "ru" else (english, russian)
    for words in expected:
        assert words in page, words
    for words in absent:
        assert words not in page, words


@pytest.mark.parametrize("name", PAGES)
def test_english_is_the_default(client, alice, rk_match, name):
    if name != "welcome":
        client.force_login(alice)
    _reads(_page(client, name, rk_match), name, "en")


@pytest.mark.parametrize("name", PAGES)
def test_a_russian_browser_reads_russian(client, alice, rk_match, name):
    if name != "welcome":
        client.force_login(alice)
    _reads(_page(client, name, rk_match, **RUSSIAN), name, "ru")


@pytest.mark.parametrize("name", [name for name in PAGES if name != "welcome"])
def test_a_saved_profile_language_wins_over_the_browser(client, alice, rk_match, name):
    alice.profile.language = "ru"
    alice.profile.save()
    client.force_login(alice)
    _reads(_page(client, name, rk_match, HTTP_ACCEPT_LANGUAGE="en"), name, "ru")


def test_switching_in_the_header_saves_the_profile_and_sets_the_cookie(client, alice, rk_match):
    client.force_login(alice)
    lobby = client.get("/lobby/").content.decode()
    assert 'action="/i18n/setlang/"' in lobby and 'name="language" value="ru"' in lobby
    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/lobby/"})
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    assert response.cookies["django_language"].value == "ru"
    alice.profile.refresh_from_db()
    assert alice.profile.language == "ru" and language_of(alice) == "ru"
    _reads(_page(client, "lobby", rk_match), "lobby", "ru")
    client.post("/i18n/setlang/", {"language": "en", "next": "/lobby/"})
    alice.profile.refresh_from_db()
    assert alice.profile.language == "en"
    _reads(_page(client, "lobby", rk_match, **RUSSIAN), "lobby", "en")


def test_an_anonymous_switch_only_sets_the_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/"})
    assert response.cookies["django_language"].value == "ru"
    assert '<html lang="ru">' in client.get("/").content.decode()


def test_an_unknown_language_changes_nothing(client, alice):
    """Django has a German catalogue, so its own view would store "de" in the cookie: not here."""
    client.force_login(alice)
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert response.status_code == 302 and "django_language" not in response.cookies
    alice.profile.refresh_from_db()
    assert alice.profile.language == "" and language_of(alice) == "en"


def test_a_regional_code_is_stored_as_the_sites_language(client, alice):
    client.force_login(alice)
    response = client.post("/i18n/setlang/", {"language": "ru-RU", "next": "/"})
    assert response.cookies["django_language"].value == "ru"
    alice.profile.refresh_from_db()
    assert alice.profile.language == "ru"


def test_account_settings_choose_the_language(client, alice):
    client.force_login(alice)
    form = {
        "display_name": "",
        "language": "ru",
        "timezone": "UTC",
        "notify_mode": "immediate",
        "reminder_lead_hours": 12,
        "webhook_url": "",
    }
    assert client.post("/accounts/profile/", form).status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.language == "ru"
    assert "Профиль сохранён." in client.get("/accounts/profile/").content.decode()


def test_language_of_without_a_choice_is_english(alice):
    assert language_of(alice) == "en" and language_of(None) == "en"


def test_deadlines_read_in_the_readers_language_and_time_zone(client, alice, rk_match):
    alice.profile.timezone = "Europe/Moscow"
    alice.profile.language = "ru"
    alice.profile.save()
    rk_match.seats.filter(role="red").update(deadline=datetime(2030, 1, 1, 12, 0, tzinfo=UTC))
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert "1 января, 15:00 MSK" in page


def test_a_saved_time_zone_and_language_show_on_the_next_page_though_the_last_one_kept_them(client, alice, rk_match):
    """The language and time zone every page needs come with the signed-in user (no query of their own on the
    profile) and a saved profile replaces them at once."""
    rk_match.seats.filter(role="red").update(deadline=datetime(2030, 1, 1, 12, 0, tzinfo=UTC))
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert "Jan 1, 12:00 UTC" in page
    since = page.split("?since=", 1)[1].split('"', 1)[0]
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/matches/{rk_match.pk}/live/?since={since}").status_code == 204
    # The user's own, as written (PostgreSQL logs a prepared statement with its placeholder, SQLite its value).
    profile_reads = [re.sub(r"= (\d+|%s)$", "= %s", q["sql"]) for q in captured if "accounts_profile" in q["sql"]]
    assert profile_reads == [accounts.backends._by_key()]
    alice.profile.timezone = "Europe/Moscow"
    alice.profile.language = "ru"
    alice.profile.save()
    assert "1 января, 15:00 MSK" in client.get(f"/matches/{rk_match.pk}/").content.decode()


def test_the_headers_name_comes_from_the_cache_and_follows_a_saved_profile_or_username(client, alice, rk_match):
    """Every page's header names the reader: from the same cached entry, so a page loads no profile of its own."""
    client.force_login(alice)
    client.get("/lobby/")
    with CaptureQueriesContext(connection) as captured:
        page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert '<a href="/accounts/profile/">alice</a>' in page
    assert not [q for q in captured if q["sql"].startswith('SELECT "accounts_profile"')]
    alice.profile.display_name = "Alice of York"
    alice.profile.save()
    assert '<a href="/accounts/profile/">Alice of York</a>' in client.get("/lobby/").content.decode()
    alice.profile.display_name = ""
    alice.profile.save()
    alice.username = "alice_r"
    alice.save()
    assert '<a href="/accounts/profile/">alice_r</a>' in client.get("/lobby/").content.decode()


def test_the_headers_links_are_drawn_once_per_language_and_never_carry_a_readers_name(client, alice, bob):
    fragments = caches["template_fragments"]
    fragments.clear()
    anonymous = client.get("/lobby/", follow=True).content.decode()
    assert ">Log in</a>" in anonymous and ">Tournaments</a>" not in anonymous
    client.force_login(alice)
    english = client.get("/lobby/").content.decode()
    assert ">Tournaments</a>" in english and ">Log in</a>" not in english and ">alice</a>" in english
    drawn = fragments.get(make_template_fragment_key("site_menu_in", ["en"]))
    assert ">Tournaments</a>" in drawn and "alice" not in drawn and "csrf" not in drawn
    client.force_login(bob)
    assert ">bob</a>" in client.get("/lobby/").content.decode()
    russian = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert ">Турниры</a>" in russian and ">Tournaments</a>" not in russian and ">bob</a>" in russian
    assert 'name="language" value="en"' in russian and 'name="language" value="ru"' not in russian


def test_plural_forms_follow_russian(client, alice, rk_match):
    client.force_login(alice)
    page = html.unescape(client.get("/", **RUSSIAN).content.decode())
    assert 'соперник: <a class="player" href="/players/bob/">bob</a>' in page and "opponent" not in page
    with translation.override("ru"):
        assert [ngettext("opponent:", "opponents:", n) for n in (1, 3, 5)] == ["соперник:", *["соперники:"] * 2]


def test_the_not_found_page_reads_russian(client):
    page = client.get("/no-such-page/", **RUSSIAN)
    assert page.status_code == 404
    text = page.content.decode()
    assert '<html lang="ru">' in text and "Страница не найдена" in text and "Page not found" not in text


@pytest.mark.parametrize(
    ("headers", "blurb", "side"),
    [
        ({}, "The Wars of the Roses, 1460–1485", ">Lancaster</option>"),
        (RUSSIAN, "Война Роз, 1460–1485", ">Ланкастеры</option>"),
    ],
)
def test_the_create_form_describes_the_game_and_names_its_sides_in_the_readers_language(
    client, alice, headers, blurb, side
):
    client.force_login(alice)
    page = html.unescape(client.get("/lobby/form/?game=richard3", **headers).content.decode())
    assert blurb in page and side in page


def test_a_resignation_reads_in_russian_on_the_match_page(client, alice, bob, rk_match):
    from games import services

    services.resign(rk_match.pk, bob, "white")
    alice.profile.language = "ru"
    alice.profile.save()
    client.force_login(alice)
    page = html.unescape(client.get(f"/matches/{rk_match.pk}/").content.decode())
    assert "Сторона Белая Роза сдалась" in page and "resigned" not in page
