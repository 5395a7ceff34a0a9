"""Requests the server makes on a user's behalf (webhooks): https to a public internet address only.

A URL is checked when it is saved and again when it is used: requests-hardened resolves the name,
refuses loopback, private, link-local, unspecified and other non-public addresses (IPv4-mapped IPv6
included) and connects to the very address it checked, so a name cannot be re-pointed at the server's
own network between the check and the connection. Redirects are never followed.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import requests
from requests_hardened import Config, Manager
from requests_hardened.ip_filter import InvalidIPAddress, filter_host

TIMEOUT_SECONDS = 5

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
        raise UnsafeURL(
            f"{host} is at {exc}, which is not a public internet address: "
            "webhooks may only go to public servers (not this server's own network)."
        ) from None
    except requests.RequestException:
        raise UnsafeURL(f"{host} cannot be found (no such name in DNS).") from None


def post_json(url: str, body: dict) -> requests.Response:
    """POST ``body`` to a checked URL; a redirect answer is an error, never followed."""
    check_url(url)
    response = _manager.send_request("POST", url, json=body)
    if response.is_redirect:
        raise requests.HTTPError(f"{response.status_code} redirect (not followed)", response=response)
    response.raise_for_status()
    return response
