"""The moderators' dashboard: overview on the admin index, matches, log, audit trail."""

from django.contrib import admin

from . import audit, matches  # noqa: F401 - registers the model admins

admin.site.site_header = "Dispatch Rider moderation"
admin.site.site_title = "Dispatch Rider moderation"
admin.site.index_title = "Overview"
admin.site.index_template = "admin/games/overview_index.html"
