"""The one provider inbound webhook this server listens to (moves by email through django-anymail).

Only the provider named by INBOUND_MAIL_PROVIDER is served, and only with ANYMAIL_WEBHOOK_SECRET set (its
basic auth is then required by anymail): any other provider, or any provider without a secret, is a 404.
Mounting all of anymail's endpoints took anyone's posts (no secret by default: an anonymous post made the
server mail any address) and answered 500 for every provider not configured.
"""

from __future__ import annotations

from anymail import urls as anymail_urls
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt

from accounts.limit_answers import too_many_requests
from accounts.ratelimits import client_address, over_limit

_SUFFIX = "_inbound_webhook"
# anymail's own inbound views by provider name ("postmark", "mailgun", …), from its URL list.
INBOUND_VIEWS = {
    pattern.name.removesuffix(_SUFFIX): pattern.callback
    for pattern in anymail_urls.urlpatterns
    if (pattern.name or "").endswith(_SUFFIX)
}


def serves(esp: str) -> bool:
    """Is ``esp``'s inbound webhook served: the configured provider, with a webhook secret?"""
    return bool(esp == settings.INBOUND_MAIL_PROVIDER and esp in INBOUND_VIEWS and settings.ANYMAIL["WEBHOOK_SECRET"])


@csrf_exempt  # the provider's basic auth (checked by anymail) is the credential
def inbound(request: HttpRequest, esp: str, mime: str = "") -> HttpResponse:
    if not serves(esp):
        raise Http404("No inbound mail webhook here")
    # Per posting address (the provider's), beside the per-sender limit on each message (notifications.inbound).
    if over_limit("inbound-mail-address", f"ip:{client_address(request)}"):
        return too_many_requests(request, None)
    return INBOUND_VIEWS[esp](request)
