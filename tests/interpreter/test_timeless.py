"""Timeless functions (runtime/timeless.py) keep the values they work out: which functions are
timeless, and a kept value charged with the work it took, so that the work budget, and the
searches that read it, count the same whether or not a value was worked out before."""
from __future__ import annotations

import random

import pytest

import interpreter

SEATS = {"westerplatte": 2}


def kept_values(game) -> list[dict]:
    namespace = game._raw_engine.c.code.namespace
    return [value for name, value in namespace.items() if name.startswith("known_")]


def work_per_decision(rules, pack: str, seed: int) -> list[int]:
    game = rules.new_game(seed=seed, seats=SEATS.get(pack, 1))
    game.mute()
    answers, work = random.Random(seed), []
    while not game.over and len(work) < 150:
        game.choose(answers.choice(game.option_ids()))
        work.append(game.work_done)
    return work


@pytest.mark.parametrize("pack", ["postmen", "westerplatte"])
def test_a_kept_value_costs_the_work_that_working_it_out_took(pack):
    rules = interpreter.load_rules(pack)
    kept = kept_values(rules.new_game(seats=SEATS.get(pack, 1)))
    assert kept, f"{pack} has no timeless function"
    for seed in range(3):
        for values in kept:
            values.clear()
        cold = work_per_decision(rules, pack, seed)
        assert any(kept), "no value was kept"
        assert work_per_decision(rules, pack, seed) == cold


def test_timeless_functions_are_those_that_read_nothing_of_the_game():
    from paths import TESTS
    rules = interpreter.load_rules(str(TESTS / "programs" / "timeless_functions.rules"))
    namespace = rules.new_game()._raw_engine.c.code.namespace
    kept = {name.split("_")[1] for name in namespace if name.startswith("known_")}
    assert kept == {"senior", "ranks", "widths"}
