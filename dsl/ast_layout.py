"""Syntax tree nodes of a pack's `layout`: regions of spaces, grids drawn in them, and short names."""
from __future__ import annotations

from typing import Optional

from .ast import Node


class LayoutCell(Node):
    space: str
    style: Optional[str] = None      # a terminal style such as "red" or "bold white on blue"
    shown_while: Optional[Expr] = None   # a shown variable's `while CONDITION` (Expr: resolved in ast.py)


class LayoutGrid(Node):
    """`grid NAME [show ATTR]` in a region: the grid's spaces drawn in its rows (hex rows offset)."""
    name: str
    shows: Optional[str] = None      # an attribute shown beside each space's name


class LayoutRegion(Node):
    title: str
    short: Optional[str] = None      # the title on the compact board
    rows: list[list[LayoutCell]]
    grid: Optional[LayoutGrid] = None      # a region drawing a grid has no rows of its own
    shown_while: Optional[Expr] = None     # `while CONDITION`: drawn only while it holds


class LayoutStyle(Node):
    """`style VALUE "Style"`: the terminal style of a grid's space whose shown attribute has that value."""
    value: str
    style: str


class LayoutShort(Node):
    """`short NAME "Text"`: how an object, or every piece of a kind, is abbreviated on the compact board."""
    name: str
    text: str
