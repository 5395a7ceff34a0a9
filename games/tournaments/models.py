"""A tournament, its players and its pairings; the games themselves are ordinary matches."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Match, TimeoutPolicy


class Format(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("Round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")
    SWISS = "swiss", _("Swiss system")
    ELIMINATION = "elimination", _("Single elimination")


class TournamentStatus(models.TextChoices):
    OPEN = "open", _("Open for sign-up")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


class DrawRule(models.TextChoices):
    """What decides a drawn elimination match."""

    REPLAY = "replay", _("Replayed with sides swapped")
    HIGHER_SEED = "higher_seed", _("The higher seed goes through")


class Tournament(models.Model):
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=40, db_index=True)
    format = models.CharField(max_length=20, choices=Format.choices)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict, blank=True)
    timeout_policy = models.CharField(max_length=20, choices=TimeoutPolicy.choices, default=TimeoutPolicy.FORFEIT)
    rated = models.BooleanField(default=True)
    min_players = models.PositiveIntegerField(default=2)
    max_players = models.PositiveIntegerField()
    signup_deadline = models.DateTimeField(db_index=True)
    draw_rule = models.CharField(max_length=12, choices=DrawRule.choices, default=DrawRule.REPLAY)
    status = models.CharField(
        max_length=10, choices=TournamentStatus.choices, default=TournamentStatus.OPEN, db_index=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    current_round = models.PositiveIntegerField(default=0)
    rounds_planned = models.PositiveIntegerField(default=0, help_text="Set at the start.")
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, {self.format})"

    @property
    def game_engine(self):
        from games import engines

        return engines.get(self.game)


class TournamentPlayer(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries")
    joined_at = models.DateTimeField(auto_now_add=True)
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="1 is the highest rating at the start.")
    rating = models.IntegerField(null=True, blank=True, help_text="The game's rating at the start.")
    # Set when the player leaves a running tournament ("withdrew") or is banned ("banned").
    withdrawn = models.CharField(max_length=10, blank=True)

    class Meta:
        ordering = ["seed", "joined_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="tournament_player_unique")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class Outcome(models.TextChoices):
    PENDING = "", _("Not played yet")
    FIRST = "first", _("First player won")
    SECOND = "second", _("Second player won")
    DRAW = "draw", _("Draw")


class Pairing(models.Model):
    """One game of a round: ``second`` is None for a bye; ``match`` is None for a bye or a forfeit."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveIntegerField()
    first = models.ForeignKey(TournamentPlayer, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(TournamentPlayer, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.PROTECT, related_name="tournament_pairing"
    )
    outcome = models.CharField(max_length=6, choices=Outcome.choices, default=Outcome.PENDING, blank=True)
    forfeit = models.BooleanField(default=False, help_text="Decided by a withdrawal or a ban, not by play.")
    board = models.PositiveIntegerField(default=0, help_text="Its place in the round (the bracket order).")
    replay = models.BooleanField(default=False, help_text="An elimination draw played again.")

    class Meta:
        ordering = ["tournament", "round", "board", "pk"]
        indexes = [models.Index(fields=["tournament", "round"])]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round}: {self.first} – {self.second}"
