"""The seeded random generator (SplitMix64, one integer of state) and the dice rolls and shuffles drawn from it."""
from __future__ import annotations

from .errors import RuleFault

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX_1, MIX_2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def seed_state(seed: int) -> int:
    return (seed * 0xD1B54A32D192ED03 + GOLDEN) & MASK


def next_value(state: int) -> tuple[int, int]:
    """Advance the state; returns (new state, 64 random bits)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * MIX_1) & MASK
    z = ((z ^ (z >> 27)) * MIX_2) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n), by multiply-shift (bias below 2**-50 for board-game sizes)."""
    state, bits = next_value(state)
    return state, (bits * n) >> 64


def _guess_state(guess: int, deck_number: int) -> int:
    """A generator state for guessing one deck's order: mixed, so that it starts no stream of
    numbers that the dice of a copy seeded with `guess` (or any other seed) draw from."""
    _, bits = next_value((guess * MIX_1 + (deck_number + 1) * MIX_2) & MASK)
    return bits


def _shuffle(items: list, state: int) -> int:
    """Shuffle `items` in place from generator state `state` (Fisher–Yates); returns the new state."""
    # `below` written out (the same numbers): searches shuffle decks in many of the copies they look at
    for i in range(len(items) - 1, 0, -1):
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * MIX_1) & MASK
        z = ((z ^ (z >> 27)) * MIX_2) & MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


class Chance:
    """Dice rolls, random picks and shuffles, drawn from the engine's generator (a part of Engine)."""

    def roll(self, die: str, count):
        values = self.roll_dice(die, count)
        self.log_event("roll", die=die, values=values)
        return values[0] if count is None else values

    def roll_needing(self, die: str, count, target: int, at_most: bool) -> int:
        """Roll and count the hits: the dice showing at least `target` (at most, with `at_most`)."""
        values = self.roll_dice(die, count)
        hits = sum(1 for v in values if (v <= target if at_most else v >= target))
        low = self.c.dice[die][0]
        self.log_event("roll", die=die, values=values, needs=target,
                       at_most="only" if at_most and target == low else at_most, hits=hits)
        return hits

    def roll_dice(self, die: str, count) -> list[int]:
        low, high = self.c.dice[die]
        n = 1 if count is None else count
        if n < 0 or n > 1000:
            raise RuleFault(f"cannot roll {n} dice")
        self.charge(n)
        values = []
        for _ in range(n):
            if self.forced:
                v = self.forced.pop(0)
                if not low <= v <= high:
                    raise RuleFault(f"forced roll {v} is not a face of die '{die}' ({low}..{high})")
            else:
                self.rng, v = below(self.rng, high - low + 1)
                v += low
            values.append(v)
        return values

    def pick(self, items):
        if not items:
            return None
        self.rng, i = below(self.rng, len(items))
        return items[i]

    def shuffle_list(self, items: list) -> None:
        self.rng = _shuffle(items, self.rng)

    def shuffle_space(self, space) -> None:
        self.shuffle_list(self.stack_to_change(space))
        self.log_event("shuffle", space=space)

    def forget_deck_order(self, guess: int) -> None:
        """Forget the order of every deck, for a look-ahead copy: each deck's order is guessed
        the first time the rules look at it (most looks ahead never do), unlogged, from the cards
        it then holds and from `guess` alone, never from its real order nor from the dice, so
        that copies of one guess that reach a deck holding the same cards guess the same order."""
        self.unguessed = (guess, frozenset(self.c.decks)) if self.c.decks else None
        # a stack owned has its order known (Board.move relies on it): a deck is owned again once guessed
        self.own_stacks.difference_update(self.c.decks)

    def guess_order(self, deck) -> None:
        """Guess the order of `deck`, one of those whose order is forgotten (see `forget_deck_order`)."""
        guess, decks = self.unguessed
        self.unguessed = (guess, decks - {deck}) if len(decks) > 1 else None
        stack = self.stacks[deck] = sorted(self.stacks[deck])
        self.own_stacks.add(deck)
        _shuffle(stack, _guess_state(guess, self.c.decks.index(deck)))

    def guess_every_order(self) -> None:
        """Guess the order of every deck whose order is still forgotten."""
        while self.unguessed is not None:
            self.guess_order(min(self.unguessed[1]))

    def shuffle_into(self, pieces: list, deck, among) -> None:
        """Put `pieces` at the bottom of `deck` and shuffle them in: among its bottom `among` others, or the whole deck."""
        for p in pieces:
            self.move(p, deck, bottom=True, quiet=True)
        stack = self.stack_to_change(deck)
        if among is None:
            self.shuffle_list(stack)
        else:
            part = stack[: len(pieces) + max(0, among)]
            self.shuffle_list(part)
            stack[: len(part)] = part
        self.log_event("shuffle_in", pieces=pieces, space=deck, among=among)

    def insert_randomly(self, pieces: list, deck) -> None:
        for p in pieces:
            self.move(p, deck, quiet=True)
            stack = self.stack_to_change(deck)
            stack.pop()
            self.rng, i = below(self.rng, len(stack) + 1)
            stack.insert(i, p)
        self.log_event("shuffle_in", pieces=pieces, space=deck, among=None)
