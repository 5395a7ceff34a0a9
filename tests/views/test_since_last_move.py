"""What is new to a player since their last record: exactly the events of their own log that the log at
that record lacked, read from the stored log lengths (no replay), in every engine."""

from __future__ import annotations

import random

import pytest

from games import engines, services
from games.engines.base import log_for
from games.presentation import engine_view
from games.replay import RETRACTING_KINDS
from games.services import moderation
from games.since_last_move import Record, event_seqs, log_records, since_last_move

pytestmark = pytest.mark.django_db


def seated(engine, make_user):
    users = {role: make_user(f"p{n}") for n, role in enumerate(engine.roles)}
    match = services.create_match(users[engine.roles[0]], engine.slug, role=engine.roles[0])
    for role in engine.roles[1:]:
        services.join_match(match.pk, users[role], role)
    return match, users


def new_by_replay(match, role) -> list:
    """The definition, by replaying: what the role's log now holds beyond what it held at its last record."""
    last = match.actions.filter(role=role).order_by("-seq").values_list("seq", flat=True).first() or 0
    now = engine_view(match, role)["log"]
    if last == match.seq:
        return []
    then = engine_view(match, role, last)["log"]  # 0: as the match was set up
    common = next((i for i, (a, b) in enumerate(zip(then, now, strict=False)) if a != b), min(len(then), len(now)))
    return now[common:]


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_new_events_are_those_the_log_at_the_last_record_lacked(engine, make_user):
    match, users = seated(engine, make_user)
    chooser = random.Random(f"new-{engine.slug}")
    for _ in range(30):
        match.refresh_from_db()
        if not match.active_roles:
            break
        for role in engine.roles:
            assert since_last_move(match, role).events == new_by_replay(match, role)
        role = chooser.choice(match.active_roles)
        choice = chooser.choice(engine.legal_actions(match.state, role))
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_every_view_log_is_its_roles_lines_of_the_state_log_so_every_line_has_its_moment(engine, make_user):
    """The engine contract the two answers above rest on, and the links of the event log it gives: Richard
    III and Sekigahara too, whose twin events (a public and a private side) each reader holds once."""
    match, users = seated(engine, make_user)
    chooser = random.Random(f"lines-{engine.slug}")
    for _ in range(25):
        match.refresh_from_db()
        if not match.active_roles:
            break
        role = chooser.choice(match.active_roles)
        choice = chooser.choice(engine.legal_actions(match.state, role))
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
    match.refresh_from_db()
    for role in [*engine.roles, None]:
        log = engine.view(match.state, role)["log"]
        assert log == log_for(match.state["log"], role)
        seqs = event_seqs(match, role, log)
        assert None not in seqs and seqs == sorted(seqs)
        for event, seq in zip(log, seqs, strict=True):
            assert event in engine_view(match, role, seq)["log"]


def test_an_event_taken_back_and_played_again_is_new_again(rk_match, alice, bob, moderator):
    """Red's move, rewound by a moderator after White answered, and played again alike: it happened again
    after White's last record, so it is new to White (the log at that record held its first playing)."""
    first = services.submit_action(rk_match.pk, alice, "red", _a_play(rk_match, "red"), 0)
    rk_match.refresh_from_db()
    services.submit_action(rk_match.pk, bob, "white", _a_play(rk_match, "white"), rk_match.seq)
    moderation.rewind(rk_match.pk, moderator, 0, "a misclick, both agree")
    rk_match.refresh_from_db()
    services.submit_action(rk_match.pk, alice, "red", first.payload, rk_match.seq)
    rk_match.refresh_from_db()
    since = since_last_move(rk_match, "white")
    assert since.since_seq == 2
    assert since.events and since.events == engine_view(rk_match, "white")["log"][-since.count :]
    assert since.events[0] in engine_view(rk_match, "white", 2)["log"]  # the same event, played again


def _a_play(match, role):
    from tests.helpers import a_play_action

    match.refresh_from_db()
    return a_play_action(match, role)


def test_the_log_in_brief_is_each_records_own_with_only_a_retractions_payload(
    rk_match, alice, bob, django_assert_num_queries
):
    for user, role in ((alice, "red"), (bob, "white"), (alice, "red")):
        rk_match.refresh_from_db()
        choice = engines.get("rosenkoenig").legal_actions(rk_match.state, role)[0]["action"]
        services.submit_action(rk_match.pk, user, role, choice, rk_match.seq)
    rk_match.refresh_from_db()
    services.undo(rk_match.pk, alice, "red", rk_match.seq)
    with django_assert_num_queries(1):
        records = log_records(rk_match)
    fields = [name for name in Record._fields if name != "payload"]
    rows = rk_match.actions.order_by("seq")
    assert [tuple(r)[: len(fields)] for r in records] == [tuple(getattr(a, f) for f in fields) for a in rows]
    assert [r.payload for r in records] == [a.payload if a.kind in RETRACTING_KINDS else None for a in rows]
    assert records[-1].kind == "undo" and records[-1].payload == {"retracts": [3]}
