"""Lays rules text out in one canonical way, keeping line breaks, comments and meaning."""
from __future__ import annotations

import difflib
import functools
import os
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Token, Tree

from .grammar import GRAMMAR
from .limits import MOST_BYTES
from .parser import parse_file

INDENT = 4
COMMENT_GAP = 2                  # spaces between code and a trailing comment, at least

OPENERS, CLOSERS = {"(", "["}, {")", "]"}
NO_SPACE_BEFORE = {")", "]", ",", ".", "..", ":"}
NO_SPACE_AFTER = {"(", "[", ".", ".."}


class FormatError(Exception):
    """Formatting would have changed the program (a bug in the formatter): nothing is written."""


@dataclass(frozen=True)
class Tok:
    kind: str                    # the grammar's terminal name, or COMMENT
    text: str
    line: int
    col: int
    pos: int


@dataclass
class Line:
    indent: int = 0
    code: str = ""
    comment: str = ""            # a trailing comment, or the whole line's comment
    first: str = ""              # the first code token, "" for a comment-only or blank line
    last: str = ""               # the last code token
    number: int = 0              # the line's number in the source

    @property
    def blank(self) -> bool:
        return not self.code and not self.comment


@functools.lru_cache(maxsize=1)
def token_parser() -> Lark:
    """The rules grammar, keeping every token (keywords too) in the tree."""
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", start="start",
                propagate_positions=True, keep_all_tokens=True, maybe_placeholders=True)


def format_text(text: str, path: str = "<text>") -> str:
    """The canonical layout of one file; raises SyntaxProblem, or FormatError if meaning would change."""
    parse_file(path, text)
    try:
        tree = token_parser().parse(text)
        tokens = _tokens(tree)
        comments = _comments(text, tokens)
        heads, unary, grid_rows = _structure(tree)
        lines = _layout(text, tokens, comments, heads, unary)
    except RecursionError:
        raise FormatError("it is nested too deeply to lay out") from None
    _line_up_grid_rows(lines, rows_by_line(tokens, grid_rows, unary))
    out = _join(_tidy_blank_lines(lines))
    _assert_same_program(out, tokens, comments)
    return out


# ---- reading the tokens ------------------------------------------------------------------

def _tokens(tree: Tree) -> list[Tok]:
    found = tree.scan_values(lambda v: isinstance(v, Token))
    toks = [Tok(t.type, str(t), t.line, t.column, t.start_pos) for t in found]
    return sorted(toks, key=lambda t: t.pos)


def _comments(text: str, tokens: list[Tok]) -> list[Tok]:
    """Comments live in the gaps between tokens, where only whitespace and comments can be."""
    comments = []
    ends = [t.pos + len(t.text) for t in tokens]
    for gap_start, gap_end in zip([0] + ends, [t.pos for t in tokens] + [len(text)]):
        start = gap_start
        while (hash_at := text.find("#", start, gap_end)) >= 0:
            end = text.find("\n", hash_at, gap_end)
            end = gap_end if end < 0 else end
            line = text.count("\n", 0, hash_at) + 1
            col = hash_at - text.rfind("\n", 0, hash_at)
            comments.append(Tok("COMMENT", text[hash_at:end].rstrip(), line, col, hash_at))
            start = end
    return comments


def _structure(tree: Tree) -> tuple[set[int], set[int], set[int]]:
    """Offsets of tokens that start an item, of minus signs that negate (not subtract), and of
    the `row` starting each row of a grid's values."""
    heads, unary, grid_rows = set(), set(), set()
    for node in tree.iter_subtrees():
        heads.update(_item_starts(node))
        if node.data in ("neg", "signed", "grid_negative") and isinstance(node.children[0], Token):
            unary.add(node.children[0].start_pos)
        if node.data == "grid_row":
            grid_rows.add(node.children[0].start_pos)
    return heads, unary, grid_rows


def rows_by_line(tokens: list[Tok], grid_rows: set[int], unary: set[int]) -> dict[int, list[str]]:
    """The values of each line holding one whole row of a grid's values, by line number."""
    out: dict[int, list[str]] = {}
    line_toks: dict[int, list[Tok]] = {}
    for t in tokens:
        line_toks.setdefault(t.line, []).append(t)
    for number, toks in line_toks.items():
        if toks[0].pos in grid_rows and not any(t.pos in grid_rows for t in toks[1:]) and toks[-1].text != "}":
            cells: list[str] = []
            for prev, t in zip([None] + toks, toks):
                if prev is not None and prev.pos in unary:
                    cells[-1] += t.text
                else:
                    cells.append(t.text)
            out[number] = cells
    return out


def _item_starts(node: Tree):
    """Declarations at the top level, and whatever stands inside `{ }` (but `score`'s expression)."""
    inside, prev = node.data == "start", None
    for child in node.children:
        if child is None:
            continue
        text = str(child) if isinstance(child, Token) else None
        if inside and text not in (",", "}") and prev != "score":
            if isinstance(child, Token):
                yield child.start_pos
            elif not child.meta.empty:
                yield child.meta.start_pos
        inside = inside or text == "{"
        prev = text


# ---- laying out lines --------------------------------------------------------------------

def _gap(prev: Tok, cur: Tok, unary: set[int]) -> str:
    if cur.text in NO_SPACE_BEFORE or prev.text in NO_SPACE_AFTER or prev.pos in unary:
        return ""
    if cur.text == "(" and prev.kind == "NAME":          # a call or a parameter list
        return ""
    if cur.kind == "COUNT" and prev.kind == "INT":       # a grid's size written 6x4
        return ""
    if cur.text == "[" and prev.text == "list" or prev.text == "{" and cur.text == "}":
        return ""
    return " "


def _code(toks: list[Tok], unary: set[int]) -> str:
    out = toks[0].text
    for prev, cur in zip(toks, toks[1:]):
        out += _gap(prev, cur, unary) + cur.text
    return out


def _indent_of(raw: str) -> int:
    return len(raw.expandtabs(INDENT)) - len(raw.expandtabs(INDENT).lstrip(" "))


def _by_line(tokens: list[Tok], comments: list[Tok]) -> dict[int, tuple[list[Tok], str]]:
    rows: dict[int, tuple[list[Tok], str]] = {}
    for t in tokens:
        rows.setdefault(t.line, ([], ""))[0].append(t)
    for c in comments:
        rows[c.line] = (rows.get(c.line, ([], ""))[0], c.text)
    return rows


def _layout(text: str, tokens: list[Tok], comments: list[Tok], heads: set[int], unary: set[int]) -> list[Line]:
    """One Line per source line, indented; comment-only lines are indented afterwards."""
    raw_lines = text.split("\n")
    rows = _by_line(tokens, comments)
    lines: list[Line] = []
    state = _IndentState()
    prev_last = ""
    for number, raw in enumerate(raw_lines, 1):
        toks, comment = rows.get(number, ([], ""))
        if not toks:
            lines.append(Line(comment=comment))
            continue
        indent = state.place(toks, _indent_of(raw), toks[0].pos in heads or prev_last == "{")
        lines.append(Line(indent, _code(toks, unary), comment, toks[0].text, toks[-1].text, number))
        prev_last = toks[-1].text
    _indent_comment_lines(lines)
    return lines


class _IndentState:
    """Braces indent items by block depth; other lines keep their offset from their item's first line."""

    def __init__(self):
        self.depth = 0                                       # open `{`
        self.brackets: list[int] = []                        # indent of the line opening each `(`/`[`
        self.heads: dict[int, tuple[int, int]] = {0: (0, 0)}  # depth -> (old, new) indent of its item

    def place(self, toks: list[Tok], old: int, is_head: bool) -> int:
        first = toks[0].text
        if first == "}":
            new = INDENT * (self.depth - 1)
        elif first in CLOSERS and self.brackets:
            new = self.brackets[-1]
        elif is_head and not self.brackets:
            new = INDENT * self.depth
            self.heads[self.depth] = (old, new)
        else:
            head_old, head_new = self.heads[self.depth]
            new = head_new + max(0, old - head_old)
        self._track(toks, old, new)
        return new

    def _track(self, toks: list[Tok], old: int, new: int) -> None:
        for t in toks:
            if t.text == "{":
                self.depth += 1
                self.heads[self.depth] = (old, new)
            elif t.text == "}":
                self.depth = max(0, self.depth - 1)
            elif t.text in OPENERS:
                self.brackets.append(new)
            elif t.text in CLOSERS and self.brackets:
                self.brackets.pop()


def _line_up_grid_rows(lines: list[Line], rows: dict[int, list[str]]) -> None:
    """Consecutive rows of a grid's values, one per line, are laid out in columns."""
    run: list[tuple[Line, list[str]]] = []
    for line in lines + [Line()]:
        cells = rows.get(line.number) if line.first else None
        if cells is not None and (not run or run[0][0].indent == line.indent):
            run.append((line, cells))
            continue
        columns = max((len(c) for _, c in run), default=0)
        widths = [max(len(c[i]) for _, c in run if i < len(c)) for i in range(columns)]
        for row_line, row_cells in run:
            row_line.code = " ".join(c.ljust(w) for c, w in zip(row_cells, widths)).rstrip()
        run = [(line, cells)] if cells is not None else []


def _indent_comment_lines(lines: list[Line]) -> None:
    """A comment on its own line takes the indent of the next code line (one level in before a closer)."""
    following = None
    for line in reversed(lines):
        if line.first:
            following = line
        elif line.comment:
            if following is None:
                line.indent = 0
            elif following.first == "}" or following.first in CLOSERS:
                line.indent = following.indent + INDENT
            else:
                line.indent = following.indent


def _tidy_blank_lines(lines: list[Line]) -> list[Line]:
    """At most one blank line in a row, none at either end, after a `{` or before a `}`."""
    out: list[Line] = []
    for i, line in enumerate(lines):
        if line.blank:
            after = next((l for l in lines[i + 1:] if not l.blank), None)
            if not out or out[-1].blank or out[-1].last == "{" or after is None or after.first == "}":
                continue
        out.append(line)
    return out


def _join(lines: list[Line]) -> str:
    columns = _comment_columns(lines)
    out = []
    for line, column in zip(lines, columns):
        code = " " * line.indent + line.code if line.code else ""
        if line.comment:
            text = code + " " * (column - len(code)) + line.comment if code else " " * line.indent + line.comment
        else:
            text = code
        out.append(text.rstrip())
    return "\n".join(out) + "\n" if out else ""


def _comment_columns(lines: list[Line]) -> list[int]:
    """Trailing comments on consecutive code lines with the same indent line up."""
    columns = [0] * len(lines)
    i = 0
    while i < len(lines):
        j = i + 1
        if lines[i].code:
            while j < len(lines) and lines[j].code and lines[j].indent == lines[i].indent:
                j += 1
            widths = [lines[k].indent + len(lines[k].code) for k in range(i, j) if lines[k].comment]
            for k in range(i, j):
                columns[k] = max(widths, default=0) + COMMENT_GAP
        i = j
    return columns


# ---- the safety check --------------------------------------------------------------------

def _assert_same_program(after: str, tokens: list[Tok], comments: list[Tok]) -> None:
    """Raise FormatError unless `after` has exactly the original tokens and comments."""
    try:
        tree = token_parser().parse(after)
    except Exception as err:                              # the formatter broke the syntax
        raise FormatError(f"the formatted text does not parse ({type(err).__name__})") from None
    new_tokens = _tokens(tree)
    if [(t.kind, t.text) for t in new_tokens] != [(t.kind, t.text) for t in tokens]:
        raise FormatError("the formatted text has different tokens")
    if [c.text for c in _comments(after, new_tokens)] != [c.text for c in comments]:
        raise FormatError("the formatted text has different comments")


# ---- files -------------------------------------------------------------------------------

MOST_FORMATTED = 1_000     # .rules files formatted in one command, at most (as many as a pack may have)


def files_to_format(paths: list[str]) -> list[Path]:
    """Every .rules file named or under a named directory; ValueError names a bad path."""
    found: dict[Path, None] = {}
    for name in paths:
        if not name.strip():
            raise ValueError("an empty name is no file or directory (name '.' for the current one)")
        path = Path(name)
        if path.is_dir():
            if not os.access(path, os.R_OK | os.X_OK):
                raise ValueError(f"cannot read the directory '{name}' (permission denied)")
            under = []
            for file in path.rglob("*.rules"):
                if file.is_file():          # never a pipe
                    under.append(file)
                    if len(found) + len(under) > MOST_FORMATTED:     # said before walking a whole disk
                        raise ValueError(f"more than {MOST_FORMATTED:,} .rules files are under '{name}' (more than "
                                         "a pack may have): name a pack's folder or files")
            found.update(dict.fromkeys(sorted(under)))
        elif path.is_file() and path.suffix == ".rules":
            found[path] = None
        elif path.exists():
            raise ValueError(f"'{name}' is not a .rules file or a directory")
        elif path.is_symlink():
            raise ValueError(f"'{name}' is a symbolic link that leads to nothing (its target is missing, or it loops)")
        else:
            raise ValueError(f"no such file or directory: '{name}'")
    return list(found)


def short_diff(before: str, after: str, path: str, limit: int = 40) -> str:
    """A unified diff of a formatting change, cut after `limit` lines."""
    lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), f"{path} (now)",
                                      f"{path} (formatted)", n=1, lineterm=""))
    if len(lines) > limit:
        lines = lines[:limit] + [f"... ({len(lines) - limit} more diff lines)"]
    return "\n".join(lines)
