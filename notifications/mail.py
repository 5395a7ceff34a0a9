"""Turning a composed message into an email: text and HTML parts, the board as an inline PNG."""

from __future__ import annotations

import cairosvg
from anymail.message import attach_inline_image
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation

from games.languages import for_drawing

from .compose import Message, compose
from .models import Notification


def board_png(message: Message) -> bytes | None:
    """The board drawn from the recipient's own view (never another role's), in their language."""
    if message.match is None or message.view is None:
        return None
    svg = message.match.engine.render_picture(for_drawing(message.view, message.lang))
    # Twice the 600 px the mail shows it at, so the names stay sharp on dense screens and when zoomed.
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=1200)


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
