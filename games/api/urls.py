from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from . import views

# Path converters (MatchViewSet ids are <int:pk>); no ".json" suffix routes.
router = DefaultRouter(use_regex_path=False)
router.include_format_suffixes = False
router.register("matches", views.MatchViewSet, basename="match")

urlpatterns = [
    path("token/", obtain_auth_token, name="api-token"),
    path("games/", views.games_list, name="api-games"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("matches/<int:pk>/board.svg", views.MatchViewSet.as_view({"get": "board"}), name="match-board"),
    path("", include(router.urls)),
]
