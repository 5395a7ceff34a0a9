from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from . import views
from .token import ObtainToken

router = DefaultRouter()
router.register("matches", views.MatchViewSet, basename="match")

urlpatterns = [
    path("token/", ObtainToken.as_view(), name="api-token"),
    path("games/", views.games_list, name="api-games"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("matches/<int:pk>/board.svg", views.MatchViewSet.as_view({"get": "board"}), name="match-board"),
    path("", include(router.urls)),
]
