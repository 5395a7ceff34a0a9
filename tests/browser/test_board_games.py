"""Games played on the board picture in Chromium: the piece, then the place, checked against the log.

The steps before the phase under test (mulligans, bids, movement level) go through the services; the phase
itself is played in the page: every choice that names a target by clicking the board (and its menu when
the target offers several moves), the few about nothing on the board with their buttons.
"""

from __future__ import annotations

import pytest

from games import services
from games.models import Match

from .support import ARTIFACTS, BROWSER_MARKS, play_button, play_on_board, shown, wait_for_seq

pytestmark = BROWSER_MARKS


def seat_all(make_user, game: str, roles: tuple[str, ...]) -> tuple[Match, dict]:
    users = {role: make_user(role) for role in roles}
    match = services.create_match(users[roles[0]], game, role=roles[0])
    for role in roles[1:]:
        services.join_match(match.pk, users[role], role)
    match.refresh_from_db()
    return match, users


def submit(match: Match, users: dict, role: str, choose) -> None:
    """Play, through the services, the first of ``role``'s choices that ``choose`` accepts."""
    match.refresh_from_db()
    choice = next(c for c in shown(match.engine, match.engine.legal_actions(match.state, role)) if choose(c))
    services.submit_action(match.pk, users[role], role, choice["action"], match.seq)
    match.refresh_from_db()


def logged_since(match: Match, seq: int) -> list[dict]:
    return [a.payload for a in match.actions.filter(seq__gt=seq).order_by("seq")]


def choices_of(match: Match, role: str) -> list[dict]:
    match.refresh_from_db()
    return shown(match.engine, match.engine.legal_actions(match.state, role))


def first(choices: list[dict], kind: str) -> dict | None:
    return next((c for c in choices if c["action"]["type"] == kind), None)


def test_a_richard3_action_phase_played_on_the_board(pages, make_user):
    match, users = seat_all(make_user, "richard3", ("lancaster", "york"))
    for role in ("lancaster", "york"):  # mulligans: keep both hands
        while role in match.active_roles and first(choices_of(match, role), "keep"):
            submit(match, users, role, lambda c: c["action"]["type"] == "keep")
    lancaster = pages.open(users["lancaster"], f"/matches/{match.pk}/")
    york = pages.open(users["york"], f"/matches/{match.pk}/")

    # The cards, face down: Lancaster's AP 4 beats York's AP 3, so Lancaster acts first. The hand is in the
    # panels beside the map now (render_panels); played through the services until the page wires them.
    for role, label in (("lancaster", "Play AP 4"), ("york", "Play AP 3")):
        submit(match, users, role, lambda c, label=label: c["label"] == label)
    wait_for_seq(york, match.seq)
    match.refresh_from_db()
    assert match.active_roles == ["lancaster"]

    # Lancaster's Action Phase: activate an area, the block, then the area it goes to (stopping after one
    # step), twice; then the phase ends with its button.
    lancaster.reload()
    ARTIFACTS.mkdir(exist_ok=True)
    start, expected, on_board, activations = match.seq, [], 0, 0
    for _ in range(40):
        match.refresh_from_db()
        if match.active_roles != ["lancaster"]:
            break
        choices = choices_of(match, "lancaster")
        moved = bool(expected) and expected[-1]["type"] in ("step", "stop")
        choice = (
            first(choices, "stop")
            or (None if moved else first(choices, "step"))
            or (None if moved else first(choices, "move"))
            or (first(choices, "activate") if activations < 2 and not moved else None)
            or first(choices, "done")
            or first(choices, "end")
        )
        if "target" in choice:
            play_on_board(lancaster, choice)
            on_board += 1
        else:
            play_button(lancaster, choice)
        activations += choice["action"]["type"] == "activate"
        expected.append(choice["action"])
        if len(expected) == 2:  # a block selected, its destinations highlighted
            lancaster.locator("#match-live svg [data-target].legal").first.wait_for()
            lancaster.screenshot(path=str(ARTIFACTS / "match-richard3-block-selected.png"), full_page=True)
    else:
        pytest.fail("Lancaster's Action Phase did not end")
    assert logged_since(match, start) == expected
    kinds = [a["type"] for a in expected]
    assert kinds.count("activate") == 2 and kinds.count("move") == 2 and on_board >= 6
    lancaster.reload()
    log = lancaster.inner_text("#match-live .events")
    assert sum(" moves " in line for line in log.splitlines()) == 2  # once each, named for their owner
    lancaster.locator("#match-live figure.board").screenshot(path=str(ARTIFACTS / "board-richard3-played.png"))


def test_a_sekigahara_movement_played_on_the_board(pages, make_user):
    match, users = seat_all(make_user, "sekigahara", ("ishida", "tokugawa"))
    submit(match, users, "ishida", lambda c: c["action"]["type"] == "bid")
    submit(match, users, "tokugawa", lambda c: c["action"]["type"] == "bid")
    submit(match, users, match.active_roles[0], lambda c: c["label"] == "Tokugawa moves first this week")
    submit(match, users, "tokugawa", lambda c: c["action"]["type"] == "level" and "Limited" in c["label"])
    # The hand is in the panels beside the map now (render_panels): the payment goes through the services
    # until the page wires the panels.
    submit(match, users, "tokugawa", lambda c: c["action"]["type"] == "pay")
    tokugawa = pages.open(users["tokugawa"], f"/matches/{match.pk}/")

    # One group's move: the castle town (its menu: move or muster), a block, set off, one march to the next
    # location, stop there.
    start, expected = match.seq, []
    for _ in range(12):
        choices = choices_of(match, "tokugawa")
        kinds = [a["type"] for a in expected]
        if "halt" in kinds or (kinds and kinds[-1] == "step" and not first(choices, "halt")):
            break
        shared = {c["target"] for c in choices if c["action"]["type"] == "muster"}
        choice = (
            (first(choices, "halt") if "step" in kinds else first(choices, "step"))
            or first(choices, "go")
            or (first(choices, "add") if "add" not in kinds else None)
            or next((c for c in choices if c["action"]["type"] == "activate" and c["target"] in shared), None)
            or first(choices, "activate")
        )
        play_on_board(tokugawa, choice)
        expected.append(choice["action"])
    assert logged_since(match, start) == expected
    kinds = [a["type"] for a in expected]
    assert kinds[:4] == ["activate", "add", "go", "step"], kinds
    tokugawa.reload()
    ARTIFACTS.mkdir(exist_ok=True)
    tokugawa.locator("#match-live figure.board").screenshot(path=str(ARTIFACTS / "board-sekigahara-played.png"))


def test_a_bosworth_unit_moved_by_clicking_the_board(pages, make_user):
    match, users = seat_all(make_user, "blood_and_roses", ("york", "lancaster"))
    role = match.active_roles[0]
    page = pages.open(users[role], f"/matches/{match.pk}/")

    # Activate a Battle (its leader on the board), then the unit, the hex it moves to (one click, however
    # far), an arrow for its facing, and the unit again to finish it.
    start, expected = match.seq, []
    activate = first(choices_of(match, role), "activate")
    (play_on_board if "target" in activate else play_button)(page, activate)
    expected.append(activate["action"])
    match.refresh_from_db()
    if match.state["phase"] == "opening":  # the other side may first play its Treachery! (BR-6.3j): it declines
        other = match.active_roles[0]
        submit(match, users, other, lambda c: c["action"]["type"] == "let_begin")
        expected.append({"type": "let_begin"})
        wait_for_seq(page, match.seq)
    selected = first(choices_of(match, role), "select")
    play_on_board(page, selected)
    expected.append(selected["action"])
    moves = [c for c in choices_of(match, role) if c["action"]["type"] == "move"]
    choice = max(moves, key=lambda c: len(c["action"]["path"]))  # the farthest: one click for several hexes
    play_on_board(page, choice)
    expected.append(choice["action"])
    unit, hex_id = selected["action"]["unit"], choice["action"]["hex"]
    facing = next(c for c in choices_of(match, role) if c["action"]["type"] == "face")
    play_on_board(page, facing)
    expected.append(facing["action"])
    done = first(choices_of(match, role), "done")
    play_on_board(page, done)
    expected.append(done["action"])
    assert logged_since(match, start) == expected
    match.refresh_from_db()
    assert match.state["units"][unit]["hex"] == hex_id and len(choice["action"]["path"]) > 1
    assert match.state["units"][unit]["facing"] == facing["action"]["facing"]
    page.locator("#match-live figure.board").screenshot(path=str(ARTIFACTS / "board-blood_and_roses-played.png"))


def bosworth_contact(match: Match, users: dict) -> tuple[str, str, dict]:
    """Play Bosworth through the services, both sides seeking battle, until an activation starts in which
    one unit of the active side can shock without moving and another can move without a die being rolled
    (no reaction fire). Returns the active role, the unit that will move, and its move."""
    from games.engines.base import Rng
    from games.engines.blood_and_roses.policy import purposeful

    engine, chooser = match.engine, Rng.from_seed(1)
    while True:
        match.refresh_from_db()
        assert match.active_roles, "the battle ended before an activation with contact"
        state, role = match.state, match.active_roles[0]
        if state["phase"] == "move" and state["fresh"] and state["selected"] is None:
            end = choices_after(engine, state, role, {"type": "end_moves"})
            attackers = {c["action"]["unit"] for c in end if c["action"]["type"] == "shock"}
            for uid in sorted(set(state["acted"]) - attackers) if attackers else []:
                select = {"type": "select", "unit": uid}
                for move in choices_after(engine, state, role, select):
                    if move["action"]["type"] == "move" and quiet(engine, state, role, select, move["action"]):
                        return role, uid, move
        choice = purposeful(state, role, engine.legal_actions(state, role), chooser)
        services.submit_action(match.pk, users[role], role, choice["action"], match.seq)


def quiet(engine, state: dict, role: str, select: dict, move: dict) -> bool:
    """The move rolls no die (no reaction fire, no "D" terrain) and leaves the player moving."""
    after = engine.apply(engine.apply(state, role, select), role, move)
    return after["rng"] == state["rng"] and after["phase"] == "move"


def choices_after(engine, state: dict, role: str, action: dict) -> list[dict]:
    after = engine.apply(state, role, action)
    return shown(engine, engine.legal_actions(after, role)) if role in engine.active_roles(after) else []


def test_a_bosworth_activation_played_only_by_clicking(pages, make_user):
    """Select, move by destination, face by an arrow, finish, then declare a shock on the enemy unit and
    resolve it: every choice about the board clicked on it, checked against the log."""
    match, users = seat_all(make_user, "blood_and_roses", ("york", "lancaster"))
    role, mover, move = bosworth_contact(match, users)
    page = pages.open(users[role], f"/matches/{match.pk}/")
    assert "click a unit" in page.locator("#match-live .prompt").inner_text()
    start, expected = match.seq, []

    def click(choice: dict) -> None:
        (play_on_board if "target" in choice else play_button)(page, choice)
        expected.append(choice["action"])

    click(next(c for c in choices_of(match, role) if c["action"] == {"type": "select", "unit": mover}))
    click(move)
    click(next(c for c in choices_of(match, role) if c["action"]["type"] == "face"))
    click(first(choices_of(match, role), "done"))
    click(first(choices_of(match, role), "end_moves"))
    shock = first(choices_of(match, role), "shock")
    assert "(" in shock["label"] and shock["target"].startswith("unit:")  # the DRMs are shown before it
    click(shock)
    if match.state["phase"] == "join":
        click(first(choices_of(match, role), "resolve"))
    click(first(choices_of(match, role), "resolve_declared"))
    assert logged_since(match, start) == expected
    match.refresh_from_db()
    assert match.state["units"][mover]["hex"] == move["action"]["hex"]
    assert match.state["units"][mover]["facing"] == expected[2]["facing"]
    assert any(" shocks " in match.engine.text(e["text"]) for e in match.state["log"][-12:])
    page.reload()
    page.locator("#match-live figure.board").screenshot(path=str(ARTIFACTS / "board-blood_and_roses-shock.png"))
