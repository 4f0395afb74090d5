"""Per-rule tests of the Tiger Leader battle: one scenario per rule that has a number, an
exception or a choice, with the dice it rolls forced."""
from __future__ import annotations

from tiger_support import all_rolls_used, ids, notes, start


def test_cover_between_blocks_line_of_sight():
    game = start("rule_los_blocked")
    assert game.over
    assert any(e.kind == "auto" and "None" in e.text for e in game.log)    # nothing to fire at


def test_a_spotter_ignores_blocking_terrain():
    game = start("rule_los_spotter")
    assert ids(game) == ["fire:mg_912:pl_rifle#1", "pass"]


def test_a_marksmans_target_gets_no_cover():
    game = start("rule_marksman", [10, 10, 3])
    assert all_rolls_used(game)
    assert "rolls 3 against its Defense 2: it is destroyed" in notes(game)[1]


def test_artillery_that_moved_cannot_attack_this_turn():
    game = start("rule_artillery")
    game.choose("act:field_gun_962")
    game.choose("move")
    game.choose("drive:field_gun_962:field_2_5")
    assert game.over                                   # no attack was offered: the step ends
    assert not any("attacks" in n for n in notes(game))


def test_infantry_moving_and_attacking_costs_stress_unless_aggressive():
    game = start("rule_infantry_stress", [1, 1, 1, 1])
    for unit, hex_ in (("rifle_902", "field_1_5"), ("rifle_903", "field_4_5")):
        game.choose(f"act:{unit}")
        game.choose("move")
        game.choose(f"drive:{unit}:{hex_}")
        game.choose(next(i for i in ids(game) if i.startswith("fire")))
    assert game.field("hans", "battle_stress") == 2
    assert game.field("saltz", "battle_stress") == 0
    assert all_rolls_used(game)


def test_retreating_off_the_bottom_edge_and_no_german_left_ends_the_battle():
    game = start("rule_retreat_edge")
    game.choose("act:panzer_iv_short")
    assert "retreat" in game.option_ids()            # a step of the staged choice: Move, Retreat
    game.choose("retreat")
    assert game.location("panzer_iv_short") == "retreated"
    assert "No German unit is left on the battlefield." in notes(game)
    assert "Battle ended: yes." in notes(game)


def test_enemy_retreating_from_the_top_row_counts_as_destroyed():
    # A Half battalion: a roll of 2 - 3 = -1 orders every Rifle to Retreat.
    game = start("rule_enemy_retreat", [2])
    assert game.var("move_roll") == -1
    game.choose("pl_rifle#1")
    assert game.location("pl_rifle#1") == "wrecks"
    assert "Polish Rifle retreats off the battlefield and counts as destroyed." in notes(game)


def test_exposed_counts_from_the_next_battle_turn():
    game = start("rule_exposed", [1, 1, 1, 1])
    attacks = [n for n in notes(game) if "attacks" in n]
    assert "needing 5" in attacks[0] and "needing 3" in attacks[1]


def test_a_second_engine_hit_destroys_the_vehicle():
    game = start("rule_second_engine")
    assert "Can move: no." in notes(game)
    assert game.location("panzer_iv_short") == "lost"
    assert game.field("weber", "battle_stress") == 2


def test_a_second_wound_kills_the_commander_and_the_unit_fights_on_slow_at_minus_2():
    game = start("rule_second_wound")
    assert "Fast: yes." in notes(game)
    assert game.location("lang") == "lost"
    assert game.location("sdkfz_231") == "field_2_4"
    assert "Fast: no, modifier -2." in notes(game)


def test_enemy_attacks_the_easiest_target_then_the_lowest_defense():
    # The two Panzers both need 5; the Panzer I's Defense 1 is lower than the Panzer IV's 3. The
    # Rifle Team, two hexes away and out of the Tank's AP range, needs 6 + 1.
    game = start("rule_target_choice", [1, 1])
    assert notes(game)[0].startswith("Polish Tank attacks Panzer I #153")


def test_the_battle_ends_at_once_when_the_battalion_is_destroyed():
    game = start("rule_battle_ends_at_once", [10, 10, 10])
    game.choose("act:panzer_iv_short")
    game.choose("pass")
    game.choose("fire:panzer_iv_short:pl_rifle#1")
    assert "Battle ended: yes." in notes(game)
    assert game.over                                    # the Panzer III never got to act
    assert not any(e.kind == "choice" and "Panzer III" in e.text for e in game.log)


def test_battalions_near_the_german_lines_cost_so_points_and_an_unpaid_cost_ends_the_campaign():
    # 6 for the German Staging, 2 for the German Transit: 8 against 1 + 6, then against 3 + 6.
    game = start("rule_upkeep_failure")
    assert "SO 0, failed yes." in notes(game)
    assert game.decision.prompt == "Repair/Replace (1 SO point)"   # paid: the week goes on
    game.choose("pass")
    assert "SO 1, failed no." in notes(game)


def test_lasting_damage_counters_stay_out_of_the_cup_until_repaired():
    game = start("rule_kept_damage")
    # Engine on the Panzer IV, two Casualties (the second destroys the Rifle Team), Albert's wound
    assert "Kept 4, cup 26." in notes(game)
    assert game.location("rifle_902") == "lost"
    assert "Kept 2, cup 28." in notes(game)                      # the lost unit's counters come back
    game.choose("repair:panzer_iv_short:engine_damage")
    game.choose("heal:albert")
    assert "Kept 0, cup 30." in notes(game)


def test_a_battalion_at_half_loses_its_special_note_unless_yellow():
    # 3A's "one turn fewer" is not printed in yellow: at Half it fights the full 5 turns.
    game = start("rule_half_note_ignored")
    assert "Battle with 3A Motorized Patrol (at Half strength)." in notes(game)
    assert game.var("battle_length") == 5


def test_a_battalion_falling_to_half_in_battle_loses_its_tactical_move_bonus_at_once():
    game = start("rule_half_in_battle_bonus", [5])
    assert "Tactical Movement roll 5 -3 (Half strength): 2." in notes(game)     # not 5 +2 -3
    assert game.var("move_roll") == 2


def test_a_fast_unit_whose_commander_falls_after_it_acted_is_not_due_again_that_turn():
    game = start("rule_kia_after_acting", [1, 1, 1, 1])
    game.choose("act:rifle_902")                    # the Fast step, Weber's own
    game.choose("pass")                             # no move; nothing in range to attack
    assert "Weber is killed in action; Rifle Team #902 fights on without him." in notes(game)
    assert game.over                                # the Slow step offers it nothing: no Tactic to spend
