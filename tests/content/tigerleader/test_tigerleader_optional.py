"""The Optional Rules, each a variant: Tenacity, Battlefield Heroics and Flank Attacks."""
from __future__ import annotations

from tiger_support import all_rolls_used, notes, pack, start


def test_optional_rules_cost_their_so_points_at_the_start():
    game = pack().new_game(seed=1, variant="optional")           # Tenacity 1 and Heroics 1
    assert game.decision.prompt == "Buy a unit (38 SO points left)"
    assert pack().new_game(seed=1, variant="flank_attacks").var("so") == 40


def test_a_flank_attack_lowers_the_targets_defense_by_1():
    # the Rifle Team's hit at Range 1 on a Rifle in Heavy Cover (Defense 4): the flank roll of 8
    # makes it 3, and the defense roll of 4 no longer negates it
    game = start("ex_rifle_attack", [1, 5, 8, 4], variant="flank_attacks")
    assert "Flank roll 8: a flank attack, the target's Defense is 1 lower." in notes(game)
    assert any("rolls 4 against its Defense 3: it is destroyed" in n for n in notes(game))
    assert all_rolls_used(game)
    plain = start("ex_rifle_attack", [1, 5, 4])                  # without the rule: negated
    assert "rolls 4 against its Defense 4: the hit is negated" in notes(plain)[-1]


def test_a_flank_roll_too_low_changes_nothing():
    game = start("ex_rifle_attack", [1, 5, 7, 4], variant="flank_attacks")
    assert "Flank roll 7: no flank attack." in notes(game)
    assert "rolls 4 against its Defense 4: the hit is negated" in notes(game)[-1]


def test_a_natural_10_where_only_10_hits_earns_1_xp():
    game = start("rule_heroics", [10, 3, 5], variant="heroics")
    assert "Klein earns 1 XP for a heroic hit." in notes(game)
    # 1 for the battle, 1 for the destroyed battalion, 1 heroic: 3, Green promotes at 3
    assert game.field("klein", "level") == "average" and game.field("klein", "xp") == 0
    plain = start("rule_heroics", [10, 3, 5])
    assert plain.field("klein", "level") == "green" and plain.field("klein", "xp") == 2


def test_tenacity_extends_the_battle_for_1_stress_each():
    game = start("rule_tenacity", variant="tenacity")
    assert game.decision.prompt == "Tenacity: fight one more turn (1 Stress for each commander)?"
    game.choose("extend")
    assert "Length 6." in notes(game)
    assert game.field("weber", "stress") == 2                    # 2 - Cool 1 + 1
    declined = start("rule_tenacity", variant="tenacity")
    declined.choose("end")
    assert "Length 5." in notes(declined) and declined.field("weber", "stress") == 1
    assert start("rule_tenacity").over                           # without the rule nothing is asked


def test_a_commander_whose_unit_was_destroyed_takes_over_a_unit_that_lost_its_own():
    game = start("rule_heroics_takeover", variant="heroics")
    assert game.location("panzer_i") == "lost" and game.location("albert") == "lost"
    game.choose("act:panzer_ii")
    assert game.decision.prompt == "Which commander whose unit was destroyed here takes command of Panzer II #201?"
    game.choose("weber")
    assert game.field("panzer_ii", "led_by") == "weber"
    assert game.field("panzer_i", "led_by") == "albert"          # each counted once after the battle
    assert "Weber takes command of Panzer II #201." in notes(game)
    plain = start("rule_heroics_takeover")                        # without the rule: no offer
    assert plain.field("panzer_ii", "led_by") == "albert"
    assert not any("takes command" in n for n in notes(plain))
