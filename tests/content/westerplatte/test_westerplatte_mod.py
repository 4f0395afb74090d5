"""The example Westerplatte mod."""
from __future__ import annotations

import pytest

import interpreter
from interpreter.lab.bots import RandomBot, play_out
from interpreter.runtime import find_pack


def test_heavy_air_raids_damage_two_bricks_at_three_outposts():
    assert interpreter.load_rules("westerplatte").new_game(seed=3).field("air_raid_1", "damage") == 1
    mod = find_pack("westerplatte") / "mods" / "heavy_air_raids.rules"
    rules = interpreter.load_rules("westerplatte", mods=[mod])
    game = rules.new_game(seed=3)
    for card in ("air_raid_1", "air_raid_3", "air_raid_5"):
        assert game.field(card, "damage") == 2
    assert game.field("air_raid_2", "damage") == 1 and game.field("air_raid_6", "damage") == 1
    assert rules.summary()["decks"]["german"] == 64
    play_out(game, RandomBot(3))
    assert game.over


def test_a_mod_replaces_a_constant_and_removes_a_table(tmp_path):
    short_days = tmp_path / "short_days.rules"
    short_days.write_text('mod "Short days" for westerplatte\nreplace const cards_per_day = 6\n', encoding="utf-8")
    source = interpreter.load_rules("westerplatte", mods=[short_days]).python_source()
    assert ">= 6)" in source and ">= 8)" not in source
    no_chart = tmp_path / "no_chart.rules"
    no_chart.write_text('mod "No chart" for postmen\nremove table interior_of\n', encoding="utf-8")
    with pytest.raises(interpreter.RulesError, match="unknown function 'interior_of'"):
        interpreter.load_rules("postmen", mods=[no_chart])
