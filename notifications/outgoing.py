"""Requests the server makes on a user's behalf (webhooks, Web Push): https to a public internet address only.

A URL is checked when it is saved and again when it is used: requests-hardened resolves the name,
refuses loopback, private, link-local, unspecified and other non-public addresses (IPv4-mapped IPv6
included) and connects to the very address it checked, so a name cannot be re-pointed at the server's
own network between the check and the connection. Redirects are never followed.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

import requests
from django.conf import settings
from requests_hardened import Config, HTTPSession, Manager, ip_filter, ip_filter_adapter
from requests_hardened.ip_filter import InvalidIPAddress

TIMEOUT_SECONDS = 5
# IPv6 forms whose last 32 bits are an IPv4 address: IPv4-compatible (::a.b.c.d), mapped (::ffff:a.b.c.d)
# and translated (::ffff:0:a.b.c.d). requests-hardened unwraps only the mapped form, so [::127.0.0.1]
# or [::ffff:0:169.254.169.254] passed as "global" IPv6.
_EMBEDDING_IPV4 = tuple(ipaddress.ip_network(net) for net in ("::/96", "::ffff:0:0/96", "::ffff:0:0:0/96"))


def filter_host(hostname: str, port: int, *, allow_loopback: bool) -> str:
    """requests-hardened's check, then the IPv4 inside an IPv6 form must be a public address too."""
    address = ip_filter.filter_host(hostname, port, allow_loopback=allow_loopback)
    ip = ipaddress.ip_address(address.strip("[]"))
    if ip.version == 6 and any(ip in net for net in _EMBEDDING_IPV4):
        embedded = ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)
        if not embedded.is_global:
            raise InvalidIPAddress(ip)
    return address


# The connection's own check (made on the address it then connects to) is this one too: a name re-pointed
# after check_url at such a form is refused there.
ip_filter_adapter.filter_host = filter_host

_manager = Manager(
    Config(
        ip_filter_enable=True,
        ip_filter_allow_loopback_ips=False,
        never_redirect=True,
        default_timeout=(TIMEOUT_SECONDS, TIMEOUT_SECONDS),
        user_agent_override="Dispatch Rider webhook",
    )
)


class UnsafeURL(Exception):
    """The URL may not be requested; the message says why, in words for the user."""


def check_url(url: str) -> None:
    """Raise UnsafeURL unless ``url`` is https to a host that resolves to a public address."""
    parts = urlsplit(url)
    if parts.scheme != "https":
        raise UnsafeURL("Webhook URLs must start with https:// (the notice is sent encrypted or not at all).")
    host = parts.hostname
    if not host:
        raise UnsafeURL("This URL names no host.")
    try:
        port = parts.port or 443
    except ValueError:
        raise UnsafeURL("This URL's port is not a number between 0 and 65535.") from None
    try:
        filter_host(host, port, allow_loopback=False)
    except InvalidIPAddress as exc:
        raise _not_public(host, exc) from None
    except requests.RequestException:
        raise UnsafeURL(f"{host} cannot be found (no such name in DNS).") from None


def post_json(url: str, body: dict) -> requests.Response:
    """POST ``body`` to a checked URL; a redirect answer is an error, never followed."""
    check_url(url)
    try:
        response = _manager.send_request("POST", url, json=body)
    except InvalidIPAddress as exc:  # re-pointed since check_url: refused before connecting
        raise _not_public(urlsplit(url).hostname, exc) from None
    if response.is_redirect:
        raise requests.HTTPError(f"{response.status_code} redirect (not followed)", response=response)
    response.raise_for_status()
    return response


def check_push_endpoint(url: str) -> None:
    """A push service is held to the webhook rules; in development (DEBUG) a loopback address is accepted too,
    so that push can be tried with a push service on the same machine."""
    parts = urlsplit(url)
    if settings.DEBUG and parts.scheme in ("http", "https") and parts.hostname:
        try:
            if ipaddress.ip_address(parts.hostname).is_loopback or parts.hostname == "localhost":
                return
        except ValueError:
            pass  # a name: checked below like any other
    check_url(url)


def push_session() -> HTTPSession:
    """A session for pywebpush with the same guard at connection time (loopback only in development)."""
    return HTTPSession(
        Config(
            ip_filter_enable=True,
            ip_filter_allow_loopback_ips=settings.DEBUG,
            never_redirect=True,
            default_timeout=(TIMEOUT_SECONDS, TIMEOUT_SECONDS),
            user_agent_override="Dispatch Rider push",
        )
    )


def _not_public(host: str | None, exc: InvalidIPAddress) -> UnsafeURL:
    return UnsafeURL(
        f"{host} is at {exc}, which is not a public internet address: "
        "webhooks may only go to public servers (not this server's own network)."
    )
