"""An engine's texts as message records with a tiny Russian catalogue, for the platform's language tests.

``install`` makes a running engine write every text the platform shows as a record (``Choice {n}``,
``Your move, {side}``, ``Event {n}: {place}``) and draw its pictures with ``view["lang"]``, so a test sees
which language each edge rendered in, whether or not the real engine is converted yet.
"""

from __future__ import annotations

import gettext
from typing import Any

from games.engines.base import IllegalAction, msg, name
from games.engines.base.messages import Catalogue

RU = {
    "Choice {n}": "Выбор {n}",
    "Your move, {side}": "Ваш ход, {side}",
    "Event {n}: {place}": "Событие {n}: {place}",
    "Board of {side}": "Доска: {side}",
    "Not now: {card}": "Сейчас нельзя: {card}",
    "Fake Rose Duel": "Поединок роз",
    "A stand-in board": "Условная замена поля",
}
NAMES = {
    "side:red": {"en": "Red", "ru": "Красные"},
    "side:white": {"en": "White", "ru": "Белые"},
    "area:garden": {"en": "Garden", "ru": "Сад"},
    "card:sword": {"en": "Sword", "ru": "Меч"},
}
TITLE = "Fake Rose Duel"
REFUSAL = msg("Not now: {card}", card=name("card:sword"))


class _Russian(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return RU.get(message, message)


class FakeCatalogues:
    def render(self, text: Any, lang: str | None) -> str:
        translations = _Russian() if lang == "ru" else gettext.NullTranslations()
        return Catalogue(translations, NAMES, "ru" if lang == "ru" else "en").render(text)


CATALOGUES = FakeCatalogues()


def label(n: int) -> dict:
    return msg("Choice {n}", n=n)


def picture(view: dict) -> str:
    words = CATALOGUES.render(msg("Board of {side}", side=name("side:red")), view.get("lang"))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>{words}</text></svg>'


def install(monkeypatch, engine) -> None:
    legal_actions, view = engine.legal_actions, engine.view

    def legal_in_records(state, role):
        return [{**choice, "label": label(n)} for n, choice in enumerate(legal_actions(state, role), 1)]

    def view_in_records(state, role):
        shown = view(state, role)
        log = [
            {**event, "text": msg("Event {n}: {place}", n=n, place=name("area:garden"))}
            for n, event in enumerate(shown.get("log", []), 1)
        ]
        return {**shown, "prompt": msg("Your move, {side}", side=name("side:red")), "log": log}

    monkeypatch.setattr(engine, "catalogues", CATALOGUES)
    monkeypatch.setattr(engine, "title", TITLE)
    monkeypatch.setattr(engine, "stand_in_notice", "A stand-in board")
    monkeypatch.setattr(engine, "legal_actions", legal_in_records)
    monkeypatch.setattr(engine, "view", view_in_records)
    for method in ("render_svg", "render_picture"):
        monkeypatch.setattr(engine, method, picture)
    monkeypatch.setattr(engine, "render_panels", lambda view: f"<p>{view.get('lang')}-panels</p>")


def refuse(monkeypatch, engine) -> None:
    """Every move is refused with ``REFUSAL``."""

    def apply(state, role, action):
        raise IllegalAction(REFUSAL)

    monkeypatch.setattr(engine, "apply", apply)
