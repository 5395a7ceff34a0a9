"""The checks every engine's language tests share (ARCHITECTURE §2.4): in Russian no English word is left but
the tokens the Russian rulebook itself prints in Latin letters, in English no Cyrillic at all, every msgid
is in the engine's Russian catalogue and every name in its names table. Each engine's ``test_languages.py``
says which games it walks, which positions it draws and what else is its own."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import unescape
from typing import Any

from games.engines.base import Engine, State
from games.engines.base.messages import LANGUAGES, Catalogues, Text

LATIN = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def every(states: Sequence[State], step: int) -> list[State]:
    """Every ``step``-th state of a game and its last one."""
    return [*states[::step], *states[-1:]] if (len(states) - 1) % step else list(states[::step])


def records_in(record: Any) -> Iterator[dict]:
    """The record and every record inside its arguments (lists included)."""
    if isinstance(record, list):
        for item in record:
            yield from records_in(item)
    elif isinstance(record, dict):
        yield record
        for value in record.get("args", {}).values():
            yield from records_in(value)


def drawn_text(markup: str) -> str:
    """The words a reader meets in a picture or panel: text nodes, titles and labels."""
    words = re.findall(r">([^<>]+)<", markup)
    words += re.findall(r'(?:title|aria-label)="([^"]*)"', markup)
    return unescape(" ".join(words))


@dataclass(frozen=True)
class Languages:
    """One engine's language checks. ``allowed``: the Latin tokens its Russian rulebook prints too (Roman
    numerals, unit codes), which are no English left in a Russian text."""

    engine: Engine
    allowed: frozenset[str] = frozenset()

    @property
    def catalogues(self) -> Catalogues:
        assert self.engine.catalogues is not None, self.engine.slug
        return self.engine.catalogues

    def english_words(self, text: str) -> list[str]:
        return [word for word in LATIN.findall(text) if word not in self.allowed]

    def records(self, state: State) -> Iterator[Text]:
        """Every label, prompt (each role and a spectator) and result a reader meets in this position."""
        for role in self.engine.active_roles(state):
            yield from (choice["label"] for choice in self.engine.legal_actions(state, role))
        for role in (*self.engine.roles, None):
            yield self.engine.view(state, role)["prompt"]
        result = self.engine.result(state)
        if result:
            yield result["reason"]

    def check_game(self, states: Sequence[State]) -> int:
        """Check every text of these positions of one game and every event of its log; how many were read."""
        texts = [record for state in states for record in self.records(state)]
        texts += [event["text"] for event in states[-1]["log"]]
        for record in texts:
            self.check_record(record)
        return len(texts)

    def check_record(self, record: Text) -> None:
        russian, english = self.engine.text(record, "ru"), self.engine.text(record, "en")
        assert not self.english_words(russian), (russian, record)
        assert not CYRILLIC.search(english), (english, record)
        catalogue = self.catalogues.get("ru").translations._catalog  # type: ignore[attr-defined]
        for part in [record] if isinstance(record, str) else records_in(record):
            if isinstance(part, str) or "msg" in part:
                key = part if isinstance(part, str) else part["msg"]
                key = (key, 0) if isinstance(part, dict) and "plural" in part else key
                assert key in catalogue, key
            if isinstance(part, dict) and "name" in part:
                assert part["name"] in self.catalogues.names, part["name"]

    def check_pictures(
        self, state: State, roles: Sequence[str | None] | None = None, langs: Sequence[str] = LANGUAGES
    ) -> None:
        """The map, the panels and the picture of this position, for each role (all and a spectator) and
        language: Russian words drawn in Russian, no Cyrillic anywhere in English markup."""
        for role in (*self.engine.roles, None) if roles is None else roles:
            view = self.engine.view(state, role)
            for lang in langs:
                drawn = {**view, "lang": lang}
                for markup in (
                    self.engine.render_svg(drawn),
                    self.engine.render_panels(drawn),
                    self.engine.render_picture(drawn),
                ):
                    if lang == "ru":
                        assert not self.english_words(drawn_text(markup)), self.english_words(drawn_text(markup))
                    else:
                        assert not CYRILLIC.search(markup), CYRILLIC.findall(markup)

    def constants(self) -> list[str]:
        """The engine's texts the platform shows: title, change notes, option labels, stand-in notice."""
        constants = [self.engine.title, *self.engine.changes.values()]
        constants += [option["label"] for option in self.engine.options.values()]
        return constants + ([self.engine.stand_in_notice] if self.engine.stand_in_notice else [])

    def check_constants(self) -> None:
        """The constants read in Russian."""
        for constant in self.constants():
            russian = self.engine.text(constant, "ru")
            assert CYRILLIC.search(russian) and not self.english_words(russian), constant

    def check_names(self) -> None:
        """Every entry of the names table has both languages, each in its own letters."""
        for ref, entry in self.catalogues.names.items():
            assert all(entry.get(lang) for lang in LANGUAGES), ref
            assert not CYRILLIC.search(entry["en"]) and not self.english_words(entry["ru"]), ref
