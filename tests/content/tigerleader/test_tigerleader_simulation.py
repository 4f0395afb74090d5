"""Random play of the Tiger Leader pack: a few seeded games through the round-trip harness (save,
load, clone and replay at every decision) in every run, and 1,000 plain random games in the slow
soak. Every game must end with one of the campaign's evaluations."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

from harness import run_random_games               # noqa: E402  (tests/ is put on the path by conftest)
from tiger_support import PACK, pack               # noqa: E402

OUTCOMES = {"Great", "Good", "Fair", "Poor", "Failure"}


def check_game(game, where: str) -> None:
    vp = game.var("vp")
    assert vp >= 0, where
    assert game.var("so") >= 0, where
    if game.over:
        assert game.result.outcome in OUTCOMES, f"{where}: {game.result}"
        assert game.result.score == vp, where


def test_random_games_round_trip():
    summaries = run_random_games(pack(), 4, seed=0, sample_every=40, check=check_game)
    assert {s["outcome"] for s in summaries} <= OUTCOMES
    assert len({s["decisions"] for s in summaries}) > 1          # the seeds give different games


def play_out(rules, seed: int, limit: int = 20_000, variant: str | None = None):
    game = rules.new_game(seed=seed, variant=variant)
    rnd = random.Random(f"tigerleader:{seed}")
    decisions = 0
    while not game.over:
        assert decisions < limit, f"seed {seed}: the game does not end"
        game.choose(rnd.choice(game.option_ids()))
        decisions += 1
    return game


@pytest.mark.parametrize("games, variant", [pytest.param(30, None, id="quick"),
                                            pytest.param(20, "optional", id="optional-rules"),
                                            pytest.param(1000, None, id="soak", marks=pytest.mark.slow)])
def test_random_games_end_with_an_evaluation(games, variant):
    rules = pack()
    outcomes = set()
    for seed in range(games):
        game = play_out(rules, seed, variant=variant)
        check_game(game, f"seed {seed}")
        outcomes.add(game.result.outcome)
    assert outcomes <= OUTCOMES


def test_battles_are_fought_and_units_lost_in_random_games():
    """Random campaigns really fight: enemy units are destroyed and German units lost."""
    rules = pack()
    destroyed = lost = 0
    for seed in range(10):
        game = play_out(rules, seed)
        destroyed += len(game.pieces_at("wrecks")) + sum(1 for e in game.log if e.kind == "tally"
                                                         and "enemy units destroyed" in e.text)
        lost += len(game.pieces_at("lost"))
    assert destroyed > 0 and lost > 0


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_command_line_bot_game(bot):
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", "play", str(PACK), "--bot", bot,
                          "--seed", "3", "--json"], capture_output=True, text=True, check=True).stdout
    summary = json.loads(out)
    assert summary["outcome"] in OUTCOMES


@pytest.mark.slow
def test_the_notes_give_the_search_bots_result():
    """NOTES.md section 0 names the Monte Carlo bot's result on seed 1 (about 10 s)."""
    notes = (PACK / "NOTES.md").read_text(encoding="utf-8")
    outcome, vp = re.search(r"the Monte Carlo bot seed 1 (\w+) \((\d+) VP\)", notes).groups()
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", "play", str(PACK), "--bot", "mcts",
                          "--seed", "1", "--json"], capture_output=True, text=True, check=True).stdout
    summary = json.loads(out)
    assert (summary["outcome"], summary["score"]) == (outcome, int(vp))


def test_the_evaluation_prefers_a_stronger_kampfgruppe_and_battles_to_idle_weeks():
    game = pack().new_game(seed=1)
    assert game.peek("buy:panzer_iv_short", 1).evaluate() > game.peek("pass", 1).evaluate()
    while game.decision.prompt.startswith("Buy") or game.decision.prompt.startswith("Commander"):
        keep = game.decision.prompt.startswith("Buy") and game.var("so") < 12   # SO to reach a battalion
        game.choose("pass" if keep else game.whole_action_ids()[0])
    if game.decision.prompt.endswith("to avoid it?"):          # the week's Special Condition
        game.choose("accept")
    assert game.decision.prompt == "Attack which battalion?"
    attack = next(i for i in game.whole_action_ids() if i.startswith("attack_battalion"))
    assert game.peek(attack, 1).evaluate() > game.peek("pass", 1).evaluate()
