"""The match page and the rules page in the reader's language (ARCHITECTURE §2.4): every engine text
rendered at the edge with ``Engine.text``, the pictures drawn with ``view["lang"]``."""

from __future__ import annotations

import json

import pytest

from games import rules_pages
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "match-live"}


@pytest.fixture
def played(rk_match, alice, bob):
    """Two moves played, so the log has events and red has something new since its last move."""
    return play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)


@pytest.mark.parametrize(
    ("accept", "choice", "prompt", "event", "picture", "title", "stand_in"),
    [
        ("ru", "Выбор 1", "Ваш ход, Красные", "Событие 1: Сад", "Доска: Красные", "Поединок роз", "Условная замена"),
        ("en", "Choice 1", "Your move, Red", "Event 1: Garden", "Board of Red", "Fake Rose Duel", "A stand-in board"),
    ],
)
def test_the_match_page_shows_engine_texts_in_the_readers_language(
    client, alice, played, texts_in_records, accept, choice, prompt, event, picture, title, stand_in
):
    client.force_login(alice)
    page = client.get(f"/matches/{played.pk}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f">{choice}</button>" in page
    assert prompt in page and event in page and picture in page and f"{accept}-panels" in page
    assert f"{title} #{played.pk}" in page and stand_in in page
    other = "Choice 1" if accept == "ru" else "Выбор 1"
    assert other not in page and "Choice {n}" not in page and "Event {n}" not in page  # no record left unrendered


def test_the_full_size_picture_is_drawn_in_the_readers_language(client, alice, played, texts_in_records):
    client.force_login(alice)
    ru = client.get(f"/matches/{played.pk}/board.svg", HTTP_ACCEPT_LANGUAGE="ru")
    en = client.get(f"/matches/{played.pk}/board.svg", HTTP_ACCEPT_LANGUAGE="en")
    assert "Доска: Красные" in ru.content.decode() and "Board of Red" in en.content.decode()
    assert "Accept-Language" in ru["Vary"]  # one address, a picture per language: caches must keep both


@pytest.mark.parametrize(("accept", "refusal"), [("ru", "Сейчас нельзя: Меч"), ("en", "Not now: Sword")])
def test_an_engine_refusal_reads_in_the_readers_language(
    client, alice, rk_match, texts_in_records, monkeypatch, accept, refusal
):
    texts_in_records.refuse(monkeypatch, rk_match.engine)
    client.force_login(alice)
    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    data = {"role": "red", "action": json.dumps(action), "expected_seq": rk_match.seq}
    response = client.post(f"/matches/{rk_match.pk}/act/", data, HTTP_ACCEPT_LANGUAGE=accept, **HTMX)
    assert response.status_code == 400 and refusal in response.content.decode()


def test_plain_english_strings_from_unconverted_engines_still_show(client, alice, rk_match):
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


def test_the_game_menu_and_the_title_filter_read_the_readers_language(client, alice, texts_in_records):
    from django.template import Context, Template
    from django.utils import translation

    from games import engines

    client.force_login(alice)
    lobby = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert ">Поединок роз</option>" in lobby
    template = Template("{% load match_tags %}{{ engine|in_language }}")
    with translation.override("ru"):
        assert template.render(Context({"engine": engines.get("rosenkoenig")})) == "Поединок роз"
