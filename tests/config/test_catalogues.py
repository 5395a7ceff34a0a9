"""Every catalogue of the project is complete in Russian (ARCHITECTURE §2.4): no msgid is left without a
translation, none is fuzzy, every plural form is written, and each declares Russian's three plural forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.catalogues import ROOT, catalogue_files

RUSSIAN_PLURALS = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
)


def _untranslated(path: Path) -> list[str]:
    with path.open("rb") as po:
        catalogue = read_po(po)
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        elif not forms or not all(forms):
            problems.append(f"untranslated: {message.id!r}")
        elif isinstance(message.id, tuple) and len(forms) != 3:
            problems.append(f"{len(forms)} plural forms, Russian has 3: {message.id!r}")
    return problems


def test_the_platform_catalogue_exists():
    assert ROOT / "locale" / "ru" / "LC_MESSAGES" / "django.po" in catalogue_files()


@pytest.mark.parametrize("path", catalogue_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_msgid_has_a_russian_translation(path):
    assert _untranslated(path) == []


@pytest.mark.parametrize("path", catalogue_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_header_says_russian_with_its_plural_forms(path):
    header = path.read_text(encoding="utf-8")
    assert '"Language: ru\\n"' in header
    assert f'"Plural-Forms: {RUSSIAN_PLURALS}\\n"' in header
