"""No decision a player meets offers more than 60 options: large choices are asked in steps."""
from __future__ import annotations

import random

import pytest

import interpreter

MOST_OPTIONS = 60


@pytest.mark.parametrize("pack", ["postmen", "westerplatte", "tigerleader"])
def test_thirty_random_games_never_offer_more_than_sixty_options(pack):
    rules = interpreter.load_rules(pack)
    largest = 0
    for seed in range(30):
        game, pick = rules.new_game(seed=seed), random.Random(seed)
        while not game.over:
            ids = game.option_ids()
            largest = max(largest, len(ids))
            game.choose(pick.choice(ids))        # one step at a time, as a person meets them
    assert 1 < largest <= MOST_OPTIONS
