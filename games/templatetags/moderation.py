"""The overview panel on the admin index: what needs a moderator, each count a link to the list."""

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.admin import mail, queries

register = template.Library()

MATCH_COUNTS = (
    ("active", _("Active"), "status__exact=active"),
    ("overdue", _("Your turn, overdue"), "overdue=yes"),
    ("paused", _("Paused"), "status__exact=paused"),
    ("flagged", _("Flagged for a moderator"), "flagged__exact=1"),
    ("finished_today", _("Finished today"), "finished=today"),
    ("replay_failed", _("Replay verification failed"), "replay_failed__exact=1"),
    ("upgrade_waiting", _("Waiting for an engine upgrade"), "upgrade=waiting"),
    ("upgrade_refused", _("Engine upgrade refused (needs a moderator)"), "upgrade=refused"),
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
            (_("Mails pending"), mails["pending"], f"{changelist}?mail=pending"),
            (_("Mails failed"), mails["failed"], f"{changelist}?mail=failed"),
        ]
    return {"rows": rows, "mail_missing": mails is None}
