"""Checks each declaration: kinds and their attributes, spaces, pieces, variables, code with parameters."""
from __future__ import annotations

from .. import ast as A
from ..errors import suggest
from ..limits import MAX_COPIES
from ..types import BOOL, INT, PSEUDO_FIELDS, SPACE, ListType, Named
from .expressions import ExpressionChecks
from .scope import Context, Scope
from .state import CheckState, Pass
from .statements import StatementChecks
from .values import ValueChecks



class DeclarationChecks(Pass):
    """One method per category of declaration; the bodies go to the statement and expression checks."""

    def __init__(self, state: CheckState, exprs: ExpressionChecks, stmts: StatementChecks):
        super().__init__(state)
        self.exprs = exprs
        self.stmts = stmts
        self.values = ValueChecks(state, exprs)

    def check_die(self, d: A.DieDecl) -> None:
        if d.low > d.high:
            self.error(d, f"die '{d.name}' has no faces: {d.low}..{d.high} is empty")

    def check_kind(self, k: A.KindDecl) -> None:
        seen: set[str] = set()
        for f in k.fields:
            if f.name in seen:
                self.error(f, f"field '{f.name}' is declared twice in kind '{k.name}'")
            seen.add(f.name)
            if f.name in PSEUDO_FIELDS:
                self.error(f, f"'{f.name}' is built in for every object; choose another field name")
            if f.default is not None:
                self.exprs.expect(f.default, Scope(), Context(), self.h.fields[k.name][f.name].type,
                                  f"the default of '{f.name}'")
                self.values.expect_fixed(f.default, f"the default of '{f.name}'")
        if k.does is not None:
            self.stmts.block(k.does, Scope(), Context(this=Named(k.name), returns=True))

    def check_attrs(self, decl, kind: str, attrs: list[A.AttrValue]) -> None:
        given = {}
        for a in attrs:
            info = self.h.field(kind, a.name) if self.h.is_kind(kind) else None
            own = any(a.name in self.h.fields.get(k, {}) for k in self.h.ancestors(kind))
            with self.in_file(a.file or self.state.file):      # values a mod changed point into the mod
                if info is None or not own:
                    names = [n for k in self.h.ancestors(kind) for n in self.h.fields.get(k, {})]
                    self.error(a, f"'{kind}' has no attribute '{a.name}'" + suggest(a.name, names))
                    continue
                if a.name in given:
                    self.error(a, f"attribute '{a.name}' is given twice")
                given[a.name] = a
                self.exprs.expect(a.value, Scope(), Context(), info.type, f"attribute '{a.name}'")
                self.values.expect_fixed(a.value, f"attribute '{a.name}'")
        for k in self.h.ancestors(kind):
            kdecl = self.p.by_cat["kind"].get(k)
            if kdecl is None:
                continue
            for f in kdecl.fields:
                if f.default is None and not f.mutable and f.name not in given:
                    self.error(decl, f"'{decl.name}' needs a value for attribute '{f.name}' of kind '{k}'")

    def check_space(self, s: A.SpaceDecl) -> None:
        if s.name in self.p.grid_of:
            return          # checked with its grid
        if s.kind is not None:
            if not self.h.is_kind(s.kind) or self.h.root(s.kind) != "space":
                self.error(s, f"'{s.kind}' is not a kind of space" + suggest(s.kind, [
                    k for k in self.h.parent if self.h.root(k) == "space"]))
                return
            self.used.add(s.kind)
            self.check_attrs(s, s.kind, s.attrs)
        elif s.attrs:
            self.error(s.attrs[0], f"space '{s.name}' has attributes but no kind; write 'space {s.name}: KIND'")

    def check_piece(self, pc: A.PieceDecl) -> None:
        word = "card" if pc.card else "piece"
        if not self.h.is_kind(pc.kind) or pc.kind in ("space", "deck") or self.h.root(pc.kind) not in ("piece", "card"):
            self.error(pc, f"'{pc.kind}' is not a kind of {word}" + suggest(pc.kind, [
                k for k in self.kind_names() if self.h.root(k) in ("piece", "card")]))
            return
        if pc.card and self.h.root(pc.kind) != "card":
            self.error(pc, f"card '{pc.name}' has kind '{pc.kind}', which is not a kind of card")
        self.used.add(pc.kind)
        if pc.count < 1:
            self.error(pc, f"'{pc.name}' must exist at least once (x1 or more)")
        elif pc.count > MAX_COPIES:
            self.error(pc, f"'{pc.name}' has {pc.count} copies; at most {MAX_COPIES} are allowed")
        if pc.deck is not None:
            if pc.deck not in self.p.by_cat["deck"]:
                self.error(pc, f"unknown deck '{pc.deck}'" + suggest(pc.deck, self.p.by_cat["deck"]))
            self.used.add(pc.deck)
        self.check_start(pc)
        self.check_attrs(pc, pc.kind, pc.attrs)
        if pc.does is not None:
            self.stmts.block(pc.does, Scope(), Context(this=Named(pc.name), returns=True))

    def check_start(self, pc: A.PieceDecl) -> None:
        """Where the pieces start: `at SPACE`, else their deck, else the game's home space."""
        start = pc.start or pc.deck or (self.p.game.home if self.p.game else None)
        places = list(self.p.by_cat["space"]) + list(self.p.by_cat["deck"])
        if start is None:
            self.error(pc, f"'{pc.name}' has no starting place: add 'at SPACE', or 'home SPACE' to the game")
        elif start == pc.deck and pc.start is None:
            pass            # its deck, checked above
        elif start not in places:
            where = pc if pc.start else self.p.game
            self.error(where, f"unknown space '{start}'" + suggest(start, places))
        else:
            self.used.add(start)

    def check_var(self, v: A.VarDecl) -> None:
        t = self.globals[v.name]
        self.exprs.expect(v.init, Scope(), Context(), t, f"the starting value of '{v.name}'")
        if (v.low is not None) and t != INT:
            self.error(v, f"only a number variable can have a range; '{v.name}' is {t.describe()}")
        elif v.low is not None and v.low > v.high:
            self.error(v, f"the range {v.low}..{v.high} of '{v.name}' is empty")
        elif v.low is not None and isinstance(v.init, A.IntLit) and not v.low <= v.init.value <= v.high:
            self.error(v.init, f"the starting value {v.init.value} of '{v.name}' is outside its range {v.low}..{v.high}")

    def params_scope(self, params: list[A.Param], domains: bool = False) -> Scope:
        scope = Scope()
        for prm in params:
            t = self.type_of(prm.type)
            if domains:
                if prm.domain is not None:
                    self.exprs.expect(prm.domain, scope, Context(), ListType(t), f"the choices for '{prm.name}'")
                elif not (self.h.is_object(t) or self.h.is_enum(t) or t == BOOL):
                    self.error(prm, f"parameter '{prm.name}' needs its choices: write '{prm.name}: {t} in LIST'")
                if prm.prompt is not None:      # asked before this parameter is chosen: it reads earlier ones only
                    self.exprs.expr(prm.prompt, scope, Context())
            if prm.name in scope.names:
                self.error(prm, f"parameter '{prm.name}' appears twice")
            self.reserved(prm, prm.name)
            scope.names[prm.name] = t
        return scope

    def check_function(self, f: A.FunctionDecl) -> None:
        scope = self.params_scope(f.params)
        self.exprs.expect(f.body, scope, Context(), self.type_of(f.returns), f"the value of '{f.name}'")

    def check_procedure(self, pr: A.ProcedureDecl) -> None:
        result = self.type_of(pr.returns) if pr.returns is not None else None
        self.stmts.block(pr.body, self.params_scope(pr.params).child(),
                         Context(returns=True, result=result, procedure=pr.name))

    def check_action(self, ac: A.ActionDecl) -> None:
        scope = self.params_scope(ac.params, domains=True)
        if ac.requires is not None:
            self.exprs.expect(ac.requires, scope, Context(), BOOL, "the requirement")
        if ac.label is not None:
            self.exprs.expr(ac.label, scope, Context())
        self.stmts.block(ac.body, scope.child(), Context(returns=True))

    def check_modifier(self, m: A.ModifierDecl) -> None:
        self.exprs.effects.check_modifier(m, self.params_scope)

    def check_effect(self, e: A.EffectDecl) -> None:
        self.exprs.effects.check_effect(e, self.params_scope)

    def check_phase(self, ph: A.PhaseDecl) -> None:
        self.stmts.block(ph.body, Scope(), Context(returns=True))

    def check_trigger(self, t) -> None:
        if isinstance(t, A.EntersTrigger):
            scope = Scope({t.piece_var: self.type_of(t.kind), t.space_var: SPACE})
        else:
            if t.var not in self.p.by_cat["var"]:
                self.error(t, f"unknown variable '{t.var}'" + suggest(t.var, self.p.by_cat["var"]))
            self.used.add(t.var)
            scope = Scope()
        if t.cond is not None:
            self.exprs.expect(t.cond, scope, Context(), BOOL, "the trigger condition")
        self.stmts.block(t.body, scope.child(), Context(returns=True))

    def check_play(self, play: A.PlayDecl) -> None:
        self.stmts.block(play.body, Scope(), Context(returns=True))

    def check_result(self, res: A.ResultDecl) -> None:
        self.exprs.expect(res.score, Scope(), Context(), INT, "the score")
        for o in res.outcomes:
            if o.cond is not None:
                self.exprs.expect(o.cond, Scope(), Context(score=True), BOOL, "an outcome condition")

    def check_evaluation(self, ev: A.EvaluateDecl) -> None:
        self.exprs.expect(ev.value, Scope(), Context(), INT, "the evaluation")
