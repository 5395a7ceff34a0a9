"""ARCHITECTURE.md stays the map the code cites: every "ARCHITECTURE §n" names a section it has."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITING = ("games", "accounts", "notifications", "config", "bench", "tests", "templates")
CITATION = re.compile(r"ARCHITECTURE(?:\.md)? §(\d+(?:\.\d+)*)")


def sections() -> set[str]:
    headings = re.findall(r"^#{2,3} (\d+(?:\.\d+)*)\.? ", (ROOT / "ARCHITECTURE.md").read_text(), re.M)
    return set(headings)


def citations() -> list[tuple[str, str]]:
    """(where, section) for every citation in the code, templates and Markdown files."""
    found = []
    paths = [p for top in CITING for p in (ROOT / top).rglob("*") if p.suffix in (".py", ".html", ".md", ".txt")]
    paths += sorted(ROOT.glob("*.md"))
    for path in paths:
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            found += [(f"{path.relative_to(ROOT)}:{number}", section) for section in CITATION.findall(line)]
    return found


def test_every_citation_names_a_section_that_exists():
    known = sections()
    assert {"1", "2", "2.1", "2.2", "3"} <= known
    missing = [f"{where} cites §{section}" for where, section in citations() if section not in known]
    assert not missing, "No such section in ARCHITECTURE.md:\n" + "\n".join(missing)
