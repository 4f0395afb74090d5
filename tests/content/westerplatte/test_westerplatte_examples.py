"""The two worked examples of the surviving rules pages, replayed as scenarios."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent))    # the shared helpers beside this file

from westerplatte_support import bricks, ids, start


def test_example_two_pawns_on_one_outpost_fire_twice_in_one_action():
    game = start("example_attack", seats=2)
    assert game.decision.seat == 1
    options = ids(game)
    assert "attack:1" in options and "attack:2" in options
    labels = {o.id: o.label for o in game.whole_actions()}
    assert labels["attack:2"].endswith("with 2 ammunition markers (one from Officer of seat 2)")   # whose marker
    bank = game.tokens("bank", "ammo")
    game.choose("attack:2")
    # two wounds on a troop of resistance 2: it is eliminated in one action
    assert game.location("hmg_e3") == "day_1"
    assert game.tokens("hmg_e3", "wound") == 0
    assert game.tokens("officer_1", "ammo") == 0 and game.tokens("officer_2", "ammo") == 0
    assert game.tokens("bank", "ammo") == bank + 2
    # the single action is spent: only moves remain
    assert not any(i.startswith("attack") for i in ids(game))


def test_example_attacker_without_ammunition_uses_his_companions_marker():
    game = start("example_attack_no_ammo", seats=2)
    options = ids(game)
    assert "attack:1" in options and "attack:2" not in options
    assert {o.id: o.label for o in game.whole_actions()}["attack:1"].endswith("(one from Officer of seat 2)")
    game.choose("attack:1")
    assert game.location("hmg_e3") == "e2"
    assert game.tokens("hmg_e3", "wound") == 1
    assert game.tokens("officer_2", "ammo") == 0


def test_example_german_attack_stage():
    game = start("example_german_attack")
    # D-IV (attack 1) and C-I (howitzer) have fired; E-IV (attack 2) took the last brick of the
    # outpost before E and the second hit must pass to a guardhouse behind it
    assert game.decision.seat == 1
    assert sorted(ids(game)) == ["tile_e", "tile_f"]
    game.choose("tile_e")            # the players pick the left tile
    assert game.over                 # the scenario ends after the stage
    b = bricks(game)
    assert b["outpost_a"] == 6       # A-II does not fire
    assert b["outpost_b"] == 6       # track B is empty
    assert b["outpost_c"] == 5       # the howitzer on C-I
    assert b["outpost_d"] == 5       # attack 1 from D-IV
    assert b["outpost_e"] == 0 and b["tile_e"] == 5 and b["tile_f"] == 6
    assert all(b[t] == 6 for t in ("tile_a", "tile_b", "tile_c", "tile_d"))
