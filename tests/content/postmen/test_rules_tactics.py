"""Per-rule tests: each Tactics card effect as the pack implements it (cards.rules, enemy.rules,
defense.rules, clearing.rules; NOTES.md section 6). Only Assault, Breach and Coordinated Attack
are named in the rulebook (8.1, 8.2); the effects themselves are the pack's reconstruction."""
from __future__ import annotations

import pytest

from postmen_scenarios import casualties, ids, labels, notes, rolls, start


# ---- dealing Tactics cards across Attacks (8.1.2, 8.2.2)

def test_veteran_deals_a_card_of_the_new_attack_and_discards_the_old_one():
    game = start("tactics_across_attacks", variant="veteran")
    assert game.decision.prompt == "Tactics shown in Attack 1"
    (old,) = game.pieces_at("tactics_row")
    assert old.startswith("t1_")
    game.choose("1")
    (new,) = game.pieces_at("tactics_row")
    assert new.startswith("t2_") and game.location(old) == "tactics_discard"


def test_elite_shows_two_cards_each_turn_in_every_attack():
    game = start("tactics_across_attacks", variant="elite")
    assert len(game.pieces_at("tactics_row")) == 2
    game.choose("1")
    assert len(game.pieces_at("tactics_row")) == 2


def test_elite_keeps_sliding_across_the_start_of_a_new_attack():
    game = start("tactics_across_attacks", variant="elite")
    kept = game.pieces_at("tactics_row")[-1]                  # the card nearest the deck
    game.choose("1")
    row = game.pieces_at("tactics_row")
    assert kept in row
    assert sum(1 for c in row if c.startswith("t2_")) == 1


@pytest.mark.parametrize("variant", ["veteran", "elite"])
def test_the_effects_in_force_are_those_of_the_cards_in_play(variant):
    game = start("tactics_across_attacks", variant=variant)
    for _ in range(2):
        in_play = {game.field(c, "tactic") for c in game.pieces_at("tactics_row")}
        assert {name for name, _ in game.effects} == in_play
        game.choose("1")


def test_an_effect_two_cards_in_play_share_lasts_until_both_have_left():
    game = start("tactics_same_effect_twice", variant="elite")
    assert game.effects == [("regroup", ())]
    game.choose("1")
    assert game.effects == []
    assert [e.text for e in game.log if e.kind == "effect"] == ["Regroup: in effect", "Regroup: ends"]


# ---- Assault

def test_assault_the_first_assault_card_of_the_turn_acts_twice():
    game = start("tactic_assault", [5, 3, 1])
    assert game.pieces_at("p56") == ["rifleman#1"]
    assert game.pieces_at("p34") == ["rifleman#2"]                       # the second placement
    assert game.pieces_at("p12") == ["rifleman#3"]                       # the next card: once
    assert game.location("rifleman#4") == "supply"
    assert notes(game).count("Assault tactic: the card is resolved a second time.") == 1


def test_assault_on_a_leader_card_adds_a_rifleman_on_the_leaders_space():
    game = start("tactic_assault_leader")
    game.choose("1")
    assert game.pieces_at("p34") == ["rifleman#1"]
    assert game.pieces_at("r1") == ["heinrich"]                          # pushed on by the rifleman


def test_assault_on_a_leader_card_in_attack_3_adds_an_ss_rifleman():
    game = start("tactic_assault_leader")
    game.choose("3")
    assert game.pieces_at("p7") == ["ss_rifleman#1"]
    assert game.pieces_at("f7") == ["gotze"]


def test_assault_acts_again_on_the_first_card_of_the_next_turn():
    game = start("tactic_assault_each_turn", [7, 8, 9, 10, 11, 12, 7, 8])
    assert game.over
    assert notes(game).count("Assault tactic: the card is resolved a second time.") == 2
    placed = [f"rifleman#{i}" for i in range(1, 10) if game.location(f"rifleman#{i}") != "supply"]
    assert len(placed) == 8                                              # 6 cards + 2 doubles


# ---- Breach

def test_breach_blows_the_barrier_at_once_and_the_stack_advances():
    game = start("tactic_breach", [3])
    assert game.tokens("barrier_2", "barrier") == 1
    assert game.location("grenade_bundle_2") == "removed"                 # taken out of the deck
    assert "grenade_bundle_2" not in game.pieces_at("attack_1")
    assert game.pieces_at("r1") == ["smg#3"]
    assert game.pieces_at("r2") == ["rifleman#1"]


def test_breach_acts_only_once_per_turn():
    game = start("tactic_breach", [3])
    game.force_rolls([1])
    game.choose("1")
    assert game.pieces_at("s1") == ["rifleman#2"]
    assert game.tokens("barrier_1", "barrier") == 0
    assert game.location("grenade_bundle_1") == "attack_1"                # the normal way


# ---- Coordinated Attack

def test_coordinated_attack_fires_every_support_counter_once_more():
    game = start("tactic_coordinated", [8, 4, 1, 1, 1, 1])
    game.choose("1")
    assert game.over
    assert notes(game)[1:] == ["Machine gunner C fires at ground 4 (by the side entrance), the space the target die picks.",
                               "Emplaced infantry gun E fires on the upper floors."]
    assert rolls(game) == [[8], [4], [1], [1, 1, 1]]                      # E fires its top counter


def test_without_coordinated_attack_support_counters_fire_only_on_their_cards():
    game = start("tactic_coordinated", [8])
    game.choose("0")
    assert rolls(game) == [[8]]
    assert not any("fires" in n for n in notes(game))


# ---- Reinforcements

def test_reinforcements_draw_six_cards():
    game = start("tactic_reinforcements", [7, 8, 9, 11, 7, 8])
    assert len(game.pieces_at("discard_2")) == 6
    assert len(game.pieces_at("attack_2")) == 1


# ---- Determined

def test_determined_raises_assault_defense_by_one_against_suppression():
    game = start("tactic_determined", [3])
    game.force_rolls([4, 4])
    game.choose("2")
    assert game.location("rifleman#1") == "p34"                            # 4 no longer suppresses


def test_determined_raises_assault_defense_by_one_at_most_six_against_attacks():
    game = start("tactic_determined", [3])
    game.force_rolls([1, 1])
    game.choose("2")
    game.choose("pass")
    options = labels(game)
    assert options["attack:gdaniec:smg#1"].endswith("needs 5+)")
    assert options["attack:gdaniec:ss_smg#1"].endswith("needs 5+)")
    assert options["attack:gdaniec:rifleman#2"].endswith("needs 6+)")       # on a car: still 6


# ---- Heavy Machine Gun and Fire Support

def test_heavy_machine_gun_adds_a_die_to_machine_gunners_only():
    game = start("tactic_heavy_mg", [2, 1, 1, 1, 1])
    assert rolls(game) == [[2], [1, 1], [1, 1]]        # target die, A: 1 + 1 dice, gun E: 2 dice


def test_fire_support_adds_a_die_to_infantry_guns_only():
    game = start("tactic_fire_support", [1] * 3 + [1] * 12 + [4, 1])
    assert rolls(game) == [[1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [4], [1]]


# ---- Infiltration

def test_infiltration_lets_each_counter_remove_one_more_defender():
    game = start("tactic_infiltration")
    assert casualties(game) == ["konrad", "gdaniec"]                      # a rifleman: 1 + 1
    assert game.location("kuntz") == "ground_inside"


# ---- Harassing Fire

def test_harassing_fire_disrupts_a_defender_of_the_players_choice_at_an_entrance():
    game = start("tactic_harassing")
    assert game.decision.prompt == "Harassing fire: which defender at an entrance is hit?"
    assert set(ids(game)) == {"kuntz", "gdaniec", "postal_12", "postal_13", "fuz"}
    game.choose("kuntz")
    assert game.tokens("kuntz", "disrupted") == 1
    assert game.decision.prompt.startswith("Move a defender")


def test_harassing_fire_on_a_disrupted_defender_makes_a_casualty():
    game = start("tactic_harassing")
    game.choose("fuz")
    assert game.location("fuz") == "casualties"


# ---- Armored Push

def test_armored_push_moves_each_free_car_one_space():
    game = start("tactic_armored_push")
    assert game.decision.prompt == "After the first push"
    assert game.pieces_at("f7") == ["car_ostmark", "rifleman#1"]          # with its rider
    assert game.pieces_at("p7") == []
    assert game.pieces_at("junction") == ["car_sudetenland"]              # alone
    assert game.tokens("junction", "suppression") == 0                    # scattered


def test_armored_push_stops_at_barrier_4_and_behind_the_other_car():
    game = start("tactic_armored_push")
    game.choose("1")
    assert game.pieces_at("f7") == ["car_ostmark", "rifleman#1"]
    assert game.pieces_at("junction") == ["car_sudetenland"]


# ---- Smoke Screen

def test_smoke_screen_blinds_the_upper_floors_to_the_outside():
    game = start("tactic_smoke")
    game.choose("1")
    game.choose("pass")
    options = ids(game)
    assert "attack:trained_4:rifleman#1" not in options
    assert not any(o.startswith("suppress:mlynski") for o in options)
    assert "attack:trained_4:smg#1" in options                           # the interior: unaffected
    assert "attack:gdaniec:rifleman#1" in options                        # the ground floor: unaffected


def test_without_smoke_screen_the_upper_floors_see_out():
    game = start("tactic_smoke")
    game.choose("0")
    game.choose("pass")
    options = ids(game)
    assert "attack:trained_4:rifleman#1" in options
    assert any(o.startswith("suppress:mlynski") for o in options)


# ---- Gasoline

def test_gasoline_disrupts_the_basement_interior_after_the_clearing_phase():
    game = start("tactic_gasoline")
    assert casualties(game) == ["kuntz", "m_pipka"]                       # M. Pipka was disrupted
    assert game.tokens("j_pipka", "disrupted") == 1
    assert game.tokens("postal_16", "disrupted") == 0                     # not in the interior
    assert game.var("morale") == 6
