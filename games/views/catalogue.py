"""The games themselves, for anyone: a picture of each board at its start."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from games import engines, languages
from games.pictures import setup_picture

LAYER_SECONDS = 365 * 24 * 3600  # a layer's name changes with its drawing, so a copy never goes stale


@require_GET
@cache_control(public=True, max_age=3600)
def board_picture(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        svg = setup_picture(slug, languages.current_language())
    except KeyError:
        raise Http404(f"No game {slug!r}") from None
    response = HttpResponse(svg, content_type="image/svg+xml")
    patch_vary_headers(response, ("Accept-Language", "Cookie"))  # one picture per language at one address
    return response


@require_GET
@cache_control(public=True, max_age=LAYER_SECONDS, immutable=True)
def board_layer(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """A static layer of a game's board (a battle's terrain), referenced by the board on the match page."""
    try:
        svg = engines.get(slug).layer(name)
    except KeyError:
        svg = None
    if svg is None:
        raise Http404(f"No layer {name!r} of {slug!r}")
    return HttpResponse(svg, content_type="image/svg+xml")


def layer_url(slug: str) -> str:
    """The URL of a game's layers up to the layer's name (``Engine.layer``): the engine appends
    ``<name>.svg``."""
    return reverse("game_board_layer", args=[slug, "x"]).removesuffix("x.svg")
