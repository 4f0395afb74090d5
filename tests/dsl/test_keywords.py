"""The keyword list is the grammar's: every word the grammar spells out is in it, and nothing else."""
from __future__ import annotations

import re
from pathlib import Path

from dsl import RESERVED
from dsl.keywords import CLAUSE, CONSTRUCTS, DECLARATION, KEYWORDS, MISPLACED, OPERATOR, STATEMENT, VALUE

GRAMMAR = Path(__file__).resolve().parents[2] / "dsl" / "grammar.lark"


def grammar_words() -> set[str]:
    """The grammar's quoted literals that are words (not punctuation such as "{" or "..")."""
    text = "\n".join(line.split("//")[0] for line in GRAMMAR.read_text(encoding="utf-8").splitlines())
    return {w for w in re.findall(r'"([^"\\]+)"', text) if w.isidentifier()}


def test_the_grammar_spells_exactly_the_keywords():
    words = [k.word for k in KEYWORDS]
    assert len(words) == len(set(words))
    assert grammar_words() == set(words)


def test_every_keyword_says_what_it_is():
    for k in KEYWORDS:
        assert k.roles and set(k.roles) <= {DECLARATION, STATEMENT, VALUE, OPERATOR, CLAUSE}, k.word


def test_the_derived_lists():
    assert {"set", "move", "this", "seat", "score", "true", "and", "else"} <= RESERVED
    assert "tally" not in RESERVED and "game" not in RESERVED
    assert "quiet" not in RESERVED
    assert MISPLACED <= {k.word for k in KEYWORDS if CLAUSE in k.roles}
    assert CONSTRUCTS["as"] == "seat block" and CONSTRUCTS["card"] == "card" and "layout" not in CONSTRUCTS
