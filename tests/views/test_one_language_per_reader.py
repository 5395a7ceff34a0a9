"""Issue 26's "done when", on the pages: for each game, after some moves, a Russian reader meets no English
word and an English reader no Russian one, on every page a player opens (welcome, lobby, games, match page
and board, rules, leaderboard) for each side.

What may stay in Latin letters on a Russian page: the players' own names, the site's name, the language
switch's "English", Roman numerals, the checklists' rule IDs, and the unit codes Blood & Roses' Russian
rulebook prints on its counters."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games import engines, services

pytestmark = pytest.mark.django_db

MOVES = 30  # enough for each game to show a log, a since-your-last-move list and its later phases
NAMES = {"Dispatch", "Rider", "English"}
UNIT_CODES = {"MM", "DM", "UH", "Cav", "Inf", "Lvy", "LB", "HG", "Art"}  # Blood & Roses seed §2
RULE_ID = re.compile(r"\b(?:(?:RK|R3|SK|BR|NY)-[\w.()\-–/]+|AMB-\d+)")
ROMAN = re.compile(r"^[IVXLC]+$")
LATIN = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]+")
HIDDEN = re.compile(r"<(script|style|template)\b[^>]*>.*?</\1>|<[^>]+>", re.S)
SHOWN_ATTRIBUTE = re.compile(r'\s(?:title|aria-label|placeholder|alt)="([^"]*)"')


def shown_text(markup: str) -> str:
    """What a reader sees or hears: text nodes and the attributes a browser shows or speaks."""
    attributes = " ".join(SHOWN_ATTRIBUTE.findall(markup))
    return RULE_ID.sub(" ", unescape(HIDDEN.sub(" ", markup) + " " + attributes))


def english_words(text: str, players: set[str]) -> set[str]:
    kept = NAMES | UNIT_CODES | players
    return {word for word in LATIN.findall(text) if word not in kept and not ROMAN.match(word)}


def russian_words(text: str, players: set[str]) -> set[str]:
    return set(CYRILLIC.findall(text)) - {"Русский"} - players


def played_match(slug: str, first, second):
    roles = engines.get(slug).roles
    match = services.create_match(first, slug, role=roles[0])
    services.join_match(match.pk, second, roles[1])
    for _ in range(MOVES):
        match.refresh_from_db()
        if match.result is not None or not match.active_roles:
            break
        role = match.active_roles[0]
        action = match.engine.default_action(match.state, role)
        action = action or match.engine.legal_actions(match.state, role)[0]["action"]
        services.submit_action(match.pk, first if role == roles[0] else second, role, action, match.seq)
    return match


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("slug", sorted(engine.slug for engine in engines.all()))
def test_every_page_of_a_match_reads_in_the_readers_language(client, alice, bob, reads, slug, lang):
    reads(alice, lang)
    reads(bob, lang)
    match = played_match(slug, alice, bob)
    pages = ["/", "/lobby/", "/games/", "/leaderboard/", "/matches/", f"/games/{slug}/rules/", f"/matches/{match.pk}/"]
    pages.append(f"/matches/{match.pk}/board.svg")
    foreign = english_words if lang == "ru" else russian_words
    for player in (alice, bob):
        client.force_login(player)
        for page in pages:
            response = client.get(page)
            assert response.status_code == 200, page
            shown = shown_text(response.content.decode())
            assert foreign(shown, {"alice", "bob"}) == set(), (player.username, page)
