"""The site's routes plus the floor of bench.pages: a signed-in view that renders an empty template."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns

EMPTY = engines["django"].from_string("")


@login_required
def floor(request: HttpRequest) -> HttpResponse:
    return HttpResponse(EMPTY.render({}, request))


urlpatterns = [path("bench/floor/", floor), *site_urlpatterns]
