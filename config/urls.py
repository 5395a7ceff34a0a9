"""URL routes."""

from django.contrib import admin
from django.urls import include, path

from config import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/", include("games.api.urls")),
    path("notifications/", include("notifications.urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("games.urls")),
]
