"""Balance sweeps: the grid of configurations, its tasks (chunks of seeds), and the games a worker plays."""
from __future__ import annotations

import hashlib
import json
import math
import socket
from dataclasses import dataclass
from itertools import product, zip_longest
from pathlib import Path
from typing import Optional

from interpreter.runtime import GameError, RulesError, bundled_change, bundled_names, find_pack

from . import sim

NONE = "none"                                    # `--mod none`, `--scenario none`: the pack as it is
STANDARD = "standard"                            # `--variant standard`: no variant
CHUNK = {"random": 100, "greedy": 8, "mcts": 2}  # seeds per task at most, by how long a bot's game takes


@dataclass(frozen=True)
class Point:
    """One configuration of a sweep: where a worker finds the rules, and how the bot plays them."""
    game: str                 # the rules' own name (the pack's `game` declaration)
    pack: str                 # a bundled pack's name, or the pack's absolute path
    mods: tuple               # mod files, absolute paths, in the order they apply
    scenario: Optional[str]   # a scenario file's absolute path
    variant: Optional[str]
    seats: int
    bot: str
    budget: int
    fingerprint: str          # the hash of the rules text: pack, mods and scenario

    @property
    def key(self) -> str:
        """Stable across machines and folders: the rules text and the settings, never a path."""
        described = json.dumps([self.game, self.fingerprint, self.variant, self.seats, self.bot, self.budget])
        return hashlib.sha256(described.encode()).hexdigest()[:12]

    @property
    def changes(self) -> tuple:
        return self.mods + ((self.scenario,) if self.scenario else ())

    def settings(self) -> dict:
        """The settings as a person names them (file names, not paths); `--baseline` matches these."""
        return {"variant": self.variant or STANDARD, "mod": "+".join(Path(m).stem for m in self.mods) or NONE,
                "scenario": Path(self.scenario).stem if self.scenario else NONE, "seats": self.seats,
                "bot": self.bot, "budget": self.budget}

    def describe(self) -> str:
        return f"{self.game}, " + ", ".join(f"{k} {v}" for k, v in self.settings().items())

    def manifest_entry(self) -> dict:
        return {"key": self.key, "description": self.describe(), "game": self.game, "pack": self.pack,
                "mods": list(self.mods), "scenario": self.scenario, "variant": self.variant, "seats": self.seats,
                "bot": self.bot, "budget": self.budget, "fingerprint": self.fingerprint}

    def sim_config(self) -> sim.SimConfig:
        """The same configuration as `garrison sim` runs it (seed S + i is game i's seed)."""
        return sim.SimConfig(self.pack, 0, self.bot, self.variant, self.seats, self.changes, 0, self.budget)


@dataclass
class GridSpec:
    """What the command line asked for: each list is one axis of the grid (empty: its default)."""
    pack: str
    variants: list
    mods: list          # each item one point on the axis: files joined by commas, or `none`
    scenarios: list
    seats: list
    bots: list
    budgets: list


def build_grid(spec: GridSpec) -> list[Point]:
    """The cross product of the axes, in the order given; a load error of the rules raises RulesError,
    a bad setting GameError. The random bot ignores the budget, so its points are not repeated."""
    from .bots import BOTS
    from dsl import suggest
    for bot in spec.bots:
        if bot not in BOTS:
            raise GameError(f"unknown bot '{bot}'{suggest(bot, BOTS)}; bots: {', '.join(BOTS)}")
    from .bots import budget_problem
    problem = next(filter(None, map(budget_problem, spec.budgets)), None)
    if problem:
        raise GameError(problem)
    pack = _pack(spec.pack)
    mod_sets = [_files(m, "mod") for m in spec.mods or [NONE]]
    scenarios = [_scenario(s) for s in spec.scenarios or [NONE]]
    variants = [None if v in (STANDARD, NONE) else v for v in spec.variants or [STANDARD]]
    points: dict[str, Point] = {}
    for mods, scenario in product(mod_sets, scenarios):
        rules = sim._rules(sim.SimConfig(pack, mods=mods + ((scenario,) if scenario else ())), fresh=True)
        for variant in variants:
            rules.view(variant)                  # an unknown variant says so, with the ones there are
        for seats in spec.seats or [1]:
            if not rules.seats_min <= seats <= rules.seats_max:
                raise GameError(f"{rules.title} takes {rules.seats_min}..{rules.seats_max} seats, not {seats}")
        for variant, seats, bot, budget in product(variants, spec.seats or [1], spec.bots or ["random"],
                                                   spec.budgets or [0]):
            point = Point(rules.name, pack, mods, scenario, variant, seats, bot, 0 if bot == "random" else budget,
                          rules.fingerprint)
            points.setdefault(point.key, point)
    return list(points.values())


def _pack(name: str) -> str:
    """A bundled pack keeps its name (each worker has its own copy); a path is made absolute."""
    path = find_pack(name)
    if name in bundled_names() and not Path(name).exists():
        return name
    return str(path.resolve())


def _scenario(item: str) -> str | None:
    """The one scenario file an item of --scenario names, or None for the pack's own set-up."""
    files = _files(item, "scenario")
    if len(files) > 1:
        raise GameError(f"--scenario takes one file at a time, not {item!r}: give --scenario again for another")
    return files[0] if files else None


def _files(item: str, what: str) -> tuple:
    if item == NONE:
        return ()
    names = [p.strip() for p in item.split(",") if p.strip()]
    if not names:
        raise GameError(f"{what} names no file: give FILE[,FILE...] or '{NONE}'")
    out = []
    for name in names:
        path = Path(name)
        if not path.is_file():
            raise GameError(f"{what} file not found: {name}")
        if what == "mod" and str(path.resolve()) in out:     # a scenario is one file: said apart
            raise GameError(f"{what} {name} is given twice in '{item}'; give each {what} once")
        out.append(str(path.resolve()))
    return tuple(out)


def tasks(points: list[Point], seeds: range, recorded: dict, workers: int, chunk: int = 0) -> list[tuple]:
    """(point, seeds) for every seed not yet recorded, in chunks, taking the configurations in turn
    so that a sweep stopped early has played each of them about as much."""
    per_point = []
    for point in points:
        done = recorded.get(point.key, ())
        missing = [s for s in seeds if s not in done]
        size = chunk or max(1, min(CHUNK.get(point.bot, 8), math.ceil(len(missing) / (4 * max(1, workers)))))
        per_point.append([(point, missing[i:i + size]) for i in range(0, len(missing), size)])
    return [t for group in zip_longest(*per_point) for t in group if t is not None]


# ---- on a worker --------------------------------------------------------------------------

_LOCAL: dict = {}


def play_chunk(point: Point, seeds: list) -> list[dict]:
    """Play these seeds of one configuration exactly as `garrison sim` plays them: one row per game."""
    config = _local_config(point)
    rows = []
    for seed in seeds:
        row = sim.play_one((config, seed))
        del row["index"]
        rows.append({"config": point.key, **row})
    return rows


def _local_config(point: Point) -> sim.SimConfig:
    """The configuration with this machine's paths; refuses rules whose text is not the text swept."""
    here = socket.gethostname()
    config = _LOCAL.get(point)
    if config is None:
        pack = point.pack if point.pack in bundled_names() else _local_file(point.pack, here)
        config = sim.SimConfig(pack, 0, point.bot, point.variant, point.seats,
                               tuple(_local_file(c, here) for c in point.changes), 0, point.budget)
    try:
        fingerprint = sim._rules(config).fingerprint
        if fingerprint != point.fingerprint:      # the files may have changed since this process read them
            fingerprint = sim._rules(config, fresh=True).fingerprint
    except RulesError as err:
        raise GameError(f"on {here}, the rules of {point.describe()} do not load: {err}") from None
    if fingerprint != point.fingerprint:
        raise GameError(f"on {here}, the rules of {point.describe()} differ from the ones swept "
                        f"(fingerprint {fingerprint}, not {point.fingerprint}): copy the same files there")
    _LOCAL[point] = config
    return config


def _local_file(path: str, here: str) -> str:
    """The file at the same path, else (for a mod or scenario shipped with the games) this machine's copy."""
    if Path(path).exists():
        return path
    bundled = bundled_change(path)
    if bundled is not None:
        return str(bundled)
    raise GameError(f"on {here}, {path} is missing: every worker needs the pack and mod files at the same paths")
