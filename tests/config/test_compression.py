"""Pages go out gzip-compressed to browsers that ask, padded against BREACH (SECURITY.md, "Compression")."""

from __future__ import annotations

import gzip

import pytest

pytestmark = pytest.mark.django_db


def test_a_page_is_compressed_for_a_browser_that_asks_and_plain_for_one_that_does_not(client, alice):
    client.force_login(alice)
    plain = client.get("/lobby/")
    packed = client.get("/lobby/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    html = gzip.decompress(packed.content).decode()
    assert "<html" in html and len(packed.content) < len(html) / 2


def test_the_same_page_differs_in_compressed_length_by_random_padding(client, alice):
    """Django pads each gzip body by a random length: equal pages do not give equal sizes to measure."""
    client.force_login(alice)
    sizes = {len(client.get("/lobby/", HTTP_ACCEPT_ENCODING="gzip").content) for _ in range(8)}
    assert len(sizes) > 1


def test_the_csrf_token_never_repeats_between_two_responses(client, alice):
    client.force_login(alice)
    tokens = []
    for _ in range(2):
        html = gzip.decompress(client.get("/lobby/", HTTP_ACCEPT_ENCODING="gzip").content).decode()
        tokens.append(html.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0])
    assert tokens[0] != tokens[1]
