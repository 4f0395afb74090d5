"""Writes syntaxes/rules.tmLanguage.json, the TextMate grammar that colours .rules files, from the
language's keyword list (dsl/keywords.py) and builtin registry (dsl/builtins.py).

Run from the repository's root after a keyword or builtin is added: python editors/vscode/grammar.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).with_name("syntaxes") / "rules.tmLanguage.json"
NAME = r"[[:alpha:]_][[:alnum:]_]*"
# each keyword is coloured as what it is first
SCOPES = {"starts a declaration": "storage.type.declaration.rules", "starts a statement": "keyword.control.rules",
          "stands for a value": "constant.language.rules", "joins or tests expressions": "keyword.operator.word.rules",
          "only inside a construct": "keyword.other.rules"}
BETWEEN_NUMBERS = "x"          # a keyword only in a grid's size (`8 x 6`); elsewhere a name, often a local
NAMING = ("game", "enum", "die", "token", "kind", "space", "deck", "piece", "card", "var", "function", "procedure",
          "action", "phase", "variant", "tally", "const", "table", "grid", "modifier", "effect")


def alternatives(words) -> str:
    return "|".join(sorted(words, key=lambda w: (-len(w), w)))


def grammar() -> dict:
    sys.path.insert(0, str(ROOT))
    from dsl import BUILTINS, KEYWORDS
    by_scope: dict[str, list[str]] = {scope: [] for scope in SCOPES.values()}
    for k in KEYWORDS:
        if k.word != BETWEEN_NUMBERS:
            by_scope[SCOPES[k.roles[0]]].append(k.word)
    keywords = [{"name": scope, "match": rf"\b(?:{alternatives(ws)})\b"} for scope, ws in by_scope.items() if ws]
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Garrison rules",
        "scopeName": "source.rules",
        "fileTypes": ["rules"],
        "patterns": [{"include": "#expression"}],
        "repository": {
            "expression": {"patterns": [
                {"include": "#comment"}, {"include": "#string"}, {"include": "#declaration"},
                {"include": "#builtin"}, {"include": "#attribute"}, {"include": "#grid-size"},
                {"include": "#keywords"}, {"include": "#number"}, {"include": "#operator"},
            ]},
            "comment": {"name": "comment.line.number-sign.rules", "match": "#.*$"},
            "string": {
                "name": "string.quoted.double.rules", "begin": '"', "end": '"',
                "patterns": [
                    {"name": "constant.character.escape.rules", "match": r"\\.|\{\{|\}\}"},
                    {"name": "meta.interpolation.rules", "begin": r"\{", "end": r"\}",
                     "beginCaptures": {"0": {"name": "punctuation.section.interpolation.begin.rules"}},
                     "endCaptures": {"0": {"name": "punctuation.section.interpolation.end.rules"}},
                     "contentName": "source.rules.embedded", "patterns": [{"include": "#expression"}]},
                ],
            },
            "declaration": {
                "match": rf"^\s*(?:(quiet)\s+)?({alternatives(NAMING)})\s+({NAME})",
                "captures": {"1": {"name": "storage.modifier.rules"}, "2": {"name": "storage.type.declaration.rules"},
                             "3": {"name": "entity.name.rules"}},
            },
            "builtin": {"name": "support.function.builtin.rules",
                        "match": rf"\b(?:{alternatives(BUILTINS)})\b(?=\s*\()"},
            "attribute": {"match": rf"(\.)\s*({NAME})",
                          "captures": {"1": {"name": "punctuation.accessor.rules"},
                                       "2": {"name": "variable.other.member.rules"}}},
            "grid-size": {"match": rf"\b([0-9]+)\s*({BETWEEN_NUMBERS})\s*([0-9]+)\b",
                          "captures": {"1": {"name": "constant.numeric.rules"}, "2": {"name": "keyword.other.rules"},
                                       "3": {"name": "constant.numeric.rules"}}},
            "keywords": {"patterns": keywords},
            "number": {"name": "constant.numeric.rules", "match": r"\b(?:x[0-9]+|[0-9]+)\b"},
            "operator": {"name": "keyword.operator.rules", "match": r"->|\.\.|==|!=|<=|>=|\+=|-=|[<>=+\-*/%]"},
        },
    }


def text() -> str:
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
