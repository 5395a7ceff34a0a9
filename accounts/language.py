"""The language a user reads: saved on their profile, else English (mail, digests, webhooks)."""

from __future__ import annotations

from django.conf import settings

LANGUAGE_CODES = tuple(code for code, _ in settings.LANGUAGES)


def supported(code: str | None) -> str | None:
    """``code`` if it is one of ours ("ru-RU" counts as "ru"), else None."""
    if not code:
        return None
    code = code.lower().split("-")[0].split("_")[0]
    return code if code in LANGUAGE_CODES else None


def language_of(user) -> str:
    """The language to write to ``user`` in when no request says otherwise: their saved choice, else "en"."""
    profile = getattr(user, "profile", None) if user is not None else None
    return supported(getattr(profile, "language", "")) or "en"
