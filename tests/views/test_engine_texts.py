"""The match page and the rules page in the reader's language (ARCHITECTURE §2.4): every engine text
rendered at the edge with ``Engine.text``, the pictures drawn with ``view["lang"]``."""

from __future__ import annotations

import json

import pytest

from games import rules_pages, services
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "match-live"}


@pytest.fixture
def played(rk_match, alice, bob):
    """Two moves played, so the log has events and red has something new since its last move."""
    return play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)


# What Rosenkönig says after a move each: its first choice, red's prompt, the first log event, words of the
# board and of the panels, and its title; each in one language, none in the other.
TEXTS = {
    "ru": (
        "Сыграть карту влияния ",
        "Ваш ход, Красная Роза:",
        "начинает Красная Роза.",
        "Ряд 1, столбец 1",
        "вы · ваш ход",
        "Розенкёниг №",
    ),
    "en": ("Play ", "Your move, Red:", "Red moves first.", "Row 1, column 1", "you · your move", "Rosenkönig #"),
}


@pytest.mark.parametrize("accept", TEXTS)
def test_the_match_page_shows_engine_texts_in_the_readers_language(client, alice, played, accept):
    choice, prompt, event, board, panels, title = TEXTS[accept]
    client.force_login(alice)
    page = client.get(f"/matches/{played.pk}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f">{choice}" in page and f"{title}{played.pk}" in page
    assert prompt in page and event in page and board in page and panels in page
    other = TEXTS["en" if accept == "ru" else "ru"]
    assert not [text for text in other if text in page]
    assert "{side}" not in page and "{card}" not in page  # no record left unrendered


NOTICES = {"ru": "— условная замена, а не изданная игра", "en": "are stand-ins, not the published game"}


@pytest.mark.parametrize("accept", NOTICES)
def test_the_match_page_shows_the_stand_in_notice_in_the_readers_language(client, alice, bob, accept):
    match = services.create_match(bob, "nine_years")
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert NOTICES[accept] in page and NOTICES["en" if accept == "ru" else "ru"] not in page


def test_the_full_size_picture_is_drawn_in_the_readers_language(client, alice, played):
    client.force_login(alice)
    ru = client.get(f"/matches/{played.pk}/board.svg", HTTP_ACCEPT_LANGUAGE="ru")
    en = client.get(f"/matches/{played.pk}/board.svg", HTTP_ACCEPT_LANGUAGE="en")
    assert "Белая Роза (Йорк)" in ru.content.decode() and "White (York)" in en.content.decode()
    assert "Accept-Language" in ru["Vary"]  # one address, a picture per language: caches must keep both


@pytest.mark.parametrize(("accept", "refusal"), [("ru", "Неизвестная карта влияния"), ("en", "Unknown power card")])
def test_an_engine_refusal_reads_in_the_readers_language(client, alice, rk_match, accept, refusal):
    client.force_login(alice)
    data = {"role": "red", "action": json.dumps({"type": "play", "card": "XX9"}), "expected_seq": rk_match.seq}
    response = client.post(f"/matches/{rk_match.pk}/act/", data, HTTP_ACCEPT_LANGUAGE=accept, **HTMX)
    assert response.status_code == 400 and refusal in response.content.decode()


def test_each_choice_button_shows_its_label_in_the_readers_language(client, alice, rk_match):
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    for choice in rk_match.engine.legal_actions(rk_match.state, "red"):
        assert f">{rk_match.engine.text(choice['label'], 'ru')}</button>" in page


def test_the_rules_page_in_russian_is_the_russian_text_where_written(client, tmp_path, monkeypatch):
    (tmp_path / "PLAYING.md").write_text("# How to play\n\nPlace a rose.\n", encoding="utf-8")
    (tmp_path / "PLAYING.ru.md").write_text("# Как играть\n\nПоложите розу.\n", encoding="utf-8")
    (tmp_path / "RULES.md").write_text("# Notes\n\nAn English note.\n", encoding="utf-8")
    monkeypatch.setattr(rules_pages, "package_dir", lambda slug: tmp_path)
    rules_pages._rules_sections.cache_clear()
    try:
        ru = client.get("/games/rosenkoenig/rules/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        en = client.get("/games/rosenkoenig/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    finally:
        rules_pages._rules_sections.cache_clear()
    assert "Положите розу." in ru and "Place a rose." not in ru
    # RULES.md has no Russian yet: the English text, under a note in Russian saying so.
    assert "An English note." in ru and rules_pages.NOT_TRANSLATED["ru"] in ru and '<div lang="en">' in ru
    assert "Place a rose." in en and "Положите" not in en and rules_pages.NOT_TRANSLATED["ru"] not in en


def test_the_game_menu_and_the_title_filter_read_the_readers_language(client, alice):
    from django.template import Context, Template
    from django.utils import translation

    from games import engines

    client.force_login(alice)
    lobby = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert ">Розенкёниг</option>" in lobby
    template = Template("{% load match_tags %}{{ engine|in_language }}")
    with translation.override("ru"):
        assert template.render(Context({"engine": engines.get("rosenkoenig")})) == "Розенкёниг"
