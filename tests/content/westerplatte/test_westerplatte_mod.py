"""The example Westerplatte mod."""
from __future__ import annotations

import interpreter
from interpreter.lab.bots import RandomBot, play_out
from interpreter.runtime import find_pack


def test_light_air_raids_damage_one_brick():
    mod = find_pack("westerplatte") / "mods" / "light_air_raids.rules"
    rules = interpreter.load_rules("westerplatte", mods=[mod])
    game = rules.new_game(seed=3)
    for card in ("air_raid_1", "air_raid_3", "air_raid_5"):
        assert game.field(card, "damage") == 1
    assert game.field("air_raid_2", "damage") == 1 and game.field("air_raid_6", "damage") == 1
    assert rules.summary()["decks"]["german"] == 64
    play_out(game, RandomBot(3))
    assert game.over
