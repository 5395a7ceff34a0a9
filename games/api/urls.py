from csp.decorators import csp_update
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from . import players, views
from .seeks import SeekViewSet
from .token import ObtainToken
from .tournaments import TournamentViewSet

# The docs pages' scripts are files (Swagger's "split" view), but Swagger UI and Redoc style themselves
# inline; Redoc also searches in a worker started from a blob and shows its maker's logo from their CDN.
swagger_policy = csp_update({"style-src": ["'unsafe-inline'"]})
redoc_policy = csp_update(
    {"style-src": ["'unsafe-inline'"], "worker-src": ["'self'", "blob:"], "img-src": ["https://cdn.redoc.ly"]}
)

# Path converters (MatchViewSet ids are <id:pk>); no ".json" suffix routes.
router = DefaultRouter(use_regex_path=False)
router.include_format_suffixes = False
router.register("matches", views.MatchViewSet, basename="match")
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register("seeks", SeekViewSet, basename="seek")

urlpatterns = [
    path("token/", ObtainToken.as_view(), name="api-token"),
    path("games/", views.games_list, name="api-games"),
    path("players/<str:username>/", players.player, name="api-player"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", swagger_policy(SpectacularSwaggerSplitView.as_view(url_name="api-schema")), name="api-docs"),
    path("redoc/", redoc_policy(SpectacularRedocView.as_view(url_name="api-schema")), name="api-redoc"),
    path("matches/<id:pk>/board.svg", views.MatchViewSet.as_view({"get": "board"}), name="match-board"),
    path("", include(router.urls)),
]
