"""The language reference's table of builtins is the builtin registry, row for row."""
from __future__ import annotations

from pathlib import Path

from dsl import BUILTINS

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "language.md"


def table_rows(title: str) -> list[list[str]]:
    text = REFERENCE.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    rows = [line.strip().strip("|").split("|") for line in text[start:end].splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row] for row in rows[2:]]       # past the header and its rule


def test_the_builtins_table_is_the_registry():
    documented = table_rows("Builtins")
    registered = [[f"`{b.name}`", b.takes, b.doc] for b in BUILTINS.values()]
    assert documented == registered


def test_every_builtin_has_words_for_its_arguments_and_a_doc():
    for b in BUILTINS.values():
        assert b.name and b.takes and b.doc and "|" not in b.takes + b.doc, b.name
