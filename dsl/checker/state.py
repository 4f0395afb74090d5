"""What the checker's passes share: the program, its symbol tables, the names used, the diagnostics."""
from __future__ import annotations

from contextlib import contextmanager

from .. import ast as A
from ..errors import Diagnostic, suggest
from ..keywords import RESERVED
from ..program import Program
from ..types import ANY, ROOTS, Hierarchy, ListType, Named, Type

BASIC_TYPE_NAMES = ("int", "bool", "text", "kind", "token", "effect")   # the types a declaration names besides kinds and enums


class CheckState:
    """The tables one check of a Program builds and reads; `diags` collects errors and warnings."""

    def __init__(self, program: Program):
        self.program = program
        self.h = Hierarchy()
        self.globals: dict[str, Type] = {}     # name -> type, for names usable as values
        self.name_refs: dict[str, str] = {}    # name -> what it refers to ("var", "object", ...)
        self.used: set[str] = set()            # declarations something refers to
        self.sought: set[str] = set()          # kinds looked up with objects() or take()
        self.referenced: set[str] = set()      # global names that code (not declarations) mentions
        self.diags: list[Diagnostic] = []
        self.file = ""                         # the file of the declaration being checked


class Pass:
    """A part of the checker: reads and fills the shared CheckState, reports through it."""

    def __init__(self, state: CheckState):
        self.state = state
        self.p = state.program
        self.h = state.h
        self.globals = state.globals
        self.name_refs = state.name_refs
        self.used = state.used

    # ---- reporting
    def error(self, node, message: str) -> None:
        self.error_at(self.state.file, node, message)

    def error_at(self, file: str, node, message: str) -> None:
        self.state.diags.append(Diagnostic(file, node.line, node.col, message))

    def defined_twice(self, file: str, node, name: str, first_at: str) -> None:
        """`name` at `node` (in `file`) is also declared at `first_at` ("file:line:col"), before it."""
        self.error_at(file, node, f"'{name}' is defined twice (first at {first_at})")

    def warn(self, node, code: str, message: str) -> None:
        self.state.diags.append(Diagnostic(self.state.file, node.line, node.col, message, "warning", code))

    def at(self, decl: A.Decl) -> None:
        """Report what follows in the file of `decl`."""
        self.state.file = decl.file

    @contextmanager
    def in_file(self, file: str):
        """Report in `file` for a while, e.g. a parameter type of a function declared elsewhere."""
        saved, self.state.file = self.state.file, file
        try:
            yield
        finally:
            self.state.file = saved

    # ---- names every pass resolves
    def reserved(self, node, name: str) -> None:
        if name in RESERVED:
            self.error(node, f"'{name}' is a reserved word of the language and cannot name anything")

    def kind_names(self) -> list[str]:
        return list(ROOTS) + list(self.h.parent)

    def type_of(self, t: A.TypeRef) -> Type:
        if t.name == "list":
            return ListType(self.type_of(t.item))
        if t.name in BASIC_TYPE_NAMES or t.name in self.h.enums or self.h.is_kind(t.name):
            if self.h.is_kind(t.name):
                self.used.add(t.name)
            return Named(t.name)
        known = list(BASIC_TYPE_NAMES) + list(self.h.enums) + self.kind_names()
        self.error(t, f"unknown type '{t.name}'" + suggest(t.name, known))
        return ANY

    def token_ref(self, node, name: str) -> None:
        if name not in self.p.by_cat["token"]:
            self.error(node, f"unknown token '{name}'" + suggest(name, self.p.by_cat["token"]))
        self.used.add(name)
