"""Signed values carried by mail: the reply address, the one-click link, the unsubscribe link."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

REPLY_SALT = "notifications.reply"
LOGIN_SALT = "notifications.login"
UNSUBSCRIBE_SALT = "notifications.unsubscribe"
# A turn lasts days at most (notifications.clocks): an older link has no turn left to open.
LOGIN_LINK_MAX_AGE = timedelta(days=3)
# Lower case only: some mail servers fold the case of the local part.
_REPLY_ADDRESS = re.compile(r"play\+([0-9a-z-]+)@([^\s>]+)", re.IGNORECASE)


@dataclass(frozen=True)
class ReplyToken:
    """A turn mail's reply address binds the match, the role (its index), the user and the log position."""

    match_id: int
    role_index: int
    user_id: int
    seq: int

    def _body(self) -> str:
        return f"{self.match_id}-{self.role_index}-{self.user_id}-{self.seq}"

    def _mac(self) -> str:
        # 80 bits keep the address under the 64-character local-part limit.
        return salted_hmac(REPLY_SALT, self._body()).hexdigest()[:20]

    @property
    def address(self) -> str:
        return f"play+{self._body()}-{self._mac()}@{settings.MAIL_DOMAIN}"

    @classmethod
    def find(cls, addresses: list[str]) -> ReplyToken | None:
        """The first validly signed reply token among the addresses; None if there is none."""
        for address in addresses:
            for text, domain in _REPLY_ADDRESS.findall(address or ""):
                if domain.lower() != settings.MAIL_DOMAIN.lower():
                    continue
                parts = text.lower().split("-")
                if len(parts) != 5 or not all(p.isdigit() for p in parts[:4]):
                    continue
                token = cls(*map(int, parts[:4]))
                if constant_time_compare(token._mac(), parts[4]):
                    return token
        return None


def login_link(user, match_id: int) -> str:
    """One click: logs ``user`` in and opens the match page, as often as it is opened until LOGIN_LINK_MAX_AGE
    (dead at once when the password changes); a browser signed in as someone else is asked first
    (``notifications.views.go``, SECURITY.md "Mail")."""
    token = signing.dumps({"u": user.pk, "m": match_id, "p": password_mark(user)}, salt=LOGIN_SALT, compress=True)
    return settings.SITE_URL + reverse("notifications:go", args=[token])


def read_login_token(token: str) -> dict:
    """The signed payload; raises signing.BadSignature (or SignatureExpired) when not valid."""
    return signing.loads(token, salt=LOGIN_SALT, max_age=LOGIN_LINK_MAX_AGE)


def login_token_holds(data: dict, user) -> bool:
    """Was the link made for ``user`` as they are now (same password)?"""
    return constant_time_compare(data.get("p", ""), password_mark(user))


def password_mark(user) -> str:
    # As PasswordResetTokenGenerator does: a changed (or reset) password changes the hash, killing old links.
    return salted_hmac(LOGIN_SALT, user.password).hexdigest()[:16]


def unsubscribe_link(user, match_id: int | None) -> str:
    token = signing.dumps({"u": user.pk, "m": match_id}, salt=UNSUBSCRIBE_SALT, compress=True)
    return settings.SITE_URL + reverse("notifications:unsubscribe", args=[token])


def read_unsubscribe_token(token: str) -> dict:
    return signing.loads(token, salt=UNSUBSCRIBE_SALT)


def match_page(match_id: int) -> str:
    return f"{settings.SITE_URL}/matches/{match_id}/"
