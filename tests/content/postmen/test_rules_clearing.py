"""Per-rule tests: the Clearing Phase (5.0) and the Escape Phase (6.0)."""
from __future__ import annotations

import pytest

from postmen_scenarios import casualties, ids, notes, phases, start


def one_turn(case: int, attack: int):
    game = start("clearing_runs")
    game.choose(str(case))
    game.choose(str(attack))
    while not game.over and (game.decision.prompt.startswith("Move a defender")
                             or game.decision.prompt.startswith("Take an action")):
        game.choose("pass")                                   # the whole Defense Phase
    return game


# ---- when the Clearing Phase is played (5.0)

@pytest.mark.parametrize("attack", [1, 2])
def test_no_clearing_phase_without_counters_inside(attack):
    game = one_turn(1, attack)
    assert game.over and "the Attack is over" in notes(game)
    assert "Clearing Phase" not in phases(game)


@pytest.mark.parametrize("attack", [1, 2, 3])
def test_clearing_phase_with_a_counter_inside(attack):
    game = one_turn(2, attack)
    assert "Clearing Phase" in phases(game)
    assert game.location("kuntz") == "casualties"            # the submachine gunner found him


# ---- the Escape Phase only in Attack 3 (2.3, 6.0)

@pytest.mark.parametrize("attack", [1, 2])
def test_no_escape_phase_in_attacks_1_and_2(attack):
    game = one_turn(1, attack)
    assert "Escape Phase" not in phases(game)
    assert game.location("m_pipka") == "b12"


def test_escape_phase_in_attack_3():
    game = one_turn(1, 3)
    assert phases(game)[-1] == "Escape Phase"
    assert set(ids(game)) == {"m_pipka", "pass"}
    game.choose("m_pipka")
    assert game.location("m_pipka") == "escaped"


# ---- removing defenders (5.2) and moving to another floor (5.3)

def clearing(case: int, rolls=()):
    game = start("clearing_order", rolls)
    game.choose(str(case))
    return game


@pytest.mark.parametrize("case", [1, 2])
def test_submachine_gunners_clear_before_riflemen(case):
    # the submachine gunner (combat 2) takes Konrad and Kuntz from the interior; the rifleman
    # then finds the interior empty and turns on Gdaniec. In the other order Gdaniec would live.
    game = clearing(case)
    assert casualties(game) == ["konrad", "kuntz", "gdaniec"]


def test_floors_clear_ground_then_upper_then_basement():
    game = clearing(3)
    assert casualties(game) == ["kuntz", "franz", "postal_16"]


def test_a_counter_with_nobody_on_the_ground_floor_moves_upstairs_and_removes_nobody():
    game = clearing(4)
    assert game.location("smg#1") == "upper_inside"
    assert casualties(game) == []
    assert game.location("franz") == "upper_inside" and game.location("postal_5") == "u3"


def test_a_counter_with_nobody_on_the_upper_floors_moves_to_the_basement_and_removes_nobody():
    game = clearing(5)
    assert game.location("rifleman#1") == "basement_inside"
    assert casualties(game) == []
    assert game.location("postal_16") == "basement_inside"


def test_a_basement_counter_with_nobody_in_the_basement_stays():
    game = clearing(6)
    assert game.location("rifleman#1") == "basement_inside"
    assert casualties(game) == []


def test_defenders_are_removed_in_the_order_of_the_removal_priority_list():
    game = clearing(8)
    assert casualties(game) == ["konrad", "flisykowski", "gorski", "gdaniec", "wasik", "milewczyk",
                                "michon", "kuntz", "j_pipka", "barzychowska"]


def test_ties_on_the_priority_list_are_the_players_choice():
    game = clearing(7)
    assert game.decision.prompt == "Rifleman clears ground floor interior: which defender is lost?"
    assert set(ids(game)) == {"kuntz", "postal_10"}
    game.choose("postal_10")
    assert casualties(game) == ["postal_10"]
    assert game.location("kuntz") == "ground_inside"
    assert game.var("morale") == 8


# ---- escaping (6.0)

def escape(case: int):
    game = start("escape")
    game.choose(str(case))
    return game


def test_only_fresh_defenders_in_entrance_spaces_may_escape_never_by_the_front():
    game = escape(1)
    # not Barzychowska (exhausted), J. Pipka (disrupted), Franz (no entrance), nor the front g6
    assert set(ids(game)) == {"m_pipka", "kuntz", "postal_10", "pass"}


@pytest.mark.parametrize("case, why", [(2, "an assault counter on the track"),
                                       (3, "an assault counter on the track's placement space"),
                                       (4, "a support counter that sees the track")])
def test_escape_by_the_basement_entrance_blocked(case, why):
    game = escape(case)
    assert "m_pipka" not in ids(game), why
    assert "kuntz" in ids(game) and "postal_10" in ids(game)       # other entrances stay open


def test_support_counters_that_do_not_see_the_track_do_not_block():
    game = escape(5)
    assert "m_pipka" in ids(game)


def test_support_counter_watching_the_side_blocks_the_side_spaces_only():
    game = escape(6)
    assert set(ids(game)) == {"m_pipka", "postal_10", "pass"}


def test_escapers_leave_one_by_one_until_the_player_stops():
    game = escape(1)
    game.choose("kuntz")
    game.choose("m_pipka")
    assert set(ids(game)) == {"postal_10", "pass"}
    game.choose("pass")
    assert game.over
    assert game.location("kuntz") == "escaped" and game.location("m_pipka") == "escaped"
    assert game.location("postal_10") == "g1"
