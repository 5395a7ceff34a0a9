"""Sent inside the transaction that changed a tournament; notifications.receivers writes the outbox rows."""

from django.dispatch import Signal

# kwargs: tournament, event ("started", "round" or "finished"), players (the users still in it)
tournament_event = Signal()
