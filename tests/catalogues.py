"""The gettext catalogues compiled for the tests: ``make`` compiles them (ARCHITECTURE §2.4), but a test
run started by hand after a ``.po`` changed must not read a stale ``.mo``."""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("config", "games", "accounts", "notifications", "locale")


def catalogue_files() -> list[Path]:
    """Every ``.po`` file of the project."""
    return sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.po"))


def compile_catalogues() -> None:
    """Write the ``.mo`` beside each ``.po`` that has none or an older one."""
    for po_path in catalogue_files():
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po:
            catalogue = read_po(po)
        partial = mo_path.with_suffix(f".mo.{os.getpid()}")  # parallel test workers may compile at once
        with partial.open("wb") as mo:
            write_mo(mo, catalogue)
        os.replace(partial, mo_path)
