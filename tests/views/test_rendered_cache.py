"""The rendered board and log are cached per (record, reader's roles, language): never another's picture."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import presentation, rendered_cache, services
from games.views import drawn_parts, rendered
from games.views.rendered import rendered_position

pytestmark = pytest.mark.django_db


@pytest.fixture
def r3_match(alice, bob):
    """Richard III: each side's blocks stand face down to the other, so the two pictures differ."""
    match = services.create_match(alice, "richard3", role="york")
    services.join_match(match.pk, bob, "lancaster")
    match.refresh_from_db()
    return match


def board_of(client, match) -> str:
    html = client.get(f"/matches/{match.pk}/").content.decode()
    return html[html.index("<svg") : html.index("</svg>")]


def fresh(match, roles: list[str], lang: str) -> str:
    """The picture drawn now, without the cache."""
    col = "".join(rendered._render(match, roles, None, lang)["drawn"]["board_col"])
    return col[col.index("<svg") : col.index("</svg>")]


def test_each_role_and_the_spectator_get_their_own_picture_whatever_was_cached_first(client, r3_match, alice, bob):
    york, lancaster, spectator = (
        fresh(r3_match, ["york"], "en"),
        fresh(r3_match, ["lancaster"], "en"),
        fresh(r3_match, [], "en"),
    )
    assert len({york, lancaster, spectator}) == 3  # hidden blocks: the pictures for the same record differ
    client.force_login(bob)
    assert board_of(client, r3_match) in lancaster  # cached first, for Lancaster
    client.force_login(alice)
    assert board_of(client, r3_match) in york
    assert board_of(client, r3_match) not in lancaster
    client.logout()
    assert board_of(client, r3_match) in spectator


def test_each_language_gets_its_own_picture(client, r3_match, alice):
    english, russian = fresh(r3_match, ["york"], "en"), fresh(r3_match, ["york"], "ru")
    assert english != russian
    client.force_login(alice)
    assert board_of(client, r3_match) in english
    client.cookies["django_language"] = "ru"
    alice.profile.language = "ru"
    alice.profile.save()
    assert board_of(client, r3_match) in russian


def test_a_page_is_drawn_once_per_record_and_again_after_a_move(client, r3_match, alice, bob, monkeypatch):
    drawn = []
    original = rendered._render
    monkeypatch.setattr(rendered, "_render", lambda *args: drawn.append(args[1:]) or original(*args))
    client.force_login(alice)
    for _ in range(3):
        client.get(f"/matches/{r3_match.pk}/")
        client.get(f"/matches/{r3_match.pk}/live/")
    assert drawn == [(["york"], None, "en")]
    role = r3_match.active_roles[0]
    choice = r3_match.engine.legal_actions(r3_match.state, role)[0]["action"]
    services.submit_action(r3_match.pk, {"york": alice, "lancaster": bob}[role], role, choice, r3_match.seq)
    client.get(f"/matches/{r3_match.pk}/")
    assert len(drawn) == 2


def test_the_key_names_the_record_the_roles_the_language_and_the_drawing_code(r3_match):
    key = rendered_cache.cache_key("position", r3_match, ["york"], None, "ru")
    assert str(r3_match.pk) in key and r3_match.head_hash in key and ":york:ru:" in key
    assert rendered_cache.code_revision("richard3") in key
    assert key != rendered_cache.cache_key("position", r3_match, ["lancaster"], None, "ru")
    assert key != rendered_cache.cache_key("position", r3_match, ["york"], 0, "ru")
    assert rendered_position(r3_match, ["york"], None, "ru") == rendered_position(r3_match, ["york"], None, "ru")


def test_the_api_match_is_cached_per_roles_and_language_and_never_shows_another_roles_view(r3_match, alice, bob):
    from rest_framework.test import APIClient

    seen = {}
    for user, role in ((alice, "york"), (bob, "lancaster")):
        api = APIClient()
        api.force_authenticate(user)
        for lang in ("en", "ru", "en"):  # the second English read comes from the cache
            body = api.get(f"/api/matches/{r3_match.pk}/", HTTP_ACCEPT_LANGUAGE=lang).json()
            fresh_view = presentation._position_for(r3_match, [role], lang)
            assert body["view"] == fresh_view["view"] and body["legal_actions"] == fresh_view["legal_actions"]
            seen[role, lang] = body["view"]
    assert seen["york", "en"] != seen["lancaster", "en"]  # each side's blocks face down to the other
    assert seen["york", "en"] != seen["york", "ru"]


def test_the_cached_move_forms_keep_no_token_and_each_page_gets_its_own(client, r3_match, alice):
    """The forms are drawn once per record, but the CSRF token and the idempotency key are the request's."""
    client.force_login(alice)
    pages = [client.get(f"/matches/{r3_match.pk}/").content.decode() for _ in range(2)]
    drawn = rendered_position(r3_match, ["york"], None, "en")["drawn"]
    assert 'name="action"' in "".join(drawn["board_forms"] + drawn["board_col"])
    for html in map("".join, drawn.values()):
        assert "csrfmiddlewaretoken" not in html or drawn_parts.CSRF_SLOT in html
        assert 'name="idempotency_key" value="web-' not in html
    keys = [re.findall(r'name="idempotency_key" value="([^"]+)"', page) for page in pages]
    tokens = [re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page) for page in pages]
    assert keys[0] and keys[0][0] != keys[1][0] and keys[0][0].startswith("web-")
    assert tokens[0] and tokens[0][0] != tokens[1][0]  # masked anew for each response
    assert not any("slot5b1e" in page for page in pages)


def test_a_part_is_kept_cut_at_its_slots_and_filled_with_one_requests_values():
    part = drawn_parts.SLOTS.split(
        f'<input name="csrfmiddlewaretoken" value="{drawn_parts.CSRF_SLOT}"><button{drawn_parts.FOCUS_SLOT}>'
        f"{drawn_parts.KEY_SLOT}</button>"
    )
    assert part[1::2] == [drawn_parts.CSRF_SLOT, drawn_parts.FOCUS_SLOT, drawn_parts.KEY_SLOT]
    assert drawn_parts.filled(part, csrf_token="T", idempotency_key="K", focus=True) == (
        '<input name="csrfmiddlewaretoken" value="T"><button autofocus>K</button>'
    )
    assert drawn_parts.filled(part, csrf_token="U", idempotency_key="L", focus=False) == (
        '<input name="csrfmiddlewaretoken" value="U"><button>L</button>'
    )


def test_the_drawing_code_digest_covers_the_views_that_shape_the_kept_parts(monkeypatch):
    """A deploy that keeps the parts in another shape must not read the entries the old code kept."""
    before = rendered_cache.code_revision.__wrapped__("richard3")
    read = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda p: read(p) + (b"#" if p.name == "drawn_parts.py" else b""))
    assert rendered_cache.code_revision.__wrapped__("richard3") != before
