"""The rules pages in Russian (ARCHITECTURE §2.4): what a Russian reader is shown of each game's notes reads
in Russian. Only the rulebooks' own rule IDs, Roman numerals and the unit codes printed on the pieces are
left in Latin letters."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.rules_pages import rules_sections, stand_ins_html

# The engines whose Russian notes have been rewritten without code names (the list grows to all five).
CHECKED: tuple[str, ...] = ("blood_and_roses", "nine_years", "richard3", "rosenkoenig", "sekigahara")
RULE_ID = re.compile(r"\b(?:(?:RK|R3|SK|BR|NY)-[\w.()\-–]+|AMB-\d+)")  # the checklists' rule and ambiguity IDs
ROMAN = re.compile(r"^[IVXLC]+[a-z]?$")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
TAG = re.compile(r"<[^>]+>")


def latin_words(html: str) -> list[str]:
    text = RULE_ID.sub(" ", unescape(TAG.sub(" ", html)))
    return [word for word in LATIN_WORD.findall(text) if not ROMAN.match(word)]


@pytest.mark.parametrize("slug", CHECKED)
def test_the_russian_rules_page_has_no_english_words(slug: str) -> None:
    sections = rules_sections(slug, "ru")
    assert sections and all(section.lang == "ru" for section in sections)
    for html in [stand_ins_html(slug, "ru"), *(section.html for section in sections)]:
        assert latin_words(html) == []
