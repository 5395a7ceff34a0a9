"""Message records: the texts an engine writes for players, rendered in the reader's language at the edge.

An engine never writes a finished sentence (ARCHITECTURE §2.4). A choice label, a prompt, a log event or
an ``IllegalAction`` message is a record::

    msg("{block} moves from {from_area} to {to_area}.", block=name("block:Y_Warwick"),
        from_area=name("area:Kent"), to_area=name("area:London"))
    -> {"msg": "{block} moves from {from_area} to {to_area}.", "args": {...}}

- ``msg`` is the English source text and the gettext msgid of the engine's domain; ``{field}``s are
  filled from ``args`` after translation (``str.format``), so a translation may reorder them.
- An argument is a number, a plain string that is never translated (a die roll "5-3", a hex number),
  a name reference ``name("<kind>:<id>")`` looked up in the engine's names table (English and Russian,
  the Russian names the seeds' own), another record, or a list of these (joined with ", ").
- ``plural(...)`` chooses the form by a count (``ngettext``: Russian has three forms).
- A plain ``str`` where a record is expected is a constant text: it is its own msgid.

Records are plain JSON, so they are stored in states (log events) and travel in views and the API as
they are; ``Catalogue.render`` turns one into a sentence. Only the standard library is used here, so the
engines stay pure; the platform chooses the language.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path
from typing import Any

Text = str | dict[str, Any]  # a message record, or a constant text that is its own msgid
LANGUAGES = ("en", "ru")


def msg(text: str, /, **args: Any) -> dict[str, Any]:
    """A record of ``text`` (the English source, with ``{field}``s) and its arguments."""
    return {"msg": text, "args": args} if args else {"msg": text}


def plural(singular: str, plural_text: str, count: int, /, **args: Any) -> dict[str, Any]:
    """A record whose form depends on ``count`` (available to the text as ``{n}``)."""
    return {"msg": singular, "plural": plural_text, "args": {"n": count, **args}}


def name(ref: str) -> dict[str, str]:
    """A proper name from the engine's names table, ``"<kind>:<id>"`` (``"area:Kent"``)."""
    return {"name": ref}


def untranslated(text: Text) -> str:
    """The English text of a record with names shown by their ids, without any catalogue: what an
    exception's ``str`` and the server's own logs say. Readers get ``Engine.text`` instead."""
    return Catalogue(gettext.NullTranslations(), {}, "en").render(text)


class Catalogue:
    """One engine's texts in one language: its gettext translations and its names table.

    ``names`` maps a reference ("area:Kent") to ``{"en": ..., "ru": ...}``; a reference with no entry is
    shown by its id (the part after the colon) so a missing name is visible, never an error. ``retired``
    maps a sentence that logs of older versions store to the one this version writes instead, so an old
    event reads as a new one."""

    def __init__(
        self,
        translations: gettext.NullTranslations,
        names: Mapping[str, Mapping[str, str]],
        lang: str,
        retired: Mapping[str, str] | None = None,
    ):
        self.translations = translations
        self.names = names
        self.lang = lang
        self.retired = retired or {}

    def render(self, text: Any) -> str:
        """``text`` as a whole line: a sentence that a name opens starts with a capital letter even when the
        name is written in lower case for use mid-sentence (Russian «пехота 3 (Ричард III)»)."""
        if isinstance(text, dict) and "msg" in text and "name" not in text:
            return self._sentence(text, opening=True)
        return self._render(text)

    def _render(self, text: Any) -> str:
        if isinstance(text, str):
            return self.translations.gettext(text) if text else text
        if isinstance(text, dict):
            if "name" in text:
                return self.name(text["name"])
            if "msg" in text:
                return self._sentence(text)
        if isinstance(text, list):
            return ", ".join(self._render(item) for item in text)
        if isinstance(text, bool) or text is None:
            return str(text)
        if isinstance(text, int | float):
            return str(text)
        raise TypeError(f"Not a message record: {text!r}")

    def name(self, ref: str) -> str:
        entry = self.names.get(ref)
        if entry is None:
            return ref.partition(":")[2] or ref
        return entry.get(self.lang) or entry["en"]

    def _sentence(self, record: Mapping[str, Any], opening: bool = False) -> str:
        args = record.get("args", {})
        text = self.retired.get(record["msg"], record["msg"])
        if "plural" in record:
            template = self.translations.ngettext(text, record["plural"], int(args["n"]))
        else:
            template = self.translations.gettext(text)
        values = {key: value if isinstance(value, str) else self._render(value) for key, value in args.items()}
        sentence = template.format(**values)
        if opening and template.startswith("{"):  # the template's own words stay as the translator wrote them
            return sentence[:1].upper() + sentence[1:]
        return sentence


class Catalogues:
    """An engine's catalogues, one per language, loaded once from ``<package>/locale/<lang>/LC_MESSAGES/
    <domain>.mo`` (compiled from the ``.po`` beside it by ``make``). English needs no file. ``retired``:
    as ``Catalogue``'s."""

    def __init__(
        self,
        package_dir: Path,
        domain: str,
        names: Mapping[str, Mapping[str, str]],
        retired: Mapping[str, str] | None = None,
    ):
        self.localedir = package_dir / "locale"
        self.domain = domain
        self.names = names
        self.retired = retired
        # Loaded on first use; a page renders hundreds of texts, so each finds its catalogue by one lookup.
        self._loaded: dict[str | None, Catalogue] = {}  # by the language asked for, whatever it is

    def get(self, lang: str | None) -> Catalogue:
        catalogue = self._loaded.get(lang)
        if catalogue is None:
            catalogue = self._load(lang if lang in LANGUAGES else "en")
            self._loaded[lang] = catalogue
        return catalogue

    def render(self, text: Any, lang: str | None) -> str:
        return self.get(lang).render(text)

    def _load(self, lang: str) -> Catalogue:
        if lang == "en":
            translations: gettext.NullTranslations = gettext.NullTranslations()
        else:
            translations = gettext.translation(self.domain, self.localedir, [lang], fallback=True)
        return Catalogue(translations, self.names, lang, self.retired)
