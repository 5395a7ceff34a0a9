"""Errors an engine raises."""

from __future__ import annotations

from .messages import Text, untranslated


class IllegalAction(Exception):
    """An action the rules do not allow now. ``message`` is a message record (or a constant text) that
    the platform shows the player in their language (``Engine.text``); ``str()`` is its English."""

    def __init__(self, message: Text) -> None:
        super().__init__(untranslated(message))
        self.message = message
