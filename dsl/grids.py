"""Grids of spaces: the spaces a `grid` declaration stands for, and its shape as the runtime keeps it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import geometry

if TYPE_CHECKING:          # running a compiled game reads grids without the syntax tree
    from . import ast as A

MAX_GRID_SPACES = 2500          # spaces in one grid: a large hex wargame map, still quick to search
COORDINATES = ("col", "row")    # the fields every space of a grid has


@dataclass(frozen=True)
class Grid:
    """A grid's name, shape and size: what the builtins and the board need to know of it."""
    name: str
    shape: str              # geometry.HEX or geometry.SQUARE
    cols: int
    rows: int
    title: str = ""         # the grid's label, which its spaces' labels start with unless given their own

    def space(self, col: int, row: int) -> str | None:
        """The space at (col, row), or None off the grid."""
        if 1 <= col <= self.cols and 1 <= row <= self.rows:
            return space_id(self.name, col, row)
        return None

    def cells(self) -> list[tuple[int, int]]:
        """Every (col, row) in reading order: row by row, left to right."""
        return [(col, row) for row in range(1, self.rows + 1) for col in range(1, self.cols + 1)]

    def offset(self, row: int) -> bool:
        """Whether the row is drawn half a space to the right of the first."""
        return self.shape == geometry.HEX and geometry.shifted(row)


    def default_label(self, col: int, row: int) -> str:
        return f"{self.title} {coordinates(col, row)}"


def space_id(grid: str, col: int, row: int) -> str:
    return f"{grid}_{col}_{row}"


def coordinates(col: int, row: int) -> str:
    """How a grid space's place reads: `3,2` for column 3, row 2."""
    return f"{col},{row}"


def grid_of(decl: A.GridDecl) -> Grid:
    return Grid(decl.name, decl.shape, decl.cols, decl.rows, decl.label or decl.name)


def sized(decl: A.GridDecl) -> bool:
    """Whether the grid has a size its spaces can be made for (the checker reports any other)."""
    return decl.cols >= 1 and decl.rows >= 1 and decl.cols * decl.rows <= MAX_GRID_SPACES


def grid_spaces(decl: A.GridDecl) -> list[A.SpaceDecl]:
    """The spaces of a grid as if declared one by one, each with its values from the grid's
    attribute blocks (a value missing from a block of the wrong shape is left out)."""
    from . import ast as A
    if not sized(decl):
        return []
    spaces, grid = [], grid_of(decl)
    for col, row in grid.cells():
        attrs, label = [], None
        for block in decl.attrs:
            value = _value_at(block, col, row)
            if value is None:
                continue
            if block.name == "label":
                label = "".join(p for p in value.parts if isinstance(p, str)) if isinstance(value, A.Text) else None
            else:
                attrs.append(A.AttrValue.at((value.line, value.col), name=block.name, value=value))
        spaces.append(A.SpaceDecl.at((decl.line, decl.col), file=decl.file, name=space_id(decl.name, col, row),
                                     label=label or grid.default_label(col, row), kind=decl.kind,
                                     attrs=attrs))
    return spaces


def _value_at(block: A.GridAttr, col: int, row: int):
    if row <= len(block.rows) and col <= len(block.rows[row - 1].values):
        return block.rows[row - 1].values[col - 1]
    return None
