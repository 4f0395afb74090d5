"""Every example in the language reference's tables and lists is valid syntax of its kind."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dsl.parser import SyntaxProblem, lark_parser, parse_file

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
               if any(ch in s for ch in "[(.=<>") and not s.startswith(".")
               and not s.endswith(("(list, i)", "(list, x)", "(list, n)"))
               and s not in ("== != < <= > >=", "+ - * / %", "/")]


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


@pytest.mark.parametrize("example", EXPRESSIONS)
def test_expression_examples_parse(example):
    lark_parser().parse(example, start="expr")


def test_the_reference_has_examples_of_every_kind():
    assert len(DECLARATIONS) >= 18 and len(STATEMENTS) >= 15 and len(EXPRESSIONS) >= 8
