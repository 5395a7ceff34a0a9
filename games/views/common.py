"""Small helpers shared by the page views."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.models import Match


def is_htmx(request: HttpRequest) -> bool:
    """htmx asks for a fragment; a plain browser (no JavaScript) gets whole pages."""
    return request.headers.get("HX-Request") == "true"


def get_match(pk: int) -> Match:
    return get_object_or_404(Match.objects.prefetch_related("seats__user__profile"), pk=pk)


def error_page(request: HttpRequest, message: str, status: int) -> HttpResponse:
    """A refusal as a small page (or a fragment htmx shows in place of the form that caused it)."""
    template = "games/_error.html" if is_htmx(request) else "games/error.html"
    return render(request, template, {"error": message}, status=status)
