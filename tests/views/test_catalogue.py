"""A board's static layers (a battle's terrain): served once, cached for good, referenced by the page's board."""

from __future__ import annotations

import re

import pytest

from games import services

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "match-live"}


@pytest.fixture
def bosworth(make_user):
    york, lancaster = make_user("york"), make_user("lancaster")
    match = services.create_match(york, "blood_and_roses", role="york")
    services.join_match(match.pk, lancaster, "lancaster")
    match.refresh_from_db()
    return match, york


def test_the_board_after_a_move_references_its_terrain_and_stays_under_80_kb(client, bosworth):
    match, york = bosworth
    client.force_login(york)
    live = client.get(f"/matches/{match.pk}/", **HTMX).content.decode()
    svg = re.search(r"<svg.*?</svg>", live, re.S).group(0)
    assert len(svg.encode()) <= 80_000
    layers = re.findall(r'<image href="([^"]+)"', svg)
    assert len(layers) == 2
    for url in layers:
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
        assert "immutable" in response["Cache-Control"] and "max-age=31536000" in response["Cache-Control"]
    full_size = client.get(f"/matches/{match.pk}/board.svg").content.decode()
    assert "<image" not in full_size and "Flight Level" in full_size  # self-contained, with the tracks


def test_an_unknown_layer_is_not_found(client):
    assert client.get("/games/blood_and_roses/layers/bosworth-terrain-000000000000.svg").status_code == 404
    assert client.get("/games/no_such_game/layers/x.svg").status_code == 404
    assert client.get("/games/richard3/layers/x.svg").status_code == 404
