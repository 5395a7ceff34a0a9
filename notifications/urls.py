"""URLs under /notifications/."""

from django.urls import path, re_path

from . import provider_webhook, push_views, views

app_name = "notifications"

urlpatterns = [
    path("go/<str:token>/", views.go, name="go"),
    path("move/<str:token>/", views.choice, name="choice"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("push/<id:pk>/remove/", push_views.remove, name="push_remove"),
    path("matches/<id:match_id>/mode/", views.match_mode, name="match_mode"),
    # The configured provider's inbound webhook (django-anymail): /notifications/anymail/<esp>/inbound/
    # (Mailgun also inbound_mime/); every other provider's is a 404.
    re_path(r"^anymail/(?P<esp>[a-z_]+)/inbound(?P<mime>_mime)?/$", provider_webhook.inbound, name="inbound_webhook"),
]
