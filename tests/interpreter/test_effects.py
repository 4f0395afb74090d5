"""Lasting effects are part of the game state: saved and read back, cloned, replayed, undone."""
from __future__ import annotations

import json

import pytest

from interpreter import GameError, load_rules

from paths import FIXTURES


@pytest.fixture(scope="module")
def lasting():
    return load_rules(FIXTURES / "lasting")


def in_the_middle(rules):
    """A game waiting at its third decision, with one guard drilled and the alarm up."""
    game = rules.new_game(seed=3)
    game.choose("drill:guard#1")
    game.choose("sound_alarm")
    return game


def test_effects_in_force_are_read_from_the_game(lasting):
    game = in_the_middle(lasting)
    assert game.effects == [("drilled", ("guard#1",)), ("alert", ())]
    game.choose("pass")
    assert "attack 5" in [e.text for e in game.log]
    assert game.effects == []          # the alarm lasted the phase, the drill the turn


def test_a_save_keeps_the_effects_and_plays_on_the_same(lasting):
    game = in_the_middle(lasting)
    loaded = lasting.load_game(game.to_json())
    assert loaded.effects == game.effects
    for g in (game, loaded):
        g.choose("drill:guard#2")
    assert loaded.effects == []            # the phase, then the turn, ended
    for g in (game, loaded):
        g.choose("drill:guard#1")          # the next turn's
    assert loaded.to_json() == game.to_json()
    assert loaded.effects == [("drilled", ("guard#1",))]


def test_a_save_whose_effects_were_changed_is_refused(lasting):
    data = json.loads(in_the_middle(lasting).to_json())
    data["state"]["effects"].pop()
    with pytest.raises(GameError, match="does not follow from its seed and choices .*effects"):
        lasting.load_game(json.dumps(data))
    data["state"]["effects"] = [{"name": "nothing_known", "args": []}]
    with pytest.raises(GameError, match="effects in force are not this game's"):
        lasting.load_game(json.dumps(data))


def test_a_save_from_before_effects_existed_reads_as_none_in_force(lasting):
    game = lasting.new_game(seed=3)
    data = json.loads(game.to_json())
    del data["state"]["effects"]
    assert lasting.load_game(json.dumps(data)).effects == []


def test_a_clone_has_effects_of_its_own(lasting):
    game = in_the_middle(lasting)
    clone = game.clone()
    clone.choose("pass")
    assert game.effects == [("drilled", ("guard#1",)), ("alert", ())]
    assert clone.effects == []
    assert game.peek("pass", reseed=9).effects == []
    assert game.effects == [("drilled", ("guard#1",)), ("alert", ())]


def test_undo_and_replay_give_the_effects_back(lasting):
    game = in_the_middle(lasting)
    before = game.effects
    game.choose("pass")
    game.undo()
    assert game.effects == before


def test_the_effects_are_logged_with_their_labels(lasting):
    game = in_the_middle(lasting)
    game.choose("pass")
    lines = [e.text for e in game.log if e.kind == "effect"]
    assert lines == ["Drilled (Guard): in effect", "Alert: in effect", "Alert: ends", "Drilled (Guard): ends"]
