"""The VS Code extension: its TextMate grammar is generated from the language's one keyword list and
builtin registry, and its manifest points at files that exist."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

from dsl import BUILTINS, KEYWORDS

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = ROOT / "editors" / "vscode"
GRAMMAR = EXTENSION / "syntaxes" / "rules.tmLanguage.json"


def generator():
    spec = importlib.util.spec_from_file_location("vscode_grammar", EXTENSION / "grammar.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def alternation(pattern: str) -> set[str]:
    """The words of the one `(?:a|b|c)` group in a pattern."""
    [group] = re.findall(r"\(\?:([\w|]+)\)", pattern)
    return set(group.split("|"))


def test_the_grammar_is_up_to_date():
    """Adding a keyword or builtin means running `python editors/vscode/grammar.py`."""
    assert GRAMMAR.read_text(encoding="utf-8") == generator().text()


def test_the_grammars_keywords_are_the_keyword_list():
    repository = json.loads(GRAMMAR.read_text(encoding="utf-8"))["repository"]
    found: list[str] = []
    for rule in repository["keywords"]["patterns"]:
        found += sorted(alternation(rule["match"]))
    grid_size = repository["grid-size"]
    found.append(re.search(r"\(([a-z]+)\)", grid_size["match"]).group(1))
    assert grid_size["captures"]["2"]["name"].startswith("keyword.")
    assert sorted(found) == sorted(k.word for k in KEYWORDS)


def test_each_keyword_is_coloured_as_its_first_role():
    repository = json.loads(GRAMMAR.read_text(encoding="utf-8"))["repository"]
    scope_of = {w: rule["name"] for rule in repository["keywords"]["patterns"] for w in alternation(rule["match"])}
    scopes = generator().SCOPES
    for k in KEYWORDS:
        if k.word in scope_of:
            assert scope_of[k.word] == scopes[k.roles[0]], k.word


def test_the_grammars_builtins_are_the_registry():
    builtin = json.loads(GRAMMAR.read_text(encoding="utf-8"))["repository"]["builtin"]
    assert alternation(builtin["match"]) == set(BUILTINS)


def test_the_manifest_names_the_language_its_grammar_and_its_entry():
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    [language] = manifest["contributes"]["languages"]
    assert language["id"] == "rules" and language["extensions"] == [".rules"]
    assert (EXTENSION / language["configuration"]).is_file()
    [grammar] = manifest["contributes"]["grammars"]
    assert grammar["language"] == "rules" and (EXTENSION / grammar["path"]).resolve() == GRAMMAR
    assert json.loads(GRAMMAR.read_text())["scopeName"] == grammar["scopeName"]
    assert (EXTENSION / manifest["main"]).is_file() and "vscode-languageclient" in manifest["dependencies"]
    assert manifest["contributes"]["configuration"]["properties"]["garrison.server.command"]["default"] == ["garrison", "lsp"]
    configuration = json.loads((EXTENSION / language["configuration"]).read_text(encoding="utf-8"))
    assert configuration["comments"]["lineComment"] == "#"
