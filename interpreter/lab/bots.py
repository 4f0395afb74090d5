"""Bots that answer decisions: each plays any seat of any pack through the public API."""
from __future__ import annotations

import random

from dsl import suggest
from interpreter.runtime import GameError


class RandomBot:
    """Picks uniformly among the options, from its own seeded generator; in a staged choice,
    among the first step's options, and then the rest of the action at random (`Game.draw`)."""
    name = "random"

    def __init__(self, seed: int = 0, budget: int = 0):
        self.random = random.Random(seed)

    def choose(self, game) -> str:
        return game.draw(self.random)


class GreedyBot(RandomBot):
    """One step of lookahead: tries each option (at most `budget` of them) on a copy whose
    dice are re-rolled, runs it to the next decision, and keeps the best `evaluate` value."""
    name = "greedy"

    def __init__(self, seed: int = 0, budget: int = 24):
        super().__init__(seed)
        self.budget = budget or 24

    def candidates(self, game) -> list[str]:
        """The options, at most `budget` of them; at a staged decision, whole actions (whose ids
        `choose` accepts), so that each is looked at complete rather than one step of it."""
        ids = game.whole_action_ids()
        if len(ids) > self.budget:
            ids = self.random.sample(ids, self.budget)
        return ids

    def value(self, game, option: str) -> float:
        return game.peek(option, self.random.getrandbits(32)).evaluate()

    def choose(self, game) -> str:
        ids = self.candidates(game)
        if len(ids) == 1:
            return ids[0]
        scored = [(self.value(game, o), self.random.random(), o) for o in ids]
        return max(scored)[2]


class MonteCarloBot(GreedyBot):
    """Flat Monte Carlo: each candidate option is followed by random play to the end of the
    game, `budget` play-outs in all per decision; the option with the best mean final
    evaluation wins."""
    name = "mcts"

    def __init__(self, seed: int = 0, budget: int = 32):
        super().__init__(seed, budget or 32)
        self.rollout = RandomBot(seed + 1)

    def choose(self, game) -> str:
        ids = game.option_ids()
        if len(ids) == 1:
            return ids[0]
        per_option = max(1, self.budget // len(ids))
        if len(ids) > self.budget:
            ids = self.random.sample(ids, self.budget)
        best = None
        for option in ids:
            total = 0.0
            for _ in range(per_option):
                trial = game.clone(reseed=self.random.getrandbits(32))
                trial.choose(option)
                play_out(trial, self.rollout)
                total += trial.evaluate()
            candidate = (total / per_option, self.random.random(), option)
            best = candidate if best is None or candidate > best else best
        return best[2]


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MonteCarloBot}


def make_bot(name: str, seed: int = 0, budget: int = 0):
    if name not in BOTS:
        raise GameError(f"unknown bot '{name}'{suggest(name, BOTS)}; bots: {', '.join(BOTS)}")
    return BOTS[name](seed, budget)


def play_out(game, bot, max_decisions: int = 100_000) -> None:
    """Let `bot` answer every decision until the game ends."""
    for _ in range(max_decisions):
        if game.over:
            return
        game.choose(bot.choose(game))
    raise GameError(f"the game did not end within {max_decisions} decisions")
