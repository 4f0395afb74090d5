"""The End of Week's Repair/Replace and Priority R&R, following the Sample Game's week 1."""
from __future__ import annotations

from tiger_support import ids, notes, start


def test_sample_game_repair_replace_leaves_one_so_point():
    game = start("sample_end_of_week")
    game.choose("wound")                                  # Eschbach, Medic, treats Albert
    assert game.tokens("albert", "wound_marker") == 0
    # Bach was killed: a Recruit Light Armor commander joins for free
    assert game.decision.prompt == "A Recruit Light Armor commander joins: who?"
    game.choose("petrus")
    assert game.location("petrus") == "barracks" and game.field("petrus", "level") == "recruit"
    assert "repair:sdkfz_251:engine_damage" in ids(game)
    game.choose("repair:sdkfz_251:engine_damage")         # Engine Damage costs 2
    assert game.tokens("sdkfz_251", "engine_damage") == 0 and game.var("so") == 3
    game.choose("reinforce:rifle_903")
    assert game.decision.prompt == "Which Recruit commander joins with Rifle Team #903?"
    game.choose("steiner")
    assert game.location("rifle_903") == "barracks" and game.location("steiner") == "barracks"
    assert game.var("so") == 1
    # 1 SO point repairs, heals, buys and promotes nothing more; an Upgrade or a Scout is left
    assert {i.split(":")[0] for i in ids(game)} == {"upgrade", "buy_support", "pass"}
    assert not any("truck" in i for i in ids(game))
    game.choose("pass")
    assert game.over


def test_priority_rest_takes_two_stress_from_everyone_once_a_week():
    game = start("rule_priority_rest")
    game.choose("rest")
    assert game.field("albert", "stress") == 1 and game.field("hans", "stress") == 0
    assert game.var("so") == 1
    assert "rest" not in game.option_ids()
    assert "Priority R&R: every commander sheds 2 Stress." in notes(game)


def test_a_unit_bought_brings_a_recruit_even_where_a_commander_of_its_type_has_no_unit():
    game = start("rule_buy_with_spare_commander")
    game.choose("reinforce:rifle_903")
    assert game.decision.prompt == "Which Recruit commander joins with Rifle Team #903?"
    game.choose("vogt")
    # two Infantry commanders for one Infantry unit: the player keeps either
    assert game.decision.prompt == "More Infantry commanders than units: who leaves?"
    assert sorted(ids(game)) == ["steiner", "vogt"]
    game.choose("steiner")
    assert game.location("steiner") == "discharged" and game.location("vogt") == "barracks"
