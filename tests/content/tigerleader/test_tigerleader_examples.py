"""The rulebook's worked examples ("Example:" passages) replayed as scenarios with their dice
forced. Each test names the passage it follows; NOTES.md lists which examples are covered."""
from __future__ import annotations

import re
from pathlib import Path

from tiger_support import HERE, PACK, all_rolls_used, ids, notes, start


def hex_of(game, piece: str) -> str:
    return game.location(piece)


def test_unit_attacks_rifle_team_against_a_rifle_in_heavy_cover():
    # HE 6, +2 at Range 1: needs 4; rolls 1 (3) and 5 (7): one hit. Defense 2 + Heavy Cover 2 = 4:
    # the defense roll of 3 negates it.
    game = start("ex_rifle_attack", [1, 5, 3])
    assert all_rolls_used(game)
    assert "rolls 1, 5 with +2, needing 6: 1 hit" in notes(game)[0]
    assert "rolls 3 against its Defense 4: the hit is negated" in notes(game)[1]
    assert hex_of(game, "pl_rifle#1") == "field_2_3"


def test_cover_adds_to_defense_only_beyond_range_0():
    # A Building (Defense 3) in Light Cover: 4 against Range 1, 3 against Range 0.
    game = start("ex_cover_defense", [6, 1, 4, 7, 2, 4])
    assert all_rolls_used(game)
    lines = notes(game)
    assert "rolls 4 against its Defense 4: the hit is negated" in lines[1]
    assert "rolls 4 against its Defense 3: it is destroyed" in lines[3]
    assert hex_of(game, "pl_building#1") == "wrecks"


def test_a_hit_the_polish_tank_fails_to_negate_destroys_it():
    game = start("ex_polish_tank", [3, 8, 2])
    assert all_rolls_used(game)
    assert "rolls 3, 8 with +0, needing 7: 1 hit" in notes(game)[0]
    assert hex_of(game, "pl_tank#1") == "wrecks"


def test_polish_tank_hits_panzer_iii_twice_and_two_damage_counters_are_drawn():
    # Needs 5 at Range 1: 7 and 9 hit. Defense 2 + Light Cover = 3: 4 and 9 fail. The two
    # counters drawn (1 Stress, Glancing) land on the commander and on the unit.
    game = start("ex_tank_vs_panzer_iii", [7, 9, 4, 9])
    assert all_rolls_used(game)
    assert "rolls 7, 9, needing 5: 2 hits" in notes(game)[0]
    assert game.field("albert", "battle_stress") == 1
    assert game.tokens("panzer_iii_short", "glancing_damage") == 1
    # the Stress counter stays out of the cup for the battle, the Glancing one until repaired
    assert len(game.pieces_at("damage_drawn")) == 1 and len(game.pieces_at("damage_kept")) == 1
    assert hex_of(game, "panzer_iii_short") == "field_2_4"


def test_stug_negates_each_hit_with_a_roll_of_its_defense_or_lower():
    game = start("ex_stug_defense", [6, 7, 1, 2])
    assert all_rolls_used(game)
    assert sum("the hit is negated" in n for n in notes(game)) == 2
    assert game.pieces_at("damage_drawn") == []
    assert len(game.pieces_at("damage_cup")) == 30


def test_stug_with_range_1_to_3_cannot_attack_in_its_own_hex():
    game = start("ex_stug_range")
    assert ids(game) == ["fire:stug_iii_long:pl_rifle#1", "pass"]


def test_enemy_machine_gun_makes_no_ap_attack():
    # The Panzer I is closer, but a Machine Gun has no AP value: it fires at the Rifle Team
    # (HE 5, -1 at Range 2: needs 6).
    game = start("ex_mg_no_ap", [1, 1])
    assert all_rolls_used(game)
    assert notes(game)[0].startswith("Polish Machine Gun attacks Rifle Team #902 at range 2")
    assert "needing 6" in notes(game)[0]


def test_tactical_movement_roll_2_plus_1_gives_each_column_its_order():
    game = start("ex_tactical_movement", [2])
    assert "Tactical Movement roll 2 +1: 3." in notes(game)
    assert game.var("move_roll") == 3
    game.choose("pl_mg#1")
    assert "Polish Machine Gun holds its position." in notes(game)
    assert hex_of(game, "pl_mg#1") == "field_4_1"
    game.choose("pl_tank#1")           # cannot attack from 5 hexes: advances towards the Panzer IV
    assert game.decision.prompt == "Where does Polish Tank move (Advance if cannot Attack)?"
    assert sorted(ids(game)) == ["field_1_2", "field_2_2"]      # both a hex closer, both open
    game.choose("field_2_2")
    assert hex_of(game, "pl_tank#1") == "field_2_2"
    # the Rifle separates: any adjacent hex without an enemy unit (not the Machine Gun's)
    assert game.decision.prompt == "Where does Polish Rifle move (Separate)?"
    assert sorted(ids(game)) == ["field_2_1", "field_3_2"]      # the Tank has 2,2, the Machine Gun 4,1
    game.choose("field_3_2")
    assert hex_of(game, "pl_rifle#1") == "field_3_2"
    assert game.over


def test_battalion_at_half_strength_subtracts_3_from_its_tactical_move_rolls():
    game = start("ex_half_strength", [5])
    assert game.var("enemy_at_half") is True
    assert game.var("move_roll") == 2


def test_battalion_values_full_half_destroyed():
    # Half at 14, Destroyed at 5: 15 left is Full, 14 Half, 5 Destroyed.
    full, half, gone = start("ex_value_15"), start("ex_value_14"), start("ex_value_5")
    assert full.field("b1a", "half") is False and full.location("b1a") == "hq_battalions" and full.var("vp") == 0
    assert half.field("b1a", "half") is True and half.location("b1a") == "hq_battalions" and half.var("vp") == 2
    assert gone.location("b1a") == "beaten" and gone.var("vp") == 5


def test_half_then_destroyed_gives_the_battalions_victory_points_in_two_parts():
    game = start("ex_half_then_destroyed")
    assert "After the first battle: 2 VP." in notes(game)
    assert game.var("vp") == 5
    assert "1A Mixed Combat Force is destroyed: 3 Victory Points." in notes(game)


def test_initial_enemy_placement_rolls_4_and_7():
    # A 4 places the first counter in the fourth hex (the top row's rightmost), a 7 in the sixth.
    game = start("ex_placement", [4, 7, 1, 2, 3, 5, 6, 8, 9, 10])
    assert all_rolls_used(game)
    assert hex_of(game, "pl_armored_car#1") == "field_4_1"
    assert hex_of(game, "pl_armored_car#2") == "field_2_2"
    placed = [p for p in ("pl_truck#1", "pl_truck#2", "pl_truck#3", "pl_truck#4", "pl_rifle#1", "pl_rifle#2",
                          "pl_mg#1", "pl_mg#2")]
    assert all(game.field(game.location(p), "row") in (1, 2) for p in placed)
    assert hex_of(game, "pl_mg#2") == "field_4_2"             # a 10 is the eighth hex


def test_half_battalion_places_half_of_each_unit_type():
    game = start("ex_half_battalion", [1, 2, 3, 4, 5, 6])
    assert all_rolls_used(game)
    on_field = [p for p in ("pl_tank#1", "pl_tank#2", "pl_halftrack#1", "pl_halftrack#2", "pl_rifle#1",
                            "pl_rifle#2", "pl_at_team#1", "pl_at_team#2", "pl_mg#1", "pl_mg#2",
                            "pl_mortar#1", "pl_mortar#2") if game.location(p).startswith("field_")]
    assert on_field == ["pl_tank#1", "pl_halftrack#1", "pl_rifle#1", "pl_at_team#1", "pl_mg#1", "pl_mortar#1"]


def test_gun_hit_on_a_unit_of_range_1_has_no_effect_and_goes_back():
    game = start("ex_gun_hit")
    assert "It has no effect on SD.KFZ.251 #753." in notes(game)
    assert game.tokens("sdkfz_251", "gun_damage") == 0
    assert game.location("dmg_gun#1") == "damage_cup"
    assert game.pieces_at("damage_drawn") == []


def test_stress_counter_is_drawn_again_after_the_commander_was_killed():
    game = start("ex_kia_redraw")
    assert "Its commander is dead: the counter is drawn again." in notes(game)
    assert game.tokens("rifle_902", "casualty_damage") == 1
    assert game.field("eschbach", "battle_stress") == 0


def test_suppressed_unit_without_commander_cannot_take_the_stress_to_attack():
    game = start("ex_kia_suppressed")
    game.choose("act:rifle_902")
    game.choose("pass")                               # it does not move
    assert not any(i.startswith("fire") for i in ids(game))
    assert game.tokens("rifle_902", "suppressed_marker") == 0   # its next time to act is over
    assert not any("attacks" in n for n in notes(game))


def test_suppressed_unit_attacks_if_its_commander_takes_1_stress():
    game = start("ex_suppressed", [1, 1])
    game.choose("act:rifle_902")
    game.choose("pass")
    assert "fire:rifle_902:pl_rifle#1" in ids(game)
    label = next(o.label for o in game.decision.options if o.id == "fire:rifle_902:pl_rifle#1")
    assert label.endswith(", 1 Stress)")                # the option says what the attack costs
    game.choose("fire:rifle_902:pl_rifle#1")
    assert game.field("eschbach", "battle_stress") == 1
    assert game.tokens("rifle_902", "suppressed_marker") == 0


def test_tactic_lets_fast_gerver_attack_again_in_the_slow_step():
    game = start("ex_tactic", [1, 1, 1, 1])
    assert game.tokens("field_gun_962", "tactic_counter") == 1
    game.choose("act:field_gun_962")                 # Fast step, his own
    game.choose("pass")                               # no move
    game.choose("fire:field_gun_962:pl_rifle#1")     # the Fast step ends: nobody else may act
    labels = {o.id: o.label for o in game.decision.options}
    assert labels["act:field_gun_962"] == "Field Gun #962 acts (spending a Tactic)"
    game.choose("act:field_gun_962")
    # artillery that attacked this battle turn cannot move: straight to the attack
    assert ids(game) == ["fire:field_gun_962:pl_rifle#1", "pass"]
    game.choose("fire:field_gun_962:pl_rifle#1")
    assert game.tokens("field_gun_962", "tactic_counter") == 0
    assert sum("Field Gun #962 attacks" in n for n in notes(game)) == 2
    assert all_rolls_used(game)


def test_command_tactic_lets_slow_hans_act_in_the_fast_step():
    game = start("ex_command_tactic", [1, 1, 1, 1])
    assert game.tokens("panzer_ii", "command_tactic_counter") == 1
    labels = {o.id: o.label for o in game.decision.options}
    assert labels["act:rifle_902"] == "Rifle Team #902 acts (spending a Tactic)"
    game.choose("act:rifle_902")
    assert "Panzer II #201 spends a Command Tactic for Rifle Team #902." in notes(game)
    assert game.tokens("panzer_ii", "command_tactic_counter") == 0
    game.choose("pass")
    game.choose("fire:rifle_902:pl_rifle#1")        # the Fast step ends: the Tactic is spent
    assert "act:rifle_902" in ids(game)               # Slow step: Hans acts as usual
    game.choose("act:rifle_902")
    game.choose("pass")
    game.choose("fire:rifle_902:pl_rifle#1")
    assert sum("Rifle Team #902 attacks" in n for n in notes(game)) == 2


def test_sdkfz_251_carries_the_mortar_team_up_to_two_hexes():
    game = start("ex_transport")
    game.choose("act:sdkfz_251")
    game.choose("move")
    assert "drive:sdkfz_251:field_2_4" in ids(game)   # two hexes up
    game.choose("drive:sdkfz_251:field_2_4")
    assert game.decision.prompt == "Does SD.KFZ.251 #753 carry an Infantry unit along?"
    game.choose("mortar_932")
    assert game.location("sdkfz_251") == "field_2_4"
    assert game.location("mortar_932") == "field_2_4"
    # a Transported unit cannot attack or move again this battle turn
    game.choose("pass")                               # the 251 does not attack
    if game.decision and "act:mortar_932" in ids(game):
        game.choose("act:mortar_932")
    assert not any(i.startswith(("fire:mortar", "drive:mortar")) for i in ids(game))


def test_stress_after_the_battle_and_webers_promotion():
    # 3 + 1 (damage) + 2 (battle) - 2 (Cool) = 4. Weber: 3 XP + 2 (battle, battalion destroyed)
    # = 5 against the 4 he needs: Skilled, keeping 1.
    game = start("ex_post_battle_stress")
    assert game.field("muller", "stress") == 4
    assert game.field("muller", "battle_stress") == 0
    assert game.field("weber", "level") == "skilled"
    assert game.field("weber", "xp") == 1


def test_sample_game_first_battle_leaves_klein_shaken_and_saltz_okay():
    # "Klein suffers 2 Stress for being in the battle, plus 3 Stress due to Damage, for a total of 5.
    # He is Shaken. Saltz suffers 2 Stress ... He is still Okay." Both gain 2 XP; neither promotes.
    game = start("ex_sample_first_battle_stress")
    assert "Klein: 5 Stress (Shaken), gains 2 XP (2 XP in all)." in notes(game)
    assert "Saltz: 2 Stress (Okay), gains 2 XP (2 XP in all)." in notes(game)
    assert game.field("klein", "level") == "green" and game.field("saltz", "level") == "green"


def test_operational_move_cost_of_a_battalion_in_the_rear():
    # Rear 2, +1 for the battalion in the German Transit, +1 for the one in the Front: 4.
    game = start("ex_move_cost")
    assert "Cost: 4." in notes(game)
    assert "Front cost: 0." in notes(game)
    assert "attack_battalion:b6s" not in ids(game)        # 3 SO points cannot pay 4
    assert {"attack_battalion:b5c", "attack_battalion:b6c"} <= set(ids(game))


def test_enemy_operational_movement_rolls():
    # Front Assault rolls 9: advances to the German Transit. Supply in the Transit rolls 4: holds.
    # Half Assault in the Rear rolls 2 - 3 = -1: retreats to the Breakthrough.
    game = start("ex_operational_move", [9, 4, 2])
    assert all_rolls_used(game)
    assert game.field("b7a", "map_band") == "german_transit"
    assert game.field("b5s", "map_band") == "transit"
    assert game.field("b8a", "map_band") == "breakthrough"


def test_on_leave_recovers_4_stress_whatever_the_cool():
    game = start("ex_on_leave")
    assert game.field("weber", "stress") == 6
    assert game.field("klein", "stress") == 5


def test_sample_game_end_of_week_moves_and_battalion_notes():
    game = start("ex_sample_end_of_week_moves", [4, 5, 5, 5, 2, 5])
    assert "1A Mixed Combat Force rolls 4, modified to 10: advances to the Transit band." in notes(game)
    assert "6S Rail Yard rolls 2, modified to 7: it stays in the Rear band." in notes(game)
    assert game.decision.prompt == "5S Forward Supply's Special Note: which battalion advances a band?"
    game.choose("b6s")
    assert "5S Forward Supply's Special Note advances 6S Rail Yard to the Transit band." in notes(game)
    assert "6S Rail Yard's Special Note advances 6S Rail Yard to the Front band." in notes(game)
    assert {b: game.field(b, "map_band") for b in ("b1a", "b7a", "b8a", "b5s", "b6s", "b3c")} == {
        "b1a": "transit", "b7a": "front", "b8a": "front", "b5s": "front", "b6s": "front", "b3c": "front"}
    assert "Battalions' Special Notes take 1 SO point." in notes(game)
    assert game.var("so") == 5
    assert all_rolls_used(game)


def test_upgrade_turns_in_an_sdkfz_251_and_a_rifle_team_for_a_marder_ii():
    game = start("ex_upgrade")
    game.choose("upgrade:sdkfz_251")
    game.choose("rifle_902")
    assert game.decision.prompt == "Which unit replaces SD.KFZ.251 #753, Rifle Team #902 (worth 6 SO points)?"
    game.choose("marder_ii")
    assert "SD.KFZ.251 #753, Rifle Team #902 are turned in for Marder II #611, paying 3 SO points." in notes(game)
    assert game.var("so") == 0 and game.location("marder_ii") == "barracks"
    assert game.location("bach") == "barracks"                   # same type: no new commander
    assert game.location("steiner") == "discharged"              # no Infantry unit left


def test_every_test_the_notes_name_exists():
    """NOTES.md section 10 names the test of each example: each must be a test of this folder."""
    notes_text = (PACK / "NOTES.md").read_text(encoding="utf-8")
    section = notes_text.split("## 10.")[1].split("## 11.")[0]
    named = set(re.findall(r"\btest_[a-z0-9_]+\b(?!\.py)", section))
    defined = set()
    for path in Path(HERE).glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(encoding="utf-8"), re.M))
    assert len(named) > 30 and named <= defined, sorted(named - defined)


def test_sample_game_anti_tank_team_destroys_the_truck_in_light_cover():
    # "My Team needs to roll a 6 to hit ... the Truck has a Defense of -1 ... in Light Cover ...
    # roll a 3 and 8, scoring 1 hit, and Destroying the Truck." A Defense roll of 1 cannot save it.
    game = start("ex_sample_truck", [3, 8, 1])
    assert ("Experienced Anti-Tank Team #1003 attacks Polish Truck at range 1: rolls 3, 8 with +0, "
            "needing 6: 1 hit.") in notes(game)
    assert "Polish Truck rolls 1 against its Defense 0: it is destroyed." in notes(game)


SAMPLE_PURCHASES = ["rifle_902", "mortar_932", "at_team_1003", "sdkfz_231", "sdkfz_251", "field_gun_962", "panzer_i",
                    "panzer_iv_short"]
SAMPLE_COMMANDERS = {"albert": "recruit", "ackermann": "recruit", "bach": "recruit", "klein": "green",
                     "eschbach": "green", "gerver": "average", "muller": "skilled", "saltz": "green"}


def test_sample_game_set_up():
    # "8A (4 points), 3A (1 point), 6S (4 points), 3C (2 points), 1A (5 points), 7A (3 points), 5S (2 points),
    # and 6C (5 points). This gives me a total of 26 points", placed in their bands; 38 of 40 SO on eight
    # units; the commanders at the campaign's levels; no promotion (2 SO left); a Truck for the last 2.
    game = start("ex_sample_set_up")
    bands = {"8A": "Transit", "3A": "German Staging", "6S": "Rear", "3C": "Transit", "1A": "Rear", "7A": "Transit",
             "5S": "Transit", "6C": "Front"}
    joined = [n for n in notes(game) if n.startswith("Battalion ")]
    assert [n.split()[1] for n in joined] == list(bands)
    assert all(f"joins the campaign in the {bands[n.split()[1]]} band." in n for n in joined)
    assert "Battalion 3A Motorized Patrol (1 point) joins the campaign in the German Staging band." in joined
    assert sum(game.field(f"b{code.lower()}", "vp") for code in bands) == 26
    for unit in SAMPLE_PURCHASES:
        game.choose(f"buy:{unit}")
    assert game.var("so") == 2
    game.choose("pass")
    for name in SAMPLE_COMMANDERS:
        game.choose(f"take_commander:{name}")
    assert {name: game.field(name, "level") for name in SAMPLE_COMMANDERS} == SAMPLE_COMMANDERS
    assert game.decision.prompt == "Trucks and Scouts (2 SO points)"      # no promotion for 3 SO: none asked
    game.choose("buy_support:truck_counter#1")
    assert game.var("so") == 0 and game.location("truck_counter#1") == "barracks"


def test_a_battalion_at_half_strength_places_half_of_each_unit_type():
    # The Mixed Combat Force at Half: 1 Tank, 1 Half Track, 1 Rifle Team, 1 Anti-Tank Team,
    # 1 Machine Gun Team and 1 Mortar Team.
    game = start("ex_half_battalion", [1, 2, 3, 4, 5, 6])
    assert all_rolls_used(game)
    assert notes(game)[0] == "The Mixed Combat Force places 6 of its 12 units."
    placed = sorted(p.split("#")[0] for p in game.pieces_at("field_1_1") + [
        p for space in ("field_2_1", "field_3_1", "field_4_1", "field_1_2", "field_2_2", "field_3_2", "field_4_2")
        for p in game.pieces_at(space)])
    assert placed == ["pl_at_team", "pl_halftrack", "pl_mg", "pl_mortar", "pl_rifle", "pl_tank"]
