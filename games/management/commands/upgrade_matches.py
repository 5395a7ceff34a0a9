"""Move live matches on an older engine version to the current one, or flag them for a moderator."""

from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from games import engines
from games.models import Match
from games.services import upgrades


class Command(BaseCommand):
    help = (
        "Replay each active or paused match on an older engine version through the current engine: "
        "upgrade it (an UPGRADE log record, players told) when every record is still legal, otherwise "
        "flag it for a moderator with the first refused record. One match per transaction, row locked."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help="Only matches of this game (slug)")
        parser.add_argument("--match", type=int, help="Only this match")
        parser.add_argument("--dry-run", action="store_true", help="Report what would happen; write nothing")

    def handle(self, *args, **options):
        game, match_id, dry_run = options["game"], options["match"], options["dry_run"]
        if game is not None:
            try:
                engines.get(game)
            except KeyError as exc:
                raise CommandError(exc.args[0]) from None
        if match_id is not None and not Match.objects.filter(pk=match_id).exists():
            raise CommandError(f"No match {match_id}")
        candidates = upgrades.on_older_engine(game)
        if match_id is not None:
            candidates = candidates.filter(pk=match_id)
        counts: Counter[str] = Counter()
        for pk in candidates.order_by("pk").values_list("pk", flat=True):
            outcome = upgrades.upgrade_match(pk, dry_run=dry_run)
            if outcome is None:  # upgraded or finished by someone else meanwhile
                continue
            counts[outcome.outcome] += 1
            self.stdout.write(self.describe(outcome, dry_run))
        prefix = "Dry run, nothing written: would have " if dry_run else ""
        self.stdout.write(
            f"{prefix}upgraded {counts[upgrades.UPGRADED]}, refused {counts[upgrades.REFUSED]} (flagged for a "
            f"moderator), still refused {counts[upgrades.STILL_REFUSED]} (already flagged)"
        )

    def describe(self, outcome: upgrades.Outcome, dry_run: bool) -> str:
        match = f"match #{outcome.match_id} v{outcome.from_version}→v{outcome.to_version}"
        if outcome.outcome == upgrades.UPGRADED:
            verb = "would upgrade" if dry_run else "upgraded"
            return self.style.SUCCESS(f"{match}: {verb} (UPGRADE record #{outcome.seq})")
        verb = "would be flagged" if dry_run and outcome.outcome == upgrades.REFUSED else outcome.outcome
        return self.style.WARNING(f"{match}: {verb}: record #{outcome.seq} refused: {outcome.reason}")
