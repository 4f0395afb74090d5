"""What applications may read of a game's rules: objects, labels, kinds, and the board's layout."""
from __future__ import annotations

from dataclasses import dataclass, field

from dsl import coordinates


@dataclass(frozen=True)
class Cell:
    """A space (or, in the status line, a variable) with the style it is drawn in."""
    space: str
    style: str | None = None
    shows: str | None = None         # an attribute whose value is drawn beside the space's name
    name: str | None = None          # what names the space on the board, when not its label (a grid's `3,2`)


@dataclass(frozen=True)
class Region:
    title: str
    short: str | None
    rows: tuple[tuple[Cell, ...], ...]
    staggered: frozenset[int] | None = None    # a hex grid's rows: those drawn half a space to the right

    @property
    def hexes(self) -> bool:
        return self.staggered is not None

    def shifted(self, index: int) -> bool:
        """Whether the row at `index` (from 0) is drawn half a space to the right."""
        return self.staggered is not None and index in self.staggered

    @property
    def spaces(self) -> list[str]:
        return [cell.space for row in self.rows for cell in row]


@dataclass(frozen=True)
class Layout:
    """How the pack asks its board to be drawn: titled regions of rows, and the variables shown."""
    regions: tuple[Region, ...]
    status: tuple[str, ...]              # variables shown above the board
    track_titles: tuple[str, ...]        # marked tracks shown under them (see Game.layout_tracks)
    value_styles: dict = field(default_factory=dict)    # a grid's space's style by the value it shows


def layout_from(decl, grids: dict, labels: dict) -> Layout | None:
    """The view of a checked `layout` declaration (None when the pack has none)."""
    if decl is None:
        return None
    regions = tuple(grid_region(r, grids[r.grid.name], labels) if r.grid is not None else
                    Region(r.title, r.short, tuple(tuple(Cell(c.space, c.style) for c in row) for row in r.rows))
                    for r in decl.regions)
    return Layout(regions, tuple(c.space for c in decl.show), tuple(t.title for t in decl.tracks),
                  {s.value: s.style for s in decl.styles})


def grid_region(decl, grid, labels: dict) -> Region:
    """A region drawing a grid: its rows of spaces, a hex grid's every second row shifted; a space
    with the label a grid gives is named by its column and row (the region names the grid)."""
    def cell(col: int, row: int) -> Cell:
        space = grid.space(col, row)
        named = coordinates(col, row) if labels[space] == grid.default_label(col, row) else None
        return Cell(space, None, decl.grid.shows, named)
    rows = tuple(tuple(cell(col, row) for col in range(1, grid.cols + 1)) for row in range(1, grid.rows + 1))
    staggered = frozenset(i for i in range(grid.rows) if grid.offset(i + 1)) if grid.shape == "hex" else None
    return Region(decl.title, decl.short, rows, staggered)


class RulesView:
    """A read-only view of one variant's compiled rules, in the terms a board or a report needs."""

    def __init__(self, c, layout_decl, turn_variable: str | None):
        self._c = c
        self.layout = layout_from(layout_decl, c.grids, c.labels)
        self.turn_variable = turn_variable
        self.objects: tuple[str, ...] = tuple(c.objects)
        self.spaces: tuple[str, ...] = tuple(c.spaces)
        self.decks = frozenset(c.decks)
        self.pieces = frozenset(c.pieces)
        self.variables: tuple[str, ...] = tuple(c.vars)
        self.short_names: dict[str, str] = dict(c.short_names)

    def label(self, oid: str) -> str:
        return self._c.labels[oid]

    def has_label(self, name: str) -> bool:
        return name in self._c.labels

    def is_card(self, oid: str) -> bool:
        return bool(self._c.is_card.get(oid))

    def card_deck(self, oid: str) -> str | None:
        """The deck a card belongs to (None for other pieces)."""
        return self._c.card_deck.get(oid)

    def attributes(self, oid: str) -> dict:
        """An object's fixed attributes."""
        return dict(self._c.attrs.get(oid, {}))

    def markers(self, oid: str) -> dict:
        """An object's changeable attributes with their starting values."""
        return dict(self._c.var_defaults.get(oid, {}))

    def values_like(self, value) -> tuple[str, ...]:
        """Every value of the enum that `value` is one of, in order (empty when it is none's)."""
        return next((tuple(values) for values in self._c.enum_values.values() if value in values), ())

    def token_label(self, token: str) -> str:
        return self._c.token_labels.get(token, token)

    def var_range(self, name: str) -> tuple[int | None, int | None]:
        """The bounds a numeric variable is declared with ((None, None) when it has none)."""
        return self._c.vars[name][1:]

    def kinds_of(self, oid: str) -> list[str]:
        """A piece's declaration, then its kinds from the nearest up."""
        return self._c.ancestors(self._c.kind_of(oid))

    @property
    def game_text(self) -> str | None:
        """The pack's own overview of the game, in words (None when it has none)."""
        return self._c.game_text

    def rules_text(self, name: str) -> str | None:
        """What a kind, token, action, space or piece means in play: its own rules text, else (an
        object) that of its nearest kind that has one; None when nothing says."""
        c = self._c
        chain = [name]
        if name in c.labels:
            decl = c.kind_of(name)
            chain = [decl] + c.ancestors(c.object_kind.get(decl, decl))
        return next((c.texts[k] for k in chain if k in c.texts), None)

    def rules_topics(self) -> list[dict]:
        """Every declaration with rules text, as plain data: {"name", "what", "title", "text"}
        (`what`: kind, token, action, space, piece, card or deck)."""
        c = self._c
        return [{"name": name, "what": what, "title": title, "text": c.texts[name]}
                for name, (what, title) in c.text_topics.items()]

    def kind_name(self, oid: str) -> str:
        """The kind a piece's declaration names, or the most particular kind of a space."""
        if oid in self.pieces:
            chain = self.kinds_of(oid)
            return chain[1] if len(chain) > 1 else chain[0]
        chain = self._c.chain.get(oid, frozenset())
        return next((k for k in chain if len(self._c.ancestors(k)) == len(chain)), "space")
