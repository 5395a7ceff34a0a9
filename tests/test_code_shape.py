"""The shape limits of issue 25: no function over 80 lines, no module over 700 lines (data modules aside).

A long function hides its steps and a long module its topics; both are split where they grow. Data modules
(``*/data/*``, ``data.py``: records, one per line) may be as long as their facts. Migrations are written by
Django and are not ours to shape.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "accounts", "notifications", "config", "bench", "tests")
MAX_FUNCTION_LINES = 80
MAX_MODULE_LINES = 700


def python_files() -> list[Path]:
    files = []
    for package in PACKAGES:
        files += [p for p in sorted((ROOT / package).rglob("*.py")) if "migrations" not in p.parts]
    return files


def is_data(path: Path) -> bool:
    return "data" in path.relative_to(ROOT).parts[:-1] or path.name == "data.py"


def too_long(path: Path) -> list[str]:
    """What in ``path`` is over the limits, as "path:line name (n lines)"."""
    source = path.read_text()
    name = path.relative_to(ROOT).as_posix()
    found = []
    lines = source.count("\n")
    if lines > MAX_MODULE_LINES and not is_data(path):
        found.append(f"{name}: module of {lines} lines (limit {MAX_MODULE_LINES})")
    for node in ast.walk(ast.parse(source, filename=name)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(f"{name}:{node.lineno} {node.name}: {length} lines (limit {MAX_FUNCTION_LINES})")
    return found


def test_no_function_over_80_lines_and_no_module_over_700():
    found = [problem for path in python_files() for problem in too_long(path)]
    assert not found, "Split these (issue 25, item 8):\n" + "\n".join(found)


def test_the_limits_are_measured_as_stated(tmp_path, monkeypatch):
    """A function of 81 lines and a module of 701 lines are named; 80 and 700 are not; data modules pass."""
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    body = "\n".join(f"    x{i} = {i}" for i in range(79))
    ok, long = f"def ok():\n{body}\n", f"def long():\n{body}\n    x = 0\n"
    (tmp_path / "data").mkdir()
    files = {"a.py": ok + long, "b.py": "x = 1\n" * 700, "c.py": "x = 1\n" * 701, "data/d.py": "x = 1\n" * 701}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert too_long(tmp_path / "a.py") == ["a.py:81 long: 81 lines (limit 80)"]
    assert too_long(tmp_path / "b.py") == []
    assert too_long(tmp_path / "c.py") == ["c.py: module of 701 lines (limit 700)"]
    assert too_long(tmp_path / "data/d.py") == []
