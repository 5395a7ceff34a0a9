"""URL routes."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("games.api.urls")),
    path("notifications/", include("notifications.urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("games.urls")),
]

# JSON errors under /api/, the usual pages elsewhere.
handler404 = "games.api.errors.not_found"
handler500 = "games.api.errors.server_error"
