"""Rule coverage: checklist IDs in ../shared/rules/*.md against IDs marked on passing tests."""

import json
import re
import subprocess
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games import engines
from tests.rule_plugin import RULE_RESULTS

RULE_ID = re.compile(r"\*\*((?:RK|R3|SK|BR|NY)-[A-Za-z0-9.\-]+)\*\*")
CHECKLISTS = {
    "rosenkoenig": "rosenkoenig.md",
    "richard3": "richard3.md",
    "sekigahara": "sekigahara.md",
    "blood_and_roses": "blood-and-roses.md",
    "nine_years": "nine-years.md",
}


def checklist_ids(game: str) -> list[str] | None:
    """The checklist's rule IDs in order, or None when the checklist file is not there."""
    path = settings.SHARED_DIR / "rules" / CHECKLISTS[game]
    if not path.exists():
        return None
    return list(dict.fromkeys(RULE_ID.findall(path.read_text(encoding="utf-8"))))


class Command(BaseCommand):
    help = "Percent of each game's checklist IDs marked (@pytest.mark.rule) on tests that passed."

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="One game (also lists the IDs not covered)")
        parser.add_argument("--run", action="store_true", help="Run the rule-marked tests first")
        parser.add_argument("--fail-under", type=float, default=None, help="Exit non-zero below this percent")

    def handle(self, *args, slug=None, run=False, fail_under=None, **options):
        if slug and slug not in CHECKLISTS:
            raise CommandError(f"No checklist for {slug!r}; known: {', '.join(CHECKLISTS)}")
        if run or not RULE_RESULTS.exists():
            subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", "rule", "tests"], check=False)
        if not RULE_RESULTS.exists():
            raise CommandError("No rule results: run the test suite first (make test)")
        covered = {rule for ids in json.loads(RULE_RESULTS.read_text())["tests"].values() for rule in ids}

        implemented = {engine.slug for engine in engines.all()}
        known: set[str] = set()
        lowest = 100.0
        for game in CHECKLISTS:
            ids = checklist_ids(game)
            if ids is None:
                self.stdout.write(f"{game:16} checklist missing")
                if game in implemented:
                    lowest = 0.0  # an engine whose rules cannot be counted is not covered
                continue
            known.update(ids)
            if slug and game != slug:
                continue
            hit = [i for i in ids if i in covered]
            percent = 100.0 * len(hit) / len(ids) if ids else 100.0
            status = "" if game in implemented else "  (no engine yet)"
            self.stdout.write(f"{game:16} {len(hit):4}/{len(ids):<4} {percent:6.1f} %{status}")
            if game in implemented:
                lowest = min(lowest, percent)
            missing = [i for i in ids if i not in covered]
            if slug and missing:
                self.stdout.write("not covered: " + ", ".join(missing))
        unknown = sorted(covered - known)
        if unknown:
            self.stdout.write(self.style.WARNING("marked on tests but in no checklist: " + ", ".join(unknown)))
        if fail_under is not None and lowest < fail_under:
            raise CommandError(f"Rule coverage {lowest:.1f} % is below {fail_under} %")
