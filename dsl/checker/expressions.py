"""Checks expressions: resolves every name, works out every type, and calls the builtins' type rules."""
from __future__ import annotations

from .. import ast as A
from ..builtins import BUILTINS
from ..errors import suggest
from ..keywords import NEVER_VALUES
from ..types import ANY, BOOL, INT, KIND, NONE, PIECE, PSEUDO_FIELDS, TEXT, ListType, Named, Type, item_of
from .effects import EffectChecks
from .scope import Context, Scope
from .state import Pass


class ExpressionChecks(Pass):
    """One method per kind of expression node, found through RULES; each returns the node's type."""

    def __init__(self, state):
        super().__init__(state)
        self.effects = EffectChecks(state, self)

    def expect(self, node, scope, ctx, want: Type, what: str) -> Type:
        got = self.expr(node, scope, ctx)
        if not self.h.accepts(want, got):
            self.error(node, f"{what} should be {want.describe()}, but this is {got.describe()}")
        return got

    def narrow(self, cond, inner: Scope, outer: Scope) -> None:
        """`x is K` (alone or in an 'and') makes x a K inside the guarded code."""
        if isinstance(cond, A.BinOp) and cond.op == "and":
            self.narrow(cond.left, inner, outer)
            self.narrow(cond.right, inner, outer)
        elif isinstance(cond, A.IsKind) and isinstance(cond.operand, A.Name):
            name = cond.operand.name
            if outer.lookup(name) is not None and self.h.is_kind(cond.kind):
                inner.names[name] = Named(cond.kind)

    def field_error(self, node: A.FieldRef, obj_t: Type) -> None:
        if obj_t == ANY:
            return
        if self.h.is_enum(obj_t):
            names = ["label"] + list(self.h.enum_fields.get(obj_t.name, {}))
            self.error(node, f"enum '{obj_t.name}' has no field '{node.name}'" + suggest(node.name, names))
            return
        if not self.h.is_object(obj_t):
            self.error(node, f"'.{node.name}' needs a piece or space, but this is {obj_t.describe()}")
            return
        names = list(PSEUDO_FIELDS) + [n for k in self.h.ancestors(obj_t.name) + self.h.descendants(obj_t.name)
                                       for n in self.h.fields.get(k, {})]
        self.error(node, f"'{obj_t.name}' has no field '{node.name}'" + suggest(node.name, names))

    def expr(self, node, scope: Scope, ctx: Context) -> Type:
        return self.RULES[type(node)](self, node, scope, ctx)

    def expr_int(self, node, scope, ctx):
        return INT

    def expr_bool(self, node, scope, ctx):
        return BOOL

    def expr_none(self, node, scope, ctx):
        return NONE

    def expr_text(self, node: A.Text, scope, ctx):
        for part in node.parts:
            if not isinstance(part, str):
                self.expr(part, scope, ctx)
        return TEXT

    def expr_special(self, node: A.Special, scope, ctx):
        if node.name == "this":
            if ctx.this is None:
                self.error(node, "'this' is only known inside a 'does' block")
                return ANY
            return ctx.this
        if node.name == "score":
            if not ctx.score:
                self.error(node, "'score' is only known in the outcomes of the result block")
            return INT
        return INT

    def expr_name(self, node: A.Name, scope, ctx):
        t = scope.lookup(node.name)
        if t is not None:
            node.ref = "local"
            return t
        if node.name in self.globals:
            node.ref = self.name_refs[node.name]
            self.used.add(node.name)
            self.state.referenced.add(node.name)
            return self.globals[node.name]
        if node.name in self.p.by_cat["function"] or node.name in self.p.by_cat["procedure"]:
            self.error(node, f"'{node.name}' must be called: write '{node.name}(...)'")
            return ANY
        misused = self.effects.misused(node.name)
        if misused is not None:
            self.error(node, misused)
            return ANY
        if node.name in NEVER_VALUES:
            self.error(node, f"expected a value, found the keyword '{node.name}'")
            return ANY
        self.error(node, f"unknown name '{node.name}'" + suggest(node.name, scope.all_names() + list(self.globals)))
        return ANY

    def expr_field(self, node: A.FieldRef, scope, ctx):
        obj_t = self.expr(node.obj, scope, ctx)
        if node.name in PSEUDO_FIELDS and (self.h.is_object(obj_t) or obj_t == ANY):
            return PSEUDO_FIELDS[node.name]
        if self.h.is_enum(obj_t):
            node.on_enum = True
            if node.name == "label":
                return TEXT
            if node.name in self.h.enum_fields.get(obj_t.name, {}):
                return self.h.enum_fields[obj_t.name][node.name]
        info = self.h.field(obj_t.name, node.name) if self.h.is_object(obj_t) else None
        if info is None:
            self.field_error(node, obj_t)
            return ANY
        return info.type

    def expr_list(self, node: A.ListLit, scope, ctx):
        t, nothing = NONE, None
        for item in node.items:
            it = self.expr(item, scope, ctx)
            joined = self.h.join(t, it)
            if joined == ANY and ANY not in (t, it):
                self.error(item, f"a list cannot mix {t.describe()} and {it.describe()}")
            t = joined
            if it == NONE and nothing is None:
                nothing = item
        if nothing is not None and t not in (NONE, ANY) and not self.h.accepts(t, NONE):
            self.error(nothing, f"a list of {t.plural()} cannot hold none")
        return ListType(ANY if t == NONE else t)

    def expr_comprehension(self, node: A.Comprehension, scope, ctx):
        t = self.expr(node.source, scope, ctx)
        item = item_of(t)
        if item is None and t != ANY:
            self.error(node.source, f"'for ... in' needs a list, found {t.describe()}")
        inner = scope.child()
        inner.names[node.var] = item or ANY
        if node.cond is not None:
            self.expect(node.cond, inner, ctx, BOOL, "the filter")
            self.narrow(node.cond, inner, inner.child())
        for key in node.order:
            self.sort_key(key.value, inner, ctx)
        return ListType(self.expr(node.elem, inner, ctx))

    def sort_key(self, node, scope, ctx) -> None:
        """A key items are ordered by: a number or a text, or a tuple of them compared part by part."""
        for part in node.items if isinstance(node, A.TupleLit) else [node]:
            t = self.expr(part, scope, ctx)
            if t not in (INT, TEXT, ANY):
                self.error(part, f"a sort key should be a number or a text, but this is {t.describe()}")

    def lambda_arg(self, node, item: Type, scope, ctx, fname: str):
        """The scope inside `x -> ...` given as an argument of `fname`, x being a list's item; None if `node` is no such argument."""
        if not isinstance(node, A.Lambda):
            self.expr(node, scope, ctx)
            self.error(node, f"'{fname}' needs a rule per item here, written 'x -> ...'")
            return None
        self.reserved(node, node.param)
        inner = scope.child()
        inner.names[node.param] = item
        return inner

    def expr_lambda(self, node: A.Lambda, scope, ctx):
        self.error(node, f"'{node.param} -> ...' is only an argument of a builtin that takes a rule per item, "
                         "such as min_by, max_by, sorted, find or reachable")
        return ANY

    def expr_tuple(self, node: A.TupleLit, scope, ctx):
        for item in node.items:
            self.expr(item, scope, ctx)
        self.error(node, "a tuple '(a, b)' is only a sort key, as in 'order by' or the rule given to min_by, max_by or sorted")
        return ANY

    def expr_let(self, node: A.LetExpr, scope, ctx):
        inner = scope
        for binding in node.bindings:
            self.reserved(binding, binding.name)
            t = self.expr(binding.value, inner, ctx)
            inner = inner.child()
            inner.names[binding.name] = ANY if t == NONE else t
        return self.expr(node.body, inner, ctx)

    def expr_roll(self, node: A.Roll, scope, ctx):
        if node.die not in self.p.by_cat["die"]:
            self.error(node, f"unknown die '{node.die}'" + suggest(node.die, self.p.by_cat["die"]))
        self.used.add(node.die)
        if node.count is not None:
            self.expect(node.count, scope, ctx, INT, "the number of dice")
        if node.needs is not None:
            self.expect(node.needs, scope, ctx, INT, "what the dice need")
            return INT
        return INT if node.count is None else ListType(INT)

    def expr_if(self, node: A.IfExpr, scope, ctx):
        self.expect(node.cond, scope, ctx, BOOL, "the condition")
        a = self.expr(node.then, scope, ctx)
        b = self.expr(node.other, scope, ctx)
        joined = self.h.join(a, b)
        if joined == ANY and ANY not in (a, b):
            self.error(node, f"both branches must have the same type, not {a.describe()} and {b.describe()}")
        return joined

    def expr_binop(self, node: A.BinOp, scope, ctx):
        op = node.op
        if op in ("and", "or"):
            self.expect(node.left, scope, ctx, BOOL, f"the left side of '{op}'")
            self.expect(node.right, scope, ctx, BOOL, f"the right side of '{op}'")
            return BOOL
        if op in ("in", "not in"):
            left = self.expr(node.left, scope, ctx)
            right = self.expr(node.right, scope, ctx)
            item = item_of(right)
            if item is None and right != ANY:
                self.error(node.right, f"'{op}' needs a list on its right, found {right.describe()}")
            elif item is not None and not (self.h.accepts(item, left) or self.h.accepts(left, item)):
                self.error(node.left, f"cannot look for {left.describe()} in {right.describe()}")
            return BOOL
        if op == "..":
            self.expect(node.left, scope, ctx, INT, "the start of the range")
            self.expect(node.right, scope, ctx, INT, "the end of the range")
            return ListType(INT)
        if op in ("==", "!="):
            left = self.expr(node.left, scope, ctx)
            right = self.expr(node.right, scope, ctx)
            if not (self.h.accepts(left, right) or self.h.accepts(right, left)):
                self.error(node, f"cannot compare {left.describe()} with {right.describe()}")
            return BOOL
        if op == "+":
            left = self.expr(node.left, scope, ctx)
            if left == TEXT:
                self.expr(node.right, scope, ctx)
                return TEXT
            if item_of(left) is not None:
                self.expect(node.right, scope, ctx, left, "the list added")
                return left
            if not self.h.accepts(INT, left):
                self.error(node.left, f"'+' needs numbers, but this is {left.describe()}")
            self.expect(node.right, scope, ctx, INT, "the right side of '+'")
            return INT
        self.expect(node.left, scope, ctx, INT, f"the left side of '{op}'")
        self.expect(node.right, scope, ctx, INT, f"the right side of '{op}'")
        return BOOL if op in ("<", "<=", ">", ">=") else INT

    def expr_unary(self, node: A.UnaryOp, scope, ctx):
        if node.op == "not":
            self.expect(node.operand, scope, ctx, BOOL, "the operand of 'not'")
            return BOOL
        self.expect(node.operand, scope, ctx, INT, "the operand of '-'")
        return INT

    def expr_is(self, node: A.IsKind, scope, ctx):
        self.expect_object(node.operand, scope, ctx)
        if not self.h.is_kind(node.kind):
            self.error(node, f"unknown kind '{node.kind}'" + suggest(node.kind, self.kind_names()))
        self.used.add(node.kind)
        return BOOL

    def kind_arg(self, node, scope, ctx) -> Type:
        """A kind given by name (a kind, or a piece declared with a count) or a kind-typed value."""
        if isinstance(node, A.Name) and scope.lookup(node.name) is None and self.h.is_kind(node.name):
            node.ref = "kind"
            self.used.add(node.name)
            self.state.sought.add(node.name)
            if not any(node.name in self.h.ancestors(pc) for pc in self.p.by_cat["piece"]) \
                    and self.h.root(node.name) in ("piece", "card"):
                self.warn(node, "W006", f"no piece of kind '{node.name}' exists, so this always finds nothing")
            return Named(node.name)
        self.expect(node, scope, ctx, KIND, "this argument")
        return PIECE

    def expr_call(self, node: A.Call, scope, ctx):
        fn = self.p.by_cat["function"].get(node.func) or self.p.by_cat["table"].get(node.func)
        if fn is not None:
            node.ref = fn.decl        # function or table
            self.used.add(node.func)
            self.check_args(node, node.func, fn.params, node.args, scope, ctx, fn)
            with self.in_file(fn.file):
                return self.type_of(fn.returns)
        if node.func in self.p.by_cat["modifier"]:
            return self.effects.modifier_call(node, scope, ctx)
        if node.func not in BUILTINS:
            if node.func in self.p.by_cat["procedure"]:
                proc = self.p.by_cat["procedure"][node.func]
                if proc.returns is None:
                    self.error(node, f"'{node.func}' is a procedure and gives no value")
                else:
                    self.error(node, f"'{node.func}' is a procedure: take its value whole, as in "
                                     f"'let v = {node.func}(...)', not inside an expression")
            elif node.func in self.p.by_cat["effect"]:
                self.error(node, f"'{node.func}' is an effect: test it with 'active({node.func}(…))'")
            else:
                known = (list(BUILTINS) + list(self.p.by_cat["function"]) + list(self.p.by_cat["table"])
                         + list(self.p.by_cat["modifier"]))
                self.error(node, f"unknown function '{node.func}'" + suggest(node.func, known))
            for a in node.args:
                self.expr(a, scope, ctx)
            return ANY
        node.ref = "builtin"
        return BUILTINS[node.func].check(self, node, scope, ctx)

    def arity(self, node: A.Call, n: int) -> bool:
        if len(node.args) != n:
            self.error(node, f"'{node.func}' takes {BUILTINS[node.func].takes} ({n} argument{'s' if n != 1 else ''}), given {len(node.args)}")
            return False
        return True

    def expect_list(self, node, scope, ctx, fname) -> Type:
        t = self.expr(node, scope, ctx)
        item = item_of(t)
        if item is None:
            if t != ANY:
                self.error(node, f"'{fname}' needs a list, found {t.describe()}")
            return ANY
        return item

    def expect_space(self, node, scope, ctx):
        t = self.expr(node, scope, ctx)
        if t != ANY and not (self.h.is_object(t) and self.h.root(t.name) in ("space", "deck")):
            self.error(node, f"expected a space, found {t.describe()}")

    def expect_object(self, node, scope, ctx):
        t = self.expr(node, scope, ctx)
        if t != ANY and not self.h.is_object(t):
            self.error(node, f"expected a piece or space, found {t.describe()}")
        return t

    def check_args(self, node, name, params, args, scope, ctx, decl):
        if len(args) != len(params):
            self.error(node, f"'{name}' takes {len(params)} argument{'s' if len(params) != 1 else ''}, given {len(args)}")
        with self.in_file(decl.file):
            types = [self.type_of(prm.type) for prm in params]
        for prm, t, a in zip(params, types, args):
            self.expect(a, scope, ctx, t, f"argument '{prm.name}' of '{name}'")

    RULES = {
        A.IntLit: expr_int, A.BoolLit: expr_bool, A.NoneLit: expr_none, A.Text: expr_text,
        A.Special: expr_special, A.Name: expr_name, A.FieldRef: expr_field, A.ListLit: expr_list,
        A.Comprehension: expr_comprehension, A.Roll: expr_roll, A.IfExpr: expr_if, A.BinOp: expr_binop,
        A.UnaryOp: expr_unary, A.IsKind: expr_is, A.Call: expr_call, A.Lambda: expr_lambda,
        A.TupleLit: expr_tuple, A.LetExpr: expr_let,
    }
