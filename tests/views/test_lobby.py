"""The lobby: create (every setting), join open matches, private invite links, invitations; my matches."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import Profile
from games import engines, services
from games.models import Invitation, InvitationStatus, Match, MatchStatus
from games.seeks.services import post_seek
from games.services.invitations import invite
from games.timecontrols import describe, presets
from games.views.open_match_rows import row_key
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db

# A timed preset from whichever table is in force (notifications.clocks.PRESETS, else our own).
TIMED = next(key for key, tc in presets().items() if tc["kind"] != "none")
CREATE = {
    "game": "rosenkoenig",
    "role": "white",
    "time_control": TIMED,
    "timeout_policy": "default_action",
    "private": "0",
    "rated": "on",
    "invite": "",
}


def test_lobby_offers_every_game_and_its_roles(client, alice):
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert all(f'value="{engine.slug}"' in page for engine in engines.all())
    assert describe(presets()[TIMED]) in page
    fragment = client.get("/lobby/form/?game=rosenkoenig", HTTP_HX_REQUEST="true").content.decode()
    assert fragment.startswith('<form id="create-form"') and 'value="red"' in fragment


FIELDS = ("games/_create_fields.html", "games/_seek_fields.html", "computer/_fields.html")
TOKEN = re.compile(
    r'<form id="(create|seek|computer)-form"[^>]*>\s*<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)"'
)


def test_fresh_lobby_forms_are_drawn_once_per_language_and_game_and_keep_no_token(alice, bob):
    """Their fields come from the fragment cache; each form's token is the reader's own, and it is accepted."""
    fragments = caches["template_fragments"]
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.force_login(alice)
    second.force_login(bob)
    drawn = first.get("/lobby/")
    assert {t.name for t in drawn.templates} >= set(FIELDS)
    kept = fragments.get(make_template_fragment_key("fresh_form", ["games/_create_fields.html", "en", "richard3"]))
    assert 'name="time_control"' in kept and "csrfmiddlewaretoken" not in kept and "alice" not in kept
    served = second.get("/lobby/")
    assert not {t.name for t in served.templates} & set(FIELDS)
    tokens = dict(TOKEN.findall(served.content.decode()))
    assert set(tokens) == {"create", "seek", "computer"}
    assert not set(tokens.values()) & set(dict(TOKEN.findall(drawn.content.decode())).values())
    created = second.post("/lobby/create/", {**CREATE, "csrfmiddlewaretoken": tokens["create"]})
    assert created.status_code == 302 and Match.objects.get().created_by == bob
    russian = second.get("/lobby/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Контроль времени" in russian and ">Time control<" not in russian
    other_game = second.get("/lobby/?computer-game=sekigahara").content.decode()
    assert 'value="sekigahara" selected' in other_game


def test_a_form_sent_back_keeps_its_values_and_errors_and_is_never_kept(client, alice):
    client.force_login(alice)
    client.get("/lobby/")
    refused = client.post("/lobby/create/", {**CREATE, "invite": "nobody", "rated": ""})
    page = refused.content.decode()
    assert refused.status_code == 400 and 'value="nobody"' in page and 'role="alert"' in page
    assert "games/_create_fields.html" in {t.name for t in refused.templates}
    assert 'value="nobody"' not in client.get("/lobby/").content.decode()


def test_the_lobby_costs_the_same_queries_for_one_open_match_or_many(client, alice, make_user):
    """Each open match names its creator and each seek its seeker, read with the lists, not row by row."""

    def offers(first: int, count: int) -> None:
        for n in range(first, first + count):
            creator = make_user(f"creator{n}")
            Profile.objects.filter(user=creator).update(display_name=f"Creator {n}")
            services.create_match(creator, "rosenkoenig")
            post_seek(make_user(f"seeker{n}"), "rosenkoenig", role="white")  # the same side: no two pair

    def lobby_queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/lobby/").status_code == 200
        return len(captured)

    client.force_login(alice)
    offers(0, 1)
    few = lobby_queries()
    offers(1, 6)
    assert lobby_queries() == few
    page = client.get("/lobby/").content.decode()
    assert all(f">Creator {n}</a>" in page and ">seeker" + str(n) + "</a>" in page for n in range(7))


def test_an_open_match_row_is_drawn_once_for_what_it_shows_and_keeps_no_token(alice, bob, carol):
    """Every reader gets the same row with their own token, which joins; a new name or language draws anew."""
    match = services.create_match(carol, "rosenkoenig", role="white")
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.force_login(alice)
    second.force_login(bob)
    first.get("/lobby/")
    kept = caches["template_fragments"].get(row_key(match, "en"))
    assert kept is not None and "csrfmiddlewaretoken" in "".join(kept)
    assert f'action="/matches/{match.pk}/join/"' in "".join(kept) and ">carol</a>" in "".join(kept)
    assert not any(re.fullmatch("[A-Za-z0-9]{64}", part) for part in kept)
    page = second.get("/lobby/").content.decode()
    row = page[page.index('<li class="open-match">') :]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', row)[1]
    Profile.objects.filter(user=carol).update(display_name="Carol of Kent")
    renamed = second.get("/lobby/").content.decode()
    assert ">Carol of Kent</a>" in renamed and ">carol</a>" not in renamed
    russian = second.get("/lobby/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"Розенкёниг №{match.pk}" in russian and "Случайная сторона" in russian
    joined = second.post(f"/matches/{match.pk}/join/", {"role": "red", "csrfmiddlewaretoken": token})
    assert joined.status_code == 302 and Match.objects.get(pk=match.pk).roles_of(bob) == ["red"]


def test_create_a_public_match_with_its_settings(client, alice):
    client.force_login(alice)
    response = client.post("/lobby/create/", CREATE)
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.roles_of(alice) == ["white"] and match.status == MatchStatus.OPEN
    assert match.time_control == presets()[TIMED] and match.timeout_policy == "default_action"
    assert match.rated and not match.is_private
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f"/matches/{match.pk}/join/?invite={match.invite_token}" in page


def test_create_refuses_bad_input_and_creates_nothing(client, alice):
    client.force_login(alice)
    for bad in ({"game": "chess"}, {"role": "green"}, {"time_control": "1-minute"}, {"invite": "nobody"}):
        response = client.post("/lobby/create/", {**CREATE, **bad})
        assert response.status_code == 400, bad
    assert client.post("/lobby/create/", {**CREATE, "invite": "alice"}).status_code == 400
    assert not Match.objects.exists()


def test_random_role_and_unrated(client, alice):
    client.force_login(alice)
    client.post("/lobby/create/", {**CREATE, "role": "", "rated": ""})
    match = Match.objects.get()
    assert match.roles_of(alice)[0] in ("red", "white") and not match.rated


def test_join_an_open_match_from_the_lobby(client, alice, bob):
    match = services.create_match(alice, "rosenkoenig", role="red")
    client.force_login(bob)
    assert f"/matches/{match.pk}/join/" in client.get("/lobby/").content.decode()
    response = client.post(f"/matches/{match.pk}/join/", {"role": ""})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.ACTIVE and match.roles_of(bob) == ["white"]
    again = client.post(f"/matches/{match.pk}/join/", {"role": ""})
    assert again.status_code == 409


def test_private_match_only_through_the_invite_link(client, alice, bob):
    client.force_login(alice)
    client.post("/lobby/create/", {**CREATE, "private": "1"})
    match = Match.objects.get()
    client.force_login(bob)
    assert f"/matches/{match.pk}/" not in client.get("/lobby/").content.decode()
    assert client.get(f"/matches/{match.pk}/").status_code == 404  # as if there were no match
    assert client.get(f"/matches/{match.pk}/join/").status_code == 404
    assert client.post(f"/matches/{match.pk}/join/", {"role": ""}).status_code == 404
    link = f"/matches/{match.pk}/join/?invite={match.invite_token}"
    page = client.get(link)
    assert page.status_code == 200 and match.invite_token in page.content.decode()
    assert client.post(link, {"role": "", "invite": match.invite_token}).status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.ACTIVE and match.roles_of(bob) == ["red"]


def test_invitations_accept_and_decline(client, alice, bob, carol):
    client.force_login(alice)
    client.post("/lobby/create/", {**CREATE, "private": "1", "invite": "bob"})
    first = Match.objects.get()
    client.post(f"/matches/{first.pk}/invite/", {"username": "carol"})
    assert Invitation.objects.filter(match=first).count() == 2

    client.force_login(carol)
    assert (
        client.post(f"/invitations/{first.invitations.get(user=carol).pk}/", {"answer": "decline"}).status_code == 302
    )
    client.force_login(bob)
    invitation = first.invitations.get(user=bob)
    assert b"invites you" in client.get("/lobby/").content
    # Carol cannot answer Bob's invitation.
    client.force_login(carol)
    assert client.post(f"/invitations/{invitation.pk}/", {"answer": "accept"}).status_code == 403
    client.force_login(bob)
    assert client.post(f"/invitations/{invitation.pk}/", {"answer": "accept"}).status_code == 302
    first.refresh_from_db()
    invitation.refresh_from_db()
    assert first.status == MatchStatus.ACTIVE and invitation.status == InvitationStatus.ACCEPTED
    assert client.post(f"/invitations/{invitation.pk}/", {"answer": "accept"}).status_code == 409


def test_invitation_sends_the_signal(client, alice, bob):
    from games import signals

    received = []
    signals.invitation_sent.connect(lambda sender, **kw: received.append(kw), weak=False, dispatch_uid="t-inv")
    try:
        client.force_login(alice)
        client.post("/lobby/create/", {**CREATE, "invite": "bob"})
    finally:
        signals.invitation_sent.disconnect(dispatch_uid="t-inv")
    assert [(r["user"], r["by"]) for r in received] == [(bob, alice)]


def test_my_matches_your_turn_first_then_waiting_then_finished(client, alice, bob, carol):
    mine = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(mine.pk, bob, "white")  # red (alice) to move
    theirs = services.create_match(alice, "rosenkoenig", role="white")
    services.join_match(theirs.pk, carol, "red")  # carol to move
    done = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(done.pk, bob, "white")
    play_first_legal(done, {"red": alice, "white": bob})
    waiting_open = services.create_match(alice, "rosenkoenig", role="red")

    client.force_login(alice)
    page = client.get("/").content.decode()
    your_turn, rest = page.split('id="waiting"')
    waiting, finished = rest.split('id="finished"')
    assert f"#{mine.pk}<" in your_turn and f"#{theirs.pk}<" not in your_turn
    assert f"#{theirs.pk}<" in waiting and f"#{waiting_open.pk}<" in waiting
    assert f"#{done.pk}<" in finished
    assert 'aria-label="1 match where it is your turn"' in page


def test_welcome_page_for_visitors(client):
    page = client.get("/")
    assert page.status_code == 200 and b"Sign up" in page.content
    assert client.get("/lobby/").status_code == 302


def test_an_invitation_needs_a_clear_answer(client, alice, bob):
    match = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    invitation = invite(match, alice, bob)
    client.force_login(bob)
    assert client.post(f"/invitations/{invitation.pk}/", {"answer": "maybe"}).status_code == 400
    invitation.refresh_from_db()
    assert invitation.status == InvitationStatus.PENDING


def test_game_options_become_form_fields(client, alice, monkeypatch):
    """Generic over engines: whatever options an engine declares are offered and passed on."""
    engine = engines.get("rosenkoenig")
    spec = {"variant": {"choices": ["short", "long"], "default": "short", "label": "Variant"}}
    monkeypatch.setattr(engine, "options", spec)
    client.force_login(alice)
    form = client.get("/lobby/form/?game=rosenkoenig").content.decode()
    assert 'name="option_variant"' in form and "Variant" in form
    client.post("/lobby/create/", {**CREATE, "option_variant": '"long"'})
    assert Match.objects.get().options == {"variant": "long"}
    assert client.post("/lobby/create/", {**CREATE, "option_variant": '"huge"'}).status_code == 400
    assert Match.objects.count() == 1


def test_time_controls_in_words():
    assert describe(None) == "No time limit"
    assert describe({"kind": "fixed", "per_move": 259_200}) == "3 days per move"
    assert describe({"kind": "bank", "initial": 604_800, "increment": 86_400, "cap": 1_209_600}) == (
        "7 days bank, +1 day per move, at most 14 days"
    )
    assert describe({"kind": "fixed", "per_move": 90}) == "90 seconds per move"
