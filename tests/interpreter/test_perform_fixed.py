"""Performs that fix an action's leading parameters (`perform attack(u)`), through the public API:
steps, whole action ids, backing out, saves, bots and the terminal; and quiet variables in the log."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from interpreter import GameError, load_rules
from interpreter.lab.bots import make_bot, play_out

from paths import REPO, TESTS

PACK = TESTS / "fixtures" / "acting"
RULES = load_rules(PACK / "game.rules")


def ids(game) -> list[str]:
    return [o.id for o in game.decision.options]


def test_the_fixed_parameters_are_not_steps():
    game = RULES.new_game(seed=1)
    d = game.decision
    assert (d.prompt, d.step, d.chosen, ids(game)) == ("What does Red do?", 1, (), ["attack", "march", "pass"])
    game.choose("attack")
    d = game.decision
    assert (d.step, d.chosen, d.prompt) == (2, ("Attack",), "Which foe does Red attack?")
    assert [(o.id, o.label) for o in d.options] == [("raider#1", "Red attacks Raider"), ("bandit", "Red attacks Bandit")]
    game.back()
    with pytest.raises(GameError, match="no partly made choice to back out of"):
        game.back()                            # the fixed unit was never chosen, so there is nothing to back into
    game.choose("march")
    game.choose("ridge")
    assert game.location("red") == "ridge"
    assert [e.text for e in game.log if e.kind == "choice"] == ["Seat 1: What does Red do? → Red marches to Ridge"]
    # Blue stands where no foe is: its first step has no Attack
    assert (game.decision.prompt, ids(game)) == ("What does Blue do?", ["march", "pass"])


def test_whole_actions_and_whole_ids_keep_the_fixed_arguments():
    game = RULES.new_game(seed=1)
    assert [o.id for o in game.whole_actions()] == [
        "attack:red:raider#1", "attack:red:bandit", "march:red:south", "march:red:ridge", "pass"]
    with pytest.raises(GameError, match="'march:blue:north' is not an option here"):
        game.choose("march:blue:north")       # another unit's action, though a plain perform of march offers it
    game.choose("attack:red:bandit")          # the whole id answers every step left
    assert game.field("red", "ammo") == 1
    assert game.decision.prompt == "What does Blue do?"


def test_a_plain_perform_offers_only_the_fixed_units_bindings():
    game = RULES.new_game(seed=1)
    for _ in range(4):                        # red, blue and the two guards pass
        game.choose("pass")
    assert game.decision.prompt == "Red may act again"
    assert ids(game) == ["attack:red:raider#1", "attack:red:bandit", "march:red:south", "march:red:ridge", "pass"]


def test_a_partly_made_choice_with_fixed_arguments_survives_save_load_and_undo():
    game = RULES.new_game(seed=1)
    game.choose("attack")
    saved = game.to_json()
    loaded = RULES.load_game(saved)
    assert loaded.decision == game.decision and loaded.to_json() == saved
    assert json.loads(saved)["state"]["decision"]["fixed"] == [["red"], ["red"], ["red"]]
    loaded.choose("bandit")
    game.undo()
    assert game.decision.step == 1 and game.decision.prompt == "What does Red do?"
    data = json.loads(saved)
    data["state"]["decision"]["fixed"] = [["blue"], ["blue"], ["blue"]]
    with pytest.raises(GameError, match="does not follow from its seed and choices"):
        RULES.load_game(json.dumps(data))


def test_random_draws_are_whole_actions_of_the_acting_unit():
    legal = {o.id for o in RULES.new_game(seed=1).whole_actions()}
    drawn = {RULES.new_game(seed=1).draw(random.Random(n)) for n in range(40)}
    assert drawn <= legal and {d.split(":")[0] for d in drawn} == {"attack", "march", "pass"}
    assert all(d == "pass" or d.split(":")[1] == "red" for d in drawn)


@pytest.mark.parametrize("bot", ["random", "greedy", "mcts"])
def test_bots_play_whole_games(bot):
    for seed in range(4):
        game = RULES.new_game(seed=seed)
        play_out(game, make_bot(bot, seed, budget=8), max_decisions=2000)
        assert game.over and game.result.outcome in ("Win", "Loss")


def test_a_quiet_variable_changes_without_a_log_line_and_its_trigger_fires():
    game = RULES.new_game(seed=1)
    for _ in range(4):
        game.choose("pass")
    assert game.var("acting") is None and game.var("calls") == 4       # set four times, by the trigger
    assert {e.data["var"] for e in game.log if e.kind == "var"} == {"round", "calls"}


def test_the_terminal_plays_a_whole_game_and_the_save_replays(tmp_path):
    env = {"PYTHONIOENCODING": "utf-8", "PYTHONPATH": str(REPO), "PATH": ""}
    run = [sys.executable, "-m", "interpreter.cli"]
    out = subprocess.run(run + ["play", str(PACK), "--save", "g.json"], input="1\n" * 400, cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0 and "Game over" in out.stdout, out.stdout[-800:] + out.stderr
    assert "[seat 1] What does Red do?" in out.stdout and "acting:" not in out.stdout
    replayed = subprocess.run(run + ["replay", "g.json", "--game", str(PACK)], cwd=tmp_path,
                              capture_output=True, text=True, timeout=300, env=env)
    assert replayed.stdout.startswith("verified: same state"), replayed.stdout + replayed.stderr
