"""Per-rule tests: the Enemy Phase (cards drawn, discarded or removed), morale, breaches,
suppression checks on placement, armored cars, floors swept by fire and support cards."""
from __future__ import annotations

import pytest

from postmen_scenarios import casualties, ids, labels, notes, rolls, start


# ---- drawing and discarding enemy cards (3.0)

def test_enemy_phase_draws_five_cards():
    game = start("enemy_deck_size", [7, 8, 9, 11, 7])
    game.choose("7")
    assert game.over
    assert len(game.pieces_at("discard_2")) == 5
    assert len(game.pieces_at("attack_2")) == 2
    assert "The Attack deck is empty." not in notes(game)


def test_enemy_phase_draws_only_the_remaining_cards_when_the_deck_runs_out():
    game = start("enemy_deck_size", [7, 8, 9])
    game.choose("3")
    assert game.over
    assert sorted(game.pieces_at("discard_2")) == ["a2_rifleman#1", "a2_rifleman#2", "a2_rifleman#3"]
    assert game.pieces_at("attack_2") == []
    assert "The Attack deck is empty." in notes(game)
    assert "after the enemy phase" in notes(game)                       # the phase ends normally
    assert len(game.pieces_at("attack_3")) == 29                         # nothing from another deck
    assert sorted(game.location(f"rifleman#{i}") for i in (1, 2, 3)) == ["p7", "p8", "p910"]


def test_leader_howitzer_and_grenade_bundle_cards_leave_the_game_others_are_discarded():
    game = start("enemy_card_fates", [1, 1] + [1] * 12 + [8])
    assert game.over
    for card in ("grenade_bundle_4", "a2_bethke", "a2_howitzer#1"):
        assert game.location(card) == "removed", card
    assert sorted(game.pieces_at("discard_2")) == ["a2_ig_e#1", "a2_rifleman#1"]
    assert game.pieces_at("in_play") == []
    assert game.location("bethke") == "p910" and game.location("rifleman#1") == "p8"


# ---- morale (1.2)

def test_morale_falls_by_the_casualtys_adjustment_and_rises_for_konrad_and_flisykowski():
    game = start("morale_track")
    steps = [int(n.split()[1]) for n in notes(game) if n.startswith("morale ")]
    # from 7: Konrad +1, Flisykowski +1, Konrad again at 9 (capped), J. Pipka -2, Gdaniec
    # (trained) 0, Gorski (Suppression) 0, Barzychowska -3, Kuntz (postal worker) -1
    assert steps == [8, 9, 9, 7, 7, 7, 4, 3]


def test_losing_special_defenders_other_than_konrad_and_flisykowski_leaves_morale_alone():
    game = start("specials_lost")
    assert notes(game)[-1] == "morale 9"


def test_morale_reaching_zero_ends_the_game_at_once_as_a_loss():
    game = start("morale_zero")
    assert game.over
    assert game.var("morale") == 0
    assert game.result.outcome == "Loss"
    assert game.result.score > 15                      # the score would have been a victory
    assert "the game goes on" not in notes(game)


def test_morale_can_not_go_below_zero_and_still_ends_the_game():
    game = start("morale_zero")                        # 2 - 3 for Barzychowska
    assert game.var("morale") == 0 and game.result.outcome == "Loss"


def test_morale_zero_in_the_middle_of_a_breach_stops_everything():
    game = start("morale_zero_breach")
    assert game.result.outcome == "Loss"
    assert casualties(game) == ["kuntz"]
    assert game.log[-1].kind == "end"
    assert "the game goes on" not in notes(game)


# ---- breaches (3.1, Breaching the Post Office)

def test_side_entrance_breach_kills_nobody():
    game = start("breaches")
    game.choose("1")
    assert casualties(game) == []
    assert game.var("morale") == 9
    assert game.location("smg#1") == "ground_inside"
    assert game.location("kuntz") == "g4" and game.location("wasik") == "g5"


def test_rear_entrance_breach_kills_the_rear_entrance_space_only():
    game = start("breaches")
    game.choose("2")
    assert sorted(casualties(game)) == ["postal_10", "trained_7"]
    assert game.var("morale") == 8
    assert game.location("smg#1") == "ground_inside"


def test_basement_breach_kills_the_basement_entrance_and_enters_the_basement_interior():
    game = start("breaches")
    game.choose("3")
    assert sorted(casualties(game)) == ["barzychowska", "j_pipka"]
    assert game.var("morale") == 4                                       # 9 - 3 - 2
    assert game.location("smg#1") == "basement_inside"
    assert game.location("fuz") == "b34"


def test_front_entrance_breach_kills_the_front_entrance_space_only():
    game = start("breaches")
    game.choose("4")
    assert sorted(casualties(game)) == ["gdaniec", "postal_13"]
    assert game.location("smg#1") == "ground_inside"
    assert game.location("postal_10") == "g1"


# ---- suppression tokens on a placement space (4.2.2)

def test_suppression_check_when_a_counter_is_placed_hit():
    game = start("suppress_on_placement", [3])
    assert game.decision.prompt == "Spend how many suppression tokens against Rifleman entering 3-4?"
    assert ids(game) == ["0", "1", "2", "3"]
    game.force_rolls([4, 1])
    game.choose("2")
    assert game.location("rifleman#1") == "supply"
    assert game.tokens("p34", "suppression") == 1                        # only the spent ones go


def test_suppression_check_when_a_counter_is_placed_miss():
    game = start("suppress_on_placement", [3])
    game.force_rolls([3])
    game.choose("1")
    assert game.location("rifleman#1") == "p34"
    assert game.tokens("p34", "suppression") == 0                        # all discarded


# ---- armored cars (3.1, Armored Car Counters)

def test_counters_stack_on_a_car_held_at_barrier_4_without_a_barrier_token():
    game = start("cars_stack_at_barrier", [9])
    assert game.pieces_at("junction") == ["car_sudetenland", "smg#1", "rifleman#2"]
    assert game.pieces_at("f9") == ["rifleman#1"] and game.pieces_at("p910") == ["smg#2"]
    assert game.location("grenade_bundle_4") == "attack_2"


def test_a_car_never_moves_past_barrier_4_even_when_it_is_destroyed():
    game = start("cars_stack_at_barrier", [9])
    game.choose("1")                                                     # grenade bundle 4
    assert game.tokens("barrier_4", "barrier") == 1
    assert game.pieces_at("junction") == ["car_sudetenland", "smg#1"]
    assert game.pieces_at("f1") == ["rifleman#2"]


def test_a_car_stops_behind_the_other_car():
    game = start("cars_blocked", [7])
    assert game.pieces_at("junction") == ["car_sudetenland", "rifleman#1"]
    assert game.pieces_at("f7") == ["car_ostmark", "rifleman#2"]
    assert game.pieces_at("p7") == ["smg#1"]


def test_cars_are_never_targets_and_give_their_riders_defense_6():
    game = start("cars_as_targets")
    game.choose("pass")
    options = labels(game)
    assert not any("car_" in o for o in options)
    assert options["attack:trained_4:rifleman#1"].endswith("(2 dice, needs 6+)")
    assert options["attack:trained_4:smg#1"].endswith("(2 dice, needs 4+)")


@pytest.mark.parametrize("dice, survives", [([5, 5], True), ([6, 1], False)])
def test_a_rider_on_a_car_needs_a_six(dice, survives):
    game = start("cars_as_targets")
    game.choose("pass")
    game.force_rolls(dice)
    game.choose("attack:trained_4:rifleman#1")
    assert (game.location("rifleman#1") == "f9") is survives
    assert game.location("car_sudetenland") == "f9"


# ---- floors swept by fire (3.2 Infantry Guns, 3.3 Howitzer)

def test_rightmost_defense_disrupts_assault_counters_inside_that_floor_only():
    game = start("floor_swept", [6, 6])
    assert game.tokens("franz", "disrupted") == 1
    assert game.tokens("rifleman#1", "disrupted") == 1
    assert game.tokens("rifleman#2", "disrupted") == 1                  # already: no further effect
    assert game.location("rifleman#2") == "upper_inside"
    assert game.tokens("smg#1", "disrupted") == 0 and game.tokens("smg#2", "disrupted") == 0
    assert game.field("upper_inside", "step") == len(game.field("upper_inside", "track"))


def test_howitzer_at_the_rightmost_ground_defense_disrupts_counters_on_the_ground_floor():
    game = start("floor_swept", [6, 6])
    game.force_rolls([1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 1, 1])
    game.choose("1")
    assert game.tokens("smg#1", "disrupted") == 1
    assert game.tokens("smg#2", "disrupted") == 0                        # basement missed
    assert game.tokens("rifleman#1", "disrupted") == 1                   # upper missed: unchanged
    assert game.location("a2_howitzer#1") == "removed"


# ---- support cards (3.2.1)

def test_support_card_with_the_emplaced_counter_in_place_activates_the_top_counter():
    game = start("support_emplaced", [2, 1, 1, 5])
    assert game.pieces_at("sup_a") == ["mg_a", "mg_a_emplaced"]
    assert notes(game) == ["Emplaced machine gunner A fires at ground 2-3, the space the target die picks."]
    assert rolls(game) == [[2], [1, 1, 5]]                               # three dice: emplaced
    assert game.tokens("kuntz", "disrupted") == 0                        # 5 < ground defense 6
