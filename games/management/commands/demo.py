"""Demo data for `make run`: users alice and bob and a Rosenkönig match between them."""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import services
from games.models import Match, MatchStatus

DEMO_USERS = ("alice", "bob")


class Command(BaseCommand):
    help = "Create (or reset) demo users alice and bob with new printed passwords, and a demo match."

    def add_arguments(self, parser):
        parser.add_argument("--moves", type=int, default=4, help="Moves to play in a new demo match")

    def handle(self, *args, moves, **options):
        users, passwords = [], {}
        for name in DEMO_USERS:
            user, _ = get_user_model().objects.get_or_create(username=name, defaults={"email": f"{name}@example.com"})
            passwords[name] = secrets.token_urlsafe(9)
            user.set_password(passwords[name])
            user.save()
            user.profile.display_name = name.capitalize()
            user.profile.email_verified = True
            user.profile.save()
            users.append(user)

        alice, bob = users
        match = (
            Match.objects.filter(game="rosenkoenig", seats__user=alice, status=MatchStatus.ACTIVE)
            .filter(seats__user=bob)
            .first()
        )
        if match is None:
            match = services.create_match(alice, "rosenkoenig", role="red")
            services.join_match(match.pk, bob, "white")
            by_role = {"red": alice, "white": bob}
            for _ in range(moves):
                match.refresh_from_db()
                if not match.active_roles:
                    break
                role = match.active_roles[0]
                choice = match.engine.legal_actions(match.state, role)[0]
                services.submit_action(match.pk, by_role[role], role, choice["action"], match.seq)

        self.stdout.write("Demo users (passwords are new on every run):")
        for name in DEMO_USERS:
            self.stdout.write(f"  {name:6} password: {passwords[name]}")
        self.stdout.write(f"Demo match: Rosenkönig #{match.pk} (alice is red, bob is white)")
