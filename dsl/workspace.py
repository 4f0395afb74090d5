"""Checks packs from text held in memory (an editor's unsaved files), reparsing only the files that changed."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from lark import Tree

from . import ast as A
from .index import FileIndex, index_file
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


class Workspace:
    """Parses files by their text and remembers the result, so that checking a pack again after one
    file changed reads only that file. The checker only fills in what names refer to (the same each
    time), so parsed declarations can be checked any number of times."""

    def __init__(self, capacity: int = 512):
        self.capacity = capacity
        self._parsed: OrderedDict[tuple[str, str], ParsedFile] = OrderedDict()

    def parse(self, path: str, text: str) -> ParsedFile:
        key = (path, text)
        found = self._parsed.get(key)
        if found is not None:
            self._parsed.move_to_end(key)
            return found
        parsed = ParsedFile(path, text)
        try:
            parsed.tree, parsed.decls = parse_file_tree(path, text)
        except SyntaxProblem as problem:
            parsed.problem = problem.diagnostic
        except RecursionError:
            parsed.problem = Diagnostic(path, 1, 1, "the file nests too deeply to read")
        self._parsed[key] = parsed
        while len(self._parsed) > self.capacity:
            self._parsed.popitem(last=False)
        return parsed

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
