"""The lobby in words: every option labelled and explained, every value named, stand-ins said, tidy rows."""

from __future__ import annotations

import html
import re

import pytest

from games import engines, services
from games.option_words import WORDS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_every_option_of_every_game_has_a_label_an_explanation_and_a_name_for_each_value(engine):
    for name, spec in engine.options.items():
        words = WORDS[engine.slug][name]
        assert words.label and words.help, (engine.slug, name)
        assert all(value in words.values for value in spec["choices"]), (engine.slug, name)


def option_texts(page: str, select_id: str) -> list[str]:
    """The texts a select shows (``page`` already unescaped)."""
    select = re.search(rf'<select[^>]*id="{select_id}".*?</select>', page, re.S).group(0)
    return [text.strip() for text in re.findall(r"<option[^>]*>(.*?)</option>", select, re.S)]


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_the_create_form_of_every_game_shows_words_not_raw_values(client, alice, engine):
    client.force_login(alice)
    page = html.unescape(client.get(f"/lobby/form/?game={engine.slug}").content.decode())
    for name, spec in engine.options.items():
        shown = option_texts(page, f"id_option_{name}")
        assert shown == [WORDS[engine.slug][name].values[v] for v in spec["choices"]]
        assert not {str(v) for v in spec["choices"]} & set(shown)  # no "True", "bosworth", "compare_ap"
        assert str(WORDS[engine.slug][name].help) in page  # WORDS holds lazy (translatable) texts
    assert f'href="/games/{engine.slug}/rules/"' in page


@pytest.mark.parametrize("slug", ["blood_and_roses", "nine_years", "sekigahara"])
def test_a_stand_in_game_says_so_where_it_is_offered_and_shown(client, alice, bob, slug):
    notice = html.escape(engines.get(slug).stand_in_notice, quote=False)
    client.force_login(alice)
    assert notice in client.get(f"/lobby/form/?game={slug}").content.decode()
    match = services.create_match(bob, slug)
    lobby = client.get("/lobby/").content.decode()
    assert notice in lobby and f"#{match.pk}" in lobby
    assert notice in client.get(f"/matches/{match.pk}/").content.decode()


def test_a_game_without_stand_ins_shows_no_notice(client, alice):
    client.force_login(alice)
    assert 'class="stand-in"' not in client.get("/lobby/form/?game=richard3").content.decode()


def test_an_open_match_row_names_its_options_in_words(client, alice, bob):
    services.create_match(bob, "richard3", {"scenario": "1485", "two_events": "compare_ap"})
    client.force_login(alice)
    page = html.unescape(client.get("/lobby/").content.decode())
    page = page[page.index('id="open"') : page.index('id="create"')]  # the rows, not the create form
    assert "Scenario: 1485: Richard III (Campaign 3 only)" in page
    assert "The higher Action Points act first" in page and "compare_ap" not in page
