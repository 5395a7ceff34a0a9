"""The site installs as an app: a valid web app manifest that opens My matches, icons that exist, and a
service worker at the root that caches the static files only."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_the_manifest_opens_my_matches_in_a_window_of_its_own(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"].startswith("#")
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_the_manifest_speaks_the_readers_language(client):
    manifest = json.loads(client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="ru").content)
    assert manifest["lang"] == "ru" and "по переписке" in manifest["description"]


def test_every_page_names_the_manifest(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page


def test_the_service_worker_is_served_from_the_root_and_caches_static_files_only(client):
    response = client.get("/service-worker.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    source = response.content.decode()
    assert 'const STATIC = "/static/";' in source and "__STATIC_URL__" not in source
    assert "url.pathname.startsWith(STATIC)" in source and source.count("cache.put(") == 1
