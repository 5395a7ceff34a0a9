"""Action Phase: land moves, border limits, pinning, sea moves, recruits, events (R3-1.2, R3-5.2-5.4)."""

import pytest

from games.engines.base import IllegalAction
from games.engines.richard3 import ENGINE

from .helpers import EVENT, PLAIN, action_phase, acts, clear, do, fresh, move, park_heirs, put, ship, types


def board(*placements, role="lancaster", card=PLAIN[3], p1=None):
    state = clear(fresh())
    park_heirs(state)
    for bid, area in placements:
        put(state, bid, area)
    return action_phase(state, role, card, p1)


def dests(state, role):
    return {a["to"] for a in acts(state, role, "step")}


@pytest.mark.rule("R3-1.2c", "R3-5.2a", "R3-5.2b", "R3-5.2c")
def test_group_moves_one_or_two_areas_to_different_places():
    state = board(("L_Oxford", "Essex"), ("L_Beaumont", "Essex"))
    state = do(state, "lancaster", type="activate", area="Essex")
    assert state["action_phase"]["action_points"] == 2
    state = do(state, "lancaster", type="move", block="L_Oxford")
    state = do(state, "lancaster", type="step", to="Middlesex")
    assert "Oxford" in dests(state, "lancaster")  # may continue through a vacant area
    state = do(state, "lancaster", type="step", to="Oxford")
    assert state["blocks"]["L_Oxford"]["at"] == "Oxford" and state["action_phase"]["mode"] == "group"
    state = do(state, "lancaster", type="move", block="L_Beaumont")
    state = do(state, "lancaster", type="step", to="East Anglia")
    state = do(state, "lancaster", type="stop")
    assert state["blocks"]["L_Beaumont"]["at"] == "East Anglia"


@pytest.mark.rule("R3-5.2d", "R3-5.2.2a", "R3-1.3b")
def test_entering_enemy_area_stops():
    state = board(("L_Oxford", "Essex"), ("Y_Norfolk", "Middlesex"))
    state = move(state, "lancaster", "Essex", "L_Oxford", ["Middlesex"])
    assert state["action_phase"]["mode"] == "group"  # stopped automatically
    assert state["turn_record"]["attacks"]["Middlesex"]["attacker"] == "lancaster"


@pytest.mark.rule("R3-5.2e", "R3-1.2e", "R3-5.4b", "R3-5.3d")
def test_each_block_moves_once_and_recruits_do_not_move():
    state = board(("L_Oxford", "Essex"), card=PLAIN[4])
    state = move(state, "lancaster", "Essex", "L_Oxford", ["Middlesex"], stop=True)
    state = do(state, "lancaster", type="done")
    assert {"type": "activate", "area": "Middlesex"} not in acts(state, "lancaster", "activate")
    assert {"type": "sea", "area": "Middlesex"} not in acts(state, "lancaster", "sea")
    state = do(state, "lancaster", type="recruit", block="L_Rivers")
    state = do(state, "lancaster", type="place", area="Leicester")
    assert state["blocks"]["L_Rivers"]["strength"] == 2
    assert {"type": "activate", "area": "Leicester"} not in acts(state, "lancaster", "activate")


@pytest.mark.rule("R3-1.2d", "R3-1.2f", "R3-5.4a")
def test_e1_ap_split_between_moves_and_recruits():
    for moves in range(4):
        state = board(("L_Oxford", "Essex"), ("L_Beaumont", "Lincoln"), ("L_Clifford", "North Yorks"))
        for area in ["Essex", "Lincoln", "North Yorks"][:moves]:
            state = do(state, "lancaster", type="activate", area=area)
            state = do(state, "lancaster", type="done")
        for bid in ["L_Rivers", "L_Stanley", "L_Buckingham"][: 3 - moves]:
            state = do(state, "lancaster", type="recruit", block=bid)
            state = do(state, "lancaster", type="place", area=acts(state, "lancaster", "place")[0]["area"])
        assert state["action_phase"]["action_points"] == 0
        assert types(state, "lancaster") == {"end"}


@pytest.mark.rule("R3-5.2.1a", "R3-5.2.1d")
def test_e7_yellow_border_takes_four_fifth_detours():
    blocks = ["L_Oxford", "L_Beaumont", "L_Clifford", "L_Wiltshire", "L_Pembroke"]
    state = board(*[(b, "Middlesex") for b in blocks])
    state = do(state, "lancaster", type="activate", area="Middlesex")
    for b in blocks[:4]:
        state = move(state, "lancaster", "Middlesex", b, ["Oxford"], stop=True)
    state = do(state, "lancaster", type="move", block="L_Pembroke")
    assert "Oxford" not in dests(state, "lancaster")
    state = do(state, "lancaster", type="step", to="Leicester")
    assert "Oxford" in dests(state, "lancaster")
    state = do(state, "lancaster", type="step", to="Oxford")
    assert all(state["blocks"][b]["at"] == "Oxford" for b in blocks)


@pytest.mark.rule("R3-5.2.1a", "R3-5.2.1c")
def test_e8_d13_red_border_two_per_player_and_stop():
    state = board(("L_Clifford", "Cumbria"), ("L_Oxford", "Cumbria"), ("L_Beaumont", "Cumbria"))
    state = do(state, "lancaster", type="activate", area="Cumbria")
    state = do(state, "lancaster", type="move", block="L_Clifford")
    state = do(state, "lancaster", type="step", to="Lancaster")
    assert state["action_phase"]["mode"] == "group"  # must stop after a red border
    state = move(state, "lancaster", "Cumbria", "L_Oxford", ["Lancaster"])
    state = do(state, "lancaster", type="move", block="L_Beaumont")
    assert "Lancaster" not in dests(state, "lancaster")  # a third block may not cross (York's count: see below)


@pytest.mark.rule("R3-5.2.2b", "R3-5.2.2c", "R3-6.3g", "R3-6.3h")
def test_e11_pinning_and_reinforcement():
    state = board(
        ("Y_Norfolk", "Rutland"), ("Y_Suffolk", "Rutland"), ("Y_Arundel", "Rutland"),
        ("Y_Essex", "Middlesex"), ("Y_Hastings", "Middlesex"),
        ("L_Oxford", "Essex"), ("L_Beaumont", "Essex"), ("L_Clifford", "Essex"),
        ("L_Wiltshire", "East Anglia"), ("L_Pembroke", "East Anglia"), ("L_Devon", "East Anglia"),
        role="york",
    )  # fmt: skip
    state = do(state, "york", type="activate", area="Rutland")
    state = move(state, "york", "Rutland", "Y_Norfolk", ["Essex"])
    state = move(state, "york", "Rutland", "Y_Suffolk", ["Essex"])
    state = do(state, "york", type="done")
    state = do(state, "york", type="activate", area="Middlesex")
    state = move(state, "york", "Middlesex", "Y_Essex", ["Essex"])
    state = move(state, "york", "Middlesex", "Y_Hastings", ["Essex"])
    state = do(state, "york", type="done")
    state = do(state, "york", type="end")
    state = do(state, "york", type="main", area="Essex", border="Essex|Rutland")
    rec = state["turn_record"]["attacks"]["Essex"]
    from games.engines.richard3.turn_record import reserve_blocks

    assert rec["main"] == "Essex|Rutland" and set(reserve_blocks(rec)) == {"Y_Essex", "Y_Hastings"}
    # Lancaster (Player 2): 3 defenders, 2 engaged attackers -> only 1 may leave, not via Rutland/Middlesex
    state = do(state, "lancaster", type="activate", area="Essex")
    state = do(state, "lancaster", type="move", block="L_Oxford")
    assert dests(state, "lancaster") == {"East Anglia", "Leicester"}
    state = do(state, "lancaster", type="step", to="Leicester")
    state = do(state, "lancaster", type="stop")
    assert acts(state, "lancaster", "move") == []  # the other two are pinned
    state = do(state, "lancaster", type="done")
    state = do(state, "lancaster", type="activate", area="East Anglia")
    state = move(state, "lancaster", "East Anglia", "L_Wiltshire", ["Essex"])
    assert "L_Wiltshire" in reserve_blocks(state["turn_record"]["attacks"]["Essex"])
    state = do(state, "lancaster", type="done")
    # a third reinforcement border is refused (at most 2)
    from games.engines.richard3.movement import attack_borders_ok

    rec = state["turn_record"]["attacks"]["Essex"]
    rec["entries"]["lancaster"]["Essex|Leicester"] = ["L_Oxford"]
    assert not attack_borders_ok(state, "lancaster", "Essex", "Essex|Middlesex")


@pytest.mark.rule("R3-6.3a", "R3-6.3b")
def test_attack_across_at_most_three_borders():
    state = board(
        ("L_Oxford", "Warwick"), ("L_Beaumont", "Lincoln"), ("L_Clifford", "Middlesex"),
        ("L_Wiltshire", "Oxford"), ("Y_Norfolk", "Leicester"), card=PLAIN[4],
    )  # fmt: skip
    for area, bid in [("Warwick", "L_Oxford"), ("Lincoln", "L_Beaumont"), ("Middlesex", "L_Clifford")]:
        state = move(state, "lancaster", area, bid, ["Leicester"])
        state = do(state, "lancaster", type="done")
    state = do(state, "lancaster", type="activate", area="Oxford")
    state = do(state, "lancaster", type="move", block="L_Wiltshire")
    assert "Leicester" not in dests(state, "lancaster")


@pytest.mark.rule("R3-2.7b", "R3-2.72b", "R3-6.6e")
def test_exiles_closed_to_the_enemy():
    state = board(("L_Clifford", "Cumbria"), ("Y_Norfolk", "Northumbria"), role="lancaster")
    state = do(state, "lancaster", type="activate", area="Cumbria")
    state = do(state, "lancaster", type="move", block="L_Clifford")
    assert "Scotland" in dests(state, "lancaster")
    state = board(("Y_Norfolk", "Northumbria"), role="york")
    state = do(state, "york", type="activate", area="Northumbria")
    state = do(state, "york", type="move", block="Y_Norfolk")
    assert "Scotland" not in dests(state, "york")


@pytest.mark.rule("R3-5.3a", "R3-5.3b", "R3-5.3c", "R3-5.3e", "R3-5.3f", "R3-1.2f")
def test_sea_move_from_calais():
    state = board(("Y_Norfolk", "Calais"), ("L_Oxford", "Sussex"), role="york", card=PLAIN[2])
    state = ship(state, "york", "Y_Norfolk")
    opts = {a["to"] for a in acts(state, "york", "sail")}
    assert "Kent" in opts and "East Anglia" in opts and "Dorset" in opts  # Channel and North Sea
    assert "Sussex" not in opts  # enemy area
    assert "Ireland" not in opts and "Chester" not in opts  # Irish Sea
    state = do(state, "york", type="sail", to="Kent")
    assert state["blocks"]["Y_Norfolk"]["at"] == "Kent" and state["action_phase"]["action_points"] == 1


@pytest.mark.rule("R3-5.3g", "R3-5.3h", "R3-5.3i")
def test_sea_zones_of_france_cornwall_and_landlocked_areas():
    state = board(("L_French", "France"), ("L_Devon", "Cornwall"))
    state = ship(state, "lancaster", "L_French")
    opts = {a["to"] for a in acts(state, "lancaster", "sail")}
    assert {"Chester", "Sussex", "Scotland"} <= opts and "Kent" in opts
    assert not {"Hereford", "Gloucester", "South Yorks", "Middlesex"} & opts
    state = board(("L_Devon", "Cornwall"))
    state = ship(state, "lancaster", "L_Devon")
    opts = {a["to"] for a in acts(state, "lancaster", "sail")}
    assert {"Chester", "Sussex"} <= opts
    state = board(("L_Devon", "Kent"))
    state = ship(state, "lancaster", "L_Devon")
    assert "Middlesex" in {a["to"] for a in acts(state, "lancaster", "sail")}


@pytest.mark.rule("R3-5.3j", "R3-2.7b")
def test_d11_d12_sea_move_bans():
    state = board(("L_Scots", "Scotland"), ("L_Bombard", "Northumbria"))
    areas = {a["area"] for a in acts(state, "lancaster", "sea")}
    assert not {"Scotland", "Northumbria"} & areas  # neither the Scots nor the Bombard may sail
    state = board(("L_Oxford", "Essex"))
    state = ship(state, "lancaster", "L_Oxford")
    assert "Calais" not in {a["to"] for a in acts(state, "lancaster", "sail")}


@pytest.mark.rule("R3-5.3.1a")
def test_port_to_port_two_blocks_for_one_ap():
    state = board(("Y_Norfolk", "Calais"), ("Y_Suffolk", "Calais"), ("Y_Essex", "Calais"), role="york")
    state = ship(state, "york", "Y_Norfolk")
    state = do(state, "york", type="sail", to="Kent")
    assert {a["block"] for a in acts(state, "york", "ship")} >= {"Y_Suffolk", "Y_Essex"}
    state = do(state, "york", type="ship", block="Y_Suffolk")
    assert state["blocks"]["Y_Suffolk"]["at"] == "Kent" and state["action_phase"]["action_points"] == 2
    assert state["action_phase"]["mode"] is None
    # to a minor port: no second block
    state = board(("Y_Norfolk", "Calais"), ("Y_Suffolk", "Calais"), role="york")
    state = ship(state, "york", "Y_Norfolk")
    state = do(state, "york", type="sail", to="Dorset")
    assert state["action_phase"]["mode"] is None


@pytest.mark.rule("R3-5.4c", "R3-5.4d", "R3-5.4e", "R3-4.2b")
def test_recruit_placement_nobles_church_levies():
    state = board(("Y_Norfolk", "Glamorgan"))
    state = do(state, "lancaster", type="recruit", block="L_Buckingham")
    assert {a["area"] for a in acts(state, "lancaster", "place")} == {"Warwick", "Kent"}
    state = board()
    state = do(state, "lancaster", type="recruit", block="L_YorkChurch")
    assert [a["area"] for a in acts(state, "lancaster", "place")] == ["South Yorks"]
    state = board()
    state = do(state, "lancaster", type="recruit", block="L_Bristol")
    assert [a["area"] for a in acts(state, "lancaster", "place")] == ["Somerset"]
    assert "Y_Norfolk" not in {a["block"] for a in acts(state, "york", "recruit")}


@pytest.mark.rule("R3-5.4f", "R3-5.4g", "R3-5.4i", "R3-5.4h")
def test_recruit_bombard_rebel_welsh():
    state = board(("L_Oxford", "Middlesex"), ("Y_Norfolk", "Wilts"))
    state = do(state, "lancaster", type="recruit", block="L_Bombard")
    assert [a["area"] for a in acts(state, "lancaster", "place")] == ["Middlesex"]  # friendly city only
    state = board(("L_Oxford", "Powys"), ("Y_Norfolk", "Glamorgan"))
    state = do(state, "lancaster", type="recruit", block="L_Welsh")
    assert {a["area"] for a in acts(state, "lancaster", "place")} == {"Pembroke", "Caernarvon", "Powys"}
    state = board(("L_Oxford", "Middlesex"), role="york")
    state = do(state, "york", type="recruit", block="R_Rebel")
    places = {a["area"] for a in acts(state, "york", "place")}
    assert "Isle of Man" in places and "Middlesex" not in places and "Calais" not in places
    state = board(("L_Oxford", "Kent"))
    state["blocks"]["L_French"]["at"] = "pool"  # even from the pool an exile mercenary is never recruited
    assert "L_French" not in {a["block"] for a in acts(state, "lancaster", "recruit")}


@pytest.mark.rule("R3-5.4j", "R3-5.4k")
def test_no_restoring_steps_and_face_down_pool_blocks():
    state = board(("L_Oxford", "Essex"))
    state["blocks"]["L_Oxford"]["strength"] = 1
    state["blocks"]["L_Rivers"]["down"] = True
    assert "L_Rivers" not in {a["block"] for a in acts(state, "lancaster", "recruit")}
    assert not any(
        "Oxford" in ENGINE.text(c["label"], "en") and c["action"]["type"] == "recruit"
        for c in ENGINE.legal_actions(state, "lancaster")
    )


@pytest.mark.rule("R3-5.2.2c")
def test_unpinned_defender_may_attack_elsewhere():
    state = board(
        ("Y_Norfolk", "Middlesex"),
        ("L_Oxford", "Essex"),
        ("L_Beaumont", "Essex"),
        ("Y_Arundel", "Leicester"),
        role="york",
    )
    state = move(state, "york", "Middlesex", "Y_Norfolk", ["Essex"])
    state = do(state, "york", type="done")
    state = do(state, "york", type="end")
    state = do(state, "lancaster", type="activate", area="Essex")
    state = do(state, "lancaster", type="move", block="L_Oxford")
    assert "Leicester" in dests(state, "lancaster") and "Middlesex" not in dests(state, "lancaster")


def event_board(event, *placements, role="lancaster"):
    return board(*placements, role=role, card=EVENT[event])


def test_force_march_three_areas():
    state = event_board("Force March", ("L_Oxford", "Essex"))
    assert types(state, "lancaster") == {"activate", "end"}
    state = move(state, "lancaster", "Essex", "L_Oxford", ["Middlesex", "Oxford"])
    assert "Gloucester" in dests(state, "lancaster")
    state = do(state, "lancaster", type="step", to="Gloucester")
    assert state["blocks"]["L_Oxford"]["at"] == "Gloucester"


def test_surprise_raises_limits():
    state = event_board("Surprise", *[(b, "Cumbria") for b in ["L_Clifford", "L_Oxford", "L_Beaumont"]])
    state = do(state, "lancaster", type="activate", area="Cumbria")
    for b in ["L_Clifford", "L_Oxford", "L_Beaumont"]:
        state = move(state, "lancaster", "Cumbria", b, ["Lancaster"])
    assert all(state["blocks"][b]["at"] == "Lancaster" for b in ["L_Clifford", "L_Oxford", "L_Beaumont"])


def test_muster_gathers_from_many_areas():
    state = event_board("Muster", ("L_Oxford", "Essex"), ("L_Beaumont", "Lincoln"), ("L_Clifford", "North Yorks"))
    assert "muster" in types(state, "lancaster") and "activate" not in types(state, "lancaster")
    state = do(state, "lancaster", type="muster", area="Leicester")
    movers = {a["block"] for a in acts(state, "lancaster", "move")}
    assert movers == {"L_Oxford", "L_Beaumont"}
    state = do(state, "lancaster", type="move", block="L_Oxford")
    assert dests(state, "lancaster") == {"Leicester", "Middlesex", "Rutland"}  # not East Anglia
    state = do(state, "lancaster", type="step", to="Leicester")
    assert state["blocks"]["L_Oxford"]["at"] == "Leicester"


def test_piracy_sea_attack():
    state = event_board("Piracy", ("L_French", "France"), ("Y_Norfolk", "Sussex"))
    assert "activate" not in types(state, "lancaster") and "recruit" not in types(state, "lancaster")
    state = ship(state, "lancaster", "L_French")
    state = do(state, "lancaster", type="sail", to="Sussex")
    assert state["turn_record"]["attacks"]["Sussex"]["main"] == "sea:English Channel"


def test_plague_hits_every_block_in_an_enemy_city_area():
    state = event_board(
        "Plague", ("Y_Norfolk", "East Anglia"), ("Y_Norwich", "East Anglia"), ("Y_Worcester", "Rutland")
    )
    state["blocks"]["Y_Norfolk"]["strength"] = 1
    assert [a["area"] for a in acts(state, "lancaster", "plague")] == ["East Anglia"]
    state = do(state, "lancaster", type="plague", area="East Anglia")
    assert state["blocks"]["Y_Norwich"]["strength"] == 3
    assert state["blocks"]["Y_Norfolk"]["at"] == "dead"


def test_bad_input_is_rejected_without_change():
    state = board(("L_Oxford", "Essex"))
    before = ENGINE.copy(state)
    for role, action in [
        ("york", {"type": "end"}),
        ("lancaster", {"type": "fly"}),
        ("lancaster", {"type": "activate", "area": "Atlantis"}),
        ("lancaster", {"type": "recruit"}),
        ("lancaster", "end"),
        ("nobody", {"type": "end"}),
    ]:
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, role, action)
    assert state == before


@pytest.mark.rule("R3-5.3a", "R3-5.3b")
def test_sea_move_costs_one_ap_when_the_block_sails():
    state = board(("Y_Norfolk", "Calais"), role="york", card=PLAIN[2])
    state = do(state, "york", type="sea", area="Calais")
    state = do(state, "york", type="done")  # cancelled before sailing: no AP spent
    assert state["action_phase"]["action_points"] == 2
    state = ship(state, "york", "Y_Norfolk")
    assert state["action_phase"]["action_points"] == 2
    state = do(state, "york", type="sail", to="Dorset")
    assert state["action_phase"]["action_points"] == 1


def test_plague_cannot_be_taken_back():
    """Plague shows how many enemy blocks had one step left (they vanish): no undo after it."""
    state = event_board(
        "Plague", ("Y_Norfolk", "East Anglia"), ("Y_Norwich", "East Anglia"), ("Y_Worcester", "Rutland")
    )
    state["blocks"]["Y_Norfolk"]["strength"] = 1
    after = ENGINE.apply(state, "lancaster", {"type": "plague", "area": "East Anglia"})
    assert not ENGINE.is_undoable(state, after, "lancaster")


@pytest.mark.rule("R3-5.2.1b", "R3-5.2.1c", "R3-5.2.1d")
def test_e8_both_players_cross_the_same_red_border():
    """E8 through real moves: Lancaster (Player 1) sends 2 blocks across Lancaster–Cumbria, then York
    (Player 2) sends 2 of its own across it; a third York block may not cross."""
    state = board(
        ("L_Clifford", "Lancaster"), ("L_Oxford", "Lancaster"),
        ("Y_Norfolk", "Chester"), ("Y_Suffolk", "Chester"), ("Y_Arundel", "Chester"),
    )  # fmt: skip
    state = move(state, "lancaster", "Lancaster", "L_Clifford", ["Cumbria"])
    state = move(state, "lancaster", "Lancaster", "L_Oxford", ["Cumbria"])
    state = do(state, "lancaster", type="done")
    state = do(state, "lancaster", type="end")
    assert state["action_phase"]["role"] == "york"
    state = do(state, "york", type="activate", area="Chester")
    for bid in ("Y_Norfolk", "Y_Suffolk"):
        state = do(state, "york", type="move", block=bid)
        state = do(state, "york", type="step", to="Lancaster")
        assert "Cumbria" in dests(state, "york")  # Lancaster's 2 crossings do not count for York
        state = do(state, "york", type="step", to="Cumbria")
        assert state["blocks"][bid]["at"] == "Cumbria" and state["action_phase"]["mode"] == "group"  # stops after red
    state = do(state, "york", type="move", block="Y_Arundel")
    state = do(state, "york", type="step", to="Lancaster")
    assert "Cumbria" not in dests(state, "york")  # a third York block may not cross
