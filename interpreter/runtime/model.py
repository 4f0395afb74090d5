"""Rules: a checked pack ready to play, its variants compiled on first use (or read from the cache)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional


class Rules:
    """A whole game, checked and ready to play; `new_game` starts one."""

    def __init__(self, *, name: str, title: str, seats_min: int, seats_max: int, source: str, fingerprint: str,
                 mods: list[str], warnings: list[str], variants: list[str], variant_titles: dict | None = None,
                 declarations=None, diagnostics=(), cache=None):
        self.name, self.title = name, title               # the game's identifier and title
        self.seats_min, self.seats_max = seats_min, seats_max
        self.source = source                              # where the pack was loaded from
        self.fingerprint = fingerprint                    # hash of the rules text; a save records it
        self.mods = mods                                  # mod and scenario files applied, in order
        self.warnings = warnings                          # the warnings found when the pack was checked
        self.variants = variants
        self.variant_titles = variant_titles or {v: v for v in variants}     # each variant's name as its pack writes it
        self._declarations = declarations                 # read again from the files when a cached pack needs them
        self._diagnostics = list(diagnostics)
        self._cache = cache                               # where compiled variants are kept between processes
        self._runtime: dict = {}

    # ---- views
    @property
    def declarations(self) -> list:
        """Every top-level declaration, variants included."""
        if self._declarations is None:
            from dsl import load_pack
            self._declarations = load_pack(Path(self.source), extra=[Path(m) for m in self.mods])[0]
        return self._declarations

    @property
    def warning_diagnostics(self) -> list:
        """The warnings found when the pack was checked, as diagnostics (file, line, col, code, message)."""
        return list(self._diagnostics)

    def document(self):
        """The rules as a JSON document (see `garrison schema`)."""
        from .document import RulesDocument
        return RulesDocument.model_construct(
            name=self.name, title=self.title, seats_min=self.seats_min, seats_max=self.seats_max, source=self.source,
            fingerprint=self.fingerprint, mods=self.mods, declarations=self.declarations, warnings=self.warnings)

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
            compiled = self._cache.compiled(variant) if self._cache is not None else None
            if compiled is None:
                from .compiler import compile_program
                compiled = compile_program(self, variant)
                if self._cache is not None:
                    self._cache.keep_compiled(variant, compiled)
            self._runtime[variant] = compiled
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

    def compile_variants(self) -> None:
        """Compile every variant as the base game is when loaded (a variant's constants are worked
        out then): RulesError for one whose fixed values cannot be worked out."""
        from dsl import RulesError

        from .errors import CompileProblem
        for variant in self.variants:
            try:
                self.compiled(variant)
            except CompileProblem as problem:
                raise RulesError([problem.diagnostic]) from None

    def load_game(self, json_text: str, replay_under_new_rules: bool = False):
        """A saved game of these rules, proved by replaying it (see Game.from_json)."""
        from .game import Game
        return Game.from_json(self, json_text, replay_under_new_rules)

    def summary(self) -> dict:
        """Counts for `garrison info`, with the pack's overview and rules text."""
        c = self.compiled(None)
        decks = {d: sum(1 for p in c.pieces if (c.card_deck[p] or c.start[p]) == d) for d in c.decks}
        pieces: dict[str, int] = {}
        for pid in c.pieces:
            if not c.is_card[pid]:
                kind = c.declared_kind[pid]
                pieces[kind] = pieces.get(kind, 0) + 1
        return {"game": self.name, "title": self.title, "decks": decks, "pieces": pieces,
                "spaces": len(c.spaces), "phases": list(c.phases), "variants": self.variants,
                "seats": [self.seats_min, self.seats_max], "search_budget": c.search_budget,
                "look_past_ties": c.look_past_ties, "overview": c.game_text,
                "rules_text": c.view.rules_topics()}


def rules_schema() -> str:
    from .document import rules_schema as schema
    return schema()
