"""The engine's interpretive overhead on the Postmen Enemy Phase.

For each seed and each starting position, the same game is played twice: by the engine from the
rules files (a scenario whose `play` shuffles the three Attack decks, sets up Attack K and runs one
`enemy_phase`), and by the hand-written Python of bench/postmen_enemy_phase.py. The two final
positions must be identical — every stack in order, every token, every variable, every changeable
field, the result — or the run fails with the differences. It prints the time per phase of each
and their ratio.

Suppression-token decisions ("Spend how many suppression tokens …") are answered by the same
policy on both sides: spend them all. A first Enemy Phase has no suppression tokens, so the
positions marked "+ suppression" start with tokens on some empty approach spaces.

Run from the repository root:  python bench/interpretive_overhead.py [--seeds N] [--start S]
"""
from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import interpreter                                              # noqa: E402
from postmen_enemy_phase import Phase, Tables, play, spend_all  # noqa: E402

SUPPRESSION_PROMPT = "Spend how many suppression tokens"

# (name, Attack, suppression tokens placed after the set-up: [(space, count)], Enemy Phase played)
POSITIONS = [
    ("Attack 1", 1, [], True),
    ("Attack 2", 2, [], True),
    ("Attack 3", 3, [], True),
    ("Attack 1 + suppression", 1, [("s1", 3), ("r1", 2), ("k1", 4)], True),
    ("Attack 2 + suppression", 2, [("f7", 3), ("f8", 4), ("f9", 2), ("f11", 3), ("junction", 2)], True),
    ("Attack 3 + suppression", 3, [("s1", 2), ("k1", 3), ("f8", 3), ("f11", 4), ("junction", 1)], True),
    # the same starts without the Enemy Phase, to tell the set-up's share from the phase's
    ("Attack 1 set-up", 1, [], False),
    ("Attack 2 set-up", 2, [], False),
    ("Attack 3 set-up", 3, [], False),
]


def scenario_text(name: str, attack: int, suppression, phase: bool) -> str:
    lines = [f'scenario "{name}" for postmen', "", "replace play {",
             "    shuffle attack_1", "    shuffle attack_2", "    shuffle attack_3",
             f"    begin_attack({attack})"]
    lines += [f"    add {n} suppression to {space}" for space, n in suppression]
    lines += ["    phase enemy_phase"] if phase else []
    lines += ["}", ""]
    return "\n".join(lines)


# ---- the engine side
def run_engine(rules, seed: int, policy=spend_all):
    game = rules.new_game(seed)
    while not game.over:
        decision = game.decision
        if decision is None or not decision.prompt.startswith(SUPPRESSION_PROMPT):
            raise RuntimeError(f"seed {seed}: unexpected decision {decision.prompt if decision else None!r}")
        available = max(int(o.id) for o in decision.options)
        game.choose(str(policy(available)))
    return game


def engine_snapshot(game, t: Tables) -> dict:
    tokens = {}
    for o in t.objects:
        marks = {tok: game.tokens(o, tok) for tok in sorted(t.token_names) if game.tokens(o, tok)}
        if marks:
            tokens[o] = marks
    supply_left = getattr(game, "token_supply_left", None)
    result = game.result
    return {
        "stacks": {s: game.pieces_at(s) for s in t.spaces},
        "where": {p: game.location(p) for p in t.pieces},
        "tokens": tokens,
        "supply": supply_left() if supply_left else None,
        "vars": {name: game.var(name) for name in t.var_names},
        "fields": {f"{o}.{name}": game.field(o, name) for o, d in t.var_fields.items() for name in d},
        "result": (game.over, result.outcome if result else None, result.score if result else None),
    }


# ---- comparing
def differences(engine: dict, hand: dict) -> list[str]:
    out = []
    if engine["supply"] is None:
        hand = dict(hand, supply=None)
    for section in ("stacks", "where", "tokens", "supply", "vars", "fields", "result"):
        a, b = engine[section], hand[section]
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            for key in list(a) + [k for k in b if k not in a]:
                if a.get(key, "<absent>") != b.get(key, "<absent>"):
                    out.append(f"{section}[{key}]: engine {a.get(key, '<absent>')!r} != hand-written {b.get(key, '<absent>')!r}")
        else:
            out.append(f"{section}: engine {a!r} != hand-written {b!r}")
    return out



def rolls_report(engine_rolls: list, trace: list) -> str:
    """Where the engine's dice and the hand-written side's first part, or that they agree."""
    first = next((i for i, (x, y) in enumerate(zip(engine_rolls, trace)) if x != y), None)
    if first is None and len(engine_rolls) != len(trace):
        first = min(len(engine_rolls), len(trace))
    if first is None:
        return f"  the {len(trace)} rolls agree"
    return (f"  rolls part at roll #{first + 1}: engine {engine_rolls[first:first + 3]} "
            f"vs hand-written {trace[first:first + 3]}")

def explain(rules, t: Tables, seed: int, attack: int, suppression, phase: bool, lines: list[str]) -> str:
    """A mismatch, with where the two roll sequences part (replayed, untimed)."""
    game = run_engine(rules, seed)
    engine_rolls = [d["values"] for kind, d in game.log_data if kind == "roll"]
    trace = []
    Phase(t, seed, trace=trace).play(attack, suppression, phase)
    text = [f"seed {seed}: {len(lines)} difference(s)"] + ["  " + x for x in lines[:25]]
    if len(lines) > 25:
        text.append(f"  … and {len(lines) - 25} more")
    text.append(rolls_report(engine_rolls, trace))
    notes = [d["text"] for kind, d in game.log_data if kind == "note"]
    text.append("  engine notes: " + " | ".join(notes))
    return "\n".join(text)


# ---- the benchmark
def best_times(engine, hand, seeds, rounds: int) -> tuple[float, float]:
    """Sum over the seeds of each seed's fastest run in `rounds` rounds, engine and hand-written
    runs of a seed side by side (robust against a busy machine)."""
    clock = time.perf_counter
    best_engine = [float("inf")] * len(seeds)
    best_hand = [float("inf")] * len(seeds)
    for _ in range(rounds):
        gc.collect()
        for i, seed in enumerate(seeds):
            start = clock()
            engine(seed)
            middle = clock()
            hand(seed)
            end = clock()
            best_engine[i] = min(best_engine[i], middle - start)
            best_hand[i] = min(best_hand[i], end - middle)
    return sum(best_engine), sum(best_hand)


def bench_position(rules, t: Tables, name: str, attack: int, suppression, phase: bool, seeds, rounds: int) -> dict:
    """Checks every seed once, then times both sides on every seed `rounds` times."""
    if phase:
        hand = lambda seed: play(t, seed, attack, suppression)
    else:
        hand = lambda seed: Phase(t, seed).setup(attack, suppression)
    same, decisions, failures = 0, 0, []
    for seed in seeds:
        game = run_engine(rules, seed)
        state = hand(seed)
        decisions += game.decisions_made
        lines = differences(engine_snapshot(game, t), state.snapshot())
        if lines:
            failures.append((seed, lines))
        else:
            same += 1
    engine_time, hand_time = best_times(lambda seed: run_engine(rules, seed), hand, seeds, rounds)
    return {"name": name, "attack": attack, "phase": phase, "runs": len(seeds), "same": same,
            "engine": engine_time, "hand": hand_time, "decisions": decisions, "failures": failures}


def report(rows: list[dict]) -> None:
    def line(name, engine, hand, runs, decisions, same):
        return (f"{name:<26} {engine / runs * 1000:>10.3f} {hand / runs * 1000:>10.4f} "
                f"{engine / hand:>7.1f}x {decisions:>10}  {same}/{runs}")

    print(f"{'position':<26} {'engine ms':>10} {'hand ms':>10} {'ratio':>8} {'decisions':>10}  identical outcomes")
    phases = [r for r in rows if r["phase"]]
    for r in phases:
        print(line(r["name"], r["engine"], r["hand"], r["runs"], r["decisions"], r["same"]))
    for attack in (1, 2, 3):
        mine = [r for r in phases if r["attack"] == attack]
        print(line(f"Attack {attack} (both positions)", sum(r["engine"] for r in mine), sum(r["hand"] for r in mine),
                   sum(r["runs"] for r in mine), sum(r["decisions"] for r in mine), sum(r["same"] for r in mine)))
    print(line("overall", sum(r["engine"] for r in phases), sum(r["hand"] for r in phases),
               sum(r["runs"] for r in phases), sum(r["decisions"] for r in phases), sum(r["same"] for r in phases)))
    setups = [r for r in rows if not r["phase"]]
    if setups:
        print("set-up only (new game, three shuffles, begin_attack; no Enemy Phase):")
        for r in setups:
            print(line(r["name"], r["engine"], r["hand"], r["runs"], r["decisions"], r["same"]))
        print("Enemy Phase alone (plain position minus its set-up):")
        for r in setups:
            plain = next(p for p in phases if p["attack"] == r["attack"] and p["name"] == f"Attack {r['attack']}")
            engine, hand = plain["engine"] - r["engine"], plain["hand"] - r["hand"]
            if hand > 0:
                print(f"{'Attack ' + str(r['attack']):<26} {engine / r['runs'] * 1000:>10.3f} "
                      f"{hand / r['runs'] * 1000:>10.4f} {engine / hand:>7.1f}x")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=300, help="seeds per starting position (default 300)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--rounds", type=int, default=5, help="timed runs of each seed; the fastest counts (default 5)")
    args = parser.parse_args(argv)
    seeds = list(range(args.start, args.start + args.seeds))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, attack, suppression, phase in POSITIONS:
            path = Path(tmp) / f"bench_{name.lower().replace(' + ', '_').replace(' ', '_').replace('-', '')}.rules"
            path.write_text(scenario_text(name, attack, suppression, phase))
            rules = interpreter.load_rules("postmen", mods=[path])        # untimed
            t = Tables(rules.compiled(None))                                # untimed
            row = bench_position(rules, t, name, attack, suppression, phase, seeds, args.rounds)
            row["explain"] = [explain(rules, t, seed, attack, suppression, phase, lines)
                              for seed, lines in row["failures"][:3]]
            rows.append(row)
    print(f"Postmen Enemy Phase, {len(seeds)} seeds per position (seeds {seeds[0]}..{seeds[-1]}), "
          f"fastest of {args.rounds} timed runs per seed; suppression policy: spend every token")
    print("times are per game: new game, shuffles, set-up, Enemy Phase (engine: to the end of the play block)")
    report(rows)
    failed = [r for r in rows if r["failures"]]
    if failed:
        parts = []
        for r in failed:
            parts.append(f"{r['name']}: {len(r['failures'])} of {r['runs']} seeds differ "
                         f"(seeds {', '.join(str(s) for s, _ in r['failures'][:20])}"
                         f"{' …' if len(r['failures']) > 20 else ''})")
            parts.extend(r["explain"])
        raise AssertionError("the engine and the hand-written version disagree:\n" + "\n".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
