"""Signals sent by games.services inside the transaction that changes a match.

Receivers (notifications: outbox rows, clocks) write in the same transaction, so a message exists
exactly when the change that caused it was committed.
"""

from django.dispatch import Signal

# sender=Match class; kwargs: match
match_started = Signal()
# kwargs: match, record (the new Action), previous_active_roles (list[str])
action_recorded = Signal()
# kwargs: match
match_finished = Signal()
# kwargs: match (status is already PAUSED / ACTIVE again); clocks stop and restart on these.
match_paused = Signal()
match_resumed = Signal()
# kwargs: match, record (the ModerationRecord); players are told what a moderator did.
moderator_acted = Signal()
# kwargs: match, record (the UPGRADE Action, payload with versions and the change note); players are told.
match_upgraded = Signal()
# kwargs: message (games.models.ChatMessage); players away from the page are told.
chat_posted = Signal()
# kwargs: match, user (the invited user), by (the inviting user)
invitation_sent = Signal()
# kwargs: match, request (games.models.TakebackRequest); the other players are asked.
takeback_asked = Signal()
# kwargs: match, request (its status says the answer: accepted, declined, or still pending for others)
takeback_answered = Signal()
