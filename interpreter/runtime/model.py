"""The compiled Rules model (pydantic): a checked pack's declarations, grouped by what they are."""
from __future__ import annotations

import json
from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from dsl import ast as A


class Rules(BaseModel):
    """A whole game, checked and ready to play; `new_game` starts one."""
    model_config = ConfigDict(extra="forbid")

    name: str = Field(description="the game's identifier, from its 'game' declaration")
    title: str
    seats_min: int = 1
    seats_max: int = 1
    source: str = Field("", description="where the pack was loaded from")
    fingerprint: str = Field("", description="hash of the rules text; a save records it")
    mods: list[str] = Field([], description="mod and scenario files applied, in order; a save records them")
    declarations: list[A.AnyDecl] = Field(description="every top-level declaration, variants included")
    warnings: list[str] = []

    _runtime: dict = PrivateAttr(default_factory=dict)
    _diagnostics: list = PrivateAttr(default_factory=list)     # the warnings as Diagnostic objects

    # ---- views
    @property
    def warning_diagnostics(self) -> list:
        """The warnings found when the pack was checked, as diagnostics (file, line, col, code, message)."""
        return list(self._diagnostics)

    def decls(self, category: str) -> list[A.Decl]:
        return [d for d in self.declarations if getattr(d, "decl", None) == category]

    @property
    def variants(self) -> list[str]:
        return [d.name for d in self.decls("variant")]

    def compiled(self, variant: Optional[str] = None):
        """The runtime tables for one variant, built once and cached. `standard` names the
        game without a variant, unless the game declares a variant of that name."""
        if variant == "standard" and variant not in self.variants:
            variant = None
        if variant is not None and variant not in self.variants:
            from dsl import suggest

            from .errors import GameError
            known = ", ".join(self.variants) or "none"
            raise GameError(f"unknown variant '{variant}'{suggest(variant, self.variants)}; this game has: {known}")
        if variant not in self._runtime:
            from .compiler import compile_program
            self._runtime[variant] = compile_program(self, variant)
        return self._runtime[variant]

    def view(self, variant: Optional[str] = None):
        """What a board or report may read of one variant's rules (see runtime.view.RulesView)."""
        return self.compiled(variant).view

    def python_source(self, variant: Optional[str] = None) -> str:
        """The Python one variant's rules are compiled to and run as (for reading; `garrison code`)."""
        return self.compiled(variant).code.source()

    # ---- games
    def new_game(self, seed: int = 0, variant: Optional[str] = None, seats: int = 1):
        from .game import Game
        return Game.start(self, seed=seed, variant=variant, seats=seats)

    def load_game(self, json_text: str, replay_under_new_rules: bool = False):
        """A saved game of these rules, proved by replaying it (see Game.from_json)."""
        from .game import Game
        return Game.from_json(self, json_text, replay_under_new_rules)

    def summary(self) -> dict:
        """Counts for `garrison info`."""
        c = self.compiled(None)
        decks = {d: sum(1 for p in c.pieces if (c.card_deck[p] or c.start[p]) == d) for d in c.decks}
        pieces: dict[str, int] = {}
        for pid in c.pieces:
            if not c.is_card[pid]:
                kind = c.declared_kind[pid]
                pieces[kind] = pieces.get(kind, 0) + 1
        return {"game": self.name, "title": self.title, "decks": decks, "pieces": pieces,
                "spaces": len(c.spaces), "phases": [p.name for p in self.decls("phase")],
                "variants": self.variants, "seats": [self.seats_min, self.seats_max]}


def rules_schema() -> str:
    return json.dumps(Rules.model_json_schema(), indent=2, sort_keys=True) + "\n"
