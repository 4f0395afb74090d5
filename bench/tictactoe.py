"""Random tic-tac-toe play-outs per second: the game written in the rules language against
OpenSpiel's pure-Python and C++ tic-tac-toe and a plain Python one, side by side in one run.

Every engine plays the same thing: from the empty board, uniformly random legal moves until
the game ends. The rules-language game is bench/games/tictactoe.rules, played through the
public API (`Game.start`, `option_ids`, `choose`). OpenSpiel is an optional benchmark
dependency (`pip install open_spiel`); without it its rows are left out.

Run: python bench/tictactoe.py [--seconds S] [--rounds N]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from interpreter import load_rules

RULES = Path(__file__).parent / "games" / "tictactoe.rules"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def garrison():
    rules = load_rules(RULES)          # loaded and compiled once, outside the timing

    def playouts(n: int, rng: random.Random) -> None:
        for seed in range(n):
            game = rules.new_game(seed=seed, seats=2)
            while not game.over:
                game.choose(rng.choice(game.option_ids()))
    return playouts


def plain_playouts(n: int, rng: random.Random) -> None:
    for _ in range(n):
        board, player, winner = [0] * 9, 1, 0
        free = list(range(9))
        while free and not winner:
            cell = free.pop(rng.randrange(len(free)))
            board[cell] = player
            if any(board[a] == board[b] == board[c] == player for a, b, c in LINES):
                winner = player
            player = 3 - player


def openspiel(name: str):
    """Play-outs of one OpenSpiel game, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def playouts(n: int, rng: random.Random) -> None:
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
    return playouts


def rate(playouts, seconds: float) -> float:
    """Play-outs per second, from batches that together take about `seconds`."""
    rng = random.Random(1)
    n, elapsed = 0, 0.0
    batch = 10
    while elapsed < seconds:
        start = time.perf_counter()
        playouts(batch, rng)
        elapsed += time.perf_counter() - start
        n += batch
        batch = min(batch * 2, 20_000)
    return n / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per engine per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the median is shown")
    args = parser.parse_args()
    engines = {"Garrison (rules language)": garrison(),
               "OpenSpiel python_tic_tac_toe": openspiel("python_tic_tac_toe"),
               "OpenSpiel tic_tac_toe (C++)": openspiel("tic_tac_toe"),
               "plain Python": plain_playouts}
    engines = {name: fn for name, fn in engines.items() if fn is not None}
    rounds = {name: [] for name in engines}
    for _ in range(args.rounds):                 # engines take turns, so a slow moment hits them all
        for name, playouts in engines.items():
            rounds[name].append(rate(playouts, args.seconds))
    ours = statistics.median(rounds["Garrison (rules language)"])
    print(f"random tic-tac-toe play-outs per second (median of {args.rounds} rounds of {args.seconds:g} s)")
    for name, rates in rounds.items():
        median = statistics.median(rates)
        print(f"  {name:30} {median:10,.0f}/s   Garrison is {ours / median:.2f}× this")
    if "OpenSpiel python_tic_tac_toe" not in rounds:
        print("  (OpenSpiel is not installed: pip install open_spiel to compare with it)")


if __name__ == "__main__":
    main()
