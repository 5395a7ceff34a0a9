"""Match read latency does not grow with the log; whole-game replay time from scratch.

    python -m bench.replay [--repeat 50]

Reads go through the API (GET /api/matches/{id}/) so they include the cache read, the engine view and
serialisation. The long match reaches 5,000 log records with move/undo pairs, which is what a long
match costs the platform whatever the game.
"""

from __future__ import annotations

import argparse

from bench.harness import django_with_fresh_database, median_seconds


def quiet_action(match, role: str) -> dict:
    """A card play: uses no chance and reveals nothing, so it can be undone."""
    return next(c["action"] for c in match.engine.legal_actions(match.state, role) if c["action"]["type"] != "draw")


def build_match(records: int):
    from django.contrib.auth import get_user_model

    from games import services

    users = get_user_model().objects
    red = users.create_user(f"red{records}", password="x")
    white = users.create_user(f"white{records}", password="x")
    match = services.create_match(red, "rosenkoenig", role="red")
    services.join_match(match.pk, white, "white")
    match.refresh_from_db()
    # One real move each, then move/undo pairs by red until the log is long enough.
    for role, user in (("red", red), ("white", white)):
        action = next(
            c["action"] for c in match.engine.legal_actions(match.state, role) if c["action"]["type"] != "draw"
        )
        services.submit_action(match.pk, user, role, action, match.seq)
        match.refresh_from_db()
    while match.seq < records:
        action = next(
            c["action"] for c in match.engine.legal_actions(match.state, "red") if c["action"]["type"] != "draw"
        )
        services.submit_action(match.pk, red, "red", action, match.seq)
        services.undo(match.pk, red, "red")
        match.refresh_from_db()
    return match, red


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    django_with_fresh_database()

    from rest_framework.test import APIClient

    from games import engines
    from games.engines.base.playout import random_playout, replay

    latencies = {}
    for records in (50, 5000):
        match, user = build_match(records)
        client = APIClient()
        client.force_authenticate(user)
        url = f"/api/matches/{match.pk}/"
        assert client.get(url).status_code == 200
        latencies[records] = median_seconds(lambda url=url, client=client: client.get(url), args.repeat)

    engine = engines.get("rosenkoenig")
    games = [random_playout(engine, seed) for seed in range(1, 21)]
    replay_time = median_seconds(lambda: [replay(engine, g.seed, None, g.actions) for g in games], 5) / len(games)

    print(f"{'measure':44} {'value':>12}")
    print(f"{'match read (API GET), 50 records':44} {latencies[50] * 1000:10.2f} ms")
    print(f"{'match read (API GET), 5,000 records':44} {latencies[5000] * 1000:10.2f} ms")
    print(f"{'ratio 5,000 / 50':44} {latencies[5000] / latencies[50]:12.2f}")
    print(f"{'whole-game replay from scratch (Rosenkönig)':44} {replay_time * 1000:10.2f} ms")


if __name__ == "__main__":
    main()
