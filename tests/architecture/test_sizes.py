"""Modules and classes stay small enough to read: one job each."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 700
MAX_CLASS_LINES = 400


def sources() -> list[Path]:
    return sorted(p for folder in ("dsl", "interpreter") for p in (ROOT / folder).rglob("*.py"))


def test_no_module_is_too_long():
    long = [f"{p.relative_to(ROOT)}: {n} lines" for p in sources()
            if (n := len(p.read_text().splitlines())) > MAX_MODULE_LINES]
    assert long == [], f"split these by job (at most {MAX_MODULE_LINES} lines each)"


def test_no_class_is_too_long():
    long = []
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES:
                long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert long == [], f"split these (at most {MAX_CLASS_LINES} lines each)"
