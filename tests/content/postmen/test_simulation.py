"""Random Postmen games in every variant: round trips, replay, and the game's invariants."""
from __future__ import annotations

from collections import Counter

import pytest

import interpreter
from harness import run_random_games
from interpreter.bots import RandomBot

VARIANTS = [None, "veteran", "elite"]
OUTCOMES = {"Epic Victory", "Major Victory", "Minor Victory", "Draw", "Loss"}
TOTALS = {"defender": 56, "weapon": 16, "ammunition": 9, "assault": 70, "support": 12, "armored_car": 2}
BOARD_KINDS = ("post_space", "outside")


@pytest.fixture(scope="module")
def rules():
    return interpreter.load_rules("postmen")


@pytest.mark.parametrize("variant", VARIANTS)
def test_round_trips_and_replay_at_every_decision(rules, variant):
    summaries = run_random_games(rules, 12, variant=variant, seed=500, sample_every=25)
    assert {s["outcome"] for s in summaries} <= OUTCOMES


def check_invariants(game, c, where: str) -> None:
    seen = Counter()
    for space in c.spaces:
        for piece in game.pieces_at(space):
            seen[piece] += 1
            assert game.location(piece) == space, f"{where}: {piece} is listed at {space} but is elsewhere"
    assert all(n == 1 for n in seen.values()), f"{where}: a counter is in two places"
    assert len(seen) == len(c.pieces), f"{where}: a counter went missing"
    per_kind = Counter(c.declared_kind[p] for p in seen)
    for kind, total in TOTALS.items():
        assert per_kind[kind] == total, f"{where}: {kind} counters: {per_kind[kind]} instead of {total}"
    assert 0 <= game.var("morale") <= 9, f"{where}: morale {game.var('morale')} is off its track"
    on_board = {p for s in c.spaces if c.chain[s] & {"post_space", "outside"} for p in game.pieces_at(s)}
    for d in game.pieces_at("casualties") + game.pieces_at("escaped"):
        assert d not in on_board, f"{where}: {d} is a casualty but still on the board"


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_hundred_random_games_keep_the_invariants(rules, variant):
    c = rules.compiled(variant)
    outcomes = Counter()
    for seed in range(200):
        game, bot = rules.new_game(seed=seed, variant=variant), RandomBot(seed)
        decisions = 0
        while not game.over:
            check_invariants(game, c, f"variant {variant} seed {seed} decision {decisions}")
            game.choose(bot.choose(game))
            decisions += 1
            assert decisions < 5000, f"seed {seed}: the game does not end"
        check_invariants(game, c, f"variant {variant} seed {seed} at the end")
        result = game.result
        assert result.outcome in OUTCOMES
        assert isinstance(result.score, int)
        if result.outcome != "Loss" or game.var("morale") > 0:
            expected = ("Epic Victory" if result.score >= 41 else "Major Victory" if result.score >= 26
                        else "Minor Victory" if result.score >= 16 else "Draw" if result.score >= 1 else "Loss")
            assert result.outcome == expected, f"seed {seed}: score {result.score} but {result.outcome}"
        outcomes[result.outcome] += 1
    assert sum(outcomes.values()) == 200
