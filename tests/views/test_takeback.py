"""The match page's takeback part and its "since your last move" marking."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.test import Client

from games import engines, services
from games.models import ActionKind, TakebackStatus
from games.replay import verify
from games.since_last_move import since_last_move
from tests.helpers import a_play_action

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "match-live"}


def play(match, user, role):
    match.refresh_from_db()
    services.submit_action(match.pk, user, role, a_play_action(match, role), match.seq)
    match.refresh_from_db()


@pytest.fixture
def two_moves(rk_match, alice, bob):
    play(rk_match, alice, "red")
    play(rk_match, bob, "white")
    return rk_match


def page(user, match, **extra) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/matches/{match.pk}/", **extra).content.decode()


def test_asked_and_accepted_on_the_page(two_moves, alice, bob):
    match = two_moves
    alices = html.unescape(page(alice, match))
    label = match.engine.text(
        match.engine.legal_actions(match.engine.setup(match.seed, match.options), "red")[0]["label"]
    )
    first_event = len(match.engine.view(match.engine.setup(match.seed, match.options), "red")["log"]) + 1
    # named by the move it goes back to and numbered as the event log numbers (its <ol> counts from 1)
    assert f'<option value="1">before your {label} (event {first_event})</option>' in alices
    assert 'name="to_seq"' not in page(bob, match)  # bob's only move has no move of alice's after it
    client = Client()
    client.force_login(alice)
    asked = client.post(f"/matches/{match.pk}/takeback/", {"role": "red", "to_seq": "1"}, **HTMX)
    assert asked.status_code == 200 and "Waiting for your opponent" in asked.content.decode()
    request = match.takebacks.get()

    bobs = html.unescape(page(bob, match))
    assert f"alice (Red) asks to take back 2 moves, before Red's move (event {first_event})" in bobs
    assert "record #" not in bobs
    assert f'action="/matches/{match.pk}/takeback/{request.pk}/"' in bobs and 'value="accept"' in bobs
    client.force_login(bob)
    answered = client.post(f"/matches/{match.pk}/takeback/{request.pk}/", {"role": "white", "answer": "accept"})
    assert answered.status_code == 302
    match.refresh_from_db()
    assert match.actions.get(seq=3).kind == ActionKind.TAKEBACK and verify(match) == []
    told = "takeback was accepted by bob: 2 moves taken back, to before"
    alices, bobs = html.unescape(page(alice, match)), html.unescape(page(bob, match))
    assert f"Your {told} your {label} (event {first_event})." in alices
    assert f"Red's {told} Red's move (event {first_event})." in bobs
    for seen in (alices, bobs):  # in the takeback part and at the top of the event log
        log = seen[seen.index('id="log-h"') :]
        assert told in log and told in seen[: seen.index('id="log-h"')]


def test_asked_and_declined_on_the_page(two_moves, alice, bob):
    match = two_moves
    client = Client()
    client.force_login(alice)
    client.post(f"/matches/{match.pk}/takeback/", {"role": "red", "to_seq": "1"})
    request = match.takebacks.get()
    client.force_login(bob)
    url = f"/matches/{match.pk}/takeback/{request.pk}/"
    refused = client.post(url, {"role": "white", "answer": "maybe"}, **HTMX)
    assert refused.status_code == 400 and "accept or decline" in refused.content.decode()
    client.post(url, {"role": "white", "answer": "decline"}, **HTMX)
    request.refresh_from_db()
    assert request.status == TakebackStatus.DECLINED and match.actions.count() == 2
    assert "Your takeback request was declined by bob." in html.unescape(page(alice, match))
    assert "Red's takeback request was declined by bob." in html.unescape(page(bob, match))


def test_refusals_on_the_page_show_the_reason(two_moves, alice, bob):
    match = two_moves
    client = Client()
    client.force_login(alice)
    refused = client.post(f"/matches/{match.pk}/takeback/", {"role": "red", "to_seq": "2"}, **HTMX)
    assert refused.status_code == 400 and "You can only take back your own moves" in refused.content.decode()
    assert client.post(f"/matches/{match.pk}/takeback/", {"role": "red", "to_seq": "x"}, **HTMX).status_code == 400
    assert not match.takebacks.exists()


def test_the_live_fragment_changes_when_a_request_is_asked(two_moves, alice):
    match = two_moves
    client = Client()
    client.force_login(alice)
    before = re.search(r"since=([^\"]+)", page(alice, match)).group(1)
    client.post(f"/matches/{match.pk}/takeback/", {"role": "red", "to_seq": "1"})
    assert client.get(f"/matches/{match.pk}/live/?since={before}").status_code == 200


def test_events_since_your_last_move_are_summarised_and_marked(two_moves, alice, bob, carol):
    match = two_moves
    white_move = match.engine.text(match.engine.view(match.state, "red")["log"][-1]["text"])
    alices = page(alice, match)
    summary = alices.split('id="since-h"')[1].split("</section>")[0]
    assert f'<li><span class="event-text">{white_move}</span></li>' in summary and "Red plays" not in summary
    assert alices.index('id="since-h"') < alices.index('id="status-h"')
    new = r'<li class="new"><span class="visually-hidden">New: </span><span class="event-text">([^<]+)</span></li>'
    marked = re.findall(new, alices)
    assert marked == [white_move]
    assert 'id="since-h"' not in page(bob, match)  # bob moved last: nothing new for him
    assert 'id="since-h"' not in page(carol, match) and 'class="new"' not in page(carol, match)


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_since_your_last_move_holds_only_events_of_your_own_view(engine, make_user):
    users = {role: make_user(f"p{n}") for n, role in enumerate(engine.roles)}
    match = services.create_match(users[engine.roles[0]], engine.slug, role=engine.roles[0])
    for role in engine.roles[1:]:
        services.join_match(match.pk, users[role], role)
    chooser = random.Random(f"since-{engine.slug}")
    for _ in range(40):
        match.refresh_from_db()
        if not match.active_roles:
            break
        for role in engine.roles:
            since = since_last_move(match, role)
            log = engine.view(match.state, role)["log"]
            assert log[since.first_new :] == since.events
            assert all(e.get("for") is None or role in e["for"] for e in since.events)
            last = match.actions.filter(role=role).order_by("-seq").first()
            assert since.since_seq == (last.seq if last else 0)
        role = chooser.choice(match.active_roles)
        choice = chooser.choice(engine.legal_actions(match.state, role))
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
