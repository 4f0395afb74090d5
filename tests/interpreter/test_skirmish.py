"""A battle in the manner of a solitaire tank campaign, written with grids, tables, constants,
lasting effects, fixed action parameters and `choose N..M` together: it checks clean, its charts
read as printed with forced dice, and random and greedy games always end."""
from __future__ import annotations

import pytest

from interpreter import load_rules
from interpreter.lab.bots import make_bot, play_out

from paths import TESTS

RULES = load_rules(TESTS / "fixtures" / "skirmish")
CLOSE = TESTS / "fixtures" / "skirmish_scenarios" / "close.rules"


def test_it_checks_without_warnings():
    assert RULES.warnings == []


def test_deployment_spends_the_points_and_gives_one_or_two_orders():
    game = RULES.new_game(seed=3)
    game.choose("tiger")                                # 4 of 6 points
    assert [o.id for o in game.decision.options] == ["panzer#1", "grenadiers#1", "pass"]
    game.choose("panzer#1")
    assert game.decision.prompt == "Orders for the battle"
    assert [o.id for o in game.decision.options] == ["smoke", "ace"]      # at least one: no 'done' yet
    game.choose("ace")
    assert [o.id for o in game.decision.options] == ["smoke", "done"]
    game.choose("done")
    assert game.effects == [("ace", ("tiger",))]       # the strongest unit gets the ace crew


def test_a_shot_needs_the_chart_roll_for_the_cover_then_beats_the_armour():
    game = load_rules(TESTS / "fixtures" / "skirmish", mods=[CLOSE]).new_game(seed=1)
    assert game.decision.prompt == "What does Tiger do?"          # the Tiger acts first: the fixed unit
    game.choose("fire")
    game.force_rolls([7, 3])                       # on a hill: 8 to hit, 7 with the ace crew; 7 + 3 beats armour 3
    game.choose("at_gun")
    lines = [e.text for e in game.log]
    assert "  rolled 7, needs 7" in lines and "  Anti-tank gun is destroyed." in lines
    assert game.location("at_gun") == "wrecks"
    # the first Sherman opens fire at the nearest unit it sees (the hill hides the Panzer), the other digs in
    game.force_rolls([5, 9, 9, 10])
    game.choose("pass")                            # the Panzer holds
    lines = [e.text for e in game.log]
    assert lines[lines.index("— Enemy turn —"):][:10] == ["— Enemy turn —", "Rolled a die (d10): 5", "Sherman opens fire.", "Rolled a die (d10): 9",
                           "  rolled 9, needs 5", "Rolled a die (d10): 9", "  Tiger is knocked out.",
                           "Tiger moves from Field 4,3 to Wrecks", "Rolled a die (d10): 10", "Sherman digs in."]
    assert game.result.outcome == "Draw"


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_every_game_ends_with_an_outcome(bot):
    games = 100 if bot == "random" else 10
    outcomes = set()
    for seed in range(games):
        game = RULES.new_game(seed=seed)
        play_out(game, make_bot(bot, seed=seed), max_decisions=200)
        assert game.over
        outcomes.add(game.result.outcome)
    assert outcomes <= {"Victory", "Draw", "Defeat"} and len(outcomes) >= 2


def test_the_board_shows_the_effects_in_force_but_not_the_quiet_ones():
    from interpreter.terminal.render import render_text
    game = load_rules(TESTS / "fixtures" / "skirmish", mods=[CLOSE]).new_game(seed=1)
    assert render_text(game, width=80).splitlines()[1] == "In force Ace crew (Tiger)"
    game.choose("pass")
    game.force_rolls([10, 10])                     # both Shermans dig in: a quiet effect each
    game.choose("pass")
    assert [name for name, _ in game.effects] == ["ace", "dug_in", "dug_in"]
    assert game.effects_shown() == ["Ace crew (Tiger)"]
