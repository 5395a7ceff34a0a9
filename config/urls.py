"""URL routes."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path, register_converter
from django.views.generic import RedirectView

from accounts.views import set_language
from config import health
from games.converters import DatabaseId
from notifications import push_views

# Before the apps' URL modules are read: they name match ids <id:pk>.
register_converter(DatabaseId, "id")

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    # Browsers ask for it on pages that name no icon (the admin's).
    path("favicon.ico", RedirectView.as_view(url=static("games/favicon.svg"), permanent=True)),
    path("admin/", admin.site.urls),
    path("api/push-subscriptions/", push_views.subscriptions, name="api-push-subscriptions"),
    path("api/push-subscriptions/<id:pk>/", push_views.subscription, name="api-push-subscription"),
    path("api/", include("games.api.urls")),
    path("notifications/", include("notifications.urls")),
    path("accounts/", include("accounts.urls")),
    # Django's set_language (cookie + redirect), also saving a signed-in player's choice on the profile.
    path("i18n/setlang/", set_language, name="set_language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]

# JSON errors under /api/, the usual pages elsewhere.
handler400 = "games.api.errors.bad_request"
handler404 = "games.api.errors.not_found"
handler500 = "games.api.errors.server_error"
