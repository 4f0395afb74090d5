"""Bots that answer decisions: each plays any seat of any pack through the public API."""
from __future__ import annotations

import random

from dsl.errors import GameError


class RandomBot:
    """Picks uniformly among the options, from its own seeded generator."""
    name = "random"

    def __init__(self, seed: int = 0):
        self.random = random.Random(seed)

    def choose(self, game) -> str:
        return self.random.choice(game.decision.options).id


BOTS = {"random": RandomBot}


def make_bot(name: str, seed: int = 0):
    if name not in BOTS:
        from dsl.errors import suggest
        raise GameError(f"unknown bot '{name}'{suggest(name, BOTS)}; bots: {', '.join(BOTS)}")
    return BOTS[name](seed)


def play_out(game, bot, max_decisions: int = 100_000) -> None:
    """Let `bot` answer every decision until the game ends."""
    for _ in range(max_decisions):
        if game.over:
            return
        game.choose(bot.choose(game))
    raise GameError(f"the game did not end within {max_decisions} decisions")
