"""The declarations of one game, base plus an active variant, indexed by category and name."""
from __future__ import annotations

from . import ast as A
from .grids import grid_spaces
from .types import ROOT_PARENTS


class Program:
    """The declarations of one game (base plus an active variant), indexed by name."""

    CATEGORIES = ("game", "enum", "die", "token", "kind", "space", "deck", "piece", "var",
                  "function", "procedure", "action", "phase", "variant", "tally", "const", "table", "grid",
                  "modifier", "effect")

    def __init__(self, decls: list[A.AnyDecl], variant: str | None = None):
        self.decls = decls
        self.variant = variant
        self.by_cat: dict[str, dict[str, A.Decl]] = {c: {} for c in self.CATEGORIES}
        self.triggers: list[A.Decl] = []
        self.plays: list[A.PlayDecl] = []
        self.results: list[A.ResultDecl] = []
        self.evaluations: list[A.EvaluateDecl] = []
        self.layouts: list[A.LayoutDecl] = []
        self.duplicates: list[tuple[A.Decl, A.Decl]] = []
        self.variants: dict[str, A.VariantDecl] = {}
        self.grid_of: dict[str, A.GridDecl] = {}      # each space a grid stands for -> its grid
        base = [d for d in decls if not isinstance(d, A.VariantDecl)]
        for d in decls:
            if isinstance(d, A.VariantDecl):
                if d.name in self.variants:
                    self.duplicates.append((d, self.variants[d.name]))
                self.variants[d.name] = d
        self._index(base, replace=False)
        if variant is not None and variant in self.variants:
            self._index(self.variants[variant].decls, replace=True)

    def _index(self, decls, replace: bool) -> None:
        for d in decls:
            if isinstance(d, (A.EntersTrigger, A.ChangesTrigger)):
                self.triggers.append(d)
            elif isinstance(d, A.PlayDecl):
                self.plays = [d] if replace else self.plays + [d]
            elif isinstance(d, A.ResultDecl):
                self.results = [d] if replace else self.results + [d]
            elif isinstance(d, A.EvaluateDecl):
                self.evaluations = [d] if replace else self.evaluations + [d]
            elif isinstance(d, A.LayoutDecl):
                self.layouts = [d] if replace else self.layouts + [d]
            elif isinstance(d, A.VariantDecl):
                continue
            else:
                cat = d.decl
                existing = self.find(d.name)
                if existing is not None and not (replace and existing[0] == cat):
                    if existing[1] is not d:
                        self.duplicates.append((d, existing[1]))
                    continue
                self.by_cat[cat][d.name] = d
                if cat == "grid":
                    self._index_grid(d, existing[1] if existing is not None else None)

    def _index_grid(self, grid: A.GridDecl, replaced: A.GridDecl | None) -> None:
        """A grid's spaces are declared with it (a variant's new version of a grid replaces them)."""
        for name, owner in list(self.grid_of.items()):
            if owner is replaced and replaced is not None:
                del self.grid_of[name], self.by_cat["space"][name]
        for space in grid_spaces(grid):
            if self.find(space.name) is None:
                self.grid_of[space.name] = grid
            self._index([space], replace=False)

    def kind_parents(self) -> dict[str, str]:
        """Each kind's parent, and each piece declaration's kind (a declaration is a kind of its own)."""
        parents = dict(ROOT_PARENTS)
        parents.update({k.name: k.parent for k in self.by_cat["kind"].values()})
        parents.update({pc.name: pc.kind for pc in self.by_cat["piece"].values()})
        return parents

    def find(self, name: str) -> tuple[str, A.Decl] | None:
        for cat, table in self.by_cat.items():
            if name in table:
                return cat, table[name]
        return None

    @property
    def game(self) -> A.GameDecl | None:
        return next(iter(self.by_cat["game"].values()), None)
