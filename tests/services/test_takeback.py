"""Takeback by agreement: asked, answered, refused; an accepted one is a retracting record that replays."""

import random
from datetime import timedelta
from io import StringIO
from unittest import mock

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import engines, services
from games.models import Action, ActionKind, TakebackRequest, TakebackStatus
from games.replay import effective_moves_newest_first, verify
from games.services import match_transfer, takeback
from games.since_last_move import log_records
from tests.helpers import a_play_action, records_written_without

pytestmark = pytest.mark.django_db


def play(match, user, role, action=None):
    match.refresh_from_db()
    services.submit_action(match.pk, user, role, action or a_play_action(match, role), match.seq)
    match.refresh_from_db()
    return match


def log_of(match):
    return list(Action.objects.filter(match=match).values_list("seq", "hash"))


@pytest.fixture
def two_moves(rk_match, alice, bob):
    """alice (red) played #1 and bob (white) #2; it is alice's turn again."""
    start = rk_match.state_hash
    play(rk_match, alice, "red")
    play(rk_match, bob, "white")
    return rk_match, start


def test_takeback_asked_accepted_replayed_and_verified(two_moves, alice, bob):
    match, start = two_moves
    assert [(p.seq, p.retracts) for p in takeback.takeback_points(match, "red")] == [(1, [1, 2])]
    request = takeback.ask(match.pk, alice, "red", 1)
    assert request.status == TakebackStatus.PENDING and request.retracts == [1, 2] and request.at_seq == 2
    assert takeback.open_request(match) == request

    answered = takeback.answer(match.pk, request.pk, bob, "white", accept=True)
    match.refresh_from_db()
    record = match.actions.get(seq=3)
    assert answered.status == TakebackStatus.ACCEPTED and answered.record == record
    assert (record.kind, record.role, record.user, record.payload) == (
        ActionKind.TAKEBACK,
        "red",
        alice,
        {"retracts": [1, 2]},
    )
    assert match.state_hash == start and match.active_roles == ["red"]
    assert Action.objects.filter(match=match).count() == 3  # nothing deleted
    assert verify(match) == []
    out = StringIO()
    call_command("replay_match", match.pk, "--verify", stdout=out)
    assert "OK (3 records verified)" in out.getvalue()
    # Play goes on from the earlier position, and still verifies.
    play(match, alice, "red")
    assert verify(match) == []


def test_takeback_asked_and_declined_changes_nothing(two_moves, alice, bob):
    match, _ = two_moves
    before = (log_of(match), match.state_hash, match.active_roles)
    request = takeback.ask(match.pk, alice, "red", 1)
    answered = takeback.answer(match.pk, request.pk, bob, "white", accept=False)
    match.refresh_from_db()
    assert answered.status == TakebackStatus.DECLINED and answered.answered_by == bob
    assert (log_of(match), match.state_hash, match.active_roles) == before
    assert takeback.open_request(match) is None
    with pytest.raises(services.Conflict, match="declined"):
        takeback.answer(match.pk, request.pk, bob, "white", accept=True)
    assert log_of(match) == before[0]


def test_refused_when_a_reveal_lies_in_between(two_moves, alice, bob):
    match, _ = two_moves
    play(match, alice, "red", {"type": "draw"})  # #3 shows red the top card of the draw pile
    play(match, bob, "white")
    for to_seq in (1, 3):
        with pytest.raises(services.IllegalMove, match="chance or revealed hidden information"):
            takeback.ask(match.pk, alice, "red", to_seq)
    assert takeback.takeback_points(match, "red") == []
    assert not TakebackRequest.objects.exists()


def test_refused_for_someone_elses_moves(two_moves, alice, bob, carol):
    match, _ = two_moves
    play(match, alice, "red")  # #3; bob's #2 is now followed by a move of alice's
    with pytest.raises(services.IllegalMove, match="your own moves"):
        takeback.ask(match.pk, alice, "red", 2)
    with pytest.raises(services.NotAllowed, match="Red seat"):
        takeback.ask(match.pk, bob, "red", 1)
    with pytest.raises(services.NotAllowed):
        takeback.ask(match.pk, carol, "white", 2)
    request = takeback.ask(match.pk, bob, "white", 2)
    with pytest.raises(services.NotAllowed, match="your own takeback request"):
        takeback.answer(match.pk, request.pk, bob, "white", accept=True)
    with pytest.raises(services.NotAllowed):
        takeback.answer(match.pk, request.pk, carol, "red", accept=True)
    assert TakebackRequest.objects.get().status == TakebackStatus.PENDING


@pytest.mark.parametrize(
    ("to_seq", "message"),
    [(2, "your own moves"), (3, "not a move"), (99, "not a move")],
)
def test_refused_targets_that_are_no_own_move(two_moves, alice, to_seq, message):
    match, _ = two_moves
    with pytest.raises(services.IllegalMove, match=message):
        takeback.ask(match.pk, alice, "red", to_seq)


def test_refused_while_nobody_else_moved_or_already_taken_back(rk_match, alice, bob):
    play(rk_match, alice, "red")
    with pytest.raises(services.IllegalMove, match="Nobody else has moved since"):
        takeback.ask(rk_match.pk, alice, "red", 1)
    services.undo(rk_match.pk, alice, "red")
    play(rk_match, alice, "red")  # #3
    play(rk_match, bob, "white")
    with pytest.raises(services.IllegalMove, match="already taken back"):
        takeback.ask(rk_match.pk, alice, "red", 1)


def test_one_open_request_at_a_time(two_moves, alice):
    match, _ = two_moves
    takeback.ask(match.pk, alice, "red", 1)
    with pytest.raises(services.Conflict, match="already waiting"):
        takeback.ask(match.pk, alice, "red", 1)


def test_a_new_move_lapses_the_request(two_moves, alice, bob):
    match, _ = two_moves
    request = takeback.ask(match.pk, alice, "red", 1)
    with CaptureQueriesContext(connection) as move:
        play(match, alice, "red")
    assert not [q for q in move if "takeback" in q["sql"]]  # the lapse is derived: a move writes nothing for it
    assert takeback.open_request(match) is None
    log = log_of(match)
    with pytest.raises(services.Conflict, match="expired"):
        takeback.answer(match.pk, request.pk, bob, "white", accept=True)
    assert log_of(match) == log
    request.refresh_from_db()
    assert request.status == TakebackStatus.EXPIRED


def test_an_unanswered_request_lapses_after_its_lifetime(two_moves, alice, bob):
    match, _ = two_moves
    request = takeback.ask(match.pk, alice, "red", 1)
    later = timezone.now() + takeback.REQUEST_LIFETIME + timedelta(minutes=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        assert takeback.open_request(match) is None
        with pytest.raises(services.Conflict, match="expired"):
            takeback.answer(match.pk, request.pk, bob, "white", accept=True)
    request.refresh_from_db()
    assert request.status == TakebackStatus.EXPIRED and match.actions.count() == 2


def test_a_request_of_another_match_is_not_found(two_moves, alice, bob):
    match, _ = two_moves
    request = takeback.ask(match.pk, alice, "red", 1)
    other = services.create_match(alice, "rosenkoenig", role="red")
    with pytest.raises(services.NotFound):
        takeback.answer(other.pk, request.pk, bob, "white", accept=True)


def newest_own_move_followed_by_another(match, role: str) -> int | None:
    """``role``'s newest effective move that another role's move follows, within takeback reach."""
    someone_else = False
    for n, move in enumerate(effective_moves_newest_first(match)):
        if n >= takeback.TAKEBACK_DEPTH:
            return None
        if move.role != role:
            someone_else = True
        elif someone_else:
            return move.seq
    return None


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_every_engine_takes_back_only_over_steps_without_chance_or_reveals(engine, make_user):
    """Random play: every offered point is reached by undoable steps that left the RNG alone, asking
    to go back past a step that used chance is refused, and an accepted takeback lands exactly on the
    state before the point and replays."""
    users = {role: make_user(f"p{n}") for n, role in enumerate(engine.roles)}
    match = services.create_match(users[engine.roles[0]], engine.slug, role=engine.roles[0])
    for role in engine.roles[1:]:
        services.join_match(match.pk, users[role], role)
    chooser = random.Random(f"takeback-{engine.slug}")
    taken = 0
    for _ in range(60):
        match.refresh_from_db()
        if not match.active_roles:
            break
        offered = [(role, p) for role in engine.roles for p in takeback.takeback_points(match, role)]
        records = log_records(match)  # the page's way: the log in brief first, the moves only if needed
        in_brief = [(role, p) for role in engine.roles for p in takeback.takeback_points(match, role, records)]
        assert in_brief == offered
        for role, point in offered:
            assert point.state["rng"] == match.state["rng"]
            assert match.actions.get(seq=point.seq).role == role
        if offered and taken < 2:
            role, point = chooser.choice(offered)
            request = takeback.ask(match.pk, users[role], role, point.seq)
            for other in takeback.others(match, role):
                takeback.answer(match.pk, request.pk, users[other], other, accept=True)
            match.refresh_from_db()
            assert match.state == point.state and verify(match) == []
            taken += 1
            continue
        role = chooser.choice(match.active_roles)
        choice = chooser.choice(engine.legal_actions(match.state, role))
        rng = match.state["rng"]
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
        match.refresh_from_db()
        if match.state["rng"] != rng:  # chance was used: nothing before this step can be taken back
            for asking in engine.roles:
                target = newest_own_move_followed_by_another(match, asking)
                if target is not None:
                    with pytest.raises(services.IllegalMove, match="chance or revealed hidden information"):
                        takeback.ask(match.pk, users[asking], asking, target)
    # Sekigahara: every hand-over between the players shows or plays a card, so no takeback ever spans
    # the opponent's moves (its RULES.md, "Undo").
    assert taken or engine.slug == "sekigahara", f"no takeback was ever possible in {engine.slug}"
    match.refresh_from_db()
    assert verify(match) == []


def test_an_exported_match_with_a_takeback_imports_and_verifies(two_moves, alice, bob, make_user):
    """Moderators' import replays a TAKEBACK record like the other retractions."""
    match, _ = two_moves
    request = takeback.ask(match.pk, alice, "red", 1)
    takeback.answer(match.pk, request.pk, bob, "white", accept=True)
    play(match, alice, "red")
    moderator = make_user("mod", is_staff=True)
    moderator.groups.add(Group.objects.get(name="Moderators"))
    exported = match_transfer.export_match(match.pk, moderator, "a copy to study")
    copy = match_transfer.import_match(exported, moderator, "a copy to study").match
    assert copy.actions.get(seq=3).kind == ActionKind.TAKEBACK
    assert copy.state_hash == match.state_hash and verify(copy) == []


def test_moderators_see_the_requests_on_the_match_page_of_the_admin(two_moves, alice, make_user, client):
    match, _ = two_moves
    takeback.ask(match.pk, alice, "red", 1)
    moderator = make_user("mod", is_staff=True)
    moderator.groups.add(Group.objects.get(name="Moderators"))
    client.force_login(moderator)
    page = client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert "takeback requests" in page.lower() and "Waiting for an answer" in page


def test_no_takeback_while_the_match_waits_for_its_rules_upgrade(two_moves, alice, engine_bump):
    """Its log is the old rules': the new code neither lists points nor describes one it would reach."""
    from tests.services.upgrade_helpers import MarkedRosenkoenig

    match, _start = two_moves
    assert takeback.takeback_points(match, "red")
    engine_bump(MarkedRosenkoenig)
    match.refresh_from_db()
    assert takeback.takeback_points(match, "red") == []
    with pytest.raises(services.IllegalMove, match="being upgraded"):
        takeback.point_before(match, "red", 1)


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_the_marks_written_with_the_moves_offer_what_a_replay_offers(engine, make_user, monkeypatch):
    """Each move records whether its player may take it back (``Action.undoable``, the engine's own
    ``is_undoable`` of the step); the points offered from those marks, replaying only when one may exist,
    are the points the replay of every step offers, in every engine, undo and takebacks included."""
    users = {role: make_user(f"p{n}") for n, role in enumerate(engine.roles)}
    match = services.create_match(users[engine.roles[0]], engine.slug, role=engine.roles[0])
    for role in engine.roles[1:]:
        services.join_match(match.pk, users[role], role)
    chooser = random.Random(f"marks-{engine.slug}")
    unmarked = mock.patch.object(takeback, "_none_reachable", return_value=False)  # always replays
    for _ in range(40):
        match.refresh_from_db()
        if not match.active_roles:
            break
        for role in engine.roles:
            with mock.patch.object(takeback, "_replayed", wraps=takeback._replayed) as replay:
                offered = takeback.takeback_points(match, role)
            assert replay.called == bool(offered)  # no point to offer: known without a replay
            with unmarked:
                replayed = takeback.takeback_points(match, role)
            assert [(p.seq, p.retracts, p.state) for p in offered] == [(p.seq, p.retracts, p.state) for p in replayed]
            with mock.patch.object(takeback, "_read_back", wraps=takeback._read_back) as read:
                in_brief = takeback.takeback_points(match, role, log_records(match))
            assert read.called == bool(offered)  # no point: known from the log in brief, no move read
            assert in_brief == offered
        role = chooser.choice(match.active_roles)
        before = match.state
        choice = chooser.choice(engine.legal_actions(match.state, role))
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
        match.refresh_from_db()
        assert match.actions.get(seq=match.seq).undoable == engine.is_undoable(before, match.state, role)


def test_moves_recorded_without_a_mark_are_replayed(rk_match, alice, bob, monkeypatch):
    records_written_without(monkeypatch, "undoable")
    play(rk_match, alice, "red")
    play(rk_match, bob, "white")
    assert not rk_match.actions.filter(undoable__isnull=False).exists()
    assert [p.seq for p in takeback.takeback_points(rk_match, "red")] == [1]


def test_a_point_carries_its_move_so_its_words_need_no_query_of_their_own(two_moves):
    from games.views.takeback_part import takeback_points_in_words

    match, _ = two_moves
    records = log_records(match)
    (point,) = takeback.takeback_points(match, "red", records)
    assert point.action == match.actions.get(seq=point.seq).payload
    with CaptureQueriesContext(connection) as points_alone:
        takeback.takeback_points(match, "red", records)
    with CaptureQueriesContext(connection) as in_words:
        ((seq, words),) = takeback_points_in_words(match, "red", records)
    assert seq == 1 and words.startswith("before your ")
    assert len(in_words) == len(points_alone)
