"""Random play of the Westerplatte pack: seeded games (200 in the slow soak) for each difficulty with 1 and with
4 seats. Every game goes through the round-trip harness (save, load, clone and replay at every
decision) and must end in a win or a loss."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))    # the shared helpers beside this file

from harness import run_random_games               # noqa: E402  (tests/ is put on the path by conftest)
from westerplatte_support import PACK, pack        # noqa: E402

QUICK, SOAK = 20, 200
# a few games in every run, the long soak behind the `slow` marker (run by .ci/run as its own step)
GAMES = [pytest.param(QUICK, id="quick"), pytest.param(SOAK, id="soak", marks=pytest.mark.slow)]
OUTCOMES = {"Win", "Loss"}


def play_out(rules, seed: int, variant, seats: int, limit: int = 20_000):
    game = rules.new_game(seed=seed, variant=variant, seats=seats)
    rnd = random.Random(f"westerplatte:{seed}:{variant}:{seats}")
    decisions = 0
    while not game.over:
        assert decisions < limit, f"seed {seed} {variant} {seats} seats: the game does not end"
        options = game.decision.options
        assert options and 1 <= game.decision.seat <= seats
        game.choose(rnd.choice(options).id)
        decisions += 1
    return game, decisions


def check_game(game, where: str) -> None:
    if game.over:
        assert game.result.outcome in OUTCOMES, f"{where}: {game.result}"
        assert 0 <= game.result.score <= 7, where
        assert game.result.outcome != "Win" or game.result.score == 7, where


@pytest.mark.parametrize("games", GAMES)
@pytest.mark.parametrize("seats", [1, 4])
@pytest.mark.parametrize("variant", ["easy", "normal", "hard"])
def test_random_games(variant, seats, games):
    summaries = run_random_games(pack(), games, variant=variant, seats=seats, seed=0,
                                 sample_every=40, check=check_game)
    assert len(summaries) == games
    assert {s["outcome"] for s in summaries} <= OUTCOMES
    assert len({s["decisions"] for s in summaries}) > 1          # the seeds give different games


def test_the_day_track_bounds_the_game():
    """Whatever the players do, a card reaches the day track often enough: a lazy garrison
    that always ends its turn at once still sees the game end."""
    rules = pack()
    for seed in range(20):
        game = rules.new_game(seed=seed, variant="easy", seats=2)
        while not game.over:
            ids = [o.id for o in game.decision.options]
            game.choose("pass" if "pass" in ids else ids[0])
        assert game.result.outcome in OUTCOMES
        assert game.var("turn") < 400


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_command_line_random_game(seed):
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", "play", str(PACK), "--bot", "random",
                          "--seats", "4", "--variant", "hard", "--seed", str(seed), "--json"],
                         capture_output=True, text=True, check=True).stdout
    summary = json.loads(out)
    assert summary["outcome"] in OUTCOMES
    assert summary["variant"] == "hard"
