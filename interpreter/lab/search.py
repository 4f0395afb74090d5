"""The Monte Carlo tree search bot: information-set search over determinized copies, play-outs cut off by `evaluate`."""
from __future__ import annotations

import math
import random


class Node:
    """A decision reached by a sequence of answers, shared by every determinization that reaches it."""
    __slots__ = ("visits", "total", "seen", "children")

    def __init__(self):
        self.visits = 0         # iterations that went through this node
        self.total = 0.0        # the sum of their values
        self.seen = 0           # iterations in which this answer was on offer (see `ucb`)
        self.children: dict[str, Node] = {}


class SearchBot:
    """Single-observer information-set Monte Carlo tree search. Each of `budget` iterations
    takes a determinized copy of the game (fresh dice, every deck's hidden order guessed: one
    of `guesses` guesses made for the decision), walks the shared tree of answers by UCB among
    the answers that copy offers, adds one new answer, plays on at random for at most `depth`
    decisions and scores the position reached with the pack's `evaluate`. Without a budget of
    its own it takes the pack's (`search budget` in the game block), else `default_budget`.
    Values are scaled by the lowest and highest seen in this search; the answer tried most
    often is played, and its subtree kept for the next decision, whose search then adds only
    what brings its root to `budget` visits (at least a quarter of it). Where the rules are heavy,
    a search whose root has a third of `budget` visits also stops once its iterations have done
    `work_per_iteration` steps of rules work each on average (the steps the engine's runaway
    limit counts). Every seat plays for the one side (solitaire and cooperative games)."""
    name = "mcts"
    default_budget = 100
    depth = 4                   # decisions played at random after the tree before `evaluate`
    exploration = 0.7
    guesses = 16                # decks' orders guessed per decision, each played with fresh dice in turn
    work_per_iteration = 400    # rules work a search may spend per iteration of its budget

    def __init__(self, seed: int = 0, budget: int = 0):
        self.random = random.Random(seed)
        self.budget = budget        # 0: the pack's budget, else the default
        self.kept = None            # (decisions made, node): the subtree of the last answer, searched on
        self.low, self.high = math.inf, -math.inf

    def choose(self, game) -> str:
        ids = game.option_ids()
        if len(ids) == 1:
            return ids[0]
        budget = self.budget or game.search_budget or self.default_budget
        root = self.root_for(game)
        seeds = [self.random.getrandbits(32) for _ in range(min(self.guesses, budget))]
        guesses = {}                # made when first used: a search that stops early needs fewer
        fresh = max(budget - root.visits, budget // 4)
        work_left = fresh * self.work_per_iteration
        for i in range(fresh):
            k = i % len(seeds)
            if k not in guesses:
                guesses[k] = game.determinized(seeds[k])
            work_left -= self.iterate(guesses[k], root)
            if (work_left <= 0 and root.visits >= budget // 3) or self.settled(root, ids, fresh - i - 1):
                break
        answer = max(ids, key=lambda i: (root.children[i].visits, root.children[i].total) if i in root.children else (0, 0))
        self.kept = (game.decisions_made + 1, root.children.get(answer))
        return answer

    def root_for(self, game) -> Node:
        """The subtree kept from the last search when the game went on by its answer; else a new tree."""
        made, node = self.kept or (None, None)
        if node is None or made != game.decisions_made:
            self.low, self.high = math.inf, -math.inf
            return Node()
        return node

    @staticmethod
    def settled(root: Node, ids: list, left: int) -> bool:
        """Whether the most tried answer stays the most tried whatever the iterations left do."""
        visits = sorted((root.children[i].visits for i in ids if i in root.children), reverse=True)
        return len(visits) == len(ids) and visits[0] > visits[1] + left

    def iterate(self, guess, root: Node) -> int:
        """One iteration from `root` on a copy of `guess`; returns the rules work it took."""
        trial = guess.determinized(self.random.getrandbits(32), decks=False)
        path = [root]
        node = root
        while not trial.over:
            ids = trial.option_ids()
            children = node.children
            untried = []
            for i in ids:
                child = children.get(i)
                if child is None:
                    untried.append(i)
                else:
                    child.seen += 1
            if untried:
                answer = self.random.choice(untried)
                child = children[answer] = Node()
                child.seen = 1
                trial.choose(answer)
                path.append(child)
                break
            answer = self.best_by_ucb(children, ids)
            node = children[answer]
            trial.choose(answer)
            path.append(node)
        self.play_on(trial)
        value = trial.evaluate()
        self.low, self.high = min(self.low, value), max(self.high, value)
        for n in path:
            n.visits += 1
            n.total += value
        return trial.work_done

    def best_by_ucb(self, children: dict, ids: list) -> str:
        """The answer whose child scores highest (the first of equals): its mean value scaled to
        0..1 by this search's range, plus the exploration term (counted against how often the
        answer was on offer, not the parent's visits). Written out in one loop: it runs at every
        node of every iteration."""
        low, spread, exploration = self.low, self.high - self.low, self.exploration
        log, sqrt = math.log, math.sqrt
        best, best_score = None, -math.inf
        for i in ids:
            child = children[i]
            visits = child.visits
            scaled = (child.total / visits - low) / spread if spread > 0 else 0.5
            score = scaled + exploration * sqrt(log(child.seen) / visits)
            if score > best_score:
                best, best_score = i, score
        return best

    def play_on(self, trial) -> None:
        """Random answers for at most `depth` decisions (a staged choice drawn whole)."""
        rng = self.random
        for _ in range(self.depth):
            if trial.over:
                return
            trial.choose(trial.draw(rng))
