"""Shared helpers for the Westerplatte tests: scenario packs (the pack plus a small mod whose
`play` block sets up one position) and small readers of the game state."""
from __future__ import annotations

import functools
from pathlib import Path

import interpreter

HERE = Path(__file__).resolve().parent
PACK = HERE.parents[2] / "content" / "westerplatte"
SCENARIOS = HERE / "scenarios"
WALL = [f"tile_{x}" for x in "abcdef"] + [f"outpost_{x}" for x in "abcde"]


@functools.lru_cache(maxsize=None)
def pack():
    return interpreter.load_rules(PACK)


@functools.lru_cache(maxsize=None)
def scenario(name: str):
    return interpreter.load_rules(PACK, mods=[SCENARIOS / "common.rules", SCENARIOS / f"{name}.rules"])


def start(name: str, seats: int = 1, variant=None, rolls=(), seed: int = 0):
    game = scenario(name).new_game(seed=seed, variant=variant, seats=seats)
    if rolls:
        game.force_rolls(list(rolls))
    return game


def ids(game) -> list[str]:
    return [o.id for o in game.decision.options] if game.decision else []


def notes(game) -> list[str]:
    return [e.text for e in game.log if e.kind == "note"]


def bricks(game) -> dict[str, int]:
    return {w: game.tokens(w, "brick") for w in WALL}


def end_turn(game) -> None:
    """Pass the rest of the officer's stage."""
    while not game.over and "pass" in ids(game):
        game.choose("pass")
