"""The moderators' dashboard: overview on the admin index, matches, log, audit trail."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from . import audit, matches, tournaments  # noqa: F401 - registers the model admins

admin.site.site_header = _("Dispatch Rider moderation")
admin.site.site_title = _("Dispatch Rider moderation")
admin.site.index_title = _("Overview")
admin.site.index_template = "admin/games/overview_index.html"
