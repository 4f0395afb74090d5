"""Bots that answer decisions: each plays any seat of any pack through the public API."""
from __future__ import annotations

import random

from dsl import suggest
from interpreter.runtime import GameError

from .search import SearchBot


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
    dice are re-rolled, runs it to the next decision, and keeps the best `evaluate` value.
    Where no option gains anything at once and several are best (a move toward a target scores
    nothing until the target is reached), it plays some of them on for `further` decisions, each
    answered the same greedy way among a few random answers, and compares those positions. Where
    the rules are heavy it follows fewer of them: it stops once those it followed have done
    `work_further` steps of rules work (the steps the engine's runaway limit counts)."""
    name = "greedy"
    further = 2             # decisions looked at beyond a tie
    tied_most = 4           # tied options followed further, at most
    answers_further = 4     # answers tried at each decision beyond a tie
    work_further = 1600     # rules work the tied options followed may do in all: 400 each, as a search iteration

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
        scored = [(self.value(game, o), o) for o in ids]
        best = max(v for v, _ in scored)
        tied = [o for v, o in scored if v == best]
        if len(tied) > 1 and best <= game.evaluate():      # no option gains anything at once
            tied = self.random.sample(tied, min(len(tied), self.tied_most))     # in a random order: work may stop it
            scored = self.followed(game, tied)
        return max((v, self.random.random(), o) for v, o in scored)[2]

    def followed(self, game, tied: list[str]) -> list[tuple[float, str]]:
        """(value further on, option) for the tied options in turn, until they have done `work_further` steps of work."""
        scored, work = [], 0
        for option in tied:
            if work >= self.work_further:
                break
            trial = self.played_further(game, option)
            work += trial.work_done
            scored.append((trial.evaluate(), option))
        return scored

    def played_further(self, game, option: str):
        """A copy with hidden things guessed, after `option` and `further` greedy decisions."""
        trial = game.determinized(self.random.getrandbits(32))
        trial.choose(option)
        for _ in range(self.further):
            if trial.over:
                break
            answers = list(dict.fromkeys(trial.draw(self.random) for _ in range(self.answers_further)))
            trial.choose(max((self.value(trial, a), self.random.random(), a) for a in answers)[2])
        return trial


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": SearchBot}


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
