"""The overview panel on the admin index: what needs a moderator, each count a link to the list."""

from django import template
from django.urls import reverse
from django.utils import timezone

from games.admin import mail, queries

register = template.Library()

MATCH_COUNTS = (
    ("active", "Active", "status__exact=active"),
    ("overdue", "Your turn, overdue", "overdue=yes"),
    ("paused", "Paused", "status__exact=paused"),
    ("flagged", "Flagged for a moderator", "flagged__exact=1"),
    ("finished_today", "Finished today", "finished=today"),
    ("replay_failed", "Replay verification failed", "replay_failed__exact=1"),
    ("upgrade_waiting", "Waiting for an engine upgrade", "upgrade=waiting"),
    ("upgrade_refused", "Engine upgrade refused (needs a moderator)", "upgrade=refused"),
)


@register.inclusion_tag("admin/games/overview.html", takes_context=True)
def moderation_overview(context) -> dict:
    if not context["request"].user.has_perm("games.view_match"):
        return {"rows": []}
    counts = queries.attention_counts(timezone.now())
    changelist = reverse("admin:games_match_changelist")
    rows = [(label, counts[key], f"{changelist}?{query}") for key, label, query in MATCH_COUNTS]
    mails = mail.mail_counts()
    if mails is not None:
        rows += [
            ("Mails pending", mails["pending"], f"{changelist}?mail=pending"),
            ("Mails failed", mails["failed"], f"{changelist}?mail=failed"),
        ]
    return {"rows": rows, "mail_missing": mails is None}
