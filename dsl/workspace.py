"""Checks packs from text held in memory (an editor's unsaved files), reparsing only the files, and
within a file only the declarations, that changed."""
from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

from lark import Tree

from . import ast as A
from .index import FileIndex, index_file
from .keywords import DECLARATION, KEYWORDS
from .errors import Diagnostic, SyntaxProblem
from .loader import check_parsed
from .parser import parse_file_tree


@dataclass
class ParsedFile:
    """One file's text read once: its syntax tree and declarations, or the syntax error that stopped it."""
    path: str
    text: str
    tree: Tree | None = None
    decls: list[A.AnyDecl] = field(default_factory=list)
    problem: Diagnostic | None = None
    _index: FileIndex | None = None

    @property
    def index(self) -> FileIndex | None:
        """Where each name of the file is declared and used (None if the file does not parse)."""
        if self._index is None and self.tree is not None:
            self._index = index_file(self.path, self.tree)
        return self._index


# a line that starts, at its first column, with a word that starts a declaration
DECLARATION_LINE = re.compile(r"(?:%s)(?![\w])" % "|".join(k.word for k in KEYWORDS if DECLARATION in k.roles))


def declaration_chunks(text: str) -> list[tuple[int, str]]:
    """The file cut before each line that starts a declaration outside any bracket, as (the line the
    piece starts at, its text). A declaration never goes on past a line starting with a declaration
    word, so if each piece reads on its own, the pieces read as the whole file does."""
    lines = text.split("\n")
    chunks, start, depth = [], 0, 0
    for i, line in enumerate(lines):
        if i > start and depth == 0 and DECLARATION_LINE.match(line):
            chunks.append((start + 1, "\n".join(lines[start:i])))
            start = i
        depth = max(0, depth + _bracket_change(line))
    chunks.append((start + 1, "\n".join(lines[start:])))
    return chunks


def _bracket_change(line: str) -> int:
    """How many more brackets a line opens than it closes, strings and comments left out."""
    change, i = 0, 0
    while i < len(line):
        ch = line[i]
        if ch == "#":
            break
        if ch == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
        elif ch in "{([":
            change += 1
        elif ch in "})]":
            change -= 1
        i += 1
    return change


class Workspace:
    """Parses files by their text and remembers the result, so that checking a pack again after one
    file changed reads only that file, and in it only the declarations whose text or first line
    changed. The checker only fills in what names refer to (the same each time), so parsed
    declarations can be checked any number of times."""

    def __init__(self, capacity: int = 512):
        self.capacity = capacity
        self._parsed: OrderedDict[tuple[str, str], ParsedFile] = OrderedDict()
        self._chunks: OrderedDict[tuple[str, int, str], tuple[Tree, list]] = OrderedDict()

    def parse(self, path: str, text: str) -> ParsedFile:
        key = (path, text)
        found = self._parsed.get(key)
        if found is not None:
            self._parsed.move_to_end(key)
            return found
        parsed = ParsedFile(path, text)
        try:
            parsed.tree, parsed.decls = self._by_declarations(path, text)
        except SyntaxProblem as problem:
            parsed.problem = problem.diagnostic
        except RecursionError:
            parsed.problem = Diagnostic(path, 1, 1, "the file nests too deeply to read")
        self._parsed[key] = parsed
        while len(self._parsed) > self.capacity:
            self._parsed.popitem(last=False)
        return parsed

    def _by_declarations(self, path: str, text: str) -> tuple[Tree, list[A.AnyDecl]]:
        """The file read piece by piece (see `declaration_chunks`), each piece read before reused; if a
        piece does not read on its own, the whole file is read, so a syntax error is reported as
        reading the file would report it."""
        trees, decls = [], []
        try:
            for first, chunk in declaration_chunks(text):
                tree, found = self._chunk(path, first, chunk)
                trees.extend(tree.children)
                decls.extend(found)
        except SyntaxProblem:
            return parse_file_tree(path, text)
        return Tree("start", trees), decls

    def _chunk(self, path: str, first: int, chunk: str) -> tuple[Tree, list[A.AnyDecl]]:
        key = (path, first, chunk)
        found = self._chunks.get(key)
        if found is None:
            found = self._chunks[key] = parse_file_tree(path, "\n" * (first - 1) + chunk)
            while len(self._chunks) > self.capacity * 16:
                self._chunks.popitem(last=False)
        else:
            self._chunks.move_to_end(key)
        return found

    def check(self, files: list[tuple[str, str]], mods: list[list[tuple[str, str]]] = ()) -> list[Diagnostic]:
        """Every error and warning of the pack made of `files` ((path, text) in load order) with the
        mods (each a list of (path, text)) applied in order, as `garrison check` finds them."""
        if not files:
            return []
        decls, diags = self._read(files)
        parsed_mods = [self._read(mod) for mod in mods]
        _, found = check_parsed(decls, diags, parsed_mods)
        return found

    def _read(self, files: list[tuple[str, str]]) -> tuple[list[A.AnyDecl], list[Diagnostic]]:
        decls: list[A.AnyDecl] = []
        diags: list[Diagnostic] = []
        for path, text in files:
            parsed = self.parse(path, text)
            decls.extend(parsed.decls)
            if parsed.problem is not None:
                diags.append(parsed.problem)
        return decls, diags
