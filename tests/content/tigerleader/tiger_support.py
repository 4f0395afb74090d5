"""Shared helpers for the Tiger Leader tests: scenario packs (the pack plus scenarios/common.rules
plus one small file whose `play` block sets up a position and runs the step it is about) and
small readers of the game state."""
from __future__ import annotations

import functools
from pathlib import Path

import interpreter

HERE = Path(__file__).resolve().parent
PACK = HERE.parents[2] / "content" / "tigerleader"
SCENARIOS = HERE / "scenarios"


@functools.lru_cache(maxsize=None)
def pack():
    return interpreter.load_rules(PACK)


@functools.lru_cache(maxsize=None)
def scenario(name: str):
    return interpreter.load_rules(PACK, mods=[SCENARIOS / "common.rules", SCENARIOS / f"{name}.rules"])


def start(name: str, rolls=(), seed: int = 0, variant: str | None = None):
    """The scenario's game (in the variant named, if any) with the dice it rolls forced, in order."""
    game = scenario(name).new_game(seed=seed, variant=variant)
    game.force_rolls(list(rolls))
    return game


def ids(game) -> list[str]:
    return [o.id for o in game.whole_actions()] if game.decision else []


def notes(game) -> list[str]:
    return [e.text for e in game.log if e.kind == "note"]


def all_rolls_used(game) -> bool:
    return game.pending_rolls == []
