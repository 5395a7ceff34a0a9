"""What a player wrote in a reply mail, as real mail clients send it.

The body is the plain-text part, else the HTML part as text (inscriptis), with quoted blocks
(<blockquote>) left out; decoded from whatever charset it declares (or, when that is missing or
unknown, the one charset-normalizer finds); invisible characters (byte-order marks, zero-width and
other format characters) dropped and look-alikes folded (NFKC: non-breaking spaces, full-width
digits). mail-parser-reply then cuts the quoted history ("On … wrote:", "-----Original Message-----",
Outlook's "From: … Sent: …" block) and the signature ("-- ", "Sent from my iPhone").
"""

from __future__ import annotations

import codecs
import unicodedata
from email.message import Message

from charset_normalizer import from_bytes
from inscriptis import get_annotated_text
from inscriptis.css_profiles import CSS_PROFILES
from inscriptis.model.config import ParserConfig
from mailparser_reply import EmailReplyParser
from mailparser_reply.constants import MAIL_LANGUAGES

_HTML = ParserConfig(css=CSS_PROFILES["strict"], annotation_rules={"blockquote": ["quote"]})
_REPLIES = EmailReplyParser(languages=list(MAIL_LANGUAGES))


def reply_lines(message: Message) -> list[str]:
    """The lines the sender wrote above (or between) the quotes, stripped, in order; no empty lines."""
    replies = _REPLIES.read(_normalise(_body_text(message))).replies
    newest = replies[0].body if replies else ""  # the rest is history, even where it is not marked with >
    lines = (line.strip() for line in newest.splitlines())
    return [line for line in lines if line and not line.startswith(">")]


def _body_text(message: Message) -> str:
    """The first plain-text part, else the first HTML part as text."""
    html = None
    for part in message.walk():
        if part.is_multipart() or part.get_content_disposition() == "attachment":
            continue
        content_type = part.get_content_type()
        if content_type == "text/plain":
            return _decode(part)
        if content_type == "text/html" and html is None:
            html = _html_to_text(_decode(part))
    return html or ""


def _decode(part: Message) -> str:
    payload = part.get_payload(decode=True) or b""
    charset = part.get_content_charset()
    if charset and _known(charset):
        return payload.decode(charset, errors="replace")
    try:
        return payload.decode("utf-8")
    except UnicodeDecodeError:
        guess = from_bytes(payload).best()
        return str(guess) if guess is not None else payload.decode("utf-8", errors="replace")


def _known(charset: str) -> bool:
    try:
        codecs.lookup(charset)
    except LookupError:
        return False
    return True


def _html_to_text(html: str) -> str:
    """The HTML as text without its quoted blocks."""
    annotated = get_annotated_text(html, _HTML)
    text = annotated["text"]
    quoted = set()
    for start, end, _label in annotated["label"]:
        quoted.update(range(start, end))
    return "".join(char for at, char in enumerate(text) if at not in quoted or char == "\n")


def _normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    return "".join(char for char in text if unicodedata.category(char) != "Cf")
