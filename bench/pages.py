"""What a player reads: median time and bytes of each page, beside a floor measured in the same run.

    python -m bench.pages [--repeat 25] [--moves 60]

Pages, for every engine and both languages, read by a seated player of a match that has played ``--moves``
random legal moves (seeded): the match page, its live fragment (what a poll fetches after a move), the
unchanged poll (204), My matches, the account page, the lobby (empty, then full: as many open matches as it shows and
``SEEKS`` waiting seeks, each from another player) and the rules page. The floor is a signed-in view that renders
an empty template through the same middleware: what any page pays before it does its own work. It is
requested just before each timed request, so that a page and its floor see the same load on a shared
machine, and each ratio is of the two medians. Bytes are the body, raw and gzip-compressed at the level the site
sends it (config.compression).
Database: DATABASE_URL, else a fresh SQLite file.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import statistics
import time
from dataclasses import dataclass

from bench.harness import django_with_fresh_database

FLOOR_PATH = "/bench/floor/"
SEEKS = 10


@dataclass(frozen=True)
class Measure:
    page: str
    engine: str
    language: str
    seconds: float
    floor: float
    raw_bytes: int
    gzip_bytes: int


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=25, help="requests timed per page (the median is shown)")
    parser.add_argument("--moves", type=int, default=60, help="random legal moves played in each match first")
    args = parser.parse_args()
    # The matches' mail is a worker's job: queued (in memory) on commit, never sent or timed here.
    os.environ.update(CELERY_BROKER_URL="memory://", CELERY_TASK_ALWAYS_EAGER="false")
    django_with_fresh_database()
    from django.conf import settings

    settings.ROOT_URLCONF = "bench.floor_urls"  # the site's own routes plus the floor view
    settings.ALLOWED_HOSTS = ["testserver"]
    rows = measure_all(args.repeat, args.moves)
    print_table(rows)


def measure_all(repeat: int, moves: int) -> list[Measure]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.models import Profile
    from games import engines

    users = get_user_model().objects
    reader = users.create_user("reader", email="reader@example.com", password="bench")
    opponent = users.create_user("opponent", email="opponent@example.com", password="bench")
    matches = {engine.slug: played_match(engine, reader, opponent, moves) for engine in engines.all()}
    client = Client()
    client.force_login(reader)
    rows = {language: [] for language in ("en", "ru")}
    for language, measures in rows.items():
        Profile.objects.filter(user=reader).update(language=language)
        client.cookies["django_language"] = language
        measures.append(Measure("floor", "-", language, *timed(client, FLOOR_PATH, repeat)))
        measures.append(Measure("my matches", "-", language, *timed(client, "/", repeat)))
        measures.append(Measure("lobby", "-", language, *timed(client, "/lobby/", repeat)))
        measures.append(Measure("account", "-", language, *timed(client, "/accounts/profile/", repeat)))
        for slug, match in sorted(matches.items()):
            measures.extend(engine_pages(client, slug, match, language, repeat))
    fill_the_lobby()
    for language, measures in rows.items():
        Profile.objects.filter(user=reader).update(language=language)
        client.cookies["django_language"] = language
        measures.insert(4, Measure("full lobby", "-", language, *timed(client, "/lobby/", repeat)))
    return rows["en"] + rows["ru"]


def fill_the_lobby() -> None:
    """As many open matches as the lobby shows, of every game in turn, and ``SEEKS`` seeks, each from a new
    player with a display name (the rows link them)."""
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from games import engines, services
    from games.seeks.services import post_seek
    from games.views.lobby import OPEN_SHOWN

    every = list(engines.all())
    users = get_user_model().objects
    for n in range(OPEN_SHOWN + SEEKS):
        player = users.create_user(f"player{n}", email=f"player{n}@example.com", password="bench")
        Profile.objects.filter(user=player).update(display_name=f"Player {n}")
        if n < OPEN_SHOWN:
            engine = every[n % len(every)]
            services.create_match(player, engine.slug, role=engine.roles[n // len(every) % 2])
        else:  # every seek wants the same side, so that none pairs with another
            post_seek(player, "rosenkoenig", role="white")


def engine_pages(client, slug: str, match, language: str, repeat: int) -> list[Measure]:
    from games.views.polls import live_token
    from games.views.takeback_part import requests_now

    since = live_token(match, requests_now(match, None))
    pages = {
        "match page": f"/matches/{match.pk}/",
        "live fragment": f"/matches/{match.pk}/live/",
        "unchanged poll": f"/matches/{match.pk}/live/?since={since}",
        "rules page": f"/games/{slug}/rules/",
    }
    return [Measure(page, slug, language, *timed(client, path, repeat)) for page, path in pages.items()]


def played_match(engine, first, second, moves: int):
    """A match of ``engine`` between the two, ``moves`` random legal moves in (fewer if it ends first)."""
    from games import services

    match = services.create_match(first, engine.slug, role=engine.roles[0])
    services.join_match(match.pk, second, engine.roles[1])
    match.refresh_from_db()
    seated = {seat.role: seat.user for seat in match.seats.select_related("user__profile")}
    rng = random.Random(1)
    for _ in range(moves):
        if not match.active_roles:
            break
        role = match.active_roles[0]
        choices = engine.legal_actions(match.state, role)
        services.submit_action(match.pk, seated[role], role, rng.choice(choices)["action"], match.seq)
        match.refresh_from_db()
    return match


def timed(client, path: str, repeat: int) -> tuple[float, float, int, int]:
    """Median seconds of ``repeat`` GETs of ``path`` (after one warm-up) and of the floor, each requested
    just before one of them; the body's raw and gzip bytes."""
    response = client.get(path)
    if response.status_code not in (200, 204):
        raise SystemExit(f"{path} answered {response.status_code}")
    samples, floors = [], []
    for _ in range(repeat):
        for times, url in ((floors, FLOOR_PATH), (samples, path)):
            started = time.perf_counter()
            client.get(url)
            times.append(time.perf_counter() - started)
    body = response.content
    from config.compression import LEVEL

    return statistics.median(samples), statistics.median(floors), len(body), len(gzip.compress(body, LEVEL))


def print_table(rows: list[Measure]) -> None:
    print(f"load average {os.getloadavg()}")
    print(
        f"{'page':15} {'engine':16} {'lang':4} {'median':>9} {'floor':>9} {'x floor':>8} {'raw KB':>7} {'gzip KB':>8}"
    )
    for row in rows:
        print(
            f"{row.page:15} {row.engine:16} {row.language:4} {row.seconds * 1000:6.2f} ms {row.floor * 1000:6.2f} ms "
            f"{row.seconds / row.floor:7.1f}x {row.raw_bytes / 1024:7.1f} {row.gzip_bytes / 1024:8.1f}"
        )


if __name__ == "__main__":
    main()
