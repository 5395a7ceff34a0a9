"""``/games/<slug>/rules/``: every game's rules rendered from its engine's notes, stand-ins listed first."""

from __future__ import annotations

import html

import pytest

from games import engines

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_every_game_has_a_rules_page_anyone_can_read(client, engine):
    response = client.get(f"/games/{engine.slug}/rules/")
    assert response.status_code == 200
    page = response.content.decode()
    assert html.escape(engine.title, quote=False) in page
    assert page.count("<h1") == 1 and "<table>" in page  # the notes' own headings sit under the page's


def test_the_notes_are_rendered_without_raw_html_or_repository_links(client):
    page = client.get("/games/richard3/rules/").content.decode()
    assert "<h3>Options</h3>" in page and "<code>two_events</code>" in page
    assert "<script" not in page.split("</header>", 1)[1].replace('<script src="/static/', "")
    assert 'href="../' not in page and 'href="/work/' not in page


@pytest.mark.parametrize(
    ("slug", "stand_in"),
    [("blood_and_roses", "Stanleys"), ("nine_years", "Stand-in values"), ("sekigahara", "BAG_COUNTS")],
)
def test_stand_in_games_say_so_at_the_top_and_list_every_stand_in(client, slug, stand_in):
    page = client.get(f"/games/{slug}/rules/").content.decode()
    notice = html.escape(engines.get(slug).stand_in_notice, quote=False)
    top = page.split('class="card markdown"', 1)[0]
    assert notice in top and 'class="stand-in"' in top and "<li>" in top


@pytest.mark.parametrize(
    ("accept", "heading", "stand_in"),
    [("en", "Not the published game:", "BAG_COUNTS"), ("ru", "Не изданная игра:", "Состав мешка")],
)
def test_sekigahara_lists_its_invented_bag_and_mori_data_at_the_top(client, accept, heading, stand_in):
    page = client.get("/games/sekigahara/rules/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    notice, rest = page.split('class="stand-in" role="note"', 1)[1].split('<div class="markdown">', 1)
    box = rest.split("</div>", 1)[0]
    assert heading in notice and stand_in in box
    assert box.count("<li>") == 5 and "SK-9.3c" in box  # each stand-in with its rule; the map data are facts


# Each game's player summary (issue 22), by the heading its file opens with; nine_years' is its provisional rulebook.
SUMMARY_HEADINGS = {
    "richard3": "Richard III: how to play",
    "rosenkoenig": "Rosenkönig: how to play",
    "sekigahara": "Sekigahara: how to play",
    "blood_and_roses": "Blood &amp; Roses: how to play",
    "nine_years": "How to play: provisional rules (sections 8–20)",
}


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_every_page_shows_the_players_summary_before_the_engine_notes(client, engine):
    page = client.get(f"/games/{engine.slug}/rules/").content.decode()
    notes = page.index('aria-label="Interpretations and engine notes"')
    assert page.index(SUMMARY_HEADINGS[engine.slug], page.index("</header>")) < notes
    assert 'href="#part-1">How to play' in page and "Interpretations and engine notes</a>" in page


def summary(client, slug: str) -> str:
    page = client.get(f"/games/{slug}/rules/").content.decode()
    return page.split('id="part-1"', 1)[1].split('id="part-2"', 1)[0]


@pytest.mark.parametrize("slug", ["richard3", "rosenkoenig", "sekigahara", "blood_and_roses"])
def test_the_summary_is_for_players_not_developers(client, slug):
    text = summary(client, slug)
    assert "<h3>How the game is won</h3>" in text and "<h3>Taking a turn on this site</h3>" in text
    assert ".py" not in text and "tests/" not in text


def test_blood_and_roses_summary_says_first_that_its_data_are_stand_ins(client):
    text = summary(client, "blood_and_roses")
    assert text.index("stand-ins") < text.index("<h3>The game</h3>") and "Men of Iron" in text


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/games/chess/rules/").status_code == 404
