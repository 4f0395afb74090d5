"""Compiles expression nodes into Python closures `fn(engine, env) -> value`."""
from __future__ import annotations

import operator

from dsl import ast as A
from dsl import PSEUDO_FIELDS
from dsl import BUILTINS, BuiltinFault, conjuncts

from .errors import RuleFault

MAX_LIST = 100_000
_MISSING = object()
MAX_CALL_DEPTH = 200


def compile_expr(node, c):
    """`c` is the Compiled game (tables, functions) the closure will run against."""
    return EXPRESSIONS[type(node)](node, c)


def constant_of(node):
    """(True, value) for an expression whose value is fixed when the rules are compiled."""
    if node.node in ("int", "bool"):
        return True, node.value
    if node.node == "none":
        return True, None
    if node.node == "name" and node.ref not in ("local", "var"):
        return True, node.name
    if node.node == "text" and all(isinstance(p, str) for p in node.parts):
        return True, "".join(node.parts)
    return False, None


def _expr_int(node, c):
    value = node.value
    return lambda g, e: value


def _expr_bool(node, c):
    value = node.value
    return lambda g, e: value


def _expr_none(node, c):
    return lambda g, e: None


def _expr_text(node: A.Text, c):
    if all(isinstance(p, str) for p in node.parts):
        value = "".join(node.parts)
        return lambda g, e: value
    parts = [p if isinstance(p, str) else compile_expr(p, c) for p in node.parts]

    def text(g, e):
        return _checked_text(g, "".join(p if isinstance(p, str) else g.display(p(g, e)) for p in parts))
    return text


def _expr_special(node: A.Special, c):
    if node.name == "seat":
        return lambda g, e: g.seat
    key = node.name

    def special(g, e):
        return e[key]
    return special


def _expr_name(node: A.Name, c):
    name = node.name
    if node.ref == "local":
        def local(g, e):
            try:
                return e[name]
            except KeyError:
                raise RuleFault(f"'{name}' has no value yet") from None
        return local
    if node.ref == "var":
        return lambda g, e: g.vars[name]
    return lambda g, e: name       # objects, enum values, kinds, tokens, variants: their name


def _expr_field(node: A.FieldRef, c):
    obj = compile_expr(node.obj, c)
    name = node.name
    if name == "location":
        def location(g, e):
            o = obj(g, e)
            if o is None:
                raise RuleFault(f"cannot read '.{name}' of nothing")
            return g.where.get(o)
        return location
    if name in PSEUDO_FIELDS:
        def pseudo(g, e):
            o = obj(g, e)
            if o is None:
                raise RuleFault(f"cannot read '.{name}' of nothing")
            return g.field(o, name)
        return pseudo
    attrs = c.attrs
    if name not in c.mutable_names:
        def constant_field(g, e):
            o = obj(g, e)
            try:
                return attrs[o][name]
            except (KeyError, TypeError) as err:
                return _unreadable(g, o, name, err)
        return constant_field

    def field(g, e):
        o = obj(g, e)
        own = g.fields.get(o)
        if own is not None and name in own:
            return own[name]
        try:
            return attrs[o][name]
        except (KeyError, TypeError) as err:
            return _unreadable(g, o, name, err)
    return field


def _unreadable(g, o, name: str, err: Exception):
    """Explain a failed attribute read (the fast path only catches the exception)."""
    if o is None:
        raise RuleFault(f"cannot read '.{name}' of nothing") from None
    if isinstance(err, TypeError):
        raise RuleFault(f"cannot read '.{name}' of {g.display(o)}") from None
    return g.field(o, name)         # raises the precise error


def _expr_list(node: A.ListLit, c):
    items = [compile_expr(i, c) for i in node.items]
    return lambda g, e: [i(g, e) for i in items]


def _expr_comprehension(node: A.Comprehension, c):
    elem, source = compile_expr(node.elem, c), compile_expr(node.source, c)
    cond = compile_expr(node.cond, c) if node.cond is not None else None
    order = compile_expr(node.order, c) if node.order is not None else None
    var, desc = node.var, node.descending
    elem_is_var = node.elem.node == "name" and node.elem.name == var and node.elem.ref == "local"

    def comprehension(g, e):
        # the variable is bound in the caller's environment for the loop and restored after:
        # nothing can happen between (an expression never asks a decision)
        saved = e.get(var, _MISSING)
        try:
            values = source(g, e)
            g.charge(len(values))
            if order is None and elem_is_var:          # [x for x in … if …]: no need to read x back
                if cond is None:
                    return list(values)
                items = []
                for x in values:
                    e[var] = x
                    if cond(g, e):
                        items.append(x)
                return items
            if order is None:
                items = []
                for x in values:
                    e[var] = x
                    if cond is None or cond(g, e):
                        items.append(elem(g, e))
                return items
            pairs = []
            for x in values:
                e[var] = x
                if cond is None or cond(g, e):
                    pairs.append((order(g, e), elem(g, e)))
            pairs.sort(key=lambda pair: pair[0], reverse=desc)   # stable: ties keep list order
            return [v for _, v in pairs]
        finally:
            if saved is _MISSING:
                e.pop(var, None)
            else:
                e[var] = saved
    return comprehension


def _expr_roll(node: A.Roll, c):
    die = node.die
    if node.count is None:
        return lambda g, e: g.roll(die, None)
    count = compile_expr(node.count, c)
    return lambda g, e: g.roll(die, count(g, e))


def _expr_if(node: A.IfExpr, c):
    cond, then, other = compile_expr(node.cond, c), compile_expr(node.then, c), compile_expr(node.other, c)
    return lambda g, e: then(g, e) if cond(g, e) else other(g, e)


def _div(a, b):
    if b == 0:
        raise RuleFault("division by zero")
    return a // b


def _mod(a, b):
    if b == 0:
        raise RuleFault("division by zero")
    return a % b


MAX_INT_BITS = 256
MAX_TEXT = 100_000          # characters in one text value


def _checked_number(value):
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise RuleFault("a number grew beyond what rules may use")
    return value


def _checked_text(g, value: str) -> str:
    if len(value) > MAX_TEXT:
        raise RuleFault(f"a text grew beyond {MAX_TEXT} characters")
    g.charge(len(value) // 1000)
    return value


def _minus(a, b):
    return _checked_number(a - b)


def _times(a, b):
    if not (isinstance(a, int) and isinstance(b, int)):
        raise RuleFault("'*' multiplies numbers only")
    return _checked_number(a * b)


def _range(a, b):
    if b - a >= MAX_LIST:
        raise RuleFault(f"the range {a}..{b} is too long (at most {MAX_LIST} numbers)")
    return list(range(a, b + 1))


BINARY = {"+": operator.add, "-": _minus, "*": _times, "/": _div, "%": _mod,
          "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
          ">": operator.gt, ">=": operator.ge, "..": _range,
          "in": lambda a, b: a in b, "not in": lambda a, b: a not in b}


def _expr_binop(node: A.BinOp, c):
    if node.op == "and":
        return _all_of([compile_expr(n, c) for n in conjuncts(node)])
    left, right = compile_expr(node.left, c), compile_expr(node.right, c)
    if node.op == "or":
        return lambda g, e: left(g, e) or right(g, e)
    fn = BINARY[node.op]
    if node.op == "+":
        def plus(g, e):
            a, b = left(g, e), right(g, e)
            if isinstance(a, str):
                return _checked_text(g, a + (b if isinstance(b, str) else g.display(b)))
            if isinstance(a, list):
                if not isinstance(b, list) or len(a) + len(b) > MAX_LIST:
                    raise RuleFault(f"a list can hold at most {MAX_LIST} items" if isinstance(b, list)
                                    else "'+' adds a list only to a list")
                return a + b
            if a is None or b is None:
                raise RuleFault("'+' on nothing")
            return _checked_number(a + b)
        return plus
    if node.op in ("<", "<=", ">", ">=", "-", "*", "/", "%"):
        def numeric(g, e):
            a, b = left(g, e), right(g, e)
            if a is None or b is None:
                raise RuleFault(f"'{node.op}' on nothing")
            return fn(a, b)
        return numeric
    return _plain_binop(node.op, left, right, constant_of(node.right)) or (lambda g, e: fn(left(g, e), right(g, e)))


def _all_of(parts):
    """One closure for a chain of `and`: stops at the first false operand and returns it."""
    if len(parts) == 2:
        a, b = parts
        return lambda g, e: a(g, e) and b(g, e)
    if len(parts) == 3:
        a, b, c3 = parts
        return lambda g, e: a(g, e) and b(g, e) and c3(g, e)

    def all_of(g, e):
        value = True
        for part in parts:
            value = part(g, e)
            if not value:
                return value
        return value
    return all_of


def _plain_binop(op: str, left, right, constant):
    """Closures for ==, !=, in and not in that call no operator function (they are the most
    frequent operators in option listing); a constant right-hand side is inlined."""
    known, k = constant
    if known:
        if op == "==":
            return lambda g, e: left(g, e) == k
        if op == "!=":
            return lambda g, e: left(g, e) != k
    if op == "==":
        return lambda g, e: left(g, e) == right(g, e)
    if op == "!=":
        return lambda g, e: left(g, e) != right(g, e)
    if op == "in":
        return lambda g, e: left(g, e) in right(g, e)
    if op == "not in":
        return lambda g, e: left(g, e) not in right(g, e)
    return None


def _expr_unary(node: A.UnaryOp, c):
    operand = compile_expr(node.operand, c)
    if node.op == "not":
        return lambda g, e: not operand(g, e)
    return lambda g, e: -operand(g, e)


def _expr_is(node: A.IsKind, c):
    operand = compile_expr(node.operand, c)
    members = c.members_set(node.kind)
    return lambda g, e: operand(g, e) in members


def _expr_call(node: A.Call, c):
    args = [compile_expr(a, c) for a in node.args]
    if node.ref == "function":
        return _user_function(node.func, args, c)
    return _builtin(node, args)


EXPRESSIONS = {A.IntLit: _expr_int, A.BoolLit: _expr_bool, A.NoneLit: _expr_none, A.Text: _expr_text,
               A.Special: _expr_special, A.Name: _expr_name, A.FieldRef: _expr_field, A.ListLit: _expr_list,
               A.Comprehension: _expr_comprehension, A.Roll: _expr_roll, A.IfExpr: _expr_if,
               A.BinOp: _expr_binop, A.UnaryOp: _expr_unary, A.IsKind: _expr_is, A.Call: _expr_call}


def _memo_key(name, values):
    if len(values) == 1 and not isinstance(values[0], list):
        return (name, values[0])
    return (name,) + tuple(tuple(v) if isinstance(v, list) else v for v in values)


def _user_function(name: str, args, c):
    fn = c.functions[name]          # declared before any body is compiled
    params = fn.params
    arity = len(args)
    first = args[0] if arity else None
    if arity == 1:
        return _one_argument_function(name, fn, params[0], first)
    if arity == 2:
        return _two_argument_function(name, fn, params, args)

    def call(g, e):
        if arity == 1:
            values = [first(g, e)]
        else:
            values = [a(g, e) for a in args]
        memo = g.memo
        if memo is not None and fn.pure:
            # while options are listed nothing changes, so a pure function's value can be reused
            try:
                key = _memo_key(name, values)
                cached = memo.get(key, _MISSING)
            except TypeError:
                key, cached = None, _MISSING
            if cached is not _MISSING:
                return cached
            value = _call_function(g, fn, name, params, values)
            if key is not None:
                memo[key] = value
            return value
        return _call_function(g, fn, name, params, values)
    return call


def _one_argument_function(name: str, fn, param: str, argument):
    """The common case of `_user_function`, without building argument lists."""
    def call(g, e):
        value = argument(g, e)
        memo = g.memo
        if memo is None or not fn.pure:
            return run(g, value)
        try:
            key = (name, tuple(value) if value.__class__ is list else value)
            cached = memo.get(key, _MISSING)
        except TypeError:               # a value that cannot be a key (a list of lists)
            return run(g, value)
        if cached is _MISSING:
            cached = memo[key] = run(g, value)
        return cached

    def run(g, value):
        return _run_body(g, fn, name, {param: value})
    return call


def _two_argument_function(name: str, fn, params, args):
    """`_one_argument_function` for two arguments."""
    first, second = args
    p1, p2 = params

    def call(g, e):
        v1, v2 = first(g, e), second(g, e)
        memo = g.memo
        if memo is None or not fn.pure:
            return run(g, v1, v2)
        try:
            key = (name, tuple(v1) if v1.__class__ is list else v1, tuple(v2) if v2.__class__ is list else v2)
            cached = memo.get(key, _MISSING)
        except TypeError:
            return run(g, v1, v2)
        if cached is _MISSING:
            cached = memo[key] = run(g, v1, v2)
        return cached

    def run(g, v1, v2):
        return _run_body(g, fn, name, {p1: v1, p2: v2})
    return call


def _call_function(g, fn, name, params, values):
    return _run_body(g, fn, name, dict(zip(params, values)))


def _run_body(g, fn, name, env):
    """A user function's body in its own environment, within the depth limit."""
    if g.call_depth >= MAX_CALL_DEPTH:
        raise RuleFault(f"'{name}' calls itself too deeply (more than {MAX_CALL_DEPTH} levels)")
    g.call_depth += 1                # an error abandons the whole run, so no need to restore on failure
    g.charge()                       # a function calling itself twice grows without growing deep
    value = fn.body(g, env)
    g.call_depth -= 1
    return value


# ---- builtins -------------------------------------------------------------------------

def _builtin(node: A.Call, args):
    """A builtin's implementation from dsl's registry, called with the argument closures' values."""
    builtin = BUILTINS[node.func]
    run = _reporting(builtin.run) if builtin.fails else builtin.run
    if builtin.collects and len(args) != 1:
        return lambda g, e: run(g, [a(g, e) for a in args])
    if not args:
        return lambda g, e: run(g)
    if len(args) == 1:
        a = args[0]
        return lambda g, e: run(g, a(g, e))
    if len(args) == 2:
        a, b = args
        return lambda g, e: run(g, a(g, e), b(g, e))
    return lambda g, e: run(g, *[a(g, e) for a in args])


def _reporting(run):
    """`run`, with a BuiltinFault reported as a fault of the rule that called it."""
    def checked(g, *values):
        try:
            return run(g, *values)
        except BuiltinFault as fault:
            raise RuleFault(str(fault)) from None
    return checked
