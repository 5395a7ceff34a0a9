"""games.services.matches: creating, joining and starting a match."""

import pytest

from games import services
from games.engines.base import state_hash
from games.models import Match, MatchStatus

pytestmark = pytest.mark.django_db


def test_create_and_join_starts_the_match(alice, bob):
    match = services.create_match(alice, "rosenkoenig", role="red")
    assert match.status == MatchStatus.OPEN and match.state is None
    services.join_match(match.pk, bob)
    match.refresh_from_db()
    assert match.status == MatchStatus.ACTIVE
    assert match.active_roles == ["red"]
    assert {s.role: s.user for s in match.seats.all()} == {"red": alice, "white": bob}
    assert match.seats.get(role="red").is_active and not match.seats.get(role="white").is_active
    assert match.state_hash == state_hash(match.state)


def test_create_refuses_unknown_game_role_and_option(alice):
    with pytest.raises(services.IllegalMove, match="No game"):
        services.create_match(alice, "chess")
    with pytest.raises(services.IllegalMove, match="Unknown role"):
        services.create_match(alice, "rosenkoenig", role="green")
    with pytest.raises(services.IllegalMove, match="Unknown option"):
        services.create_match(alice, "rosenkoenig", options={"speed": 3})
    assert Match.objects.count() == 0


def test_join_refusals(alice, bob, carol, rk_match):
    with pytest.raises(services.Conflict, match="not open"):
        services.join_match(rk_match.pk, carol)
    match = services.create_match(alice, "rosenkoenig", role="red")
    with pytest.raises(services.Conflict, match="already have a seat"):
        services.join_match(match.pk, alice)
    with pytest.raises(services.Conflict, match="taken"):
        services.join_match(match.pk, bob, "red")
    with pytest.raises(services.NotFound):
        services.join_match(99999, bob)
    private = services.create_match(alice, "rosenkoenig", is_private=True)
    with pytest.raises(services.NotFound, match=f"No match {private.pk}"):
        services.join_match(private.pk, bob)
    services.join_match(private.pk, bob, invite_token=private.invite_token)
