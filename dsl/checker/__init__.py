"""Resolves names and checks types of a whole pack, collecting every error and warning."""
from __future__ import annotations

from .. import ast as A
from ..errors import Diagnostic, suggest
from ..program import Program
from .declarations import DeclarationChecks
from .expressions import ExpressionChecks
from .grids import GridChecks
from .layout import LayoutChecks
from .lints import unreachable_cards, unused_warnings
from .state import CheckState, Pass
from .statements import StatementChecks
from .symbols import SymbolTables

MAX_SEATS = 16          # players one game may have: far more than a solitaire or cooperative game seats

__all__ = ["Checker", "unreachable_cards", "unused_warnings"]


class Checker(Pass):
    """Checks one Program: builds the symbol tables, then checks every declaration in a fixed order."""

    def __init__(self, program: Program):
        super().__init__(CheckState(program))
        self.symbols = SymbolTables(self.state)
        self.exprs = ExpressionChecks(self.state)
        self.stmts = StatementChecks(self.state, self.exprs)
        self.declarations = DeclarationChecks(self.state, self.exprs, self.stmts)
        self.layout = LayoutChecks(self.state, self.exprs)
        self.values = self.declarations.values
        self.grids = GridChecks(self.state, self.exprs)
        d = self.declarations
        self.by_category = {"kind": d.check_kind, "grid": self.grids.check_grid, "space": d.check_space, "piece": d.check_piece, "var": d.check_var,
                            "function": d.check_function, "procedure": d.check_procedure,
                            "action": d.check_action, "phase": d.check_phase,
                            "modifier": d.check_modifier, "effect": d.check_effect}

    @property
    def sought(self) -> set[str]:
        return self.state.sought

    @property
    def referenced(self) -> set[str]:
        return self.state.referenced

    def run(self) -> list[Diagnostic]:
        p, d = self.p, self.declarations
        for dup, first in p.duplicates:
            self.defined_twice(dup.file, dup, dup.name, f"{first.file}:{first.line}:{first.col}")
        self.symbols.declare()
        self.grids.declare()
        self.each(p.by_cat["die"].values(), d.check_die)
        self.each(p.by_cat["enum"].values(), self.values.check_enum)
        self.values.check_consts()
        self.each(p.by_cat["table"].values(), self.values.check_table)
        self.values.check_fixed_cycles()
        for cat, check in self.by_category.items():
            self.each(p.by_cat[cat].values(), check)
        self.each(p.triggers, d.check_trigger)
        self.each(p.plays, d.check_play)
        self.each(p.results, d.check_result)
        self.each(p.evaluations, d.check_evaluation)
        self.only_one(p.evaluations, "a second 'evaluate' declaration")
        self.each(p.layouts, self.layout.check_layout)
        self.only_one(p.layouts, "a second 'layout' declaration")
        self.check_whole_game()
        return self.state.diags

    def each(self, decls, check) -> None:
        for decl in decls:
            self.at(decl)
            check(decl)

    def only_one(self, decls: list, message: str) -> None:
        if len(decls) > 1:
            self.at(decls[1])
            self.error(decls[1], message)

    def check_whole_game(self) -> None:
        p = self.p
        first_file = p.decls[0].file if p.decls else "<pack>"
        anchor = A.Name.at((1, 1), name="")
        if p.game is None:
            self.error_at(first_file, anchor, "the pack has no 'game' declaration")
        if not p.plays:          # reported at the game's declaration: the pack as a whole lacks it
            where, file = (p.game, p.game.file) if p.game is not None else (anchor, first_file)
            whose = f"the game '{p.game.name}'" if p.game is not None else "the pack"
            self.error_at(file, where, f"{whose} has no 'play' block saying how it runs; "
                                       "add 'play { ... }' to one of its files")
        games = list(p.by_cat["game"].values())
        if games:
            first = games[0]
            self.only_one(games, f"a second 'game' declaration (the first is at {first.file}:{first.line}); a pack is one game")
            given = first.seats_min if first.seats_min == first.seats_max else f"{first.seats_min}..{first.seats_max}"
            if not 1 <= first.seats_min <= first.seats_max:
                self.at(first)
                self.error(first, f"'seats {given}' is no number of players: "
                                  "seats go from 1 up (`seats 1`, `seats 1..4`)")
            elif first.seats_max > MAX_SEATS:
                self.at(first)
                self.error(first, f"'seats {given}' is more players than a game may have (at most {MAX_SEATS})")
        if p.game is not None and p.game.turns is not None:
            self.at(p.game)
            if p.game.turns not in p.by_cat["var"]:
                self.error(p.game, f"the turn counter '{p.game.turns}' is not a variable" + suggest(p.game.turns, p.by_cat["var"]))
            self.used.add(p.game.turns)
        if len(p.plays) > 1:
            first = p.plays[0]
            self.only_one(p.plays, f"a second 'play' block (the first is at {first.file}:{first.line})")
        self.only_one(p.results, "a second 'result' block")
