"""Replay a match from its log and, with --verify, check hash chain, snapshots and cache against it."""

from django.core.management.base import BaseCommand, CommandError

from games.engines.base import state_hash
from games.models import Match
from games.replay import position_at, verify_and_flag


class Command(BaseCommand):
    help = "Replay matches from scratch; --verify compares the log's hash chain, snapshots and cache."

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
                problems = verify_and_flag(match)
                if problems:
                    failed.append(match.pk)
                    self.stdout.write(self.style.ERROR(f"{match}: FAILED — first mismatch: {problems[0]}"))
                    for problem in problems[1:]:
                        self.stdout.write(f"    {problem}")
                else:
                    self.stdout.write(self.style.SUCCESS(f"{match}: OK ({match.seq} records verified)"))
            else:
                position = position_at(match)
                self.stdout.write(
                    f"{match}: #{position.seq} state {state_hash(position.state)[:16]} result {position.result}"
                )
        if failed:
            raise CommandError(f"Verification failed for match(es) {', '.join(map(str, failed))}")
