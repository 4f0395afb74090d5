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
    kept = {name[len("known_"):].rsplit("_", 1)[0] for name in namespace if name.startswith("known_")}
    assert kept == {"senior", "ranks", "widths"}


HEAVY = """
game weights "Weights" { seats 1 home table }
space table
var picked: int = 0
function heavy(k: int) -> int = sum([x * k for x in 1..2000])
action take(n: int in 1..300) requires heavy(1) > n label "Take {n}" { set picked = n }
play { perform take "How many?" }
"""


def test_a_timeless_value_asked_again_at_one_decision_costs_nothing_more(tmp_path):
    """As for any pure function: 300 options each testing `heavy(1)` cost one working-out, not 300."""
    (tmp_path / "game.rules").write_text(HEAVY)
    rules = interpreter.load_rules(str(tmp_path))
    for _ in range(2):          # worked out, then kept from before
        game = rules.new_game()
        assert len(game.option_ids()) == 300
        assert game.work_done < 3_000
