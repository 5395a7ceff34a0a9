"""The games themselves, for anyone: a picture of each board at its start."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from games.pictures import setup_picture


@require_GET
@cache_control(public=True, max_age=3600)
def board_picture(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        svg = setup_picture(slug)
    except KeyError:
        raise Http404(f"No game {slug!r}") from None
    return HttpResponse(svg, content_type="image/svg+xml")
