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
    """One step of lookahead: tries each candidate answer on a copy whose dice are re-rolled,
    runs it to the next decision, and keeps the best `evaluate` value. The candidates are the
    options (at most `budget` of them); at a staged decision, its whole actions, or where there
    are more than `budget`, `budget` whole actions drawn step by step, each step's options equally
    likely, so that a kind of action with many ways to carry it out does not crowd out the others
    (an action drawn twice is tried once).

    Where no candidate gains anything at once and several are best (a move toward a target scores
    nothing until the target is reached), it plays some of them on for `further` decisions (its
    `look_past_ties` if given, else the pack's `look past ties` if it says), each answered the same greedy way among a few random
    answers, and compares those positions. Those it follows may do `work_further` steps of rules
    work in all (the steps the engine's runaway limit counts), so it follows fewer where the rules
    are heavy, and none where it could not afford two (one followed does about `1 + further` times
    the work of a candidate's run)."""
    name = "greedy"
    further = 2             # decisions looked at beyond a tie
    tied_most = 4           # tied options followed further, at most
    answers_further = 4     # answers tried at each decision beyond a tie
    work_further = 1600     # rules work the tied options followed may do in all: 400 each, as a search iteration

    def __init__(self, seed: int = 0, budget: int = 24, look_past_ties: int | None = None):
        super().__init__(seed)
        self.budget = budget or 24
        self.look_past_ties = look_past_ties    # decisions looked at beyond a tie, whatever the pack says (None: as it says)

    def candidates(self, game) -> list[str]:
        """The answers to try: every option (a random `budget` of them if more); at a staged
        decision every whole action (whose ids `choose` accepts), or if there are more than
        `budget`, the distinct ones among `budget` drawn."""
        if game.staged:
            ids = game.whole_action_ids(at_most=self.budget + 1)
            if len(ids) <= self.budget:
                return ids
            return list(dict.fromkeys(game.draw(self.random) for _ in range(self.budget)))
        ids = game.option_ids()
        if len(ids) > self.budget:
            ids = self.random.sample(ids, self.budget)
        return ids

    def look(self, game, option: str):
        """A copy after `option`, run to the next decision, with fresh dice and the decks' order guessed."""
        return game.peek(option, self.random.getrandbits(32))

    def value(self, game, option: str) -> float:
        return self.look(game, option).evaluate()

    def choose(self, game) -> str:
        ids = self.candidates(game)
        if len(ids) == 1:
            return ids[0]
        looks = [self.look(game, o) for o in ids]
        work = sum(trial.work_done for trial in looks) / len(looks)     # a run to the next decision, on average
        scored = [(trial.evaluate(), o) for trial, o in zip(looks, ids)]
        best = max(v for v, _ in scored)
        tied = [o for v, o in scored if v == best]
        further = next(n for n in (self.look_past_ties, game.look_past_ties, self.further) if n is not None)
        if len(tied) > 1 and further and best <= game.evaluate():      # no option gains anything at once
            if 2 * (1 + further) * work <= self.work_further:     # one followed alone is compared with nothing
                tied = self.random.sample(tied, min(len(tied), self.tied_most))     # in a random order: work may stop it
                scored = self.followed(game, tied, further)
        return max((v, self.random.random(), o) for v, o in scored)[2]

    def followed(self, game, tied: list[str], further: int) -> list[tuple[float, str]]:
        """(value `further` decisions on, option) for the tied options in turn, until they have
        done `work_further` steps of work."""
        scored, work = [], 0
        for option in tied:
            if work >= self.work_further:
                break
            trial = self.played_further(game, option, further)
            work += trial.work_done
            scored.append((trial.evaluate(), option))
        return scored

    def played_further(self, game, option: str, further: int):
        """A copy with hidden things guessed, after `option` and `further` greedy decisions."""
        trial = game.determinized(self.random.getrandbits(32))
        trial.choose(option)
        for _ in range(further):
            if trial.over:
                break
            answers = list(dict.fromkeys(trial.draw(self.random) for _ in range(self.answers_further)))
            trial.choose(max((self.value(trial, a), self.random.random(), a) for a in answers)[2])
        return trial


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": SearchBot}


def budget_problem(budget: int) -> str | None:
    """Why `--budget` cannot be `budget`, or None: a budget is 0 (the bot's or pack's own) up to the
    most a pack's `search budget` may be."""
    from dsl import MAX_SEARCH_BUDGET
    if budget < 0:
        return "--budget cannot be negative"
    if budget > MAX_SEARCH_BUDGET:
        return f"--budget is at most {MAX_SEARCH_BUDGET:,} (looks or search iterations a decision), not {budget:,}"
    return None


def make_bot(name: str, seed: int = 0, budget: int = 0, look_past_ties: int | None = None):
    """The bot called `name`; `look_past_ties` (the greedy bot's only) overrides the pack's hint."""
    if name not in BOTS:
        raise GameError(f"unknown bot '{name}'{suggest(name, BOTS)}; bots: {', '.join(BOTS)}")
    if look_past_ties is not None:
        return BOTS[name](seed, budget, look_past_ties)
    return BOTS[name](seed, budget)


def play_out(game, bot, max_decisions: int = 100_000) -> None:
    """Let `bot` answer every decision until the game ends."""
    for _ in range(max_decisions):
        if game.over:
            return
        game.choose(bot.choose(game))
    raise GameError(f"the game did not end within {max_decisions} decisions")
