"""Checks grid declarations: the kind of their spaces, their size, and their attribute blocks."""
from __future__ import annotations

from .. import ast as A
from ..errors import suggest
from ..grids import COORDINATES, MAX_GRID_SPACES
from ..types import INT, TEXT, FieldInfo
from .expressions import ExpressionChecks
from .scope import Context, Scope
from .state import CheckState, Pass


class GridChecks(Pass):
    """A grid's spaces are checked once, through the grid, instead of one by one."""

    def __init__(self, state: CheckState, exprs: ExpressionChecks):
        super().__init__(state)
        self.exprs = exprs

    def is_space_kind(self, kind: str) -> bool:
        return self.h.is_kind(kind) and self.h.root(kind) == "space"

    def declare(self) -> None:
        """Every space of a grid has its column and row: fields of the kind of its spaces."""
        for grid in self.p.by_cat["grid"].values():
            if self.is_space_kind(grid.kind):
                fields = self.h.fields.setdefault(grid.kind, {})
                for name in COORDINATES:
                    fields.setdefault(name, FieldInfo(INT, False))

    def check_grid(self, grid: A.GridDecl) -> None:
        self.used.add(grid.name)
        if not self.is_space_kind(grid.kind):
            spaces = [k for k in self.kind_names() if self.h.root(k) == "space" and k != "deck"]
            what = "not a kind of space" if self.h.is_kind(grid.kind) else "an unknown kind"
            self.error(grid, f"'{grid.kind}' is {what}; a grid's spaces need a kind of space" + suggest(grid.kind, spaces))
            return
        self.used.add(grid.kind)
        own = self.p.by_cat["kind"].get(grid.kind)
        for f in own.fields if own is not None else []:
            if f.name in COORDINATES:
                with self.in_file(own.file):
                    self.error(f, f"'{f.name}' is given by the grid '{grid.name}' to each of its spaces; "
                                  "choose another field name")
        if grid.cols < 1 or grid.rows < 1:
            self.error(grid, f"grid '{grid.name}' has no spaces: it needs at least 1 column and 1 row, "
                             f"not {grid.cols} x {grid.rows}")
        elif grid.cols * grid.rows > MAX_GRID_SPACES:
            self.error(grid, f"grid '{grid.name}' would have {grid.cols * grid.rows} spaces; "
                             f"a grid has at most {MAX_GRID_SPACES}")
        given: set[str] = set()
        for block in grid.attrs:
            self.check_block(grid, block, given)
        self.check_required(grid, given)

    def check_block(self, grid: A.GridDecl, block: A.GridAttr, given: set[str]) -> None:
        if block.name in given:
            self.error(block, f"attribute '{block.name}' is given twice")
        given.add(block.name)
        info = FieldInfo(TEXT, False) if block.name == "label" else self.h.field(grid.kind, block.name)
        owned = block.name == "label" or any(block.name in self.h.fields.get(k, {}) for k in self.h.ancestors(grid.kind))
        if info is None or not owned or block.name in COORDINATES:
            names = ["label"] + [n for k in self.h.ancestors(grid.kind) for n in self.h.fields.get(k, {})
                                 if n not in COORDINATES]
            self.error(block, f"'{grid.kind}' has no attribute '{block.name}'" + suggest(block.name, names))
            return
        if len(block.rows) != grid.rows:
            self.error(block, f"'{block.name}' gives {len(block.rows)} row{'s' if len(block.rows) != 1 else ''} "
                              f"of values; grid '{grid.name}' has {grid.rows}")
        for row in block.rows:
            if len(row.values) != grid.cols:
                self.error(row, f"this row of '{block.name}' has {len(row.values)} value"
                                f"{'s' if len(row.values) != 1 else ''}; grid '{grid.name}' has {grid.cols} columns")
            for value in row.values:
                self.exprs.expect(value, Scope(), Context(), info.type, f"attribute '{block.name}'")
                if isinstance(value, A.Text) and not all(isinstance(p, str) for p in value.parts):
                    self.error(value, "a grid's values are fixed: write the text without '{…}'")

    def check_required(self, grid: A.GridDecl, given: set[str]) -> None:
        for k in self.h.ancestors(grid.kind):
            kdecl = self.p.by_cat["kind"].get(k)
            for f in kdecl.fields if kdecl is not None else []:
                if f.default is None and not f.mutable and f.name not in given and f.name not in COORDINATES:
                    self.error(grid, f"the spaces of grid '{grid.name}' need a value for attribute '{f.name}' "
                                     f"of kind '{k}': add '{f.name} {{ row … }}'")
