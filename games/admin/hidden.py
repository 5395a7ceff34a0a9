"""What the log's admin pages withhold: a move's payload (the block recruited, the card laid face down)
is shown only to whom the match's hidden information may be shown (SECURITY.md "Hidden information")."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.models import Action, Match
from games.services.visibility import may_read_hidden


class PayloadWithheld:
    """For an admin whose page shows actions' payloads: ``match_of`` names the match the page is about."""

    def match_of(self, obj) -> Match | None:
        raise NotImplementedError

    def get_fields(self, request: HttpRequest, obj=None):
        fields = super().get_fields(request, obj)
        match = self.match_of(obj) if obj is not None else None
        if match is None or may_read_hidden(match, request.user):
            return fields
        return tuple("payload_withheld" if name == "payload" else name for name in fields)

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        return self.get_fields(request, obj)

    @admin.display(description=_("payload"))
    def payload_withheld(self, record: Action) -> str:
        return _("hidden until the match is over")
