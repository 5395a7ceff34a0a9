"""Read one RFC 822 message from standard input (an MTA pipe) and play the move it carries."""

import email
import email.policy
import sys

from django.core.management.base import BaseCommand

from notifications.inbound import handle_inbound


class Command(BaseCommand):
    help = "Handle one inbound email (RFC 822 on standard input): a move by reply to a turn mail."

    def add_arguments(self, parser):
        parser.add_argument("--recipient", help="The envelope recipient, if the MTA passes it")

    def handle(self, *args, recipient=None, **options):
        message = email.message_from_binary_file(sys.stdin.buffer, policy=email.policy.default)
        outcome = handle_inbound(message, recipient)
        self.stdout.write(("accepted: " if outcome.accepted else "rejected: ") + outcome.message)
