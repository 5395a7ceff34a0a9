"""The site as an app on a phone's home screen: its web app manifest and its service worker, both served
from the site's root (a worker's scope is the folder it is served from). The worker caches the static files
only, never a page or an API answer: a match page is always the server's present."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

WORKER = Path(__file__).resolve().parent.parent / "static" / "games" / "service-worker.js"


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """Installed, the site opens on My matches in a window of its own, named in the reader's language."""
    icons = [
        {
            "src": static(f"games/icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": use,
        }
        for size in (192, 512)
        for use in ("any", "maskable")
    ]
    body = {
        "name": "Dispatch Rider",
        "short_name": "Dispatch Rider",
        "description": _("Historical wargames and board games by correspondence, at your own pace."),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#faf7f0",
        "theme_color": "#2b2118",
        "icons": icons,
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_worker_source(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new worker reaches browsers at their next visit
    return response


@cache
def _worker_source() -> str:
    # The worker learns where the static files are from the settings, so the two never disagree.
    return WORKER.read_text(encoding="utf-8").replace("__STATIC_URL__", "/" + settings.STATIC_URL.lstrip("/"))
