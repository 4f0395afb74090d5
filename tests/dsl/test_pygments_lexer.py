"""The Pygments lexer reads every bundled pack without an error token, and its keywords are the keyword list."""
from __future__ import annotations

import tomllib
from importlib import import_module
from pathlib import Path

import pytest
from pygments.token import Error, Keyword, Name, Operator, String

from dsl import KEYWORDS
from dsl.pygments_lexer import RulesLexer, keywords_by_role

ROOT = Path(__file__).resolve().parents[2]
RULES_FILES = sorted((ROOT / "content").rglob("*.rules"))


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: str(p.relative_to(ROOT / "content")))
def test_every_bundled_file_lexes_without_errors(path):
    text = path.read_text(encoding="utf-8")
    tokens = list(RulesLexer().get_tokens(text))
    assert [value for token, value in tokens if token in Error] == []
    assert "".join(value for _, value in tokens) == (text if text.endswith("\n") else text + "\n")


def test_its_keywords_are_the_keyword_list():
    listed = [w for words in keywords_by_role().values() for w in words]
    assert sorted(listed) == sorted(k.word for k in KEYWORDS)
    for k in KEYWORDS:
        [(token, value), *_] = list(RulesLexer().get_tokens(f"{k.word} "))
        if k.word == "x":               # a keyword only between a grid's two numbers
            assert token in Name
            assert [t for t, v in RulesLexer().get_tokens("8 x 6") if v == "x"][0] in Keyword
        else:
            assert value == k.word and (token in Keyword or token in Operator.Word), k.word


def test_strings_show_their_interpolations():
    tokens = [(t, v) for t, v in RulesLexer().get_tokens('label "{d} attacks {t.location} {{x}}"') if v.strip()]
    assert (String.Interpol, "{") in tokens and (Name, "d") in tokens and (Name.Attribute, "location") in tokens
    assert (String.Escape, "{{") in tokens


def test_a_builtin_call_and_a_declared_name():
    tokens = [(t, v) for t, v in RulesLexer().get_tokens("function f(d: defender) -> int = count(objects(d))") if v.strip()]
    assert (Name.Entity, "f") in tokens and (Name.Builtin, "count") in tokens and (Name.Builtin, "objects") in tokens


def test_it_is_registered_with_pygments():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    target = project["entry-points"]["pygments.lexers"]["garrison"]
    module, _, name = target.partition(":")
    lexer = getattr(import_module(module), name)
    assert lexer is RulesLexer and {"garrison", "rules"} <= set(lexer.aliases) and "*.rules" in lexer.filenames
