"""Checks statements: the names they use, the types of their parts, where break, continue and return may stand."""
from __future__ import annotations

from .. import ast as A
from ..builtins import BUILTINS
from ..errors import suggest
from ..types import ANY, BOOL, INT, NONE, TOKEN, ListType, Type, item_of
from .expressions import ExpressionChecks
from .lints import unchecked_draws
from .scope import Context, Scope
from .state import CheckState, Pass


class StatementChecks(Pass):
    """One method per statement, found through CHECKS; blocks also warn about dead code (W002)."""

    def __init__(self, state: CheckState, exprs: ExpressionChecks):
        super().__init__(state)
        self.exprs = exprs

    def block(self, stmts: list, scope: Scope, ctx: Context) -> None:
        for node, message in unchecked_draws(stmts, self.p.by_cat["function"]):
            self.warn(node, "W005", message)
        dead = False
        for st in stmts:
            if dead:
                self.warn(st, "W002", "this statement can never run")
                dead = False
            self.stmt(st, scope, ctx)
            if isinstance(st, (A.Break, A.Continue, A.Return, A.EndGame)):
                dead = True

    def loop_body(self, stmts, scope, ctx) -> None:
        inner = Context(ctx.this, ctx.loops + 1, ctx.returns, ctx.score, ctx.result, ctx.procedure)
        self.block(stmts, scope.child(), inner)

    def stmt(self, st, scope: Scope, ctx: Context) -> None:
        self.CHECKS[type(st)](self, st, scope, ctx)

    def declare_local(self, scope: Scope, name: str, t: Type, node) -> None:
        """Blocks share their procedure's variables at run time, so a nested block may not
        declare a name an enclosing block already uses."""
        if name not in scope.names and scope.outer_type(name) is not None:
            self.error(node, f"'{name}' is already a variable of an enclosing block; "
                             f"blocks share their procedure's variables, so use another name")
        scope.names[name] = t

    def stmt_let(self, st: A.Let, scope, ctx):
        self.reserved(st, st.name)
        given = self.procedure_value(st.value, scope, ctx)
        if given is not None:
            t = self.type_of(st.type) if st.type is not None else given
            if not self.h.accepts(t, given):
                self.error(st.value, f"the value of '{st.name}' should be {t.describe()}, but this is {given.describe()}")
        elif st.type is not None:
            t = self.type_of(st.type)
            self.exprs.expect(st.value, scope, ctx, t, f"the value of '{st.name}'")
        else:
            t = self.exprs.expr(st.value, scope, ctx)
            if t == NONE:
                t = ANY      # `let x = none` is filled in later
        if st.name in self.globals and self.name_refs.get(st.name) != "var":
            self.warn(st, "W003", f"local '{st.name}' hides the {self.name_refs[st.name]} of that name")
        self.declare_local(scope, st.name, t, st)

    def stmt_set(self, st: A.Set, scope, ctx):
        target = st.target
        if isinstance(target, A.Name):
            t = scope.lookup(target.name)
            if t is None:
                if self.name_refs.get(target.name) == "var":
                    t = self.globals[target.name]
                    self.used.add(target.name)
                    target.ref = "var"
                elif target.name in self.globals:
                    what = self.name_refs[target.name]
                    article = "an" if what[0] in "aeiou" else "a"
                    self.error(target, f"cannot set '{target.name}': it is {article} {what}, not a variable")
                    return
                else:
                    self.error(target, f"unknown variable '{target.name}'" + suggest(target.name, scope.all_names() + list(self.p.by_cat["var"])))
                    return
            else:
                target.ref = "local"
        elif isinstance(target, A.FieldRef):
            obj_t = self.exprs.expr(target.obj, scope, ctx)
            info = self.h.field(obj_t.name, target.name) if self.h.is_object(obj_t) else None
            if info is None:
                self.exprs.field_error(target, obj_t)
                return
            if not info.mutable:
                self.error(target, f"cannot set '{target.name}': it is a fixed attribute; declare it with 'var' in its kind to change it")
                return
            t = info.type
        else:
            self.error(target, "only a variable or an object's field can be set")
            return
        given = self.procedure_value(st.value, scope, ctx)
        if given is not None and (st.op != "=" or isinstance(target, A.FieldRef)):
            self.error(st.value, "a procedure's value can only be given whole to a name: "
                                 "'let x = proc(...)' or 'set x = proc(...)'")
        elif given is not None:
            if not self.h.accepts(t, given):
                self.error(st.value, f"the new value should be {t.describe()}, but this is {given.describe()}")
        elif st.op != "=":
            self.exprs.expect(st.value, scope, ctx, INT, f"'{st.op}'")
            if t not in (INT, ANY):
                self.error(st, f"'{st.op}' needs a number, but this is {t.describe()}")
        else:
            self.exprs.expect(st.value, scope, ctx, t, "the new value")

    def stmt_move(self, st: A.Move, scope, ctx):
        t = self.exprs.expr(st.what, scope, ctx)
        item = item_of(t) or t
        if not (self.h.is_object(item) and self.h.root(item.name) in ("piece", "card")) and item not in (ANY, NONE):
            self.error(st.what, f"only pieces can be moved, not {t.describe()}")
        self.exprs.expect_space(st.dest, scope, ctx)

    def stmt_insert(self, st: A.Insert, scope, ctx):
        t = self.exprs.expr(st.what, scope, ctx)
        item = item_of(t) or t
        if not (self.h.is_object(item) or item in (ANY, NONE)):
            self.error(st.what, f"only pieces or cards can be inserted, not {t.describe()}")
        self.exprs.expect_space(st.into, scope, ctx)

    def stmt_shuffle(self, st: A.Shuffle, scope, ctx):
        if st.into is None:
            self.exprs.expect_space(st.target, scope, ctx)
            return
        t = self.exprs.expr(st.target, scope, ctx)
        item = item_of(t) or t
        if not (self.h.is_object(item) or item in (ANY, NONE)):
            self.error(st.target, f"only pieces or cards can be shuffled in, not {t.describe()}")
        self.exprs.expect_space(st.into, scope, ctx)
        if st.among_bottom is not None:
            self.exprs.expect(st.among_bottom, scope, ctx, INT, "the number of bottom cards")

    def stmt_add(self, st: A.AddTokens, scope, ctx):
        if scope.lookup(st.token) == TOKEN:
            st.token_is_local = True          # a parameter or local holding a token
        else:
            self.token_ref(st, st.token)
        if st.count is not None:
            self.exprs.expect(st.count, scope, ctx, INT, "the number of tokens")
        self.exprs.expect_object(st.target, scope, ctx)

    def stmt_if(self, st: A.If, scope, ctx):
        for br in st.branches:
            self.exprs.expect(br.cond, scope, ctx, BOOL, "the condition")
            inner = scope.child()
            self.exprs.narrow(br.cond, inner, scope)
            self.block(br.body, inner, ctx)
        if st.other is not None:
            self.block(st.other, scope.child(), ctx)

    def stmt_for(self, st: A.For, scope, ctx):
        t = self.exprs.expr(st.source, scope, ctx)
        item = item_of(t)
        if item is None and t != ANY:
            self.error(st.source, f"'for' needs a list, found {t.describe()}")
        inner = scope.child()
        self.declare_local(inner, st.var, item or ANY, st)
        self.loop_body(st.body, inner, ctx)

    def stmt_repeat(self, st: A.Repeat, scope, ctx):
        self.exprs.expect(st.count, scope, ctx, INT, "the repeat count")
        self.loop_body(st.body, scope, ctx)

    def stmt_while(self, st: A.While, scope, ctx):
        self.exprs.expect(st.cond, scope, ctx, BOOL, "the loop condition")
        self.loop_body(st.body, scope, ctx)

    def stmt_break(self, st, scope, ctx):
        if ctx.loops == 0:
            self.error(st, f"'{st.stmt}' outside a loop")

    def stmt_return(self, st: A.Return, scope, ctx):
        if not ctx.returns:
            self.error(st, "'return' outside a procedure")
        elif st.value is not None and ctx.result is None:
            self.exprs.expr(st.value, scope, ctx)
            where = f"'{ctx.procedure}'" if ctx.procedure else "this block"
            self.error(st.value, f"{where} gives no value; declare what it gives, as in "
                                 f"'procedure {ctx.procedure or 'name'}(...) -> int', or use a function")
        elif st.value is not None:
            self.exprs.expect(st.value, scope, ctx, ctx.result, f"the value '{ctx.procedure}' returns")
        elif ctx.result is not None:
            self.error(st, f"'{ctx.procedure}' gives {ctx.result.describe()}: return one, as in 'return VALUE'")

    def procedure_value(self, value, scope, ctx) -> Type | None:
        """The type of `let x = proc(...)` or `set x = proc(...)`: a procedure's result; None for any other value."""
        if not (isinstance(value, A.Call) and value.func in self.p.by_cat["procedure"]
                and value.func not in self.p.by_cat["function"]):
            return None
        proc = self.p.by_cat["procedure"][value.func]
        value.ref = "procedure"
        self.used.add(value.func)
        self.exprs.check_args(value, value.func, proc.params, value.args, scope, ctx, proc)
        if proc.returns is None:
            self.error(value, f"'{value.func}' is a procedure that gives no value; "
                              f"declare one with 'procedure {value.func}(...) -> TYPE' and 'return VALUE'")
            return ANY
        with self.in_file(proc.file):
            return self.type_of(proc.returns)

    def stmt_call(self, st: A.CallStmt, scope, ctx):
        proc = self.p.by_cat["procedure"].get(st.name)
        if proc is None:
            if st.name in self.p.by_cat["function"] or st.name in BUILTINS:
                self.error(st, f"'{st.name}' is a function: use its value, e.g. 'let x = {st.name}(...)'")
            else:
                self.error(st, f"unknown procedure '{st.name}'" + suggest(st.name, self.p.by_cat["procedure"]))
            for a in st.args:
                self.exprs.expr(a, scope, ctx)
            return
        self.used.add(st.name)
        self.exprs.check_args(st, st.name, proc.params, st.args, scope, ctx, proc)

    def stmt_resolve(self, st: A.Resolve, scope, ctx):
        self.exprs.expect_object(st.what, scope, ctx)

    def stmt_choose(self, st: A.Choose, scope, ctx):
        t = self.exprs.expr(st.source, scope, ctx)
        item = item_of(t)
        if item is None and t != ANY:
            self.error(st.source, f"'choose' needs a list of options, found {t.describe()}")
        for text in (st.prompt, st.pass_label):
            if text is not None:
                self.exprs.expr(text, scope, ctx)
        inner = scope.child()
        self.declare_local(inner, st.var, item or ANY, st)
        if st.option_label is not None:
            self.exprs.expr(st.option_label, inner, ctx)
        self.block(st.body, inner, ctx)
        if st.pass_body is not None:
            self.block(st.pass_body, scope.child(), ctx)

    def stmt_choose_many(self, st: A.ChooseMany, scope, ctx):
        if st.least is not None:
            self.exprs.expect(st.least, scope, ctx, INT, "the least that must be chosen")
        self.exprs.expect(st.most, scope, ctx, INT, "the most that can be chosen")
        if st.least is not None:
            self.choice_bounds(st.least, st.most)
        t = self.exprs.expr(st.source, scope, ctx)
        if item_of(t) is None and t != ANY:
            self.error(st.source, f"'choose' needs a list of options, found {t.describe()}")
        if st.prompt is not None:
            self.exprs.expr(st.prompt, scope, ctx)
        inner = scope.child()
        self.declare_local(inner, st.var, t if t != ANY else ListType(ANY), st)
        self.block(st.body, inner, ctx)

    def choice_bounds(self, least_node, most_node) -> None:
        """`choose N..M`: the bounds written as plain numbers must leave something to choose."""
        least, most = _literal_int(least_node), _literal_int(most_node)
        if least is not None and least < 0:
            self.error(least_node, f"the least that must be chosen cannot be negative ({least})")
        if most is not None and most < 1:
            self.error(most_node, f"the most that can be chosen must be 1 or more, not {most}")
        elif least is not None and most is not None and least > most:
            self.error(least_node, f"'{least}..{most}' is empty: the least that must be chosen is more than the most")

    def stmt_perform(self, st: A.Perform, scope, ctx):
        for name, args, where in zip(st.actions, st.fixed_args(), st.fixed or [st] * len(st.actions)):
            action = self.p.by_cat["action"].get(name)
            if action is None:
                self.error(where, f"unknown action '{name}'" + suggest(name, self.p.by_cat["action"]))
            self.used.add(name)
            if args:
                self.fixed_args(where, action, args, scope, ctx)
        for text in (st.prompt, st.pass_label):
            if text is not None:
                self.exprs.expr(text, scope, ctx)
        if st.pass_body is not None:
            self.block(st.pass_body, scope.child(), ctx)

    def fixed_args(self, where: A.FixedArgs, action, args: list, scope, ctx) -> None:
        """`perform attack(u)`: each argument fits the parameter it fixes, and there are no more than parameters."""
        params = action.params if action is not None else []
        if action is not None and len(args) > len(params):
            most = "none" if not params else f"at most {len(params)}"
            self.error(args[len(params)], f"'{action.name}' takes {len(params) or 'no'} parameter{'s' if len(params) != 1 else ''}, "
                                          f"so {most} can be fixed, not {len(args)}")
        with self.in_file(action.file if action is not None else self.state.file):
            types = [self.type_of(prm.type) for prm in params]
        for i, a in enumerate(args):
            if i < len(params):
                self.exprs.expect(a, scope, ctx, types[i], f"argument '{params[i].name}' of '{action.name}'")
            else:
                self.exprs.expr(a, scope, ctx)

    def stmt_as_seat(self, st: A.AsSeat, scope, ctx):
        self.exprs.expect(st.seat, scope, ctx, INT, "the seat")
        self.block(st.body, scope.child(), ctx)

    def stmt_phase(self, st: A.RunPhase, scope, ctx):
        if st.name not in self.p.by_cat["phase"]:
            self.error(st, f"unknown phase '{st.name}'" + suggest(st.name, self.p.by_cat["phase"]))
        self.used.add(st.name)

    def stmt_log(self, st: A.Log, scope, ctx):
        self.exprs.expr(st.message, scope, ctx)

    def stmt_tally(self, st: A.Tally, scope, ctx):
        if st.name not in self.p.by_cat["tally"]:
            self.error(st, f"unknown tally '{st.name}'; declare it with 'tally {st.name}'"
                       + suggest(st.name, self.p.by_cat["tally"]))
        self.used.add(st.name)

    def stmt_end(self, st: A.EndGame, scope, ctx):
        for text in (st.outcome, st.reason):
            if text is not None:
                self.exprs.expr(text, scope, ctx)
        if st.outcome is not None and all(isinstance(x, str) for x in st.outcome.parts):
            name = "".join(st.outcome.parts)
            known = [o.name for r in self.p.results for o in r.outcomes]
            if known and name not in known:
                self.error(st.outcome, f"unknown outcome '{name}'" + suggest(name, known))

    def stmt_start(self, st: A.StartEffect, scope, ctx):
        self.exprs.effects.named(st.effect, scope, ctx, "start")
        self.exprs.effects.until(st)

    def stmt_stop(self, st: A.StopEffect, scope, ctx):
        self.exprs.effects.named(st.effect, scope, ctx, "stop")

    CHECKS = {
        A.Let: stmt_let, A.Set: stmt_set, A.Move: stmt_move, A.Insert: stmt_insert, A.Shuffle: stmt_shuffle,
        A.AddTokens: stmt_add, A.RemoveTokens: stmt_add, A.If: stmt_if, A.For: stmt_for,
        A.Repeat: stmt_repeat, A.While: stmt_while, A.Break: stmt_break, A.Continue: stmt_break,
        A.Return: stmt_return, A.CallStmt: stmt_call, A.Resolve: stmt_resolve, A.Choose: stmt_choose,
        A.ChooseMany: stmt_choose_many, A.Perform: stmt_perform, A.AsSeat: stmt_as_seat,
        A.RunPhase: stmt_phase, A.Log: stmt_log, A.Tally: stmt_tally, A.EndGame: stmt_end,
        A.StartEffect: stmt_start, A.StopEffect: stmt_stop,
    }


def _literal_int(node) -> int | None:
    """The number a plain numeral (or a negated one) stands for; None for anything computed."""
    if isinstance(node, A.IntLit):
        return node.value
    if isinstance(node, A.UnaryOp) and node.op == "-" and isinstance(node.operand, A.IntLit):
        return -node.operand.value
    return None
