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


def test_whole_pages_are_compressed_at_the_fastest_level_and_still_read_as_plain_gzip():
    from config.compression import padded_gzip

    body = b"<p>The board now, as York sees it.</p>" * 400
    packed = {padded_gzip(body, 100) for _ in range(8)}
    assert all(gzip.decompress(p) == body for p in packed)
    assert {p[8] for p in packed} == {4}  # XFL 4: compressed with the fastest algorithm
    assert len({len(p) for p in packed}) > 1


def test_a_streamed_response_is_compressed_by_django_as_before(rf):
    from django.http import StreamingHttpResponse

    from config.compression import FastGZipMiddleware

    middleware = FastGZipMiddleware(lambda request: StreamingHttpResponse(iter([b"x" * 1000, b"y" * 1000])))
    response = middleware(rf.get("/", HTTP_ACCEPT_ENCODING="gzip"))
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(b"".join(response.streaming_content)) == b"x" * 1000 + b"y" * 1000
