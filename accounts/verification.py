"""Signed, expiring email-verification links (no table: the signature is the proof)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.urls import reverse
from django.utils.translation import gettext as _

SALT = "accounts.verify-email"
MAX_AGE_SECONDS = 3 * 86_400


def verification_token(user) -> str:
    # The address is signed too, so a link stops working if the address changes.
    return signing.dumps({"user": user.pk, "email": user.email}, salt=SALT)


def user_for_token(token: str):
    """The user the token was made for, or None when it is forged, expired or outdated."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE_SECONDS)
    except signing.BadSignature:
        return None
    user = get_user_model().objects.filter(pk=data.get("user")).first()
    if user is None or user.email != data.get("email"):
        return None
    return user


def send_verification_email(request, user) -> None:
    """Mail the link, on the host and in the language the user signed up with."""
    link = request.build_absolute_uri(reverse("verify_email", args=[verification_token(user)]))
    body = _(
        "Hello {name},\n\nOpen this link to confirm your address and start playing:\n\n{link}\n\n"
        "The link works for 3 days. If you did not sign up, ignore this message.\n"
    ).format(name=user.get_username(), link=link)
    send_mail(_("Dispatch Rider: confirm your email address"), body, None, [user.email])
