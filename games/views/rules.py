"""``/games/<slug>/rules/``: a game's rules as the engine plays them, readable without an account."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import catalogue, languages
from games.option_words import option_words
from games.rules_pages import rules_sections, stand_ins_html


def game_rules(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        game = catalogue.game(slug)
    except KeyError:
        raise Http404(f"No game {slug!r}") from None
    lang = languages.current_language()
    options = [
        {"words": option_words(slug, name), "values": [option_words(slug, name).value(v) for v in spec["choices"]]}
        for name, spec in game.engine.options.items()
    ]
    return render(
        request,
        "games/rules.html",
        {
            "game": game,
            "options": options,
            "stand_ins": stand_ins_html(slug, lang) if game.stand_in_notice else "",
            "sections": rules_sections(slug, lang),
        },
    )
