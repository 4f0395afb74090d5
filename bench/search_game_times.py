"""Times whole search-bot games seed by seed: the fastest of several runs each, on one core per game."""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter import load_rules  # noqa: E402
from interpreter.lab.bots import make_bot, play_out  # noqa: E402

_rules = {}


def one_game(pack: str, variant: str, seats: int, seed: int) -> tuple[int, str, int, float]:
    """One game with the search bot: (seed, outcome, decisions, seconds of this process's time)."""
    if pack not in _rules:
        _rules[pack] = load_rules(ROOT / "content" / pack)
    start = time.process_time()
    game = _rules[pack].new_game(seed=seed, variant=variant, seats=seats)
    play_out(game, make_bot("mcts", seed))
    return seed, game.result.outcome, game.decisions_made, time.process_time() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pack", default="westerplatte")
    parser.add_argument("--variant", default="easy")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=10, help="how many seeds: FIRST..FIRST+N-1")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--runs", type=int, default=3, help="runs of each seed; the fastest counts")
    parser.add_argument("--jobs", type=int, default=1, help="games played at a time, one per core (more than one slows each game)")
    args = parser.parse_args(argv)
    if min(args.seeds, args.runs, args.jobs) < 1:
        parser.error("--seeds, --runs and --jobs must be at least 1")
    times: dict[int, list[float]] = {}
    games: dict[int, tuple[str, int]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(one_game, args.pack, args.variant, args.seats, seed)
                for _ in range(args.runs) for seed in range(args.first, args.first + args.seeds)]
        for job in jobs:
            seed, outcome, decisions, seconds = job.result()
            times.setdefault(seed, []).append(seconds)
            games[seed] = (outcome, decisions)
    print(f"{args.pack} ({args.variant}, {args.seats} seats), search bot, fastest of {args.runs} runs per seed")
    print("seed  outcome  decisions  fastest s  all runs s")
    for seed in sorted(times):
        outcome, decisions = games[seed]
        runs = " ".join(f"{t:.1f}" for t in times[seed])
        print(f"{seed:4}  {outcome:7}  {decisions:9}  {min(times[seed]):9.1f}  {runs}")
    fastest = [min(t) for t in times.values()]
    print(f"fastest per seed: mean {statistics.mean(fastest):.1f} s, longest {max(fastest):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
