"""Turning a composed message into an email: text and HTML parts, the board as an inline PNG."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from anymail.message import attach_inline_image
from cairosvg.surface import PNGSurface
from cairosvg.url import safe_fetch
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation

from games import engines
from games.engines.base import Engine
from games.languages import for_drawing

from .compose import Message, compose
from .models import Notification

# Twice the 600 px the mail shows the board at, so the names stay sharp on dense screens and when zoomed.
PICTURE_WIDTH = 1200
# The picture's static layers (``Engine.layer``) are referenced under this scheme and rastered here once
# per worker: a battle's terrain is most of what the renderer walks in a Blood & Roses picture.
LAYERS = "layer:"


def board_png(message: Message) -> bytes | None:
    """The board drawn from the recipient's own view (never another role's), in their language."""
    if message.match is None or message.view is None:
        return None
    return picture_png(message.match.engine, for_drawing(message.view, message.lang))


def picture_png(engine: Engine, view: dict[str, Any]) -> bytes:
    """The engine's picture of ``view`` (already in its reader's language), its layers rastered once."""
    return _png(picture_svg(engine, view), partial(_layer_or_nothing, engine.slug))


def picture_svg(engine: Engine, view: dict[str, Any]) -> str:
    return engine.render_picture({**view, "layer_url": LAYERS})


def _png(svg: str, url_fetcher: Callable[[str, str], bytes] = safe_fetch) -> bytes:
    return PNGSurface.convert(bytestring=svg.encode("utf-8"), output_width=PICTURE_WIDTH, url_fetcher=url_fetcher)


def _layer_or_nothing(slug: str, url: str, resource_type: str) -> bytes:
    """A layer of ``slug`` as a PNG as wide as the picture (a layer spans the picture's width); any other
    reference, or a layer the engine does not know, draws nothing: the mail never reads a file or the
    network."""
    name = url.removeprefix(LAYERS).removesuffix(".svg") if url.startswith(LAYERS) else None
    return (_layer_png(slug, name) if name else None) or safe_fetch(url, resource_type)


@lru_cache(maxsize=32)
def _layer_png(slug: str, name: str) -> bytes | None:
    svg = engines.get(slug).layer(name)
    return None if svg is None else _png(svg)


def build_email(notification: Notification) -> EmailMultiAlternatives:
    message = compose(notification)
    with translation.override(message.lang):  # the templates' own words in the recipient's language too
        return _email(notification, message)


def _email(notification: Notification, message: Message) -> EmailMultiAlternatives:
    headers = {
        "Message-ID": f"<notification-{notification.pk}@{settings.MAIL_DOMAIN}>",
        "List-Unsubscribe": f"<{message.unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }
    email = EmailMultiAlternatives(
        subject=message.subject,
        body=render_to_string("notifications/email/message.txt", {"m": message}),
        to=[notification.user.email],
        reply_to=[message.reply_to] if message.reply_to else None,
        headers=headers,
    )
    context = {"m": message, "board_cid": None}
    png = board_png(message)
    if png is not None:
        email.mixed_subtype = "related"  # the picture belongs to the HTML part
        context["board_cid"] = attach_inline_image(email, png, filename="board.png")
    email.attach_alternative(render_to_string("notifications/email/message.html", context), "text/html")
    return email
