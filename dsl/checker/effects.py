"""Checks lasting effects: modifier and effect declarations, `start`/`stop`, and the effects `active` tests."""
from __future__ import annotations

from .. import ast as A
from ..builtins import BUILTINS
from ..errors import suggest
from ..types import ANY, BOOL, EFFECT, INT
from .scope import Context, Scope
from .state import Pass


class EffectChecks(Pass):
    """What the expression, statement and declaration checks ask about effects and modifiers."""

    def __init__(self, state, exprs):
        super().__init__(state)
        self.exprs = exprs

    @property
    def effects(self) -> dict:
        return self.p.by_cat["effect"]

    @property
    def modifiers(self) -> dict:
        return self.p.by_cat["modifier"]

    # ---- declarations
    def check_modifier(self, m: A.ModifierDecl, params_scope) -> None:
        params_scope(m.params)
        if self.type_of(m.returns) not in (INT, ANY):
            self.error(m.returns, f"a modifier is a number that effects add to: write '-> int', not '-> {m.returns.name}'")

    def check_effect(self, e: A.EffectDecl, params_scope) -> None:
        scope = params_scope(e.params)
        for clause in e.clauses:
            self.check_clause(e, clause, scope)

    def check_clause(self, e: A.EffectDecl, clause: A.EffectClause, effect_scope: Scope) -> None:
        m = self.modifiers.get(clause.modifier)
        if m is None:
            if self.p.find(clause.modifier) is not None:
                found = self.p.find(clause.modifier)[0]
                message = f"'{clause.modifier}' is a {found}, not a modifier; an effect can only add to a modifier"
            else:
                message = f"unknown modifier '{clause.modifier}'"
            self.error(clause, message + suggest(clause.modifier, self.modifiers))
            return
        if len(clause.names) != len(m.params):
            self.error(clause, f"'{m.name}' has {_count(len(m.params), 'parameter')}, "
                               f"but the clause names {len(clause.names)}")
        scope = effect_scope.child()
        with self.in_file(m.file):
            types = [self.type_of(prm.type) for prm in m.params]
        for name, t in zip(clause.names, types):
            self.reserved(clause, name)
            if scope.lookup(name) is not None:
                self.error(clause, f"'{name}' is already a name of the effect '{e.name}'; name the modifier's parameter otherwise")
            scope.names[name] = t
        self.exprs.expect(clause.value, scope, Context(), INT, f"what '{e.name}' adds to '{m.name}'")
        if clause.cond is not None:
            self.exprs.expect(clause.cond, scope, Context(), BOOL, "the clause's condition")

    # ---- the effects statements and `active` name
    def named(self, node, scope: Scope, ctx: Context, verb: str) -> None:
        """`node` names an effect for `verb` (start, stop, active): `name`, `name(args)`, or a value
        of type effect. A name alone may stand for every instance of an effect with parameters,
        except when starting one."""
        name = getattr(node, "name", None) if isinstance(node, A.Name) else getattr(node, "func", None)
        if isinstance(node, A.Name) and scope.lookup(node.name) is None and name in self.effects:
            node.ref = "effect"
            self.used.add(name)
            self.state.referenced.add(name)
            params = self.effects[name].params
            if params and verb == "start":
                self.error(node, f"'{name}' takes {_count(len(params), 'argument')}: write 'start {name}(…)'")
            return
        if isinstance(node, A.Call) and name in self.effects:
            node.ref = "effect"
            self.used.add(name)
            decl = self.effects[name]
            self.exprs.check_args(node, name, decl.params, node.args, scope, ctx, decl)
            return
        if isinstance(node, (A.Name, A.Call)) and not self.known(node, scope):
            self.error(node, f"unknown effect '{name}'" + suggest(name, self.effects))
            for a in getattr(node, "args", ()):
                self.exprs.expr(a, scope, ctx)
            return
        t = self.exprs.expr(node, scope, ctx)
        if t not in (EFFECT, ANY):
            what = f"'{name}'" if name else "this"
            self.error(node, f"{what} is not an effect but {t.describe()}" + (suggest(name, self.effects) if name else ""))

    def known(self, node, scope: Scope) -> bool:
        """Whether a name or call means something other than an effect (a local, a variable, a function)."""
        if isinstance(node, A.Name):
            return scope.lookup(node.name) is not None or node.name in self.globals \
                or self.p.find(node.name) is not None
        return self.p.find(node.func) is not None or node.func in BUILTINS

    def until(self, st: A.StartEffect) -> None:
        if st.until_var is not None:
            if st.until_var not in self.p.by_cat["var"]:
                self.error(st, f"'until {st.until_var} changes' needs a game variable; '{st.until_var}' is not one"
                           + suggest(st.until_var, self.p.by_cat["var"]))
            self.used.add(st.until_var)
        if st.until_phase is not None:
            if st.until_phase not in self.p.by_cat["phase"]:
                self.error(st, f"'until {st.until_phase} ends' needs a phase; '{st.until_phase}' is not one"
                           + suggest(st.until_phase, self.p.by_cat["phase"]))
            self.used.add(st.until_phase)

    # ---- calls of a modifier, and effects named where a value is wanted
    def modifier_call(self, node: A.Call, scope: Scope, ctx: Context):
        m = self.modifiers[node.func]
        node.ref = "modifier"
        self.used.add(node.func)
        self.exprs.check_args(node, node.func, m.params, node.args, scope, ctx, m)
        return INT

    def misused(self, name: str) -> str | None:
        """Why a modifier or an effect cannot stand where a plain value is wanted, or None."""
        if name in self.modifiers:
            return f"'{name}' is a modifier: ask for its value with '{name}(…)'"
        if name in self.effects:
            return (f"'{name}' is an effect with parameters: test an instance with 'active({name}(…))'"
                    if self.effects[name].params else None)
        return None


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"

