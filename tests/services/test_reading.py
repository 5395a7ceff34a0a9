"""Reading a match for a page or the API: the written-out statements load what the ORM would, in one go."""

import pytest
from django.db.models import DEFERRED

from games import services
from games.models import ChatMessage, Match, PrivateNote, seats_with_users
from games.services.reading import read_chat, read_match
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db


def fields(instance, leave_out=()) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields if f.name not in leave_out}


def test_the_match_its_seats_users_and_profiles_are_those_the_orm_loads(rk_match, django_assert_num_queries):
    play_first_legal(rk_match, {seat.role: seat.user for seat in rk_match.seats.all()}, steps=1)
    with django_assert_num_queries(3):  # the match, its seats, their users joined to their profiles: one round trip
        match = read_match(rk_match.pk)
    orm = Match.objects.prefetch_related(seats_with_users()).get(pk=rk_match.pk)
    assert fields(match, leave_out=("state",)) == fields(orm, leave_out=("state",))
    with django_assert_num_queries(0):
        seats = match.loaded_seats()
        assert [fields(seat) for seat in seats] == [fields(seat) for seat in orm.seats.all()]
        assert [fields(seat.user) for seat in seats] == [fields(seat.user) for seat in orm.seats.all()]
        assert [fields(seat.user.profile) for seat in seats] == [fields(s.user.profile) for s in orm.seats.all()]
        assert all(seat.match is match for seat in seats)
    assert match.__dict__.get("state", DEFERRED) is DEFERRED  # left in the database until something reads it
    with django_assert_num_queries(1):
        assert match.state == orm.state


def test_an_empty_seat_has_no_user_and_a_free_id_no_match(alice):
    match = services.create_match(alice, "rosenkoenig", role="red")
    read = read_match(match.pk)
    assert [(seat.role, seat.user) for seat in read.loaded_seats()] == [("red", alice), ("white", None)]
    assert read.loaded_seats()[0].user.profile.pk == alice.profile.pk
    assert read_match(match.pk + 1000) is None


def test_the_deferred_state_is_read_alone_and_a_full_refresh_still_reads_everything(alice, rk_match):
    unstarted = read_match(services.create_match(alice, "rosenkoenig", role="red").pk)
    assert unstarted.state is None
    match = read_match(rk_match.pk)
    assert match.state == Match.objects.get(pk=rk_match.pk).state and match.state["log"]
    Match.objects.filter(pk=rk_match.pk).update(status="paused")
    match.refresh_from_db()
    assert match.status == "paused"


def test_the_chat_with_its_authors_and_a_players_note_are_those_the_orm_loads(
    rk_match, alice, bob, carol, django_assert_num_queries
):
    ChatMessage.objects.create(match=rk_match, user=alice, text="Good luck")
    ChatMessage.objects.create(match=rk_match, user=carol, text="Written before a moderator replaced me")
    ChatMessage.objects.create(match=rk_match, user=bob, text="<b>Thanks</b>")
    PrivateNote.objects.create(match=rk_match, user=alice, text="Keep the rose")
    PrivateNote.objects.create(match=rk_match, user=bob, text="Bob's own")
    orm = list(ChatMessage.objects.filter(match=rk_match).select_related("user__profile"))
    with django_assert_num_queries(3):  # messages, authors joined to profiles, note: one round trip on PostgreSQL
        messages, note = read_chat(rk_match, note_of=alice.pk)
    assert note == "Keep the rose"
    assert [fields(m) for m in messages] == [fields(m) for m in orm]
    assert [m.user.get_username() for m in messages] == ["alice", "carol", "bob"]  # a former player's too
    assert [fields(m.user.profile) for m in messages] == [fields(m.user.profile) for m in orm]
    assert all(m.match is rk_match for m in messages)


def test_no_chat_no_note_and_without_a_reader_no_note_read(rk_match, carol, django_assert_num_queries):
    assert read_chat(rk_match, note_of=carol.pk) == ([], "")
    PrivateNote.objects.create(match=rk_match, user=carol, text="")
    assert read_chat(rk_match, note_of=carol.pk) == ([], "")
    with django_assert_num_queries(2):
        assert read_chat(rk_match) == ([], "")
