"""The match page: board, choices, moves, undo, resign, live updates, history, chat, notes, export, rematch."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services, signals
from games.models import Action, ChatMessage, Invitation, Match, MatchStatus, PrivateNote
from games.replay import position_at
from games.views import drawn_parts
from tests.helpers import a_play_action, play_first_legal

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "match-live"}


def act_data(match: Match, action: dict, role: str = "red", seq: int | None = None) -> dict:
    return {"role": role, "action": json.dumps(action), "expected_seq": match.seq if seq is None else seq}


def test_player_sees_board_prompt_and_every_legal_action(client, alice, rk_match):
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert "<svg" in page and "Your move, Red" in page
    for choice in rk_match.engine.legal_actions(rk_match.state, "red"):
        assert f">{rk_match.engine.text(choice['label'])}</button>" in page
    assert "Resign" in page and 'id="chat-text"' in page and "Private notes" in page


def test_spectator_sees_the_board_but_no_choices_chat_or_notes(client, carol, rk_match):
    client.force_login(carol)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert "<svg" in page and "spectating" in page
    assert "match_act" not in page and f"/matches/{rk_match.pk}/act/" not in page
    assert "Resign" not in page and 'id="chat-text"' not in page and "Private notes" not in page
    assert client.get(f"/matches/{rk_match.pk}/", HTTP_HX_REQUEST="true").status_code == 200


def test_many_choices_are_offered_as_a_select(client, alice, rk_match, monkeypatch):
    monkeypatch.setattr(drawn_parts, "MAX_BUTTONS", 1)
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert '<select name="action" id="action-red">' in page


def test_a_move_by_htmx_returns_the_new_live_fragment(client, alice, rk_match):
    client.force_login(alice)
    action = a_play_action(rk_match, "red")
    response = client.post(f"/matches/{rk_match.pk}/act/", act_data(rk_match, action), **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.startswith('<div id="match-live"') and "White is choosing a move" in body
    rk_match.refresh_from_db()
    assert rk_match.seq == 1 and rk_match.active_roles == ["white"]


def test_the_fragment_after_a_move_draws_the_state_the_move_made_without_reading_it_back(client, alice, rk_match):
    client.force_login(alice)
    data = act_data(rk_match, a_play_action(rk_match, "red"))
    with CaptureQueriesContext(connection) as captured:
        body = client.post(f"/matches/{rk_match.pk}/act/", data, **HTMX).content.decode()
    state_reads = [q for q in captured if re.match(r'SELECT m\."state" FROM', q["sql"])]
    assert "White is choosing a move" in body and not state_reads
    # Drawn from the same position the database now holds: the opponent's page, read back, agrees.
    rk_match.refresh_from_db()
    assert rk_match.seq == 1 and position_at(rk_match).state == rk_match.state


def test_a_move_without_javascript_redirects_to_the_page(client, alice, rk_match):
    client.force_login(alice)
    response = client.post(f"/matches/{rk_match.pk}/act/", act_data(rk_match, a_play_action(rk_match, "red")))
    assert response.status_code == 302 and response["Location"] == f"/matches/{rk_match.pk}/"


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        ({"expected_seq": 7}, 409, "Stale"),
        ({"expected_seq": "x"}, 400, "whole number"),
        ({"action": "{not json"}, 400, "not valid JSON"),
        ({"action": "[1]"}, 400, "JSON object"),
        ({"action": json.dumps({"type": "fly"})}, 400, "Unknown action type"),
        ({"role": "white"}, 403, "not hold"),
    ],
)
def test_bad_moves_are_refused_clearly_and_write_nothing(client, alice, rk_match, change, status, message):
    client.force_login(alice)
    data = {**act_data(rk_match, a_play_action(rk_match, "red")), **change}
    response = client.post(f"/matches/{rk_match.pk}/act/", data, **HTMX)
    assert response.status_code == status and message in response.content.decode()
    assert 'role="alert"' in response.content.decode()
    assert not Action.objects.filter(match=rk_match).exists()


def test_undo_my_last_move(client, alice, rk_match):
    client.force_login(alice)
    client.post(f"/matches/{rk_match.pk}/act/", act_data(rk_match, a_play_action(rk_match, "red")))
    rk_match.refresh_from_db()
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert "Undo my last move" in page
    response = client.post(f"/matches/{rk_match.pk}/undo/", {"role": "red", "expected_seq": rk_match.seq}, **HTMX)
    assert response.status_code == 200 and "Your move, Red" in response.content.decode()
    rk_match.refresh_from_db()
    assert rk_match.active_roles == ["red"] and rk_match.seq == 2


def test_undo_refused_with_a_reason_after_a_draw(client, alice, bob, rk_match):
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), 0)
    rk_match.refresh_from_db()
    services.submit_action(rk_match.pk, bob, "white", a_play_action(rk_match, "white"), 1)
    rk_match.refresh_from_db()
    client.force_login(alice)
    assert client.post(f"/matches/{rk_match.pk}/act/", act_data(rk_match, {"type": "draw"})).status_code == 302
    rk_match.refresh_from_db()
    response = client.post(f"/matches/{rk_match.pk}/undo/", {"role": "red", "expected_seq": rk_match.seq}, **HTMX)
    assert response.status_code == 400 and "cannot be undone" in response.content.decode()


def test_resign_ends_the_match_and_shows_result_and_ratings(client, alice, bob, rk_match):
    client.force_login(alice)
    response = client.post(f"/matches/{rk_match.pk}/resign/", {"role": "red"}, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "White wins" in body and "Red resigned" in body
    assert "1500 → 1484 (-16)" in body and "1500 → 1516 (+16)" in body
    assert "hx-trigger" not in body.split(">", 1)[0]  # a finished match stops polling
    rk_match.refresh_from_db()
    assert rk_match.status == MatchStatus.FINISHED


def test_live_fragment_is_204_until_something_changes(client, alice, bob, rk_match):
    client.force_login(bob)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    since = page.split("?since=", 1)[1].split('"', 1)[0]
    assert client.get(f"/matches/{rk_match.pk}/live/?since={since}").status_code == 204
    services.submit_action(rk_match.pk, alice, "red", a_play_action(rk_match, "red"), rk_match.seq)
    response = client.get(f"/matches/{rk_match.pk}/live/?since={since}")
    assert response.status_code == 200 and "Your move, White" in response.content.decode()


def test_an_unchanged_poll_is_one_query_on_the_match_and_renders_nothing(
    client, alice, carol, rk_match, django_assert_num_queries
):
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    since = page.split("?since=", 1)[1].split('"', 1)[0]
    # The session, the user joined to its profile (language and time zone): every logged-in request; then
    # one on the match.
    with django_assert_num_queries(3):
        response = client.get(f"/matches/{rk_match.pk}/live/?since={since}")
    assert response.status_code == 204 and response.content == b""
    assert not response.templates
    # A private match answers a stranger's poll as a free id would, not with "unchanged".
    Match.objects.filter(pk=rk_match.pk).update(is_private=True)
    client.force_login(carol)
    assert client.get(f"/matches/{rk_match.pk}/live/?since={since}").status_code == 404


def test_live_fragment_notices_the_match_starting(client, alice, bob):
    match = services.create_match(alice, "rosenkoenig", role="red")
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    since = page.split("?since=", 1)[1].split('"', 1)[0]
    assert "The board appears when every seat is taken" in page
    services.join_match(match.pk, bob, "white")
    assert b"<svg" in client.get(f"/matches/{match.pk}/live/?since={since}").content


def test_history_shows_an_earlier_point_without_choices(client, alice, bob, rk_match):
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=4)
    client.force_login(alice)
    now = client.get(f"/matches/{rk_match.pk}/").content.decode()
    start = client.get(f"/matches/{rk_match.pk}/?seq=0", **HTMX).content.decode()
    assert start.startswith('<div id="match-live"') and "As it was after record 0 of 4" in start
    assert "hx-trigger" not in start.split(">", 1)[0] and "/act/" not in start
    assert start.split("<svg", 1)[1] != now.split("<svg", 1)[1]
    view_at_0 = rk_match.engine.view(rk_match.engine.setup(rk_match.seed, {}), "red")
    assert rk_match.engine.render_svg(view_at_0) in start
    for bad in ("-1", "5", "two"):
        assert client.get(f"/matches/{rk_match.pk}/?seq={bad}").status_code == 400


def test_chat_between_the_players(client, alice, bob, carol, rk_match):
    posted = []
    signals.chat_posted.connect(lambda sender, **kw: posted.append(kw["message"]), weak=False, dispatch_uid="t")
    try:
        client.force_login(alice)
        response = client.post(f"/matches/{rk_match.pk}/chat/", {"text": "  Good luck!  "}, HTTP_HX_REQUEST="true")
    finally:
        signals.chat_posted.disconnect(dispatch_uid="t")
    assert response.status_code == 200 and "Good luck!" in response.content.decode()
    message = ChatMessage.objects.get()
    assert message.text == "Good luck!" and posted == [message]

    client.force_login(bob)
    assert client.get(f"/matches/{rk_match.pk}/chat/?after={message.pk}").status_code == 204
    assert b"Good luck!" in client.get(f"/matches/{rk_match.pk}/chat/?after=0").content
    assert client.post(f"/matches/{rk_match.pk}/chat/", {"text": "   "}).status_code == 400
    refused = client.post(f"/matches/{rk_match.pk}/chat/", {"text": "x" * 2001}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "at most 2000 characters" in refused.content.decode()
    assert 'id="chat-messages"' in refused.content.decode() and "Good luck!" in refused.content.decode()
    client.force_login(carol)
    assert client.get(f"/matches/{rk_match.pk}/chat/?after=0").status_code == 403
    assert b"Good luck" not in client.get(f"/matches/{rk_match.pk}/").content
    assert ChatMessage.objects.count() == 1


def test_private_notes_are_private(client, alice, bob, rk_match):
    client.force_login(alice)
    response = client.post(
        f"/matches/{rk_match.pk}/notes/", {"text": "bait the hero </textarea>"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and b"Saved" in response.content
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert '<textarea name="text" cols="40" rows="4" id="id_text">\nbait the hero &lt;/textarea&gt;</textarea>' in page
    client.force_login(bob)
    assert b"bait the hero" not in client.get(f"/matches/{rk_match.pk}/").content
    assert PrivateNote.objects.get().user == alice


def test_export_once_the_match_is_over(client, alice, bob, rk_match):
    client.force_login(alice)
    assert client.get(f"/matches/{rk_match.pk}/export.json").status_code == 403
    play_first_legal(rk_match, {"red": alice, "white": bob})
    response = client.get(f"/matches/{rk_match.pk}/export.json")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["seed"] == rk_match.seed and len(data["actions"]) == rk_match.seq
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert "Export as JSON" in page and "Rematch" in page


def test_rematch_swaps_sides_and_invites_the_opponent(client, alice, bob, rk_match):
    client.force_login(alice)
    assert client.post(f"/matches/{rk_match.pk}/rematch/").status_code == 409
    services.resign(rk_match.pk, bob, "white")
    response = client.post(f"/matches/{rk_match.pk}/rematch/")
    new = Match.objects.exclude(pk=rk_match.pk).get()
    assert response["Location"] == f"/matches/{new.pk}/"
    assert new.roles_of(alice) == ["white"] and new.is_private and new.status == MatchStatus.OPEN
    invitation = Invitation.objects.get(match=new)
    assert invitation.user == bob and invitation.by == alice
    client.force_login(bob)
    client.post(f"/invitations/{invitation.pk}/", {"answer": "accept"})
    new.refresh_from_db()
    assert new.roles_of(bob) == ["red"] and new.status == MatchStatus.ACTIVE


def test_keyboard_focus_follows_my_own_actions_but_never_a_polled_update(client, alice, bob, rk_match):
    client.force_login(alice)
    answer = client.post(f"/matches/{rk_match.pk}/act/", act_data(rk_match, a_play_action(rk_match, "red")), **HTMX)
    assert '<h2 id="status-h" tabindex="-1" autofocus>' in answer.content.decode()
    client.force_login(bob)
    polled = client.get(f"/matches/{rk_match.pk}/live/?since=stale").content.decode()
    assert "Your move, White" in polled and "autofocus" not in polled
    # Alice takes her move back: her answer opens on her first choice again (the forms come from the cache).
    client.force_login(alice)
    rk_match.refresh_from_db()
    undone = client.post(f"/matches/{rk_match.pk}/undo/", {"role": "red", "expected_seq": rk_match.seq}, **HTMX)
    body = undone.content.decode()
    assert body.count(" autofocus") == 1 and re.search(r'<button type="submit" name="action" [^>]* autofocus>', body)


def test_the_board_picture_full_size(client, alice, bob, carol, rk_match):
    play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)
    engine = rk_match.engine
    client.force_login(carol)
    response = client.get(f"/matches/{rk_match.pk}/board.svg?seq=1")
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.decode() == engine.render_picture(engine.view(position_at(rk_match, 1).state, None))
    assert client.get(f"/matches/{rk_match.pk}/board.svg?seq=9").status_code == 400
    unstarted = services.create_match(alice, "rosenkoenig", role="red")
    assert client.get(f"/matches/{unstarted.pk}/board.svg").status_code == 409
    private = services.create_match(alice, "rosenkoenig", role="red", is_private=True)
    services.join_match(private.pk, bob, invite_token=private.invite_token)
    assert client.get(f"/matches/{private.pk}/board.svg").status_code == 404


def test_a_player_chooses_mail_for_this_match_on_the_page(client, rk_match, alice):
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert f'action="/notifications/matches/{rk_match.pk}/mode/"' in page and "As on my profile" in page
    response = client.post(f"/notifications/matches/{rk_match.pk}/mode/", {"mode": "off"})
    assert response.status_code == 302
    assert rk_match.seats.get(role="red").notify_mode == "off"
    assert '<option value="off" selected>' in client.get(f"/matches/{rk_match.pk}/").content.decode()


def test_choices_carry_their_board_targets_and_the_board_marks_them(client, alice, rk_match):
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    assert '<figure class="board" data-board ' in page and "games/board.js" in page
    for choice in rk_match.engine.legal_actions(rk_match.state, "red"):
        assert f'data-target="{choice["target"]}">{rk_match.engine.text(choice["label"])}</button>' in page
        assert f'<g data-target="{choice["target"]}">' in page  # drawn in the picture


def test_select_options_carry_their_board_targets(client, alice, rk_match, monkeypatch):
    monkeypatch.setattr(drawn_parts, "MAX_BUTTONS", 1)
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    for choice in rk_match.engine.legal_actions(rk_match.state, "red"):
        assert f'data-target="{choice["target"]}">{rk_match.engine.text(choice["label"])}</option>' in page


def test_choices_about_nothing_on_the_board_get_their_own_form(client, alice, rk_match, monkeypatch):
    engine = rk_match.engine
    real = engine.legal_actions

    def first_without_target(state, role):
        choices = real(state, role)
        return [{"action": choices[0]["action"], "label": choices[0]["label"]}, *choices[1:]]

    monkeypatch.setattr(engine, "legal_actions", first_without_target)
    client.force_login(alice)
    page = client.get(f"/matches/{rk_match.pk}/").content.decode()
    board_at, other_at = page.index('class="board-choices"'), page.index('class="other-choices"')
    board_form, other_form = (
        page[board_at : page.index("</form>", board_at)],
        page[other_at : page.index("</form>", other_at)],
    )
    for choice in first_without_target(rk_match.state, "red"):
        label = engine.text(choice["label"])
        assert (label in board_form) == ("target" in choice)
        assert (label in other_form) == ("target" not in choice)
