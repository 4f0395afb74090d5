"""Every example in the language reference's tables and lists is valid syntax of its kind, and
passes the real checker (names resolve, types agree) inside a small game that declares what the
examples mention.

Declaration examples are added to that game (replacing its declaration of the same name);
statement and expression examples are placed in a procedure whose parameters stand for the
one-letter names the reference uses (`p` a soldier, `s` a space, `n` a number, …). The game
is loaded with `interpreter.load_rules`, so any error fails the test; warnings are expected
(the game does not use everything it declares) and ignored.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dsl.parser import SyntaxProblem, lark_parser, parse_file
from interpreter import RulesError, load_rules

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "language.md"
TEXT = REFERENCE.read_text(encoding="utf-8")


def section(title: str) -> str:
    start = TEXT.index(f"## {title}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start:end if end > 0 else None]


def spans(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def table_examples(title: str, column: int) -> list[str]:
    found = []
    for line in section(title).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > column and not set(cells[0]) <= {"-", " "} and cells[0] not in ("declaration", "statement"):
            found += [s for s in spans(cells[column]) if "…" not in s]
    return found


DECLARATIONS = table_examples("Declarations", 1)
STATEMENTS = [s for s in table_examples("Statements", 0) if s not in ("break", "continue", "return")]
EXPRESSIONS = [s for s in spans(section("Expressions"))
               if any(ch in s for ch in "[(.=<> ") and not s.startswith(".")
               and not s.endswith(("(list, i)", "(list, x)", "(list, n)"))
               and s not in ("== != < <= > >=", "+ - * / %", "/", "and or not")]
# the strings of the opening paragraph, with their interpolations
STRINGS = [s for s in spans(TEXT[:TEXT.index("\n## ")]) if s.startswith('"')]
# the code blocks of the Decisions section
DECISION_BLOCKS = re.findall(r"^```[^\n]*\n(.*?)^```", section("Decisions"), re.M | re.S)

# Builtin signatures such as `top(space)`, `take(kind)` or `token_supply(token)` name the kind of
# argument a builtin takes with a type word (or `name`), not with a value: they parse, but there
# is nothing the checker could resolve, so they are only parsed.
SIGNATURE_WORDS = {"space", "kind", "token", "name"}
SIGNATURES = [e for e in EXPRESSIONS
              if (m := re.fullmatch(r"\w+\(([\w, ]*)\)", e)) and set(re.findall(r"\w+", m.group(1))) & SIGNATURE_WORDS]


# ---- the game the examples are checked in --------------------------------------------------

# One declaration per item, named as the reference names things.
SUPPORT = [
    'game reference "Reference" { seats 1..2 home supply turns turn }',
    'space supply "Supply"',
    'space barracks "Barracks"',
    'space store "Store"',
    'var turn: int = 0',
    'var x: int = 0',
    'enum colour { red "Red", blue "Blue" }',
    'die d6 1..6',
    'token alarm "Alarm" supply 5',
    'kind soldier: piece { combat: int, tired: bool = false, var wounds: int = 0 }',
    'kind post: space { colour: colour }',
    'grid map "Map": post square 2 x 1 { colour { row red blue } }',
    'space north "North gate": post { colour red }',
    'space south "South gate": post { colour blue }',
    'deck raids "Raids"',
    'kind raid_card: card { strength: int }',
    'card raid "Raid": raid_card x4 in raids { strength 1 }',
    'piece guard "Guard": soldier x3 at barracks { combat 2 }',
    'var morale: int in 0..9 = 9',
    'function strong(s: soldier) -> bool = s.combat >= 3',
    'procedure rally(s: soldier) { set s.wounds = 0 }',
    'function counters_inside() -> list[piece] = pieces_at(north)',
    'kind interior: space { track: list[int], var step: int = 1 }',
    'space u1 "Upper 1"',
    'space u2 "Upper 2"',
    'space upper_inside "Upper floors": interior { track [6, 5, 4] }',
    'kind assault: piece { var exhausted: bool = false }',
    'piece rifleman "Rifleman": assault x2',
    'action rest(s: soldier) requires s.wounds > 0 { set s.wounds = 0 }',
    'phase muster "Muster" { perform rest "Rest" pass "Done" }',
    'tally breaches "breaches"',
    'modifier attack_bonus(s: soldier) -> int',
    'effect pinned(p: soldier) "Pinned" { attack_bonus(s) -= 2 if s == p }',
    'effect alert "Alert"',
    'play { phase muster }',
]

# What the one-letter names of the statement and expression examples stand for.
PLACEHOLDERS = {"p": "soldier", "a": "soldier", "b": "soldier", "t": "soldier", "s": "space", "d": "deck",
                "c": "card", "n": "int", "e": "int", "list": "list[int]"}


def keys(text: str) -> set[tuple[str, str | None]]:
    """What a piece of rules declares: (category, name); there is only one game."""
    return {(d.decl, None if d.decl == "game" else getattr(d, "name", None))
            for d in parse_file("reference.rules", text + "\n")}


SUPPORT_KEYS = [keys(item) for item in SUPPORT]


def game_with(declarations: str) -> str:
    """The support game, with `declarations` added and the ones they redeclare left out."""
    replaced = keys(declarations)
    kept = [item for item, k in zip(SUPPORT, SUPPORT_KEYS) if not k & replaced]
    return "\n".join(kept) + "\n" + declarations + "\n"


def procedure_with(body: str) -> str:
    """`body` inside a procedure whose parameters stand for the reference's one-letter names."""
    types = dict(PLACEHOLDERS)
    extra = ""
    if re.search(r"\b(while|if) c\b", body):             # `c` as a condition
        types["c"] = "bool"
    if re.search(r":\s*T\b", body):                      # `let x: T = e`: T is a type, e one of it
        extra, types["e"] = "kind T: piece { }\n", "T"
    params = ", ".join(f"{name}: {t}" for name, t in types.items() if re.search(rf"\b{name}\b", body))
    return game_with(extra + f"procedure example({params}) {{\n{body}\n}}")


def check(text: str, tmp_path) -> None:
    path = tmp_path / "reference.rules"
    path.write_text(text, encoding="utf-8")
    try:
        load_rules(path)
    except RulesError as err:
        pytest.fail(f"{err}\n--- the game checked:\n{text}", pytrace=False)


# ---- syntax -----------------------------------------------------------------------------------

@pytest.mark.parametrize("example", DECLARATIONS)
def test_declaration_examples_parse(example):
    parse_file("reference.rules", example + "\n")


@pytest.mark.parametrize("example", STATEMENTS)
def test_statement_examples_parse(example):
    body = example.replace("{ }", "{ log \"x\" }")
    wrapped = f"procedure p() {{\n    {body}\n}}\n"
    if "break" in body or "continue" in body:
        wrapped = f"procedure p() {{ while true {{ {body} }} }}\n"
    try:
        parse_file("reference.rules", wrapped)
    except SyntaxProblem as problem:
        pytest.fail(f"{example!r}: {problem.diagnostic.message}")


@pytest.mark.parametrize("example", EXPRESSIONS + STRINGS)
def test_expression_examples_parse(example):
    lark_parser().parse(example, start="expr")


def test_the_reference_has_examples_of_every_kind():
    assert len(DECLARATIONS) >= 18 and len(STATEMENTS) >= 15 and len(EXPRESSIONS) >= 8
    assert len(STRINGS) >= 2 and len(DECISION_BLOCKS) >= 2
    assert len(SIGNATURES) < len(EXPRESSIONS) // 2


# ---- names and types ----------------------------------------------------------------------

def test_the_support_game_checks(tmp_path):
    check("\n".join(SUPPORT) + "\n", tmp_path)


@pytest.mark.parametrize("example", DECLARATIONS)
def test_declaration_examples_check(example, tmp_path):
    check(game_with(example), tmp_path)


@pytest.mark.parametrize("example", STATEMENTS)
def test_statement_examples_check(example, tmp_path):
    check(procedure_with(f"    {example}"), tmp_path)


@pytest.mark.parametrize("example", [e for e in EXPRESSIONS if e not in SIGNATURES] + STRINGS)
def test_expression_examples_check(example, tmp_path):
    check(procedure_with(f"    let value = {example}\n    log \"{{value}}\""), tmp_path)


def test_the_grid_examples_check(tmp_path):
    blocks = re.findall(r"^```rules\n(.*?)^```", section("Grids"), re.M | re.S)
    assert len(blocks) == 2 and "grid field" in blocks[0] and "reachable(" in blocks[1]
    game = 'game grids "Grids" { seats 1 home field_1_1 }\n' + "".join(blocks)
    check(game + "play { perform advance \"Advance\" pass \"Hold\" }\n", tmp_path)


def test_decision_examples_check(tmp_path):
    statements, declarations = DECISION_BLOCKS[0], DECISION_BLOCKS[1]
    assert statements.lstrip().startswith("choose") and "action" in declarations
    check(game_with(declarations + "\n" + f"procedure example() {{\n{statements}\n}}"), tmp_path)


@pytest.mark.parametrize("wrong", [
    "move p to bottom of q",              # an unknown name
    "set p.combat = 3",                   # a field that cannot change
    "add alarm to n",                     # tokens on a number
])
def test_the_check_refuses_a_wrong_example(wrong, tmp_path):
    with pytest.raises(pytest.fail.Exception):
        check(procedure_with(f"    {wrong}"), tmp_path)
