"""The engine's interpretive overhead on whole random games of *Soldiers in Postmen's Uniforms*.

For each seed, a random bot (`random.Random(seed)`, `Game.draw` at every decision) plays a game
on the engine and its choices are recorded: option ids, and whole-action ids at the staged
decisions of the Defense Phase. Then each seed is played again from scratch by both sides, side
by side, with those choices:

- the engine: `rules.new_game(seed)`, then `choose` each recorded id. The engine lists each
  decision's options itself as the rules ask it, and checks the id it is given;
- by hand: bench/postmen_by_hand.py (with postmen_defense_phase.py and postmen_enemy_phase.py),
  plain Python that at every decision lists the legal options itself (at a staged decision, every
  whole action), checks the recorded choice is among them, applies it and rolls the same dice.

Both final positions must be identical (every stack in order, tokens, variables, changeable
fields, result and score), or the run fails listing the differences. On the first
--option-seeds seeds of each row the options listed by hand must also be, at every decision,
exactly the engine's (`Game.whole_action_ids()`).

It prints each side's time per game and the ratio (engine / hand-written), medians of
--rounds rounds, then a breakdown: decisions per game, whole actions listed per decision, and
the time each side spends listing the Defense Phase's moves and actions. The random bot seldom
survives Attack 1, so besides the whole game two more rows start at Attack 2 and at Attack 3 (a
scenario whose play shuffles the decks and begins there): they play the later Attacks, the
clean-up between them, the Escape Phase and the fire truck.

Run from the repository root:
    python bench/whole_game_overhead.py [--seeds 200] [--start 0] [--rounds 3] [--from 1,2,3] [--option-seeds 20]
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import interpreter                                                       # noqa: E402
from interpreter.runtime.statements import PerformOp                     # noqa: E402
from interpretive_overhead import differences, engine_snapshot, rolls_report  # noqa: E402
from postmen_by_hand import Game, Mismatch, WholeTables, hand_choice     # noqa: E402

ROWS = {1: "whole game", 2: "from Attack 2", 3: "from Attack 3"}


def scenario_text(first: int) -> str:
    """A scenario whose play is the pack's own from Attack `first` on."""
    return "\n".join([f'scenario "From Attack {first}" for postmen', "", "replace play {",
                      "    shuffle attack_1", "    shuffle attack_2", "    shuffle attack_3",
                      f"    for n in {first}..3 {{", "        begin_attack(n)", "        play_attack()",
                      "        if n < 3 { clean_up() }", "    }", "}", ""])


def load(first: int, tmp: Path):
    """The rules for a row: the pack itself for the whole game, else with the scenario."""
    if first == 1:
        return interpreter.load_rules("postmen")
    path = tmp / f"from_attack_{first}.rules"
    path.write_text(scenario_text(first))
    return interpreter.load_rules("postmen", mods=[path])


# ---- the two sides
def record(rules, seed: int, with_options: bool = False) -> tuple[list[str], list | None]:
    """A random bot's game: the ids it chose, and (if asked) the engine's whole options at each decision."""
    game, rng = rules.new_game(seed), random.Random(seed)
    trail, options = [], [] if with_options else None
    while not game.over:
        if with_options:
            options.append({hand_choice(i) for i in game.whole_action_ids()})
        choice = game.draw(rng)
        trail.append(choice)
        game.choose(choice)
    return trail, options


def run_engine(rules, seed: int, trail: list[str]):
    """The engine plays the recorded choices from a new game."""
    game = rules.new_game(seed)
    for choice in trail:
        game.choose(choice)
    if not game.over:
        raise RuntimeError(f"seed {seed}: the engine's game is not over after the recorded choices")
    return game


def run_hand(t: WholeTables, seed: int, choices: list, first: int, listed=None, trace=None, game_class=Game) -> Game:
    """The hand-written game plays the recorded choices (already in its terms)."""
    game = game_class(t, seed, choices, listed, trace).play_game(first)
    if game.at != len(choices):
        raise Mismatch(f"the game ended with {len(choices) - game.at} recorded choice(s) unused")
    return game


# ---- checking
def check_seed(rules, t, first: int, seed: int, with_options: bool) -> dict:
    """Record a game, replay it on both sides, compare: the trail, and any differences found."""
    trail, engine_options = record(rules, seed, with_options)
    choices = [hand_choice(c) for c in trail]
    game = run_engine(rules, seed, trail)
    listed = [] if with_options else None
    try:
        hand = run_hand(t, seed, choices, first, listed)
    except Mismatch as err:
        return {"seed": seed, "trail": trail, "choices": choices, "lines": [f"hand-written: {err}"]}
    lines = differences(engine_snapshot(game, t), hand.snapshot())
    if with_options:
        lines += option_differences(engine_options, listed)
    return {"seed": seed, "trail": trail, "choices": choices, "lines": lines, "position": hand.snapshot(),
            "decisions": len(trail), "options": sum(len(o) for o in (listed or ()))}


def option_differences(engine: list, hand: list) -> list[str]:
    """Where the options listed by hand are not the engine's (the first decision that differs)."""
    if len(engine) != len(hand):
        return [f"options: the engine asked {len(engine)} decisions, the hand-written game {len(hand)}"]
    for i, (a, b) in enumerate(zip(engine, hand)):
        b = set(b)
        if a != b:
            return [f"options at decision #{i + 1}: engine only {sorted(map(str, a - b))[:8]}, "
                    f"hand-written only {sorted(map(str, b - a))[:8]}"]
    return []


def explain(rules, t, first: int, case: dict) -> str:
    """A mismatch, with where the two roll sequences part (replayed, untimed)."""
    text = [f"seed {case['seed']}: {len(case['lines'])} difference(s)"] + ["  " + x for x in case["lines"][:25]]
    game = rules.new_game(case["seed"])
    for choice in case["trail"]:
        game.choose(choice)
    engine_rolls = [d["values"] for kind, d in game.log_data if kind == "roll"]
    trace = []
    try:
        Game(t, case["seed"], case["choices"], None, trace).play_game(first)
    except Mismatch:
        pass
    text.append(rolls_report(engine_rolls, trace))
    return "\n".join(text)


# ---- timing
def median_times(rules, t, first: int, cases: list, rounds: int) -> tuple[float, float]:
    """Each side's time for all the games, the median of `rounds` rounds; a seed's two runs side by side."""
    clock = time.perf_counter
    engine_rounds, hand_rounds = [], []
    for _ in range(rounds):
        gc.collect()
        engine_total = hand_total = 0.0
        for case in cases:
            start = clock()
            run_engine(rules, case["seed"], case["trail"])
            middle = clock()
            run_hand(t, case["seed"], case["choices"], first)
            end = clock()
            engine_total += middle - start
            hand_total += end - middle
        engine_rounds.append(engine_total)
        hand_rounds.append(hand_total)
    return statistics.median(engine_rounds), statistics.median(hand_rounds)


class TimedListing(Game):
    """The hand-written game, adding the time it takes to list the Defense Phase's moves and
    actions to `spent[0]` (a list: writing a class attribute would slow every method look-up)."""
    spent = [0.0]

    def moves(self) -> list:
        start = time.perf_counter()
        try:
            return super().moves()
        finally:
            self.spent[0] += time.perf_counter() - start

    def actions(self) -> list:
        start = time.perf_counter()
        try:
            return super().actions()
        finally:
            self.spent[0] += time.perf_counter() - start


@contextmanager
def engine_listing_timed(spent: list):
    """While inside, the engine's staged performs add the time they take to list options and
    check a chosen whole action to spent[0] (the class's methods wrapped, restored on leaving)."""
    run, whole = PerformOp.run, PerformOp.whole_action

    def timed_run(op, g, f):
        start = time.perf_counter()
        try:
            return run(op, g, f)
        finally:
            spent[0] += time.perf_counter() - start

    def timed_whole(op, g, decision, option_id):
        start = time.perf_counter()
        try:
            return whole(op, g, decision, option_id)
        finally:
            spent[0] += time.perf_counter() - start

    PerformOp.run, PerformOp.whole_action = timed_run, timed_whole
    try:
        yield
    finally:
        PerformOp.run, PerformOp.whole_action = run, whole


def listing_times(rules, t, first: int, cases: list) -> dict:
    """One more round, instrumented, side by side: each side's whole time and its time listing the Defense Phase's options."""
    clock = time.perf_counter
    engine_listing = [0.0]
    TimedListing.spent[0] = 0.0
    engine_total = hand_total = 0.0
    gc.collect()
    with engine_listing_timed(engine_listing):
        for case in cases:
            start = clock()
            run_engine(rules, case["seed"], case["trail"])
            middle = clock()
            run_hand(t, case["seed"], case["choices"], first, game_class=TimedListing)
            end = clock()
            engine_total += middle - start
            hand_total += end - middle
    return {"engine_total": engine_total, "engine_listing": engine_listing[0],
            "hand_total": hand_total, "hand_listing": TimedListing.spent[0]}


# ---- one row, and the report
def bench_row(rules, t, first: int, seeds: list, rounds: int, option_seeds: int) -> dict:
    cases = [check_seed(rules, t, first, seed, i < option_seeds) for i, seed in enumerate(seeds)]
    failures = [c for c in cases if c["lines"]]
    row = {"name": ROWS[first], "first": first, "runs": len(cases), "same": len(cases) - len(failures),
           "option_checked": min(option_seeds, len(cases)), "failures": failures,
           "explain": [explain(rules, t, first, c) for c in failures[:3]]}
    if failures:
        return row
    row["engine"], row["hand"] = median_times(rules, t, first, cases, rounds)
    row["breakdown"] = listing_times(rules, t, first, cases)
    row["decisions"] = sum(c["decisions"] for c in cases)
    checked = cases[:option_seeds]
    row["options_per_decision"] = (sum(c["options"] for c in checked) / max(1, sum(c["decisions"] for c in checked)))
    return row


def report(rows: list[dict], rounds: int) -> None:
    ms = lambda seconds, runs: seconds / runs * 1000
    print(f"{'games':<15} {'engine ms':>10} {'hand ms':>9} {'ratio':>7}  {'identical':>10}  {'options checked':>15}")
    for r in rows:
        if "engine" in r:
            print(f"{r['name']:<15} {ms(r['engine'], r['runs']):>10.2f} {ms(r['hand'], r['runs']):>9.3f} "
                  f"{r['engine'] / r['hand']:>6.1f}x  {r['same']:>4}/{r['runs']:<5}  {r['option_checked']:>9} seeds")
        else:
            print(f"{r['name']:<15} {'-':>10} {'-':>9} {'-':>7}  {r['same']:>4}/{r['runs']:<5}")
    print(f"(per game, median of {rounds} rounds; engine: new_game and a choose per recorded decision; "
          "by hand: the same game, every decision's options listed)")
    print("breakdown per game: decisions, whole actions listed per decision (checked seeds), "
          "Defense Phase listing time (one more round, instrumented)")
    print(f"{'games':<15} {'decisions':>9} {'options':>8} {'engine list ms':>15} {'hand list ms':>13} {'ratio':>7} "
          f"{'engine rest ms':>15} {'hand rest ms':>13} {'ratio':>7}")
    for r in rows:
        if "engine" not in r:
            continue
        n, b = r["runs"], r["breakdown"]
        engine_rest = b["engine_total"] - b["engine_listing"]
        hand_rest = b["hand_total"] - b["hand_listing"]
        print(f"{r['name']:<15} {r['decisions'] / n:>9.1f} {r['options_per_decision']:>8.1f} "
              f"{ms(b['engine_listing'], n):>15.2f} {ms(b['hand_listing'], n):>13.3f} "
              f"{b['engine_listing'] / b['hand_listing']:>6.1f}x {ms(engine_rest, n):>15.2f} "
              f"{ms(hand_rest, n):>13.3f} {engine_rest / hand_rest:>6.1f}x")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=200, help="games per row (default 200)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds; the median counts (default 3)")
    parser.add_argument("--from", dest="starts", default="1,2,3",
                        help="rows: the Attacks the games start at, 1 = the whole game (default 1,2,3)")
    parser.add_argument("--option-seeds", type=int, default=20,
                        help="seeds per row whose every decision's options are compared too (default 20)")
    args = parser.parse_args(argv)
    seeds = list(range(args.start, args.start + args.seeds))
    starts = [int(s) for s in args.starts.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for first in starts:
            rules = load(first, Path(tmp))                      # untimed
            t = WholeTables(rules.compiled(None))                # untimed
            rows.append(bench_row(rules, t, first, seeds, args.rounds, args.option_seeds))
    print(f"Postmen, random-bot games, {len(seeds)} seeds per row (seeds {seeds[0]}..{seeds[-1]})")
    report(rows, args.rounds)
    failed = [r for r in rows if r["failures"]]
    if failed:
        parts = []
        for r in failed:
            parts.append(f"{r['name']}: {len(r['failures'])} of {r['runs']} seeds differ (seeds "
                         f"{', '.join(str(c['seed']) for c in r['failures'][:20])}{' …' if len(r['failures']) > 20 else ''})")
            parts.extend(r["explain"])
        raise AssertionError("the engine and the hand-written game disagree:\n" + "\n".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
