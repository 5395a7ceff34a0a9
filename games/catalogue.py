"""The games as the site presents them: a line on each, its stand-in notice, its rules page."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games import engines, languages
from games.engines.base import Engine

# One line per game for a newcomer choosing what to play (the welcome page and the lobby).
BLURBS: dict[str, str] = {  # in the reader's language, through the platform catalogue
    "richard3": _("The Wars of the Roses, 1460–1485: block warfare for the crown of England, Lancaster against York."),
    "rosenkoenig": _(
        "A short duel of power cards and heroes, placing and flipping stones for the largest rose garden."
    ),
    "blood_and_roses": _("One battle of the Wars of the Roses, hex by hex: archers, billmen, knights and treachery."),
    "nine_years": _("Louis XIV against the Grand Alliance, 1688–1697: armies, sieges and fleets across Europe."),
    "sekigahara": _("Japan, 1600: Ishida against Tokugawa, hidden blocks and the loyalty of the daimyo."),
}
# The order the welcome page shows them in: the war of the roses first, then the wider wars.
ORDER = ("richard3", "blood_and_roses", "rosenkoenig", "sekigahara", "nine_years")


@dataclass(frozen=True)
class Game:
    engine: Engine
    blurb: str

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def title(self) -> str:
        """In the current language (a request's, or a mail's ``translation.override``)."""
        return languages.text(self.engine, self.engine.title, languages.current_language())

    @property
    def stand_in_notice(self) -> str:
        return languages.text(self.engine, self.engine.stand_in_notice, languages.current_language())

    @property
    def rules_url(self) -> str:
        return reverse("game_rules", args=[self.slug])


def game(slug: str) -> Game:
    """One game (KeyError for a slug no engine has)."""
    return Game(engines.get(slug), BLURBS.get(slug, ""))


def games() -> list[Game]:
    """Every registered game, in the site's order (ones it does not know yet last, by title)."""
    rank = {slug: i for i, slug in enumerate(ORDER)}
    ordered = sorted(engines.all(), key=lambda e: (rank.get(e.slug, len(ORDER)), e.title))
    return [game(engine.slug) for engine in ordered]
