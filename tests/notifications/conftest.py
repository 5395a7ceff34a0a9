"""Notification fixtures: a webhook receiver (no network: the connection itself is intercepted), a turn mail."""

import io
import json
from types import SimpleNamespace

import pytest
from urllib3 import HTTPResponse
from urllib3.connectionpool import HTTPSConnectionPool

from .helpers import deliver_pending

PUBLIC_IP = "93.184.216.34"


@pytest.fixture
def hook(fake_dns, monkeypatch):
    """https://hooks.example.com/hook at a public address: records where each POST connected, answers ``status``."""
    fake_dns["hooks.example.com"] = PUBLIC_IP
    hook = SimpleNamespace(
        url="https://hooks.example.com/hook", ip=PUBLIC_IP, status=204, received=[], connections=[], location=None
    )

    def urlopen(pool, method, url, body=None, headers=None, **kwargs):
        hook.connections.append((pool.host, pool.port, headers["Host"], url))
        hook.received.append(json.loads(body))
        headers = {"Location": hook.location} if hook.location else {}
        return HTTPResponse(body=io.BytesIO(b""), status=hook.status, headers=headers, preload_content=False)

    monkeypatch.setattr(HTTPSConnectionPool, "urlopen", urlopen)
    return hook


@pytest.fixture
def red_mail(rk_match):
    """alice's first mail: the match began, her move (red), with the reply address."""
    (sent,) = [m for m in deliver_pending() if m.to == ["alice@example.com"]]
    return sent
