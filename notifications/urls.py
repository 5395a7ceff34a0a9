"""URLs under /notifications/."""

from django.urls import include, path

from . import views

app_name = "notifications"

urlpatterns = [
    path("go/<str:token>/", views.go, name="go"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("matches/<id:match_id>/mode/", views.match_mode, name="match_mode"),
    # Provider inbound webhooks (django-anymail): /notifications/anymail/<esp>/inbound/
    path("anymail/", include("anymail.urls")),
]
