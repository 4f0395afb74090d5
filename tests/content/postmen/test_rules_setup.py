"""Per-rule tests: the game set-up, each Attack's set-up per variant, the clean-up between
Attacks and the Tactics decks of the Veteran and Elite variants.

These run the pack's own `play` block; only `play_attack` is replaced (scenarios/attack_setups.rules)
by a pause after each set-up, so the board can be inspected between Attacks.
"""
from __future__ import annotations

import pytest

from postmen_scenarios import BOARD_SPACES, notes, pack, start

VARIANTS = [None, "veteran", "elite"]
PLACEMENT_1_6 = ["p12", "p34", "p56"]
FRONT_PLACEMENTS = ["p7", "p8", "p910", "p1112"]
MG_SPACES = ["sup_a", "sup_b", "sup_c", "sup_d"]


def kind_of(piece: str) -> str:
    return piece.split("#")[0]


def attack_1(variant=None, seed=0):
    game = start("attack_setups", variant=variant, seed=seed)
    assert game.decision.prompt == "Attack 1 is set up"
    return game


def attack_2(variant=None, seed=0):
    game = attack_1(variant, seed)
    game.choose("1")
    assert game.decision.prompt.startswith("Attack 2 is set up")
    return game


def attack_3(variant=None, morale=9, barrier=0, seed=0):
    game = attack_2(variant, seed)
    game.choose(str(morale))
    game.choose(str(barrier))
    assert game.decision.prompt == "Attack 3 is set up"
    return game


# ---- game set-up (rulebook, Set up and Components)

def test_garrison_info_counts_thirty_cards_per_attack_deck_including_set_aside_cards():
    decks = pack().summary()["decks"]
    assert (decks["attack_1"], decks["attack_2"], decks["attack_3"]) == (30, 30, 30)
    assert sum(decks[d] for d in ("attack_1", "attack_2", "attack_3")) == 90     # Enemy Cards (90)


def test_component_counts():
    pieces = pack().summary()["pieces"]
    assert pieces["defender"] == 56 and pieces["weapon"] == 16 and pieces["ammunition"] == 9
    assert pieces["assault"] == 70 and pieces["support"] == 12 and pieces["armored_car"] == 2


def is_defender(game, piece: str) -> bool:
    return piece.split("#")[0] in {p.name for p in pack().declarations if getattr(p, "decl", None) == "piece"
                                   and getattr(p, "kind", None) == "defender"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_set_up_defenders_morale_and_defense_tokens(variant):
    game = attack_1(variant)
    on_board = [p for s in BOARD_SPACES for p in game.pieces_at(s) if is_defender(game, p)]
    assert len(on_board) == 39
    unused = game.pieces_at("unused")
    assert len(unused) == 17 and all(kind_of(p) == "spare_postal" for p in unused)
    assert game.pieces_at("casualties") == [] and game.pieces_at("escaped") == []
    assert game.var("morale") == 9
    for floor in ("upper_inside", "ground_inside", "basement_inside"):
        assert game.field(floor, "step") == 1                         # by the leftmost value


@pytest.mark.parametrize("variant", VARIANTS)
def test_set_up_grenade_bundles_and_fire_truck_are_set_aside_and_decks_shuffled(variant):
    game = attack_1(variant)
    assert sorted(game.pieces_at("set_aside")) == ["fire_truck", "grenade_bundle_1", "grenade_bundle_2",
                                                   "grenade_bundle_3", "grenade_bundle_4"]
    assert [len(game.pieces_at(d)) for d in ("attack_1", "attack_2", "attack_3")] == [27, 29, 29]
    for deck in ("attack_1", "attack_2", "attack_3"):
        assert not any(c.startswith("grenade_bundle") or c == "fire_truck" for c in game.pieces_at(deck))
    shuffled = {e.data["space"] for e in game.log if e.kind == "shuffle"}
    assert {"attack_1", "attack_2", "attack_3"} <= shuffled


def test_each_attack_deck_is_shuffled_differently_per_seed():
    orders = {tuple(attack_1(None, seed).pieces_at("attack_1")) for seed in range(4)}
    assert len(orders) > 1


# ---- Attack 1 set-up (2.1; Veteran 8.1.1; Elite 8.2.1)

@pytest.mark.parametrize("variant, unit", [(None, "rifleman"), ("veteran", "smg"), ("elite", "smg")])
def test_attack_1_set_up_places_one_counter_on_each_1_6_placement_space(variant, unit):
    game = attack_1(variant)
    for s in PLACEMENT_1_6:
        stack = game.pieces_at(s)
        assert len(stack) == 1 and kind_of(stack[0]) == unit, (s, stack)
    for s in FRONT_PLACEMENTS:
        assert game.pieces_at(s) == []
    assert game.location("car_ostmark") == "supply" and game.location("car_sudetenland") == "supply"


@pytest.mark.parametrize("variant", [None, "veteran"])
def test_attack_1_set_up_has_no_machine_gunners_except_in_elite(variant):
    game = attack_1(variant)
    for s in MG_SPACES + ["sup_e", "sup_f"]:
        assert game.pieces_at(s) == []


def test_elite_attack_1_set_up_mans_the_machine_gunner_spaces():
    game = attack_1("elite")
    assert [game.pieces_at(s) for s in MG_SPACES] == [["mg_a"], ["mg_b"], ["mg_c"], ["mg_d"]]
    assert game.pieces_at("sup_e") == [] and game.pieces_at("sup_f") == []


# ---- Tactics decks (8.1.2, 8.2.2)

def test_standard_game_uses_no_tactics_cards():
    game = attack_1(None)
    assert [len(game.pieces_at(f"tactics_{n}")) for n in (1, 2, 3)] == [10, 10, 10]
    assert game.pieces_at("removed") == []


@pytest.mark.parametrize("variant, dropped", [("veteran", 3), ("elite", 2)])
def test_tactics_set_up_removes_cards_from_each_deck(variant, dropped):
    game = attack_1(variant)
    assert [len(game.pieces_at(f"tactics_{n}")) for n in (1, 2, 3)] == [10 - dropped] * 3
    removed = game.pieces_at("removed")
    assert len(removed) == 3 * dropped
    for n in (1, 2, 3):
        assert sum(1 for c in removed if c.startswith(f"t{n}_")) == dropped
    assert game.pieces_at("tactics_row") == []


def test_tactics_removal_is_random():
    removed = {tuple(sorted(attack_1("veteran", seed).pieces_at("removed"))) for seed in range(4)}
    assert len(removed) > 1


# ---- clean-up between Attacks (2.1, 2.2)

@pytest.mark.parametrize("variant", VARIANTS)
def test_clean_up_after_attack_1(variant):
    game = attack_1(variant)
    positions = {d: game.location(d) for d in ("gdaniec", "kuntz", "wasik", "konrad", "barzychowska")}
    game.choose("1")                    # Attack 1 ends with a used board (attack_setups.rules)
    assert "Attack 1 is over." in notes(game)
    # defenders: disrupted tokens off, exhausted flipped back, nobody moved
    for d in ("gdaniec", "kuntz", "wasik"):
        assert game.tokens(d, "disrupted") == 0, d
        assert game.field(d, "exhausted") is False, d
    for d, where in positions.items():
        assert game.location(d) == where
    assert game.location("fuz") == "casualties"                     # casualties stay casualties
    # weapons and ammunition stay where they are
    assert game.location("rifle_5") == "g5" and game.location("ammo_9") == "removed"
    # suppression tokens and assault counters go to the supply
    assert game.tokens("s2", "suppression") == 0 and game.tokens("k1", "suppression") == 0
    assert game.location("heinrich") == "supply"
    assert game.location("smg#5") == "supply" and game.tokens("smg#5", "disrupted") == 0
    assert game.location("rifleman#10") == "supply"
    for s in PLACEMENT_1_6 + ["ground_inside", "upper_inside", "r1"]:
        assert not any(kind_of(p) in {"rifleman", "smg", "heinrich"} for p in game.pieces_at(s)), s
    # support counters stay on the board
    assert game.pieces_at("sup_a") == ["mg_a", "mg_a_emplaced"]
    assert game.var("morale") == 9


# ---- Attack 2 set-up (2.2; 8.1.1; 8.2.1)

@pytest.mark.parametrize("variant, unit", [(None, "rifleman"), ("veteran", "smg"), ("elite", "smg")])
def test_attack_2_set_up_cars_on_7_and_9_10_with_counters_on_top(variant, unit):
    game = attack_2(variant)
    p7, p910 = game.pieces_at("p7"), game.pieces_at("p910")
    assert len(p7) == 2 and p7[0].startswith("car_") and kind_of(p7[1]) == unit
    assert len(p910) == 2 and p910[0].startswith("car_") and kind_of(p910[1]) == unit
    assert {p7[0], p910[0]} == {"car_ostmark", "car_sudetenland"}
    for s in ("p8", "p1112"):
        assert len(game.pieces_at(s)) == 1 and kind_of(game.pieces_at(s)[0]) == unit
    for s in PLACEMENT_1_6:
        assert game.pieces_at(s) == []


def test_standard_attack_2_set_up_places_no_support_counters():
    game = attack_2(None)
    assert game.pieces_at("sup_a") == ["mg_a", "mg_a_emplaced"]     # left over from Attack 1
    for s in ["sup_b", "sup_c", "sup_d", "sup_e", "sup_f"]:
        assert game.pieces_at(s) == []


@pytest.mark.parametrize("variant", ["veteran", "elite"])
def test_veteran_and_elite_attack_2_fill_only_the_empty_machine_gunner_spaces(variant):
    game = attack_2(variant)
    assert game.pieces_at("sup_a") == ["mg_a", "mg_a_emplaced"]     # occupied: unchanged
    assert [game.pieces_at(s) for s in ("sup_b", "sup_c", "sup_d")] == [["mg_b"], ["mg_c"], ["mg_d"]]


def test_veteran_attack_2_places_no_infantry_guns():
    game = attack_2("veteran")
    assert game.pieces_at("sup_e") == [] and game.pieces_at("sup_f") == []


def test_elite_attack_2_places_the_infantry_guns_on_e_and_f():
    game = attack_2("elite")
    assert game.pieces_at("sup_e") == ["ig_e"] and game.pieces_at("sup_f") == ["ig_f"]


# ---- Attack 3 set-up (2.3; 8.1.1; 8.2.1)

@pytest.mark.parametrize("variant, unit", [(None, "ss_rifleman"), ("veteran", "ss_smg"), ("elite", "ss_smg")])
def test_attack_3_set_up_cars_back_and_ss_on_all_seven_placement_spaces(variant, unit):
    game = attack_3(variant)
    assert "Attack 2 is over." in notes(game)
    assert game.location("car_ostmark") in {"p7", "p910"} and game.location("car_sudetenland") in {"p7", "p910"}
    assert game.location("car_ostmark") != game.location("car_sudetenland")
    for s in PLACEMENT_1_6 + FRONT_PLACEMENTS:
        counters = [p for p in game.pieces_at(s) if not p.startswith("car_")]
        assert len(counters) == 1 and kind_of(counters[0]) == unit, (s, game.pieces_at(s))
        assert game.pieces_at(s)[-1] == counters[0]                    # on top of the car
    for s in ("junction", "f9", "f7"):
        assert game.pieces_at(s) == []                                  # Attack 2 counters gone


def test_standard_attack_3_places_no_support_counters():
    game = attack_3(None)
    assert game.pieces_at("sup_c") == [] and game.pieces_at("sup_b") == []
    assert game.pieces_at("sup_e") == ["ig_e"]                          # stays from Attack 2


@pytest.mark.parametrize("variant", ["veteran", "elite"])
def test_veteran_and_elite_attack_3_refill_empty_machine_gunner_spaces(variant):
    game = attack_3(variant)
    assert game.pieces_at("sup_c") == ["mg_c"]                          # emptied in Attack 2
    assert game.pieces_at("sup_a") == ["mg_a", "mg_a_emplaced"]


@pytest.mark.parametrize("barrier", [0, 1])
def test_attack_3_puts_a_barrier_token_on_location_4_if_missing(barrier):
    game = attack_3(None, barrier=barrier)
    assert game.tokens("barrier_4", "barrier") == 1


def test_fire_truck_goes_to_the_bottom_when_emboldened():
    for seed in range(5):
        game = attack_3(None, morale=9, seed=seed)
        deck = game.pieces_at("attack_3")
        assert len(deck) == 30
        assert deck[0] == "fire_truck"                                  # index 0 = bottom
        assert game.location("fire_truck") == "attack_3"


def fire_truck_depths(morale: int, seeds=range(30)) -> set[int]:
    depths = set()
    for seed in seeds:
        game = attack_3(None, morale=morale, seed=seed)
        deck = game.pieces_at("attack_3")
        assert len(deck) == 30 and deck.count("fire_truck") == 1
        depths.add(deck.index("fire_truck"))
    return depths


def test_fire_truck_among_the_bottom_seven_when_shaken():
    depths = fire_truck_depths(5)
    assert max(depths) <= 7                  # shuffled with the bottom 7 cards: 8 positions
    assert len(depths) >= 4 and max(depths) >= 5


def test_fire_truck_among_the_bottom_twelve_when_panicked():
    depths = fire_truck_depths(2)
    assert max(depths) <= 12                 # shuffled with the bottom 12 cards: 13 positions
    assert max(depths) > 7
