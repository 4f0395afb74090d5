"""Batch simulation: many seeded bot games, in parallel processes, summarised for designers."""
from __future__ import annotations

import argparse
import gc
import multiprocessing
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Optional

from dsl import printable, suggest
from interpreter.cli_common import integer
from interpreter.runtime import GameError

from . import stats


@dataclass(frozen=True)
class SimConfig:
    game: str
    games: int = 100
    bot: str = "random"
    variant: Optional[str] = None
    seats: int = 1
    mods: tuple = ()
    seed: int = 0
    budget: int = 0
    texts: bool = False     # compose every prompt, label and log text (slower; finds errors in them)
    look_past_ties: Optional[int] = None    # the greedy bot's, instead of the pack's (None: the pack's)
    scenario: Optional[str] = None          # which of `mods` was given as the scenario, if one was

    def describe(self) -> str:
        parts = [self.game, f"bot {self.bot}", f"variant {self.variant or 'standard'}", f"{self.seats} seat(s)"]
        if self.look_past_ties is not None:
            parts.append(f"looking past ties {self.look_past_ties}")
        parts += [f"scenario {m}" if m == self.scenario else f"mod {m}" for m in self.mods]
        return ", ".join(parts)


_RULES: dict = {}


def _rules(config: SimConfig, fresh: bool = False):
    """A configuration's rules, loaded once per process (`fresh`: read the files again, in case they changed)."""
    key = (config.game, config.mods)
    if fresh or key not in _RULES:
        from interpreter.runtime import load_rules
        _RULES[key] = load_rules(config.game, mods=list(config.mods))
        _collect_less()
    return _RULES[key]


def _collect_less() -> None:
    """Fewer garbage collections while games are played: a bot's look-ahead makes and drops many
    small objects, and each young collection would walk them and the compiled rules again and
    again (those, loaded for good, are set aside from collection)."""
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)


def play_one(job: tuple) -> dict:
    """Play game number `index` of a configuration; errors are returned, not raised."""
    config, index = job
    from .bots import make_bot, play_out
    seed = config.seed + index
    try:
        rules = _rules(config)
        game = rules.new_game(seed=seed, variant=config.variant, seats=config.seats)
        if not config.texts:
            game.mute()
        play_out(game, make_bot(config.bot, seed, config.budget, config.look_past_ties))
    except GameError as err:
        return {"index": index, "seed": seed, "error": str(err)}
    view = rules.view(config.variant)
    cards, tallies = Counter(), Counter()
    for kind, data in game.log_data:
        if kind == "resolve" and view.is_card(data["obj"]):
            cards[view.label(data["obj"])] += 1
        elif kind == "tally":
            tallies[data["name"]] += 1
    result = game.result
    turns_var = view.turn_variable
    return {"index": index, "seed": seed, "outcome": result.outcome, "score": result.score,
            "decisions": game.decisions_made, "turns": game.var(turns_var) if turns_var else None,
            "cards": dict(cards), "tallies": dict(tallies)}


@dataclass
class SimRun:
    config: SimConfig
    results: list = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False


MOST_GAMES = 1_000_000       # a simulation keeps every game's result in memory, some hundreds of bytes each


def run(config: SimConfig, jobs: int = 1, progress=None) -> SimRun:
    """Play the games (game i with seed S+i, whatever `jobs` is); Ctrl-C keeps what finished."""
    _rules(config)                       # load errors surface here, once
    work = [(config, i) for i in range(config.games)]
    outcome = SimRun(config)
    start = time.perf_counter()
    try:
        if jobs <= 1:
            for job in work:
                outcome.results.append(play_one(job))
                _tick(progress, outcome, start)
        else:
            context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
            with context.Pool(jobs, initializer=_ignore_interrupts) as pool:
                try:
                    chunk = max(1, min(16, config.games // (jobs * 8) or 1))
                    for result in pool.imap(play_one, work, chunksize=chunk):
                        outcome.results.append(result)
                        _tick(progress, outcome, start)
                except KeyboardInterrupt:
                    pool.terminate()
                    raise
    except KeyboardInterrupt:
        outcome.interrupted = True
    outcome.seconds = time.perf_counter() - start
    return outcome


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and reports what finished."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _tick(progress, outcome: SimRun, start: float) -> None:
    if progress is not None:
        progress(len(outcome.results), outcome.config.games, time.perf_counter() - start)


def report(sim: SimRun) -> dict:
    """The figures of one configuration (the `--json` object)."""
    done = [r for r in sim.results if "error" not in r]
    errors = [r for r in sim.results if "error" in r]
    outcomes = Counter(r["outcome"] for r in done)
    scores = [r["score"] for r in done if r["score"] is not None]
    n = len(done)
    cards, tallies = Counter(), Counter()
    for r in done:
        cards.update(r["cards"])
        tallies.update(r["tallies"])
    return {
        "config": sim.config.describe(), "games": len(sim.results), "finished": n,
        "errors": len(errors), "interrupted": sim.interrupted,
        "error_details": [{"seed": r["seed"], "error": r["error"]} for r in errors[:20]],
        "outcomes": dict(outcomes.most_common()),
        "outcome_shares": {k: {"share": v / n, "ci95": list(stats.wilson(v, n))} for k, v in outcomes.items()},
        "score": {**stats.summary(scores), "histogram": stats.histogram(scores)},
        "decisions": stats.summary([r["decisions"] for r in done]),
        "turns": stats.summary([r["turns"] for r in done if r["turns"] is not None]),
        "cards_drawn_per_game": {k: v / n for k, v in cards.most_common()} if n else {},
        "tallies_per_game": {k: v / n for k, v in tallies.most_common()} if n else {},
        "games_per_second": len(sim.results) / sim.seconds if sim.seconds else 0.0,
        "seconds": sim.seconds,
    }


def compare(a: SimRun, b: SimRun) -> dict:
    """Differences B − A over the seeds both finished, each with its 95% interval."""
    by_seed_a = {r["seed"]: r for r in a.results if "error" not in r}
    by_seed_b = {r["seed"]: r for r in b.results if "error" not in r}
    seeds = sorted(set(by_seed_a) & set(by_seed_b))
    ra, rb = [by_seed_a[s] for s in seeds], [by_seed_b[s] for s in seeds]
    names = sorted({r["outcome"] for r in ra + rb})
    n = len(seeds)
    out = {"paired_games": n, "outcomes": {}}
    for name in names:
        ca = sum(1 for r in ra if r["outcome"] == name)
        cb = sum(1 for r in rb if r["outcome"] == name)
        out["outcomes"][name] = stats.proportion_difference(ca, n, cb, n)
    out["score"] = stats.paired_difference([r["score"] or 0 for r in ra], [r["score"] or 0 for r in rb])
    out["decisions"] = stats.paired_difference([r["decisions"] for r in ra], [r["decisions"] for r in rb])
    return out


def parse_compare(spec: str, base: SimConfig) -> SimConfig:
    """`variant=hard`, `bot=greedy`, `mod=FILE`, `seats=2`, `budget=8`, `look_past_ties=2`, comma-separated."""
    changes: dict = {}
    mods = list(base.mods)
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if not parts:
        raise GameError("--compare needs what to change, e.g. --compare bot=greedy or --compare variant=hard,seats=2")
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep:
            raise GameError(f"--compare expects KEY=VALUE pairs ({COMPARED}), not '{part}'")
        if key in changes:
            raise GameError(f"--compare gives {key} twice ({key}={changes[key]} and {part}); give it once")
        if key == "variant":
            changes["variant"] = value or None
        elif key == "bot":
            changes["bot"] = value
        elif key == "mod":
            mods.append(value)
        elif key == "nomods":
            if value.lower() not in ("1", "true", "yes"):
                raise GameError(f"--compare nomods takes 1, true or yes (drop the mods), not '{printable(value[:40])}'")
            if not mods:
                raise GameError("--compare nomods: there are no mods to drop")
            mods = []
        elif key in ("seats", "budget", "look_past_ties"):
            try:
                changes[key] = integer(value)
            except argparse.ArgumentTypeError as err:
                raise GameError(f"--compare {key}: {err}") from None
            most = _most_allowed().get(key)
            if changes[key] < (1 if key == "seats" else 0) or (most is not None and changes[key] > most):
                raise GameError(f"--compare {key} cannot be {changes[key]}")
        else:
            raise GameError(f"--compare cannot change '{key}'{suggest(key, COMPARED.split(', '))}; "
                            f"it can change {COMPARED}")
    compared = replace(base, mods=tuple(mods), **changes)
    from .bots import BOTS
    if compared.bot not in BOTS:
        raise GameError(f"--compare bot={compared.bot}: unknown bot{suggest(compared.bot, BOTS)}; bots: {', '.join(BOTS)}")
    if compared.look_past_ties is not None and compared.bot != "greedy":
        raise GameError("--compare look_past_ties goes with the greedy bot (add bot=greedy)")
    if "budget" in changes and compared.bot == "random":
        raise GameError("--compare budget goes with a bot that looks ahead (add bot=greedy or bot=mcts)")
    if compared == base:
        raise GameError(f"--compare {spec.strip()} changes nothing: both sides would play the same games")
    return compared


COMPARED = "variant, bot, mod, nomods, seats, budget, look_past_ties"


def _most_allowed() -> dict[str, int]:
    """The largest value `--compare` takes for a setting that has one (the same bounds as a pack's hints)."""
    from dsl import MAX_LOOK_PAST_TIES, MAX_SEARCH_BUDGET
    return {"look_past_ties": MAX_LOOK_PAST_TIES, "budget": MAX_SEARCH_BUDGET}


def text_report(figures: dict) -> list[str]:
    lines = [f"{figures['config']}: {figures['finished']} games"
             + (f" ({figures['errors']} with errors)" if figures["errors"] else "")
             + (" — interrupted" if figures["interrupted"] else "")]
    for name, share in figures["outcome_shares"].items():
        low, high = share["ci95"]
        lines.append(f"  {name:<16} {share['share']:6.1%}   95% CI {low:.1%} – {high:.1%}")
    s = figures["score"]
    if s["mean"] is not None:
        lines.append(f"  score: mean {s['mean']:.2f}, median {s['median']}, stdev {s['stdev']:.2f}, "
                     f"range {s['min']}..{s['max']}")
        top = max(s["histogram"].values()) or 1
        for bucket, count in s["histogram"].items():
            lines.append(f"    {bucket:>9} {'█' * max(1 if count else 0, round(30 * count / top))} {count}")
    d, t = figures["decisions"], figures["turns"]
    if d["mean"] is not None:
        lines.append(f"  length: {d['mean']:.1f} decisions" + (f", {t['mean']:.1f} turns" if t["mean"] is not None else ""))
    if figures["tallies_per_game"]:
        lines.append("  per game: " + ", ".join(f"{k} {v:.2f}" for k, v in figures["tallies_per_game"].items()))
    if figures["cards_drawn_per_game"]:
        lines.append("  cards drawn per game: " + ", ".join(
            f"{k} {v:.2f}" for k, v in list(figures["cards_drawn_per_game"].items())[:12]))
    for e in figures["error_details"]:
        lines.append(printable(f"  error in seed {e['seed']}: {e['error']}"))
    lines.append(f"  {figures['games_per_second']:.1f} games/s")
    return lines


def compare_text(diff: dict, a: SimConfig, b: SimConfig) -> list[str]:
    lines = [f"B − A over {diff['paired_games']} shared seeds (A: {a.describe()}; B: {b.describe()})"]
    for name, d in diff["outcomes"].items():
        low, high = d["ci95"]
        verdict = "" if low <= 0 <= high else ("  (B more often)" if low > 0 else "  (B less often)")
        lines.append(f"  {name:<16} {d['difference']:+6.1%}   95% CI {low:+.1%} – {high:+.1%}{verdict}")
    s = diff["score"]
    if s["difference"] is not None:
        low, high = s["ci95"]
        lines.append(f"  score            {s['difference']:+.2f}   95% CI {low:+.2f} – {high:+.2f}")
    return lines
