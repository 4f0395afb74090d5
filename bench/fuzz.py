"""Fuzzes the rules front end and the runtime for a long while and prints what came out.

Each input is a program generated from the grammar or a mutation of a program under
tests/programs/; it must load cleanly or raise RulesError, and a game that loads must give
decisions or a GameError. Anything else is printed with the input that caused it.

Run: python bench/fuzz.py [--inputs N] [--seed S]     (default: 100,000 inputs)
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("GARRISON_CACHE", "off")     # thousands of throw-away packs: none is worth keeping

import dsl                                    # noqa: E402  (both before tests/ is on the path:
import interpreter                            # noqa: E402   it has folders of the same names)

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))

from hypothesis.extra.lark import from_lark   # noqa: E402

from dsl.grammar import lark_parser           # noqa: E402
from fuzzing import check_program, mutate, seed_programs   # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = seed_programs()
    generated = from_lark(lark_parser(), start="start")
    outcomes: collections.Counter = collections.Counter()
    crashes = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for n in range(args.inputs):
            if n % 10 == 0:
                text, source = generated.example(), "grammar"
            else:
                text, source = mutate(rng.choice(seeds), rng), "mutation"
            try:
                outcomes[(source, check_program(folder, text))] += 1
            except Exception:                    # a crash: the property failed
                crashes += 1
                print(f"--- input {n} ({source}):\n{text}\n{traceback.format_exc()}", file=sys.stderr)
    elapsed = time.perf_counter() - start
    print(f"{args.inputs} inputs in {elapsed:.0f} s ({args.inputs / elapsed:.0f}/s), seed {args.seed}")
    for (source, outcome), count in sorted(outcomes.items()):
        print(f"  {source:9} {outcome:8} {count}")
    print(f"  crashes   {crashes}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
