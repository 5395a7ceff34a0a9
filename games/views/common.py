"""Small helpers shared by the page views."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.models import Match
from games.services.reading import read_match
from games.services.visibility import visible_to


def is_htmx(request: HttpRequest) -> bool:
    """htmx asks for a fragment; a plain browser (no JavaScript) gets whole pages."""
    return request.headers.get("HX-Request") == "true"


def get_match(pk: int, user=None) -> Match:
    """The match; for ``user``, only one they may know of: a stranger's private match is the same 404
    (Django's page) as a free id (games.services.visibility).

    The cached state is left in the database until something reads it: a page drawn from the rendered cache
    (``games.views.rendered``) never does, and parsing it costs more than the rest of the page."""
    match = read_match(pk)
    if match is None or (user is not None and not visible_to(match, user)):
        raise Http404(f"No match {pk}")
    return match


def error_page(request: HttpRequest, message: str, status: int) -> HttpResponse:
    """A refusal as a small page (or a fragment htmx shows in place of the form that caused it)."""
    template = "games/_error.html" if is_htmx(request) else "games/error.html"
    return render(request, template, {"error": message}, status=status)
