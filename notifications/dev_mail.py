"""Development mail: each message written under ``EMAIL_FILE_PATH`` (var/mail/) as a readable ``.txt`` (the
headers that matter, the text part, the attachments by name) beside its full ``.eml``, never into a log."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email.header import decode_header, make_header
from itertools import count
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage

HEADERS = ("From", "To", "Reply-To", "Subject", "Date")
_numbers = count(1)


class ReadableFileBackend(BaseEmailBackend):
    def __init__(self, *args, file_path: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.directory = Path(file_path or settings.EMAIL_FILE_PATH)

    def send_messages(self, email_messages: list[EmailMessage]) -> int:
        self.directory.mkdir(parents=True, exist_ok=True)
        for message in email_messages:
            stem = self.directory / self._name(message)
            stem.with_suffix(".eml").write_bytes(message.message().as_bytes())
            stem.with_suffix(".txt").write_text(readable(message), encoding="utf-8")
        return len(email_messages)

    @staticmethod
    def _name(message: EmailMessage) -> str:
        """Sortable and telling: ``20260101-120000-0007-bob-your-turn``."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        to = (message.to or ["nobody"])[0].split("@")[0]
        subject = re.sub(r"[^a-z0-9]+", "-", message.subject.lower()).strip("-")[:40]
        return f"{stamp}-{next(_numbers):04d}-{to}-{subject}"


def readable(message: EmailMessage) -> str:
    """The message as a person reads it: a few headers, the text part, and what is attached."""
    mime = message.message()
    lines = [f"{name}: {make_header(decode_header(mime[name]))}" for name in HEADERS if mime[name]]
    lines += ["", message.body.rstrip(), ""]
    parts = [(part.get_filename() or part.get("Content-ID", ""), part.get_content_type()) for part in mime.walk()]
    attached = [f"  {name} ({kind})" for name, kind in parts if name]
    alternatives = [f"  {kind} alternative" for _, kind in getattr(message, "alternatives", [])]
    if attached or alternatives:
        lines += ["Also in the .eml:", *alternatives, *attached]
    return "\n".join(lines) + "\n"
