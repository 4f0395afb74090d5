"""Random Postmen games in every variant: round trips, replay, and the game's invariants."""
from __future__ import annotations

from collections import Counter

import pytest

import interpreter
from harness import run_random_games

VARIANTS = [None, "veteran", "elite"]
OUTCOMES = {"Epic Victory", "Major Victory", "Minor Victory", "Draw", "Loss"}
TOTALS = {"defender": 56, "weapon": 16, "ammunition": 9, "assault": 70, "support": 12, "armored_car": 2}
BOARD_KINDS = ("post_space", "outside")
QUICK, SOAK = 12, 200
# a few games in every run, the long soak behind the `slow` marker (run by .ci/run as its own step)
GAMES = [pytest.param(QUICK, id="quick"), pytest.param(SOAK, id="soak", marks=pytest.mark.slow)]


@pytest.fixture(scope="module")
def rules():
    return interpreter.load_rules("postmen")


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


@pytest.mark.parametrize("games", GAMES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_round_trip_and_keep_the_invariants(rules, variant, games):
    """The random-simulation harness (options, save/load and clone at every decision, replay)
    over many seeded games, with the game's own invariants checked at every decision."""
    c = rules.compiled(variant)

    def check(game, where):
        check_invariants(game, c, where)
        if game.over:
            result = game.result
            assert result.outcome in OUTCOMES and isinstance(result.score, int), where
            if game.var("morale") > 0:
                expected = ("Epic Victory" if result.score >= 41 else "Major Victory" if result.score >= 26
                            else "Minor Victory" if result.score >= 16 else "Draw" if result.score >= 1 else "Loss")
                assert result.outcome == expected, f"{where}: score {result.score} but {result.outcome}"

    summaries = run_random_games(rules, games, variant=variant, seed=0, sample_every=60,
                                 max_decisions=5000, check=check)
    assert len(summaries) == games
    assert len({s["decisions"] for s in summaries}) > 1
