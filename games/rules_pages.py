"""The rules pages' text: each engine package's Markdown notes rendered to HTML once per process.

markdown-it-py renders with raw HTML switched off (what the files say is escaped, never injected: the
pages keep the CSP's no-inline rule). Links into the repository (``../shared/rules/…``) mean nothing on the
site, so only web links stay links; the others keep their text.

Each page exists in English (``PLAYING.md``) and, written by the engine's authors from the Russian
rulebook (the seed) in its own words, in Russian beside it (``PLAYING.ru.md``). A Russian reader of a page
not yet translated gets the English one under a note saying so (ARCHITECTURE §2.4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import import_module
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext_lazy
from markdown_it import MarkdownIt

from games.languages import DEFAULT, normalize

# Which notes a game's page shows, in order: the player's summary first (issue 22), then the engine's notes.
# nine_years' provisional rulebook is already written for players, so it serves as its summary.
ENGINE_NOTES = ("RULES.md", gettext_lazy("Interpretations and engine notes"))
SOURCES: dict[str, tuple[tuple[str, str], ...]] = {
    "nine_years": (("PROVISIONAL.md", gettext_lazy("How to play: provisional rules (sections 8–20)")), ENGINE_NOTES),
}
DEFAULT_SOURCES = (("PLAYING.md", gettext_lazy("How to play")), ENGINE_NOTES)
# Shown only to Russian readers, above a page that has no Russian text yet.
NOT_TRANSLATED = {"ru": "Этот раздел ещё не переведён на русский язык: ниже английский текст."}
WEB_LINK = ("http://", "https://", "#")


@dataclass(frozen=True)
class RulesSection:
    title: str
    html: str
    lang: str = DEFAULT  # the language of ``html``: another than the reader's when not yet translated
    note: str = ""  # then, in the reader's language, that it is not


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    default_open = md.renderer.rules.get("link_open")
    default_close = md.renderer.rules.get("link_close")

    def is_web(token) -> bool:
        return str(token.attrGet("href") or "").startswith(WEB_LINK)

    def link_open(tokens, idx, options, env):
        env.setdefault("links", []).append(is_web(tokens[idx]))
        return _render(default_open, md, tokens, idx, options, env) if env["links"][-1] else ""

    def link_close(tokens, idx, options, env):
        return _render(default_close, md, tokens, idx, options, env) if env["links"].pop() else ""

    md.add_render_rule("link_open", link_open)
    md.add_render_rule("link_close", link_close)
    return md


def _render(rule, md: MarkdownIt, tokens, idx, options, env) -> str:
    return rule(tokens, idx, options, env) if rule else md.renderer.renderToken(tokens, idx, options, env)


def _html(md: MarkdownIt, text: str) -> str:
    """The notes as HTML, each heading one level down: the page's own title is its only h1."""
    tokens = md.parse(text, {})
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(int(token.tag[1]) + 1, 6)}"
    return md.renderer.render(tokens, md.options, {})


def package_dir(slug: str) -> Path:
    return Path(import_module(f"games.engines.{slug}").__file__).parent


STAND_INS_HEADING = re.compile(r"^##\s+(Stand-in|Условн)", re.IGNORECASE)  # «условная замена» in Russian


def localized(path: Path, lang: str) -> Path:
    """``PLAYING.md`` in ``lang``: ``PLAYING.ru.md`` when it exists, else the English file."""
    if lang != DEFAULT:
        translated = path.with_name(f"{path.stem}.{lang}{path.suffix}")
        if translated.exists():
            return translated
    return path


def stand_ins_markdown(text: str) -> str:
    """The notes' "Stand-in…" section (its heading to the next heading of its level), or ""."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if STAND_INS_HEADING.match(line)), None)
    if start is None:
        return ""
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start + 1 : end]).strip()


def stand_ins_html(slug: str, lang: str = DEFAULT) -> str:
    """Every stand-in the game's notes list, for the top of its rules page, in ``lang`` where written."""
    return _stand_ins_html(slug, normalize(lang))


@cache
def _stand_ins_html(slug: str, lang: str) -> str:
    texts = [stand_ins_markdown(localized(path, lang).read_text(encoding="utf-8")) for path in _paths(slug)]
    return _html(_markdown(), "\n\n".join(text for text in texts if text))


def _paths(slug: str) -> list[Path]:
    paths = [package_dir(slug) / filename for filename, _ in SOURCES.get(slug, DEFAULT_SOURCES)]
    return [path for path in paths if path.exists()]


def rules_sections(slug: str, lang: str = DEFAULT) -> tuple[RulesSection, ...]:
    """The game's notes as HTML sections in ``lang`` (the English text, noted, where not translated)."""
    return _rules_sections(slug, normalize(lang))


@cache
def _rules_sections(slug: str, lang: str) -> tuple[RulesSection, ...]:
    """The files ship with the code, so one rendering per language serves the process."""
    md = _markdown()
    sections = []
    for filename, title in SOURCES.get(slug, DEFAULT_SOURCES):
        path = package_dir(slug) / filename
        if path.exists():
            shown = localized(path, lang)
            written_in = lang if shown != path else DEFAULT
            note = NOT_TRANSLATED.get(lang, "") if written_in != lang else ""
            html = _html(md, shown.read_text(encoding="utf-8"))
            if note:  # the note in the reader's language, the text marked as the English it is
                html = f'<p class="stand-in" role="note">{escape(note)}</p><div lang="{written_in}">{html}</div>'
            sections.append(RulesSection(_in(title, lang), html, written_in, note))
    return tuple(sections)


def _in(title: str, lang: str) -> str:
    with translation.override(lang):
        return str(title)
