"""Bodies that may ask run as generated code until they do (runtime/resumable.py): the game they
play is the frame machine's, state for state, so saves, copies and replays cannot tell them apart."""
from __future__ import annotations

import copy
import json
import random

import pytest

import interpreter
from paths import TESTS

SEATS = {"westerplatte": 2}


def frame_by_frame(game):
    """The game (not yet started) with its rules run only by the frame machine: no resumable
    bodies, no operation taking up the rest of its block at once, no loop its next passes."""
    engine = game._raw_engine
    c = copy.copy(engine.c)
    c.resumable = [None] * len(c.resumable)
    c.blocks = [copy.copy(block) for block in c.blocks]
    for block in c.blocks:
        block.next_passes = None
        block.ops = [copy.copy(op) for op in block.ops]
        for op in block.ops:
            op.resume = None
    engine.c = c
    return game


def positions(game, answers: random.Random, decisions: int) -> list[str]:
    """The state and log after each of the first `decisions` random answers, as JSON."""
    seen = []
    for _ in range(decisions):
        if game.over:
            break
        ids = game.option_ids()
        game.choose(answers.choice(ids))
        seen.append(json.dumps([game._engine.state(), game._engine.log], sort_keys=True, default=str))
    return seen


@pytest.mark.parametrize("pack", ["postmen", "westerplatte", "tigerleader"])
def test_each_pack_plays_state_for_state_as_on_the_frame_machine(pack):
    rules = interpreter.load_rules(pack)
    c = rules.new_game(seats=SEATS.get(pack, 1))._engine.c
    assert any(c.resumable), "the pack has no resumable body"
    assert any(op.resume for block in c.blocks for op in block.ops), "the pack has no block taken up at once"
    assert any(block.next_passes for block in c.blocks), "the pack has no loop whose passes run at once"
    for seed in range(3):
        start = dict(seed=seed, seats=SEATS.get(pack, 1))
        resumed = positions(rules.new_game(**start), random.Random(seed), 120)
        framed = positions(frame_by_frame(rules.new_game(**start)), random.Random(seed), 120)
        assert resumed == framed, f"{pack} seed {seed} parts from the frame machine"


def test_a_body_stopped_mid_loop_saves_and_loads_as_the_frame_machine_left_it():
    rules = interpreter.load_rules(str(TESTS / "programs" / "resume_mid_body.rules"))
    game, framed = rules.new_game(seats=2), frame_by_frame(rules.new_game(seats=2))
    game.choose("20")
    framed.choose("20")
    assert game.decision.prompt == "Bonus for 2?"      # asked in the while loop's second pass, first repeat
    assert game._engine.frames == framed._engine.frames and game.to_json() == framed.to_json()
    loaded = rules.load_game(game.to_json())
    for answer in ("10", "20"):
        loaded.choose(answer)
    assert loaded.result.score == 62
