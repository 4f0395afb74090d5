"""Checks the layout declaration: regions of spaces with styles, tracks, variables shown, short names, styles by value."""
from __future__ import annotations

from .. import ast as A
from ..errors import suggest
from ..styles import valid_style
from ..types import BOOL, INT
from .expressions import ExpressionChecks
from .scope import Context, Scope
from .state import CheckState, Pass

SHORT_NAME_CHARS = 12     # the longest abbreviation the compact board allows


class LayoutChecks(Pass):
    """How the board is drawn names spaces, variables, kinds and fields the game must have."""

    def __init__(self, state: CheckState, exprs: ExpressionChecks):
        super().__init__(state)
        self.exprs = exprs

    def check_layout(self, layout: A.LayoutDecl) -> None:
        places = list(self.p.by_cat["space"]) + list(self.p.by_cat["deck"])
        seen: dict[str, A.LayoutCell] = {}
        for region in layout.regions:
            if region.grid is not None:
                self.check_grid(region.grid, seen)
            for row in region.rows:
                for cell in row:
                    if cell.space not in places:
                        self.error(cell, f"unknown space '{cell.space}'" + suggest(cell.space, places))
                    elif cell.space in seen:
                        self.error(cell, f"'{cell.space}' is already placed (line {seen[cell.space].line})")
                    seen[cell.space] = cell
                    self.used.add(cell.space)
                    if cell.style is not None:
                        self.check_style(cell, cell.style)
        for track in layout.tracks:
            self.exprs.expect_list(track.values, Scope(), Context(), "track")
            self.exprs.expect(track.position, Scope(), Context(), INT, "the track's marked position")
        self.check_shorts(layout)
        self.check_value_styles(layout)
        for cell in layout.show:
            if cell.space not in self.p.by_cat["var"]:
                self.error(cell, f"unknown variable '{cell.space}'" + suggest(cell.space, self.p.by_cat["var"]))
            self.used.add(cell.space)
        conditions = {id(x.shown_while): x.shown_while for x in layout.show + layout.regions if x.shown_while is not None}
        for condition in conditions.values():
            self.exprs.expect(condition, Scope(), Context(), BOOL, "the condition after 'while'")

    def check_grid(self, item: A.LayoutGrid, seen: dict[str, A.LayoutCell]) -> None:
        """A region drawing a grid places every space of it."""
        grids = self.p.by_cat["grid"]
        grid = grids.get(item.name)
        if grid is None:
            self.error(item, f"unknown grid '{item.name}'" + suggest(item.name, grids))
            return
        self.used.add(item.name)
        spaces = [name for name, owner in self.p.grid_of.items() if owner is grid]
        placed = next((seen[name] for name in spaces if name in seen), None)
        if placed is not None:
            self.error(item, f"grid '{item.name}' is already placed (line {placed.line})")
        seen.update({name: A.LayoutCell.at((item.line, item.col), space=name) for name in spaces})
        if item.shows is not None and self.h.is_kind(grid.kind) and self.h.field(grid.kind, item.shows) is None:
            names = [n for k in self.h.ancestors(grid.kind) for n in self.h.fields.get(k, {})]
            self.error(item, f"'{grid.kind}' has no attribute '{item.shows}' to show" + suggest(item.shows, names))

    def check_value_styles(self, layout: A.LayoutDecl) -> None:
        """`style VALUE "Style"` names a value that a grid's shown attribute can have, once."""
        shown = {}
        for region in layout.regions:
            if region.grid is None or region.grid.shows is None:
                continue
            grid = self.p.by_cat["grid"].get(region.grid.name)
            info = self.h.field(grid.kind, region.grid.shows) if grid is not None and self.h.is_kind(grid.kind) else None
            if info is not None and self.h.is_enum(info.type):
                shown.update(dict.fromkeys(self.h.enums[info.type.name]))
        seen: dict[str, A.LayoutStyle] = {}
        for item in layout.styles:
            if item.value not in shown:
                where = "no grid in the layout shows an attribute with values" if not shown else \
                    "a grid's shown attribute has no such value"
                self.error(item, f"unknown value '{item.value}': {where}" + suggest(item.value, list(shown)))
            elif item.value in seen:
                self.error(item, f"'{item.value}' already has a style (line {seen[item.value].line})")
            seen[item.value] = item
            self.check_style(item, item.style)

    def check_style(self, node: A.Node, style: str) -> None:
        if not valid_style(style):
            self.error(node, f"'{style}' is not a terminal style (try \"red\", \"bold\", \"white on blue\")")

    def check_shorts(self, layout: A.LayoutDecl) -> None:
        fields = [f.name for k in self.p.by_cat["kind"].values() for f in k.fields]
        names = [n for cat in ("space", "deck", "piece", "token") for n in self.p.by_cat[cat]] + self.kind_names() + fields
        names += [v for values in self.h.enums.values() for v in values]     # a value a grid's cells show
        seen: dict[str, A.LayoutShort] = {}
        for short in layout.shorts:
            if short.name not in names:
                self.error(short, f"unknown object, kind or field '{short.name}'" + suggest(short.name, names))
            elif short.name in seen:
                self.error(short, f"'{short.name}' already has a short name (line {seen[short.name].line})")
            seen[short.name] = short
            if not short.text.strip() or len(short.text) > SHORT_NAME_CHARS:
                self.error(short, f"a short name has 1 to {SHORT_NAME_CHARS} characters; '{short.text}' has {len(short.text)}")
        for region in layout.regions:
            if region.short is not None and not 0 < len(region.short) <= SHORT_NAME_CHARS:
                self.error(region, f"a region's short title has 1 to {SHORT_NAME_CHARS} characters")
