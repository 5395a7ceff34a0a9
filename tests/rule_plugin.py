"""Pytest plugin: records which rule IDs are marked on tests that passed.

`manage.py rule_coverage` reads the file this writes (RULE_RESULTS) and compares it with the IDs in
../shared/rules/*.md. Usage in a test: ``@pytest.mark.rule("RK-MOVE-1", "RK-MOVE-2")``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

RULE_RESULTS = Path(__file__).resolve().parent / "artifacts" / "rule-results.json"

_passed: dict[str, list[str]] = {}
_failed: set[str] = set()


def rule_ids(item: pytest.Item) -> list[str]:
    return [rule_id for mark in item.iter_markers("rule") for rule_id in mark.args]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """The IDs travel on the report: under pytest-xdist the controller sees reports, not items."""
    outcome = yield
    ids = rule_ids(item)
    if ids:
        outcome.get_result().user_properties.append(("rule_ids", ids))


def pytest_runtest_logreport(report):
    ids = dict(report.user_properties).get("rule_ids")
    if not ids:
        return
    if report.failed:
        _failed.add(report.nodeid)
        _passed.pop(report.nodeid, None)
    elif report.when == "call" and report.passed and report.nodeid not in _failed:
        _passed[report.nodeid] = list(ids)


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):
        return  # a pytest-xdist worker: its controller writes the file once, with every worker's results
    if not _passed and not _failed:
        return
    # Merge with earlier runs so that running one file does not forget the others.
    previous = {}
    if RULE_RESULTS.exists():
        try:
            previous = json.loads(RULE_RESULTS.read_text())
        except ValueError:
            previous = {}
    tests = {k: v for k, v in previous.get("tests", {}).items() if k not in _failed}
    tests.update(_passed)
    RULE_RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RULE_RESULTS.write_text(json.dumps({"tests": tests}, indent=1, sort_keys=True))
