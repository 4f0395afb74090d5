"""The rules grammar (grammar.lark) as a Lark LALR parser that keeps positions."""
from __future__ import annotations

import functools
from pathlib import Path

from lark import Lark

GRAMMAR = Path(__file__).with_name("grammar.lark")


@functools.lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """The parser for whole files (start "start") and for expressions inside strings (start "expr")."""
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", start=["start", "expr"],
                propagate_positions=True, maybe_placeholders=True)
