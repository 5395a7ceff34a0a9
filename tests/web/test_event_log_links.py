"""Each line of the event log opens the moment it happened: the record after which the event first
appeared in the viewer's log, also across undone (retracted) moves and for records older than the stored
log length. Rule IDs in an event's text are small links to the game's rules page."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from games import services
from games.models import ActionKind
from games.presentation import engine_view
from games.since_last_move import event_seqs
from games.views.event_lines import event_line
from tests.helpers import a_play_action, records_written_without

pytestmark = pytest.mark.django_db


def play(match, user, role, times: int = 1) -> None:
    for _ in range(times):
        match.refresh_from_db()
        services.submit_action(match.pk, user, role, a_play_action(match, role), match.seq)
    match.refresh_from_db()


def assert_first_appearance(match, role: str) -> list[int | None]:
    """Every event of ``role``'s log now is at the same place in the log after its record, not before."""
    log = engine_view(match, role)["log"]
    seqs = event_seqs(match, role, log)
    for index, (event, seq) in enumerate(zip(log, seqs, strict=True)):
        assert seq is not None
        then = engine_view(match, role, seq)["log"]
        assert then[index] == event, (index, seq)
        if seq > 0:
            before = engine_view(match, role, seq - 1)["log"]
            assert len(before) <= index or before[index] != event, (index, seq)
    return seqs


def a_game_with_an_undone_move(match, alice, bob) -> None:
    play(match, alice, "red")
    play(match, bob, "white")
    play(match, alice, "red")
    services.undo(match.pk, alice, "red", match.seq)  # retracts record 3: its events leave the log
    match.refresh_from_db()
    play(match, alice, "red")
    play(match, bob, "white")


def test_each_event_maps_to_the_record_that_first_showed_it_across_an_undo(rk_match, alice, bob):
    match = rk_match
    a_game_with_an_undone_move(match, alice, bob)
    assert match.actions.get(seq=4).kind == ActionKind.UNDO
    assert all(a.log_length == len(a_state["log"]) for a, a_state in stored_states(match))
    for role in ("red", "white", None):
        seqs = assert_first_appearance(match, role)
        assert 3 not in seqs and 4 not in seqs  # the undone move's events are gone; the undo added none
        assert seqs == sorted(seqs)


def stored_states(match):
    from games.replay import position_at

    return [(a, position_at(match, a.seq).state) for a in match.actions.order_by("seq")]


def test_records_without_a_stored_length_are_replayed(rk_match, alice, bob, monkeypatch):
    records_written_without(monkeypatch, "log_length")
    a_game_with_an_undone_move(rk_match, alice, bob)
    assert not rk_match.actions.filter(log_length__isnull=False).exists()
    assert_first_appearance(rk_match, "red")


def test_the_page_links_each_line_to_its_moment(rk_match, alice, bob):
    a_game_with_an_undone_move(rk_match, alice, bob)
    client = Client()
    client.force_login(alice)
    page = html.unescape(client.get(f"/matches/{rk_match.pk}/").content.decode())
    log = page[page.index('id="log-h"') :]
    linked = re.findall(r'<a class="event-text" href="/matches/\d+/\?seq=(\d+)"', log)
    assert linked and set(linked) <= {"0", "1", "2", "5"}  # never the undone record, never "now" (6)
    since = page[page.index('id="since-h"') : page.index('id="status-h"')]
    assert '<span class="event-text">' in since and "?seq=" not in since  # bob's reply is the board now


def test_a_rule_id_is_a_small_link_to_the_rules_page(rk_match):
    line = event_line({"text": "York retreats to Kent (R3-6.3c/g).", "seq": 4}, rk_match, 9)
    assert f'href="/matches/{rk_match.pk}/?seq=4"' in line
    assert (
        '<a class="rule-ref" href="/games/rosenkoenig/rules/" title="Rule R3-6.3c/g on the rules page">R3-6.3c/g</a>'
        in line
    )
    assert "(R3" not in line and line.count("York retreats to Kent.") == 1
    now = event_line({"text": "A <b> (SK-7.1b: a stack is one side's blocks)", "seq": 9}, rk_match, 9)
    assert 'href="/matches' not in now and "&lt;b&gt;" in now and "SK-7.1b: a stack" in now


def test_a_rule_id_carried_as_data_is_a_link_too(rk_match):
    line = event_line({"text": "Битва: Кент.", "rule": "R3-8.2", "seq": 4}, rk_match, 9)
    assert '<span class="event-text">' not in line and "Битва: Кент." in line
    assert 'title="Rule R3-8.2 on the rules page">R3-8.2</a>' in line
    both = event_line({"text": "Battle.", "rule": ["R3-8.2", "R3-8.3"]}, rk_match, 9)
    assert both.count('class="rule-ref"') == 2


def test_a_line_drawn_once_is_kept_apart_for_each_language(rk_match):
    event = {"text": "Battle.", "rule": "R3-8.2", "seq": 4}
    with translation.override("en"):
        english = event_line(event, rk_match, 9)
    with translation.override("ru"):
        russian = event_line(event, rk_match, 9)
    with translation.override("en"):
        assert event_line(event, rk_match, 9) == english
    assert 'title="Show the board after record 4"' in english
    assert "Show the board" not in russian and "R3-8.2" in russian
