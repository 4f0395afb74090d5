"""Rules nest as deeply as the language allows and no deeper: at the limit every shape checks,
compiles and plays; past it the checker names the place; far past it, the file is still refused
in one line (never an internal error)."""
from __future__ import annotations

import pytest

from dsl.depth import EXPRESSION_DEPTH, STATEMENT_DEPTH
from interpreter import load_rules
from interpreter.runtime import RulesError
from interpreter.lab.bots import RandomBot, play_out

GAME = """game nesting "Nesting" { seats 1 home box }
space box "Box"
kind soldier: piece { }
piece guard "Guard": soldier x2
var turn: int = 0
var got: int = 0
play { repeat 2 { set turn += 1 set got = deep() } }
"""

# the declaration `deep`, nesting n levels of one shape (each one level more than the one before)
SHAPES = {
    "else if": lambda n: "function deep() -> int = " + "".join(f"if turn == {i} then {i} else " for i in range(n)) + "0",
    "sum": lambda n: "function deep() -> int = " + " + ".join(["turn"] * n),
    "minus": lambda n: "function deep() -> int = " + "- " * n + "turn",
    "let": lambda n: "function deep() -> int = " + "".join(f"let a{i} = turn in " for i in range(n)) + "turn",
    "list": lambda n: "function deep() -> int = count(" + "[x for x in " * n + "[turn]" + "]" * n + ")",
    "for": lambda n: "function deep() -> int = 1\nprocedure nest() {\n"
                     + "".join(f"for s{i} in objects(soldier) {{\n" for i in range(n)) + "set turn += 1\n" + "}\n" * n + "}",
    "if": lambda n: "function deep() -> int = 1\nprocedure nest() {\n"
                    + "".join(f"if turn == {i} {{\n" for i in range(n)) + "set turn += 1\n" + "}\n" * n + "}",
}
# the deepest each shape may go: the declaration and the nodes around the chain take a few levels
AT_LIMIT = {"else if": EXPRESSION_DEPTH - 3, "sum": EXPRESSION_DEPTH - 1, "minus": EXPRESSION_DEPTH - 2,
            "let": EXPRESSION_DEPTH - 3, "list": EXPRESSION_DEPTH - 4, "for": STATEMENT_DEPTH - 1,
            "if": STATEMENT_DEPTH - 1}


def pack(tmp_path, shape: str, n: int):
    (tmp_path / "game.rules").write_text(GAME + SHAPES[shape](n) + "\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("shape", SHAPES)
def test_at_the_limit_every_shape_compiles_and_plays(tmp_path, shape):
    rules = load_rules(str(pack(tmp_path, shape, AT_LIMIT[shape])))
    game = rules.new_game(seed=1)
    play_out(game, RandomBot(1))
    assert game.over


@pytest.mark.parametrize("shape", SHAPES)
def test_one_level_more_is_an_error_at_the_place(tmp_path, shape):
    with pytest.raises(RulesError) as raised:
        load_rules(str(pack(tmp_path, shape, AT_LIMIT[shape] + 1)))
    [error] = raised.value.errors
    if shape in ("for", "if"):
        assert error.message.startswith(f"statements nest more than {STATEMENT_DEPTH} deep here")
        assert error.line == 10 + STATEMENT_DEPTH             # the statement one too deep, inside the 16 blocks
    else:
        assert error.message.startswith(f"this expression nests more than {EXPRESSION_DEPTH} deep")
        assert error.line == 8                               # the line of `deep`


@pytest.mark.parametrize("shape, n", [("else if", 600), ("sum", 3000), ("minus", 3000), ("if", 500)])
def test_far_too_deep_is_refused_in_one_line(tmp_path, shape, n):
    with pytest.raises(RulesError) as raised:
        load_rules(str(pack(tmp_path, shape, n)))
    [error] = raised.value.errors
    assert "nests" in error.message and error.line >= 8


def test_what_python_cannot_compile_still_names_the_rules_line(tmp_path, monkeypatch):
    import dsl.depth
    monkeypatch.setattr(dsl.depth, "EXPRESSION_DEPTH", 1000)      # as if the checker let it through
    with pytest.raises(RulesError) as raised:
        load_rules(str(pack(tmp_path, "list", 150)))
    [error] = raised.value.errors
    assert error.line == 8 and error.message.startswith("this nests too deeply for the rules to be compiled")
