"""The match log and what hangs off it.

A match's state is never edited: it is the replay of its append-only ``Action`` log through the
game's engine. ``Match.state`` is only a cache of the latest replay and ``Snapshot`` rows bound the
cost of rebuilding any earlier point.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.db.models import Prefetch, prefetch_related_objects
from django.utils.translation import gettext_lazy as _

from games.engines.base import canonical_json
from games.fields import StateField


class MatchStatus(models.TextChoices):
    OPEN = "open", _("Waiting for players")
    ACTIVE = "active", _("In progress")
    PAUSED = "paused", _("Paused")
    FINISHED = "finished", _("Finished")
    ABANDONED = "abandoned", _("Abandoned")


LIVE = (MatchStatus.ACTIVE, MatchStatus.PAUSED)  # matches still being played


class TimeoutPolicy(models.TextChoices):
    FORFEIT = "forfeit", _("Forfeit: the opponent wins")
    DEFAULT_ACTION = "default_action", _("Play the game's default action")
    MODERATOR = "moderator", _("Hand to a moderator")
    COMPUTER = "computer", _("The computer moves for you")


class Match(models.Model):
    game = models.CharField(max_length=40, db_index=True)
    engine_version = models.PositiveIntegerField()
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField(help_text="Server secret: never shown before the match is finished.")
    status = models.CharField(max_length=10, choices=MatchStatus.choices, default=MatchStatus.OPEN, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # When the log last grew, or the match started or was cancelled: the order of the public list of matches.
    last_activity_at = models.DateTimeField(null=True, blank=True)

    is_private = models.BooleanField(default=False, help_text="Joined only through the invite link.")
    invite_token = models.CharField(max_length=40, blank=True)
    rated = models.BooleanField(default=True)

    # Time control: {"kind": "none"} | {"kind": "bank", "initial": s, "increment": s, "cap": s}
    # | {"kind": "fixed", "per_move": s}; seconds as ints.
    time_control = models.JSONField(default=dict, blank=True)
    timeout_policy = models.CharField(max_length=20, choices=TimeoutPolicy.choices, default=TimeoutPolicy.FORFEIT)
    paused_at = models.DateTimeField(null=True, blank=True)
    flagged = models.BooleanField(default=False, db_index=True, help_text="Needs a moderator.")
    flag_reason = models.TextField(blank=True)

    # Cache of the latest replay (rebuilt by replay_match --verify to check it).
    seq = models.PositiveIntegerField(default=0, help_text="Sequence number of the last log record.")
    head_hash = models.CharField(max_length=64, blank=True, help_text="Hash of the last log record.")
    state = StateField(null=True, blank=True)
    state_hash = models.CharField(max_length=64, blank=True)
    active_roles = models.JSONField(default=list, blank=True)
    result = models.JSONField(null=True, blank=True)
    replay_failed = models.BooleanField(default=False, db_index=True)
    # Set by upgrade_matches when the current engine refuses a record of the log:
    # {"to_version": int, "seq": int, "reason": str}; None once the match upgrades.
    upgrade_refused = models.JSONField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        indexes = [
            models.Index(fields=["status", "game"]),
            models.Index(fields=["-last_activity_at"], name="match_last_activity"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    @property
    def engine(self):
        from games import engines

        return engines.get(self.game)

    def refresh_from_db(self, using=None, fields=None, from_queryset=None) -> None:
        reader = getattr(self, "state_reader", None)
        if reader is not None and fields == ["state"] and from_queryset is None:
            # The state a read left deferred, read on first use the way that read says (a written-out
            # statement, games.services.reading): the ORM's query cost more than running it.
            self.state = reader(self, using)
            return
        super().refresh_from_db(using, fields, from_queryset)

    def loaded_seats(self) -> list[Seat]:
        """The seats: one query per Match object (with their users and profiles), then shared by every reader.

        The write path (services, log, notification receivers) reads and changes these same objects, so a
        change made by one is seen by the next without a query. A match locked for a change has its seats
        without users until someone is told something (games.services.locking.attach_users).
        """
        loaded = getattr(self, "_prefetched_objects_cache", {}).get("seats")
        if loaded is None:
            prefetch_related_objects([self], seats_with_users())
            loaded = self.seats.all()
        return list(loaded)

    def seat_for(self, role: str) -> Seat | None:
        return next((seat for seat in self.seats.all() if seat.role == role), None)

    def roles_of(self, user) -> list[str]:
        if not getattr(user, "is_authenticated", False):
            return []
        return [seat.role for seat in self.seats.all() if seat.user_id == user.pk]


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    role = models.CharField(max_length=30)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    joined_at = models.DateTimeField(null=True, blank=True)
    is_active = models.BooleanField(default=False, help_text="This role must act now.")

    # Clocks (maintained by notifications.deadlines).
    bank_seconds = models.IntegerField(null=True, blank=True, help_text="Time left in the clock bank.")
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    reminded_for_deadline = models.DateTimeField(null=True, blank=True)
    # Per-match notification override; blank: the profile's choice.
    notify_mode = models.CharField(max_length=10, blank=True)

    CLOCK_FIELDS = ("bank_seconds", "turn_started_at", "deadline", "reminded_for_deadline")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "role"], name="seat_unique_role")]
        indexes = [
            models.Index(fields=["user", "is_active"]),
            models.Index(fields=["is_active", "deadline"]),
        ]

    def __str__(self) -> str:
        return f"{self.match} {self.role}"


def seats_with_users() -> Prefetch:
    """Prefetch for ``Match.seats``: seats in seat order with their users and profiles, in one query."""
    return Prefetch("seats", queryset=Seat.objects.select_related("user__profile").order_by("pk"))


class ActionKind(models.TextChoices):
    MOVE = "move", _("Move")
    UNDO = "undo", _("Undo")
    REWIND = "rewind", _("Rewind (moderator)")
    RESIGN = "resign", _("Resign")
    FORFEIT = "forfeit", _("Forfeit on time")
    ADJUDICATE = "adjudicate", _("Result set by a moderator")
    UPGRADE = "upgrade", _("Engine upgrade")
    TAKEBACK = "takeback", _("Takeback (agreed)")


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("The action log is append-only: actions are never updated")

    def delete(self):
        raise TypeError("The action log is append-only: actions are never deleted")


class Action(models.Model):
    """One record of the append-only log. The database refuses updates and deletes (see migration)."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="actions")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=ActionKind.choices, default=ActionKind.MOVE)
    role = models.CharField(max_length=30, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT)
    # MOVE: the engine action. UNDO/REWIND/TAKEBACK: {"retracts": [seq, …]}. RESIGN/FORFEIT/ADJUDICATE: a result.
    # UPGRADE: {"from_version", "to_version", "old_state_hash", "changes"} and, when a moderator dropped
    # the records the new rules refuse, "retracts" (see games.services.upgrades).
    payload = models.JSONField()
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField()
    # NULL, not "", for "no key": the unique constraint must allow any number of keyless records.
    idempotency_key = models.CharField(max_length=80, null=True, blank=True)  # noqa: DJ001
    state_hash = models.CharField(max_length=64, help_text="Hash of the engine state after this record.")
    prev_hash = models.CharField(max_length=64, blank=True)
    hash = models.CharField(max_length=64)
    # len(state["log"]) after this record, written with it, so the page can tell which record first showed
    # an event (games.event_seqs) without a replay. NULL on records older than the column (replayed then).
    # Derived from the state its state_hash covers, so the hash chain leaves it out.
    log_length = models.PositiveIntegerField(null=True, blank=True)
    # For a move: whether the engine lets its player take it back (``is_undoable``), written with it, so the
    # page learns that no takeback can reach past it without a replay. NULL on other kinds and older rows.
    undoable = models.BooleanField(null=True, blank=True)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="action_unique_seq"),
            models.UniqueConstraint(fields=["match", "idempotency_key"], name="action_unique_idempotency_key"),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.seq} {self.kind} {self.role}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise TypeError("The action log is append-only: actions are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("The action log is append-only: actions are never deleted")

    def chain_record(self) -> dict:
        """The fields the hash chain covers."""
        return {
            "match": self.match_id,
            "seq": self.seq,
            "kind": self.kind,
            "role": self.role,
            "user": self.user_id,
            "payload": self.payload,
            "reason": self.reason,
            "created_at": self.created_at.isoformat(),
            "idempotency_key": self.idempotency_key,
            "state_hash": self.state_hash,
        }

    def compute_hash(self) -> str:
        text = self.prev_hash + canonical_json(self.chain_record())
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Snapshot(models.Model):
    """The engine state right after move ``seq`` (a pure function of that move, see replay)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = StateField()
    state_hash = models.CharField(max_length=64)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="snapshot_unique_seq")]

    def __str__(self) -> str:
        return f"{self.match} snapshot @{self.seq}"


class ChatMessage(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    text = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user} in {self.match}: {self.text[:40]}"


class PrivateNote(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="notes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="note_unique_user")]

    def __str__(self) -> str:
        return f"note of {self.user} on {self.match}"


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=40)
    rating = models.IntegerField(default=1500)
    matches = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_unique_game")]
        indexes = [models.Index(fields=["game", "-rating"])]

    def __str__(self) -> str:
        return f"{self.user} {self.game} {self.rating}"


class ModerationRecord(models.Model):
    """Audit trail: who did what to which match or user, when and why, with before/after."""

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=40, db_index=True)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.PROTECT, related_name="audit")
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reason = models.TextField()
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        # What the Moderators group may do beyond reading (see migration 0003_admin_moderators_group).
        permissions = [
            ("moderate_match", "Can take moderator actions on matches"),
            ("moderate_user", "Can ban, unban and set vacation allowances"),
        ]

    def __str__(self) -> str:
        return f"{self.moderator} {self.action} {self.match or self.target_user}"


class InvitationStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    ACCEPTED = "accepted", _("Accepted")
    DECLINED = "declined", _("Declined")


class Invitation(models.Model):
    """A player asked to take a seat in a (usually private) open match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=InvitationStatus.choices, default=InvitationStatus.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="invitation_unique_user")]
        indexes = [models.Index(fields=["user", "status"])]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.match} by {self.by}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating (one row per player and match: never counted twice)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=40)
    before = models.IntegerField()
    after = models.IntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="rating_change_unique_user")]

    def __str__(self) -> str:
        return f"{self.user} {self.before}→{self.after} in {self.match}"

    @property
    def delta(self) -> int:
        return self.after - self.before


class TakebackStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for an answer")
    ACCEPTED = "accepted", _("Accepted")
    DECLINED = "declined", _("Declined")
    EXPIRED = "expired", _("Expired")


class TakebackRequest(models.Model):
    """A player asks the others to take back their moves from ``to_seq`` on (see services.takeback).

    It holds for the position it was asked at (``at_seq``) only: any new log record lapses it. Once
    every other role accepts, a TAKEBACK record retracts the moves; otherwise nothing changes.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="takebacks")
    role = models.CharField(max_length=30, help_text="The role whose moves are taken back.")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    to_seq = models.PositiveIntegerField(help_text="The requester's move from which everything is taken back.")
    retracts = models.JSONField(help_text="The effective moves the takeback would retract.")
    at_seq = models.PositiveIntegerField(help_text="The match's last record when asked.")
    status = models.CharField(max_length=10, choices=TakebackStatus.choices, default=TakebackStatus.PENDING)
    accepted_roles = models.JSONField(default=list, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    record = models.OneToOneField(
        Action, null=True, blank=True, on_delete=models.PROTECT, related_name="takeback_request"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["match", "status"])]

    def __str__(self) -> str:
        return f"{self.match} takeback by {self.role} to #{self.to_seq} ({self.status})"
