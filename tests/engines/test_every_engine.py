"""Every registered game is playable end to end through the platform: services, API reads, replay."""

import pytest

from games import engines, services
from games.engines.base import Rng
from games.models import MatchStatus
from games.replay import verify

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", sorted(e.slug for e in engines.all()))
def test_a_whole_random_match_through_the_services(slug, alice, bob, api_for, settings):
    settings.SNAPSHOT_INTERVAL = 25
    engine = engines.get(slug)
    first, second = engine.roles
    match = services.create_match(alice, slug, role=first)
    services.join_match(match.pk, bob, second)
    users = {first: alice, second: bob}
    chooser = Rng.from_seed(11)
    for step in range(5000):
        match.refresh_from_db()
        if match.status != MatchStatus.ACTIVE:
            break
        role = chooser.choice(match.active_roles)
        if step % 100 == 0:
            # Each player reads the match as the API shows it and sees exactly its own choices.
            shown = api_for(users[role]).get(f"/api/matches/{match.pk}/").json()
            assert shown["seq"] == match.seq and role in shown["legal_actions"]
            assert "rng" not in shown["view"]
        choices = engine.legal_actions(match.state, role)
        services.submit_action(match.pk, users[role], role, chooser.choice(choices)["action"], match.seq)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.result is not None
    assert set(match.result) >= {"winner", "scores", "reason"}
    assert verify(match) == []
