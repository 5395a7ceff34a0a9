"""Replay a match from its log and, with --verify, check hash chain, snapshots and cache against it."""

from django.core.management.base import BaseCommand, CommandError

from games.engines.base import state_hash
from games.models import Match
from games.replay import position_at, replayable_from, verify_and_flag


class Command(BaseCommand):
    help = (
        "Replay matches from scratch; --verify checks the log's hash chain, snapshots and cache and tells "
        "tampered or broken matches from those recorded on an older engine."
    )

    def add_arguments(self, parser):
        parser.add_argument("match_ids", nargs="*", type=int, help="Match ids (none with --all)")
        parser.add_argument("--verify", action="store_true", help="Check chain, snapshots and cache")
        parser.add_argument("--all", action="store_true", help="Every started match")

    def handle(self, *args, **options):
        match_ids = options["match_ids"]
        if options["all"]:
            matches = Match.objects.exclude(state=None).order_by("pk")
        elif match_ids:
            matches = Match.objects.filter(pk__in=match_ids).order_by("pk")
            missing = set(match_ids) - {m.pk for m in matches}
            if missing:
                raise CommandError(f"No match {', '.join(map(str, sorted(missing)))}")
        else:
            raise CommandError("Name match ids or use --all")

        failed = []
        for match in matches:
            if options["verify"]:
                failed += self.verify(match)
            elif replayable_from(match) is None:
                self.stdout.write(
                    f"{match}: #{match.seq} recorded on engine version {match.engine_version} "
                    f"(now {match.engine.version}): not replayed; see upgrade_matches"
                )
            else:
                position = position_at(match)
                self.stdout.write(
                    f"{match}: #{position.seq} state {state_hash(position.state)[:16]} result {position.result}"
                )
        if failed:
            raise CommandError(f"Verification failed for match(es) {', '.join(map(str, failed))}")

    def verify(self, match: Match) -> list[int]:
        found = verify_and_flag(match)
        if found.problems:
            self.stdout.write(self.style.ERROR(f"{match}: {found.verdict} — first mismatch: {found.problems[0]}"))
            for problem in found.problems[1:]:
                self.stdout.write(f"    {problem}")
            if found.older:
                self.stdout.write(f"    ({found.older})")
            return [match.pk]
        if found.older and match.engine_version != match.engine.version:
            self.stdout.write(self.style.WARNING(f"{match}: OLDER ENGINE — {found.older}"))
        else:
            note = f"; {found.older}" if found.older else ""
            self.stdout.write(self.style.SUCCESS(f"{match}: OK ({match.seq} records verified{note})"))
        return []
