"""Demo data for `make run`: players alice and bob, a Rosenkönig match between them, and a moderator."""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand

from games import services
from games.models import Match, MatchStatus

DEMO_USERS = ("alice", "bob")
DEMO_MODERATOR = "moderator"
MODERATORS_GROUP = "Moderators"  # made by migration games 0003


class Command(BaseCommand):
    help = "Create (or reset) demo users alice, bob and moderator with new printed passwords, and a demo match."

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

        passwords[DEMO_MODERATOR] = self.moderator()
        self.stdout.write("Demo users (passwords are new on every run):")
        for name in DEMO_USERS:
            self.stdout.write(f"  {name:9} password: {passwords[name]}")
        self.stdout.write(f"  {DEMO_MODERATOR:9} password: {passwords[DEMO_MODERATOR]}  (staff: signs in at /admin/)")
        self.stdout.write(f"Demo match: Rosenkönig #{match.pk} (alice is red, bob is white)")

    def moderator(self) -> str:
        """A staff user in the Moderators group (not a superuser), with a new password, which it returns."""
        user, _ = get_user_model().objects.get_or_create(
            username=DEMO_MODERATOR, defaults={"email": f"{DEMO_MODERATOR}@example.com"}
        )
        password = secrets.token_urlsafe(9)
        user.set_password(password)
        user.is_staff = True
        user.save()
        user.groups.add(Group.objects.get(name=MODERATORS_GROUP))
        user.profile.display_name = "Moderator"
        user.profile.email_verified = True
        user.profile.save()
        return password
