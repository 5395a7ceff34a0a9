"""No page or fragment sent to a player or spectator carries another role's hidden information.

Generic over every registered engine. For each viewer (each role, and a spectator) we find the
state's *hidden paths* for that viewer: leaves that neither ``engine.view(state, viewer)`` nor the
viewer's legal actions depend on (found by planting a marker in each leaf in turn). Then every page is
rendered twice, from the real state and from a copy where every hidden leaf holds a marker: the two
must be identical and contain no marker, i.e. what is served is a function of what the viewer is
given alone. A spy on ``engine.view``
checks that a viewer's requests only ever ask for that viewer's view.
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from games import engines, presentation, services
from games.models import Match
from games.replay import Position, position_at
from tests.hidden_information import hidden_paths, marked


def normalise(html: str) -> str:
    """Per-response secrets unrelated to the game: CSRF tokens and one-use idempotency keys."""
    html = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1", html)
    html = re.sub(r'("X-CSRFToken": ")[^"]+', r"\1", html)
    return re.sub(r'(name="idempotency_key" value=")[^"]+', r"\1", html)


@pytest.fixture
def view_spy(monkeypatch):
    """Records the role of every engine.view call (per engine instance)."""
    calls: list[str | None] = []

    def install(engine):
        original = engine.view

        def spy(state, role):
            calls.append(role)
            return original(state, role)

        monkeypatch.setattr(engine, "view", spy)
        return original

    return calls, install


def play_random(match: Match, users: dict, chooser: random.Random, steps: int) -> None:
    for _ in range(steps):
        match.refresh_from_db()
        if not match.active_roles:
            return
        role = chooser.choice(match.active_roles)
        choice = chooser.choice(match.engine.legal_actions(match.state, role))
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_pages_show_each_viewer_only_its_own_view(engine, make_user, monkeypatch, view_spy):
    users = {role: make_user(f"player{n}") for n, role in enumerate(engine.roles)}
    viewers: dict[str | None, Client] = {None: Client()}
    viewers[None].force_login(make_user("spectator"))
    for role, user in users.items():
        viewers[role] = Client()
        viewers[role].force_login(user)
    match = services.create_match(users[engine.roles[0]], engine.slug, role=engine.roles[0])
    for role in engine.roles[1:]:
        services.join_match(match.pk, users[role], role)
    spy_calls, install_spy = view_spy
    install_spy(engine)
    chooser = random.Random(f"hidden-info-{engine.slug}")

    for steps in (0, 7, 20):
        play_random(match, users, chooser, steps)
        match.refresh_from_db()
        history_seq = match.seq // 2
        for role, client in viewers.items():
            urls = [
                f"/matches/{match.pk}/",
                f"/matches/{match.pk}/live/",
                f"/matches/{match.pk}/board.svg",
                f"/matches/{match.pk}/?seq={history_seq}",
                f"/matches/{match.pk}/board.svg?seq={history_seq}",
            ]
            spy_calls.clear()
            real = [normalise(client.get(url).content.decode()) for url in urls]
            assert spy_calls and set(spy_calls) == {role}, (
                f"pages for {role or 'a spectator'} asked for views of {set(spy_calls)}"
            )

            # The same pages from states whose hidden leaves (for this viewer) are all markers.
            latest_state = match.state
            Match.objects.filter(pk=match.pk).update(state=marked(engine, latest_state, role))

            def marked_position(m: Match, seq: int | None = None, role=role) -> Position:
                position = position_at(m, seq)
                return Position(marked(engine, position.state, role), position.result, position.seq)

            monkeypatch.setattr(presentation, "position_at", marked_position)
            try:
                with_markers = [normalise(client.get(url).content.decode()) for url in urls]
            finally:
                monkeypatch.undo()
                install_spy(engine)
                Match.objects.filter(pk=match.pk).update(state=latest_state)
            for url, page, page_with_markers in zip(urls, real, with_markers, strict=True):
                assert "zqhidden" not in page_with_markers, f"{url} shows what {role or 'a spectator'} may not see"
                assert page == page_with_markers, (
                    f"{url} for {role or 'a spectator'} depends on information hidden from it"
                )
        # Meaningful only if something is hidden (Rosenkönig: the draw-pile order and the RNG).
        assert all(hidden_paths(engine, match.state, role) for role in viewers)
