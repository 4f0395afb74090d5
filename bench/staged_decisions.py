"""Prints staged against flat decisions for a pack, side by side in one run: options per
decision, option listing's share of a random game's time, random and greedy games per second.

"Flat" is the same pack with every `perform staged` read as a plain `perform`: one decision
offering the whole product of the actions' parameters.

Run: python bench/staged_decisions.py [PACK] [--games N]   (default: postmen, 30 games)
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import interpreter
from interpreter.lab.bots import make_bot, play_out
from interpreter.runtime import find_pack
from interpreter.runtime.game import Game
from interpreter.runtime.statements import PerformOp

def _key(function) -> tuple:
    code = function.__code__
    return code.co_filename, code.co_firstlineno, code.co_name


# what lists a decision's options (or draws one): a perform asking, a step answered, a random
# draw (their cumulative times, never nested in one another)
LISTING = {_key(PerformOp.run), _key(PerformOp.apply), _key(Game.draw)}


def flat_copy(pack: str, into: Path) -> Path:
    """The pack with `perform staged` read as `perform`."""
    source = Path(find_pack(pack))
    target = into / source.name
    shutil.copytree(source, target)
    for path in target.rglob("*.rules"):
        path.write_text(path.read_text(encoding="utf-8").replace("perform staged ", "perform "), encoding="utf-8")
    return target


def option_counts(rules, games: int) -> list[int]:
    """The options of every decision a person meets, answered at random one step at a time."""
    counts = []
    for seed in range(games):
        game, pick = rules.new_game(seed=seed), random.Random(seed)
        while not game.over:
            ids = game.option_ids()
            counts.append(len(ids))
            game.choose(pick.choice(ids))
    return counts


def listing_share(rules, games: int) -> float:
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.enable()
    for seed in range(games):
        play_out(rules.new_game(seed=seed), make_bot("random", seed))
    profile.disable()
    total = time.perf_counter() - start
    stats = pstats.Stats(profile).stats
    listed = sum(cumulative for key, (_, _, _, cumulative, _) in stats.items() if key in LISTING)
    return listed / total


def games_per_second(rules, bot: str, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        play_out(rules.new_game(seed=seed), make_bot(bot, seed))
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", nargs="?", default="postmen")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        shapes = {"flat": interpreter.load_rules(flat_copy(args.pack, Path(tmp))),
                  "staged": interpreter.load_rules(args.pack)}
        rows = {}
        for shape, rules in shapes.items():
            counts = option_counts(rules, args.games)
            rows[shape] = (max(counts), statistics.mean(counts), len(counts) / args.games,
                           listing_share(rules, args.games),
                           games_per_second(rules, "random", args.games),
                           games_per_second(rules, "greedy", max(3, args.games // 6)))
    print(f"{args.pack}, {args.games} random games per figure (greedy: {max(3, args.games // 6)})")
    print(f"{'':8} {'largest':>8} {'mean':>6} {'decisions/game':>15} {'listing':>8} {'random g/s':>11} {'greedy g/s':>11}")
    for shape, (largest, mean, per_game, share, random_speed, greedy_speed) in rows.items():
        print(f"{shape:8} {largest:>8} {mean:>6.1f} {per_game:>15.1f} {share:>8.0%} {random_speed:>11.1f} {greedy_speed:>11.2f}")


if __name__ == "__main__":
    main()
