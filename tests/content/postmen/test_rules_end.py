"""Per-rule tests: the end of the game (2.3, 7.0): the fire truck, scoring and victory levels,
and whole games played to the end."""
from __future__ import annotations

import pytest

from postmen_scenarios import LEVELS, ids, notes, pack, phases, start


# ---- the fire truck ends the game after the whole turn (1.1, 2.3, 7.0)

def test_game_ends_after_the_whole_turn_in_which_the_fire_truck_is_drawn():
    game = start("fire_truck_end", [7, 8, 9, 11])
    # the fire truck was the first card: the four cards after it are still resolved
    assert game.var("fire_truck_drawn") is True
    assert game.pieces_at("attack_3") == ["a3_ss_rifleman_high#1"]
    assert sorted(game.location(f"ss_rifleman#{i}") for i in (1, 2, 3, 4)) == ["p1112", "p7", "p8", "p910"]
    # then the Defense Phase...
    assert not game.over and game.decision.prompt.startswith("Move a defender")
    game.choose("pass")
    # ...and the Escape Phase
    assert not game.over and game.decision.prompt == "Which defender escapes?"
    assert phases(game) == ["Enemy Phase", "Defense Phase", "Escape Phase"]
    game.choose("m_pipka")
    assert game.over
    assert game.var("turn") == 1
    assert "after Attack 3" not in notes(game)
    assert game.result.score == 4 and game.result.outcome == "Draw"


# ---- scoring (7.0)

def test_score_counts_postal_workers_noncombatants_escapers_and_counters_inside():
    game = start("score_mix")
    assert game.over
    # Kuntz 1 + postal worker 5 1 + J. Pipka 2 + escaped: M. Pipka 4, Barzychowska 6,
    # postal worker 6 2 = 16; trained, Suppression and Command defenders 0; Franz (casualty) 0;
    # minus 3 assault counters inside (the one on 7 is outside)
    assert game.result.score == 13
    assert game.result.outcome == "Draw"


def test_inspire_and_logistics_defenders_score_nothing():
    game = start("specials_score")
    game.choose("1")
    assert game.result.score == 1                                         # Kuntz only


def test_command_suppression_and_trained_defenders_score_nothing_even_when_escaped():
    game = start("specials_score")
    game.choose("2")
    assert game.result.score == 1                                         # Kuntz only


@pytest.mark.parametrize("score, outcome, award", [
    (41, "Epic Victory", "Order of the White Eagle"),
    (40, "Major Victory", "Order of Polonia Restituta"),
    (26, "Major Victory", "Order of Polonia Restituta"),
    (25, "Minor Victory", "Cross of Valor"),
    (16, "Minor Victory", "Cross of Valor"),
    (15, "Draw", "Silver Cross of Merit"),
    (1, "Draw", "Silver Cross of Merit"),
    (0, "Loss", None),
    (-1, "Loss", None),
])
def test_victory_levels_and_awards_at_the_boundaries(score, outcome, award):
    game = start("score")
    game.choose(str(score))
    assert game.over
    assert game.result.score == score
    assert game.result.outcome == outcome
    assert game.result.details.get("award") == award


# ---- whole games

@pytest.mark.parametrize("variant", [None, "veteran", "elite"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_always_taking_the_first_option_finishes(variant, seed):
    game = pack().new_game(seed=seed, variant=variant)
    for _ in range(5000):
        if game.over:
            break
        game.choose(game.decision.options[0].id)
    assert game.over
    assert game.result.outcome in LEVELS
    assert isinstance(game.result.score, int)
    if game.var("morale") == 0:
        assert game.result.outcome == "Loss"
    else:
        assert game.var("fire_truck_drawn") is True


@pytest.mark.parametrize("variant", [None, "veteran", "elite"])
def test_a_whole_game_passing_everything_finishes(variant):
    game = pack().new_game(seed=7, variant=variant)
    for _ in range(5000):
        if game.over:
            break
        options = ids(game)
        game.choose("pass" if "pass" in options else options[0])
    assert game.over and game.result.outcome in LEVELS
