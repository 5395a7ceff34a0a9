"""A finished match moves its tournament on, in the transaction that finished it."""

from django.dispatch import receiver

from games import signals
from games.models import Match

from .services import match_ended


@receiver(signals.match_finished)
def on_match_finished(sender, match: Match, **kwargs) -> None:
    match_ended(match)
