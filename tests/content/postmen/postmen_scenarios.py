"""Shared helpers for the per-rule tests of the Postmen pack (test_rules_*.py).

A scenario is a small .rules mod in scenarios/ (usually a `play { ... }` block that replaces the
game's own); it is loaded on top of the pack and examples/common.rules, exactly like the
rulebook-example tests do.
"""
from __future__ import annotations

import functools
from pathlib import Path

import interpreter

HERE = Path(__file__).parent
SCENARIOS = HERE / "scenarios"
COMMON = HERE / "examples" / "common.rules"

LEVELS = {"Epic Victory", "Major Victory", "Minor Victory", "Draw", "Loss"}


@functools.lru_cache(maxsize=None)
def scenario(name: str):
    return interpreter.load_rules("postmen", mods=[COMMON, SCENARIOS / f"{name}.rules"])


@functools.lru_cache(maxsize=None)
def pack():
    return interpreter.load_rules("postmen")


def start(name: str, rolls=(), variant=None, seed=0):
    game = scenario(name).new_game(seed=seed, variant=variant)
    game.force_rolls(list(rolls))
    return game


def ids(game) -> list[str]:
    return [o.id for o in game.whole_actions()]


def labels(game) -> dict[str, str]:
    return {o.id: o.label for o in game.whole_actions()}


def notes(game) -> list[str]:
    return [e.text for e in game.log if e.kind == "note"]


def rolls(game) -> list[list[int]]:
    """Every roll made so far, as the list of values of each roll statement."""
    return [e.data["values"] for e in game.log if e.kind == "roll"]


def casualties(game) -> list[str]:
    """Defenders in the order they became casualties."""
    return [e.data["piece"] for e in game.log if e.kind == "move" and e.data["dest"] == "casualties"]


def phases(game) -> list[str]:
    return [e.data.get("phase") or e.data.get("name") for e in game.log if e.kind == "phase"]


def pass_all(game) -> None:
    """Pass every remaining move and action of a Defense Phase."""
    while not game.over and "pass" in ids(game):
        game.choose("pass")


def on_board(game, piece: str) -> bool:
    return game.location(piece) in BOARD_SPACES


BOARD_SPACES = {"u1", "u2", "u3", "u4", "u5", "u6", "upper_inside", "g1", "g23", "g4", "g5", "g6",
                "ground_inside", "b12", "b34", "b56", "basement_inside"}
