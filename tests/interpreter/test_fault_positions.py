"""A value that cannot be worked out names its place in the rules: a constant before play (as a
checker error, with its caret), the score or the evaluation during play."""
from __future__ import annotations

import pytest

from interpreter import load_rules
from interpreter.cli import main
from interpreter.lab.bots import RandomBot, play_out
from interpreter.runtime import GameError, RulesError

GAME = """game faults "Faults" {{ seats 1 home box }}
space box "Box"
var turn: int = 0
{extra}
play {{ set turn += 1 }}
result {{
    score {score}
    outcome "Done"
}}
"""


def pack(tmp_path, extra: str = "", score: str = "turn"):
    (tmp_path / "game.rules").write_text(GAME.format(extra=extra, score=score), encoding="utf-8")
    return str(tmp_path)


def test_a_constant_divided_by_zero_is_an_error_at_its_place(tmp_path):
    with pytest.raises(RulesError) as raised:
        load_rules(pack(tmp_path, "const zero = 1 / 0\nvar v: int = zero"))
    [error] = raised.value.errors
    assert (error.line, error.message) == (4, "this value cannot be worked out before play (division by zero)")
    assert "const zero = 1 / 0\n" in raised.value.report() and "^" in raised.value.report()


def test_a_score_divided_by_zero_names_the_score_line(tmp_path):
    game = load_rules(pack(tmp_path, score="10 / (turn - turn)")).new_game(seed=1)
    with pytest.raises(GameError, match=r"game\.rules:7:\d+: error: while scoring the game: division by zero"):
        play_out(game, RandomBot(1))


def test_check_works_out_each_variants_constants_too(tmp_path, capsys):
    extra = 'const step = 1\nvar v: int = step\nvariant hard "Hard" { const step = 1 / 0 }'
    path = pack(tmp_path, extra)
    assert main(["check", path]) == 1
    assert "game.rules:6:38: error: this value cannot be worked out before play (division by zero)" in capsys.readouterr().err


@pytest.mark.parametrize("choices", ["[roll d6, 7]", "[lucky(), 7]", "[pick([1, 2])]"])
def test_an_action_whose_choices_roll_dice_is_refused_at_its_choices(tmp_path, choices):
    extra = f"die d6 1..6\nfunction lucky() -> int = roll d6\naction luck(n: int in {choices}) {{ set turn += n }}"
    with pytest.raises(RulesError) as raised:
        load_rules(pack(tmp_path, extra))
    [error] = raised.value.errors
    assert (error.line, error.col) == (6, 23)
    assert error.message.startswith("the choices of 'n' roll dice or pick at random")


def test_a_constant_whose_inner_comprehensions_read_outer_names_is_worked_out(tmp_path):
    extra = ("const scaled = let k = 3 in [x * k for x in 1..3]\n"
             "const grid = [[a * b for a in 1..2] for b in 1..2]\n"
             "const best = [max_by([1, 2], y -> y * x) for x in [-1, 1]]\n"
             "var v: list[int] = scaled + flatten(grid) + best")
    game = load_rules(pack(tmp_path, extra)).new_game(seed=1)
    assert game.var("v") == [3, 6, 9, 1, 2, 2, 4, 1, 2]


def test_a_count_of_tokens_below_0_changes_nothing(tmp_path):
    game = load_rules(pack(tmp_path, 'token mark "mark"\nwhen turn changes { add 2 mark to box  add (0 - turn) mark to box  '
                                     'remove (0 - turn) mark from box }')).new_game(seed=1)
    assert game.over and game.tokens("box", "mark") == 2
