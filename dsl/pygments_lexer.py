"""A Pygments lexer for .rules files (`garrison`, alias `rules`), its keywords from the language's keyword list."""
from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, include, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from .builtins import BUILTINS
from .keywords import CLAUSE, DECLARATION, KEYWORDS, OPERATOR, STATEMENT, VALUE

# each keyword is shown as what it is first: a declaration, a statement, a value, an operator, a clause
ROLE_TOKENS = {DECLARATION: Keyword.Declaration, STATEMENT: Keyword, VALUE: Keyword.Constant,
               OPERATOR: Operator.Word, CLAUSE: Keyword.Reserved}
NAME = r"[^\W\d]\w*"
NAMING = ("game", "enum", "die", "token", "kind", "space", "deck", "piece", "card", "var", "function", "procedure",
          "action", "phase", "variant", "tally", "const", "table", "grid", "modifier", "effect")   # `KEYWORD name`


BETWEEN_NUMBERS = "x"       # a keyword only in a grid's size (`8 x 6`); elsewhere a name, often a local


def keywords_by_role() -> dict[str, list[str]]:
    """Every keyword under the first of its roles."""
    out: dict[str, list[str]] = {role: [] for role in ROLE_TOKENS}
    for k in KEYWORDS:
        out[k.roles[0]].append(k.word)
    return out


def _keyword_rules() -> list:
    return [(words(tuple(sorted(w for w in ws if w != BETWEEN_NUMBERS)), prefix=r"\b", suffix=r"\b"), ROLE_TOKENS[role])
            for role, ws in keywords_by_role().items() if ws]


class RulesLexer(RegexLexer):
    """The Garrison rules language: declarations, effects and expressions, with strings whose `{…}`
    parts are expressions."""

    name = "Garrison rules"
    aliases = ["garrison", "rules"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-garrison-rules"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"', String.Double, "string"),
            (words(NAMING, prefix=r"^", suffix=r"(\s+)(" + NAME + ")"),
             bygroups(Keyword.Declaration, Whitespace, Name.Entity)),
            (words(tuple(BUILTINS), prefix=r"\b", suffix=r"(?=\s*\()"), Name.Builtin),
            (r"(\.)(\s*)(" + NAME + ")", bygroups(Punctuation, Whitespace, Name.Attribute)),
            (r"([0-9]+)(\s*)(" + BETWEEN_NUMBERS + r")(\s*)([0-9]+)",
             bygroups(Number.Integer, Whitespace, Keyword.Reserved, Whitespace, Number.Integer)),
            *_keyword_rules(),
            (r"x[0-9]+\b", Number.Integer),
            (r"[0-9]+", Number.Integer),
            (r"->|\.\.|==|!=|<=|>=|\+=|-=|[<>=+\-*/%]", Operator),
            (r"[{}()\[\],.:_]", Punctuation),
            (NAME, Name),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r"\{\{|\}\}", String.Escape),
            (r"\{", String.Interpol, "interpolation"),
            (r'"', String.Double, "#pop"),
            (r'[^"\\{}]+', String.Double),
            (r"\}", String.Double),
        ],
        "interpolation": [
            (r"\}", String.Interpol, "#pop"),
            include("root"),
        ],
    }

