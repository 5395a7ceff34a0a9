"""Issue 26, "done when": one player reads Russian, the other English, and both play the same
Rosenkönig match to its end in Chromium, each seeing their own language on the page and in their mail.

Each player's language is saved on their profile (``Profile.language``, what mail reads) and sent by their
browser (Accept-Language): the page follows the one and the mail the other. Screenshots of both pages go
to tests/artifacts/.
"""

from __future__ import annotations

import re

import pytest

from tests.notifications.helpers import deliver_pending

from .support import ARTIFACTS, BROWSER_MARKS, LAPTOP, legal, seq_of

MAX_MOVES = 400
pytestmark = BROWSER_MARKS
# A word in Latin letters, in what a Russian reader is shown of the engine's texts (labels, prompt, log,
# board); and any Cyrillic letter, in what an English reader is shown.
# Roman card numerals (II, III) are the Russian rulebook's own.
LATIN_WORD = re.compile(r"\b(?!(?:I{1,3}|IV|V)\b)[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
ENGINE_TEXTS = "#match-live .prompt, #match-live .events .event-text, #match-live .choices button, #match-live svg text"


def my_turn(page) -> bool:
    return legal(page).count() > 0 or page.locator("#match-live .choices button").count() > 0


def play_one(page) -> None:
    before = seq_of(page)
    (legal(page) if legal(page).count() else page.locator("#match-live .choices button")).first.click()
    page.wait_for_selector(f"#match-live[data-seq='{before + 1}']")


def engine_texts(page) -> list[str]:
    return [text.strip() for text in page.locator(ENGINE_TEXTS).all_text_contents() if text.strip()]


def check_page(page, lang: str) -> None:
    texts = engine_texts(page)
    assert texts, "no engine text on the page"
    if lang == "ru":
        english = [t for t in texts if LATIN_WORD.search(t)]
        assert not english, f"English on the Russian page: {english[:5]}"
        assert any(CYRILLIC.search(t) for t in texts)
    else:
        russian = [t for t in texts if CYRILLIC.search(t)]
        assert not russian, f"Russian on the English page: {russian[:5]}"


def mail_lines(mail) -> list[str]:
    """The lines of a turn mail that carry engine texts: its choices ("  1. …") and events ("  - …")."""
    return [line for line in mail.body.splitlines() if re.match(r"\s+(\d+\.|-)\s", line)]


def test_a_russian_and_an_english_player_play_rosenkoenig_each_in_their_language(pages, make_user, reads, mailoutbox):
    from games import services

    alice, bob = make_user("alice"), make_user("bob")
    reads(alice, "ru")
    reads(bob, "en")
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    path = f"/matches/{match.pk}/"
    red = pages.open(alice, path, LAPTOP, locale="ru-RU")
    white = pages.open(bob, path, LAPTOP, locale="en-GB")
    ARTIFACTS.mkdir(exist_ok=True)

    players = {"ru": red, "en": white}
    current = red
    for moves in range(MAX_MOVES):
        if not my_turn(current):
            other = white if current is red else red
            other.reload()
            if not my_turn(other):
                break
            current = other
        if moves in (0, 1, 10):
            current.reload()
            check_page(current, "ru" if current is red else "en")
        play_one(current)
        if moves == 10:
            red.screenshot(path=str(ARTIFACTS / "match-two-languages-ru.png"), full_page=True)
            white.screenshot(path=str(ARTIFACTS / "match-two-languages-en.png"), full_page=True)
    else:
        pytest.fail(f"the match did not end within {MAX_MOVES} moves")

    for lang, page in players.items():
        page.reload()
        check_page(page, lang)
    assert "Rosenkönig" not in red.title()  # the game's name as the Russian rulebook gives it

    deliver_pending()
    to_alice = [m for m in mailoutbox if m.to == ["alice@example.com"]]
    to_bob = [m for m in mailoutbox if m.to == ["bob@example.com"]]
    assert to_alice and to_bob
    for mail in to_bob:
        assert not CYRILLIC.search(mail.subject + mail.body), mail.subject
    for mail in to_alice:
        assert CYRILLIC.search(mail.subject), mail.subject
        english = [line for line in mail_lines(mail) if LATIN_WORD.search(line)]
        assert not english, f"English in Russian mail {mail.subject!r}: {english[:5]}"
