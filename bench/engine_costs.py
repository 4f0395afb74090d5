"""Prints the engine's costs: pack load time (from the text, and from the cache in a new process),
random-bot speed, clone/save/load/undo of a mid-game state.

Run: python bench/engine_costs.py [PACK ...]   (default: every bundled pack)
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

import interpreter
from interpreter.lab.bots import RandomBot
from interpreter.runtime import bundled_names


def timed(fn, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


NEW_PROCESS = "import time; t = time.perf_counter(); import interpreter; interpreter.load_rules({pack!r}).compiled(); " \
              "print(time.perf_counter() - t)"


def cached_in_a_new_process(pack: str) -> float:
    """Seconds for a new process to import the interpreter and load the pack from the cache (filled first)."""
    interpreter.load_rules(pack)
    runs = [float(subprocess.run([sys.executable, "-c", NEW_PROCESS.format(pack=pack)], capture_output=True,
                                 text=True, check=True).stdout) for _ in range(3)]
    return sorted(runs)[1]


def bench(pack: str, first: bool) -> None:
    os.environ["GARRISON_CACHE"] = "off"                             # checked and compiled from the text
    cold = timed(lambda: interpreter.load_rules(pack), 1)        # the first load also builds the parser
    warm = timed(lambda: interpreter.load_rules(pack), 3)        # parser tables already built
    os.environ["GARRISON_CACHE"] = tempfile.mkdtemp(prefix="garrison-bench-")
    cached = cached_in_a_new_process(pack)
    rules = interpreter.load_rules(pack)
    games, decisions, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < 5 or games < 3:
        game, bot = rules.new_game(seed=games), RandomBot(games)
        while not game.over:
            game.choose(bot.choose(game))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    game, bot = rules.new_game(seed=7), RandomBot(7)
    for _ in range(25):
        if game.over:
            break
        game.choose(bot.choose(game))
    saved = game.to_json()
    print(f"{pack}:")
    print(f"  load from the text: {cold * 1000:.0f} ms {'cold (building the parser too)' if first else 'first in this process'}, "
          f"{warm * 1000:.0f} ms warm; from the cache: {cached * 1000:.0f} ms in a new process, import included")
    print(f"  random bot: {games / elapsed:.1f} games/s, {decisions / elapsed:.0f} decisions/s, "
          f"{elapsed / games * 1000:.0f} ms per game")
    print(f"  clone {timed(game.clone, 500) * 1e6:.0f} µs, to_json {timed(game.to_json, 50) * 1000:.2f} ms "
          f"({len(saved) // 1024} KB), load_game {timed(lambda: rules.load_game(saved), 50) * 1000:.2f} ms, "
          f"undo {timed(lambda: game.clone().undo(), 3) * 1000:.0f} ms")


if __name__ == "__main__":
    for i, name in enumerate(sys.argv[1:] or bundled_names()):
        bench(name, i == 0)
