"""Writes checked expression nodes as Python source: a function `fn(g, env)` per expression a statement runs."""
from __future__ import annotations

import re

from dsl import ast as A
from dsl import PSEUDO_FIELDS
from dsl import BUILTINS, conjuncts

from .pycode import comment, identifier, local_name
from .support import MISSING, FieldTable, builtin_function
from .timeless import KNOWN_MOST, reaches

# builtins whose work Python's own functions do exactly: written inline ({0} is the argument)
INLINE_BUILTINS = {"count": "len({0})", "empty": "(not {0})", "sum": "sum({0})", "any": "any({0})",
                   "every": "all({0})", "abs": "abs({0})", "seats": "g.seats",
                   "tokens": "g.tokens.get({0}, NO_TOKENS).get({1}, 0)", "pieces_at": "list(g.stack({0}))"}
INLINE_SIZE = 48        # nodes of a pure function's body, with what it writes in place, for it to be written in place
COMPARISONS = {"==", "!=", "<", "<=", ">", ">=", "in", "not in"}
ARITHMETIC = {"-": "minus", "*": "times", "/": "divide", "%": "modulo", "..": "span"}


def compile_expr(node, c):
    """A function `fn(g, env)` computing `node`, env holding the local names of the statement running it."""
    return compile_all([node], c)


def compile_all(parts: list, c):
    """One function `fn(g, env)` testing that every expression of `parts` holds (the first false one's value)."""
    writer = ExpressionWriter(c, {})
    body = " and ".join(writer.write(part) for part in parts)
    node = parts[0]
    name = c.code.fresh_name(c.current_stem)
    where = f"{c.current_file}:{node.line}:{node.col}"      # what a fault while working it out names
    lines = [(f"def {name}(g, e):", None), (f"    # {comment(c.current_file)}:{node.line}:{node.col}", None)]
    if writer.reads_env:
        lines += [("    try:", None), (f"        return {body}", where),
                  ("    except KeyError as err:", None), ("        raise unbound(err) from None", None)]
    else:
        lines.append((f"    return {body}", where))
    return c.code.define_located(name, lines)


def compile_function(decl: A.FunctionDecl, pure: bool, c, timeless_depth: int | None = None) -> None:
    """A rules function as a Python function of the engine and its arguments: memoised while
    nothing changes (when `pure`), or for good (when timeless, see timeless.py), charged to the
    work budget, within the depth limit."""
    params = [local_name(p.name) for p in decl.params]
    writer = ExpressionWriter(c, {p.name: local_name(p.name) for p in decl.params}, in_function=True)
    held: dict = {}
    writer.hold_levels = ((held, frozenset()),)         # nothing moves while a function works out its value
    body = writer.deciding_loop(decl.body, "r") or writer.write(decl.body)
    name = function_name(decl.name)
    lines = [f"def {name}({', '.join(['g'] + params)}):", f"    # {comment(c.current_file)}:{decl.line}:{decl.col}"]
    key = ", ".join([repr(decl.name)] + [f"tuple({v})" if p.type.name == "list" else v
                                         for p, v in zip(decl.params, params)])
    known = None
    if timeless_depth is not None:
        known = c.code.name_of(("known", decl.name), f"known_{identifier(decl.name)}", dict)
        lines += _timeless_lookup(known, key, timeless_depth)
    elif pure:
        lines += ["    m = g.memo",
                  "    if m is not None:",
                  "        try:",
                  f"            k = ({key},)",
                  "            r = m.get(k, MISSING)",
                  "        except TypeError:           # a value that cannot be a key (a list of lists)",
                  "            m = None",
                  "        else:",
                  "            if r is not MISSING:",
                  "                return r"]
    lines += ["    if g.call_depth >= MAX_CALL_DEPTH:",
              f"        too_deep({decl.name!r})",
              "    g.call_depth += 1",
              "    g.work += 1",
              "    if g.work > MAX_WORK:",
              "        runaway()"]
    if held:
        lines.append(f"    {', '.join(held.values())}, = {held_reads(held)},")
    lines += [f"    {line}" for line in body] if isinstance(body, list) else [f"    r = {body}"]
    lines.append("    g.call_depth -= 1             # an error abandons the whole run: no need to restore it then")
    if known is not None:
        lines += _timeless_keep(known)
    elif pure:
        lines += ["    if m is not None:", "        m[k] = r"]
    lines.append("    return r")
    c.code.define(name, "\n".join(lines))


def _timeless_lookup(known: str, key: str, depth: int) -> list[str]:
    """The start of a timeless function. A value memoised at this decision costs nothing, as for
    any pure function; a value kept from before costs the work that working it out took (where
    working it out again could not go deeper than the depth limit allows). It is worked out with
    the memo set aside, so that what it took, and so what a kept value costs, is the same in
    every game and process whatever was memoised when it was first worked out."""
    return ["    m = g.memo",
            "    try:",
            f"        k = ({key},)",
            "        if m is not None:",
            "            r = m.get(k, MISSING)",
            "            if r is not MISSING:",
            "                return r",
            f"        known_hit = {known}.get(k)",
            "    except TypeError:               # a value that cannot be a key (a list of lists)",
            "        k = known_hit = None",
            f"    if known_hit is not None and g.call_depth <= MAX_CALL_DEPTH - {depth}:",
            "        g.work += known_hit[1]",
            "        if g.work > MAX_WORK:",
            "            runaway()",
            "        if m is not None:",
            "            m[k] = known_hit[0]",
            "        return known_hit[0]",
            "    work_from = g.work",
            "    g.memo = None"]


def _timeless_keep(known: str) -> list[str]:
    """The end of a timeless function: the memo back, the value kept (all of them dropped once
    there are KNOWN_MOST, which bounds the memory kept) with the work it took."""
    return ["    g.memo = m",
            "    if k is not None:",
            f"        if len({known}) >= {KNOWN_MOST}:",
            f"            {known}.clear()",
            f"        {known}[k] = (r, g.work - work_from)",
            "        if m is not None:",
            "            m[k] = r"]


def inlined_functions(functions: dict, impure: set) -> dict:
    """The small pure functions that are written in place at every call, by name: those without
    comprehensions that call themselves nowhere, whose body (with the functions it writes in
    place, in turn) has at most INLINE_SIZE nodes; and those returning a list written out."""
    calls = {name: [n.func for n in A.walk(fn.body) if isinstance(n, A.Call) and n.ref == "function"]
             for name, fn in functions.items()}
    candidates = {name for name, fn in functions.items()
                  if name not in impure and not reaches(calls, name, name)
                  and not any(isinstance(n, A.Comprehension) for n in A.walk(fn.body))}
    sizes: dict[str, int] = {}

    def size(name: str) -> int:
        """Nodes of the body once the calls it writes in place are written out."""
        if name not in sizes:
            sizes[name] = sum(1 for _ in A.walk(functions[name].body)) + sum(
                size(callee) - 1 for callee in calls[name] if callee in candidates and size(callee) <= INLINE_SIZE)
        return sizes[name]
    return {name: fn for name, fn in functions.items() if name in candidates
            and (size(name) <= INLINE_SIZE or isinstance(fn.body, A.ListLit) and _fixed_list(fn.body) is not None)}


def function_name(name: str) -> str:
    return f"f_{identifier(name)}"


def modifier_name(name: str) -> str:
    return f"m_{identifier(name)}"


def constant_value(node, c):
    """The value of an expression that needs no game (an attribute's value), worked out now."""
    return c.code.evaluate(ExpressionWriter(c, {}, constant=True).write(node), CONSTANT_ENGINE)


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


class _ConstantEngine:
    """Just enough engine to evaluate constant attribute values at compile time."""
    vars: dict = {}
    seat = 1
    call_depth = 0
    work = 0
    memo = None

    def display(self, value):
        return str(value)


CONSTANT_ENGINE = _ConstantEngine()


class ExpressionWriter:
    """Python source for expressions; `scope` maps the rules names bound to Python locals."""

    def __init__(self, c, scope: dict, in_function: bool = False, constant: bool = False, short=frozenset()):
        self.c, self.scope = c, scope
        self.in_function = in_function      # a function body: there is no statement environment
        self.constant = constant            # evaluated while compiling: there is no game either
        self.short = short                  # local names that hold a list written out in the rules
        self.walking: dict = {}             # local names walking the objects of a kind: that kind
        self.reads_env = False
        # where locations are read once, outermost first: a function's body, each comprehension
        # around here (see write_comprehension), as (reads held, Python names bound since it began)
        self.hold_levels: tuple = ()

    def write(self, node) -> str:
        return getattr(self, f"write_{node.node}")(node)

    def write_int(self, node):
        return repr(node.value)

    write_bool = write_int

    def write_none(self, node):
        return "None"

    def write_text(self, node: A.Text):
        parts = [repr(p) if isinstance(p, str) else f"g.display({self.write(p)})" for p in node.parts]
        if all(isinstance(p, str) for p in node.parts):
            return repr("".join(node.parts))
        return f"text(g, {' + '.join(parts)})"

    def write_special(self, node: A.Special):
        if node.name == "seat":
            return "g.seat"
        return self.env_read(node.name)

    def write_name(self, node: A.Name):
        if node.ref == "local":
            return self.scope.get(node.name) or self.env_read(node.name)
        if node.ref == "var":
            return f"g.vars[{node.name!r}]"
        if node.ref == "const":
            value = self.c.constant(node.name)
            if value is None or isinstance(value, (int, str)):
                return repr(value)
            return self.c.code.name_of(("const", node.name), f"const_{node.name}", lambda: value)
        return repr(node.name)          # objects, enum values, kinds, tokens, variants: their name

    def env_read(self, name: str) -> str:
        if self.in_function or self.constant:
            return f"no_value({name!r})"
        self.reads_env = True
        return f"e[{name!r}]"

    def write_field(self, node: A.FieldRef):
        obj, name = self.write(node.obj), node.name
        if node.on_enum:       # an enum value's label or attribute: known before any object's
            values = self.c.enum_labels if name == "label" else {
                value: attrs[name] for value, attrs in self.c.enum_attrs.items() if name in attrs}
            table = self.c.code.name_of(("enum_field", name), f"enum_{name}", lambda: FieldTable(
                name, values, self.c.enum_labels))
            return f"{table}[{obj}]"
        if name == "location":
            held = self.held_location(obj) if _simple(obj) else None
            read = held or f"g.where.get({obj})"
            if self.walks_objects(node.obj):         # an object of a kind is never none
                return read
            if held is not None or _simple(obj):
                return f"({read} if {obj} is not None else nothing('location'))"
            return f"location_of(g, {obj})"
        if name in PSEUDO_FIELDS:
            return f"pseudo_field(g, {obj}, {name!r})"
        table = self.field_table(name)
        if name in self.c.mutable_names:
            if _simple(obj):        # every object with a `var` attribute has its own dictionary of them
                kind = self.walking.get(node.obj.name) if self.walks_objects(node.obj) else None
                if kind is not None and self.c.objects_with_var(name).issuperset(self.c.members(kind)):
                    return f"g.fields[{obj}][{name!r}]"       # an item of a kind whose every object has it
                changeable = self.c.code.name_of(("changeable", name), f"changeable_{name}", lambda: self.c.objects_with_var(name))
                return f"(g.fields[{obj}][{name!r}] if {obj} in {changeable} else {table}[{obj}])"
            return f"var_field(g, {obj}, {name!r}, {table})"
        return f"{table}[{obj}]"

    def walks_objects(self, node) -> bool:
        """Whether `node` names a comprehension's item walking the objects of a kind."""
        return isinstance(node, A.Name) and node.ref == "local" and node.name in self.walking

    def field_table(self, name: str) -> str:
        attrs, labels = self.c.attrs, self.c.labels
        return self.c.code.name_of(("field", name), f"field_{name}", lambda: FieldTable(
            name, {o: values[name] for o, values in attrs.items() if name in values}, labels))

    def write_list(self, node: A.ListLit):
        value = _fixed_list(node)
        if value is not None and not self.constant:     # built once (rules never change a list in place)
            return self.c.code.name_of(("list", repr(value)), "fixed_list", lambda: value)
        return "[" + ", ".join(self.write(i) for i in node.items) + "]"

    def write_lazy(self, node: A.Call) -> str:
        """`any` or `every` of a comprehension, stopping at the first item that decides (nothing in it rolls or picks)."""
        return self.write_comprehension(node.args[0], decides=node.func)

    def write_comprehension(self, node: A.Comprehension, decides: str = ""):
        """A comprehension; the location of a name bound outside it, read inside it, is read once
        before it (where it walks more than one space's pieces, so that saves more than it costs).
        `decides` "any" or "every": whether any or every item holds, found by a generator that
        yields only the item deciding it (resuming a generator for each item would cost more)."""
        holding = not self.constant and not _is_call(node.source, "pieces_at")
        inner, loop = self.comprehension_loop(node, holding)
        elem = inner.write(node.elem)
        if decides == "any":
            code = f"next((True {loop} if ({elem})), False)"
        elif decides == "every":
            code = f"next((False {loop} if not ({elem})), True)"
        elif not node.order:
            code = f"[{elem} {loop}]"
        else:
            keys = [inner.write(key.value) for key in node.order]
            key = keys[0] if len(keys) == 1 else f"({', '.join(keys)})"      # one key is compared as it is
            code = f"ordered([({key}, {elem}) {loop}], {tuple(k.descending for k in node.order)!r})"
        held = inner.hold_levels[-1][0] if holding else None
        if not held:
            return code
        # read without the check for nothing, which stays at each use: an empty list never makes it
        return f"(lambda {', '.join(held.values())}: {code})({held_reads(held)})"

    def deciding_loop(self, node, target: str) -> list[str] | None:
        """`any` or `every` of a comprehension (as `write_lazy` takes it), or a `find` (as `write_find`
        takes it), written as Python statements that set `target`: plain loops stopping at the
        deciding item, nested where an item is itself such a call, with no generator made; None for
        any other expression. For a function's body."""
        if _is_call(node, "find"):
            return self.finding_loop(node, target)
        if not (isinstance(node, A.Call) and node.ref == "builtin" and node.func in ("any", "every")
                and node.args and self.lazy_enough(node.args[0])) or node.args[0].var in self.scope:
            return None         # (a loop over a name already bound would change it for what reads it after)
        comp, found = node.args[0], node.func == "any"      # `found`: the value one deciding item gives
        holding = not self.constant and not _is_call(comp.source, "pieces_at")
        inner = self.item_writer(comp, holding)
        body = [f"if not ({inner.write(comp.cond)}):", "    continue"] if comp.cond is not None else []
        item = f"{target}_item"
        nested = inner.deciding_loop(comp.elem, item)
        if nested is not None:
            body += nested
            test = item if found else f"not {item}"
        else:
            test = f"({inner.write(comp.elem)})" if found else f"not ({inner.write(comp.elem)})"
        body += [f"if {test}:", f"    {target} = {found}", "    break"]
        held = inner.hold_levels[-1][0] if holding else None
        lines = [f"{', '.join(held.values())}, = {held_reads(held)},"] if held else []
        lines += [f"{target} = {not found}", f"for {local_name(comp.var)} in {self.walked(comp.source)}:"]
        return lines + [f"    {line}" for line in body]

    def finding_loop(self, node: A.Call, target: str) -> list[str] | None:
        """`find(list, x -> test)` as `deciding_loop` writes it: the first item passing, or none."""
        source, test = node.args[0], node.args[1] if len(node.args) == 2 else None
        if not isinstance(test, A.Lambda) or test.param in self.scope or self.indexed_find(source, test) is not None:
            return None             # (a loop over a name already bound would change it for what reads it after)
        item, found = local_name(test.param), self.inner(test.param).write(test.body)
        step = [f"    if {found}:", f"        {target} = {item}", "        break"]
        lists = self.flattened_walk(source, test.param)
        if lists is not None:
            inner, _ = self.comprehension_loop(lists)           # one walk of the lists, none of them built
            skip = [f"    if not ({inner.write(lists.cond)}):", "        continue"] if lists.cond is not None else []
            part = inner.walked(lists.elem, charged=False)      # as flatten, which charges nothing per list
            return [f"{target} = None", f"for {local_name(lists.var)} in {self.walked(lists.source)}:", *skip,
                    f"    for {item} in {part}:", *(f"    {line}" for line in step),
                    "    else:", "        continue", "    break"]
        return [f"{target} = None", f"for {item} in {self.write(source)}:", *step]

    def comprehension_loop(self, node: A.Comprehension, holding: bool = False) -> tuple["ExpressionWriter", str]:
        """A comprehension's `for … in … if …`, and the writer of the code inside it. Over
        `flatten([E for v in L])` it walks each list E in turn, building none of them whole."""
        source = node.source
        inner = self.item_writer(node, holding)
        lists = self.flattened_walk(source, node.var)
        if lists is not None:
            outer, loop = self.comprehension_loop(lists)
            loop += f" for {local_name(node.var)} in {outer.walked(lists.elem)}"     # each list charged as it is walked
        else:
            loop = f"for {local_name(node.var)} in {self.walked(source)}"
        if node.cond is not None:
            loop += f" if {inner.write(node.cond)}"
        return inner, loop

    def walked(self, source, charged: bool = True) -> str:
        """A list about to be walked: a space's pieces as its stack itself, not a copy; if `charged`,
        what could grow without bound is charged to the work budget."""
        code = f"g.stack({self.write(source.args[0])})" if _is_call(source, "pieces_at") else self.write(source)
        return code if self.bounded(source) or not charged else f"each(g, {code})"

    def inner(self, name: str, rows: bool = False, kind: str | None = None) -> "ExpressionWriter":
        """A writer for code inside a binding of `name` (a comprehension's item, a `let`, `x -> ...`);
        `rows`: the name holds a row of a list written out in the rules; `kind`: it walks that kind's objects."""
        short = self.short | {name} if rows else self.short - {name}
        nested = _Nested(self, dict(self.scope, **{name: local_name(name)}), short)
        nested.hold_levels = tuple((held, bound | {local_name(name)}) for held, bound in self.hold_levels)
        nested.walking = {n: k for n, k in self.walking.items() if n != name}
        if kind is not None:
            nested.walking[name] = kind
        return nested

    def item_writer(self, node: A.Comprehension, holding: bool) -> "ExpressionWriter":
        """The writer of the code inside a comprehension, which knows what its item is bound to;
        `holding`: locations read inside it of names bound outside are read once, before it."""
        source = node.source
        walks_kind = _is_call(source, "objects") and isinstance(source.args[0], A.Name) and source.args[0].ref == "kind"
        inner = self.inner(node.var, rows=self.rows_written_out(source), kind=source.args[0].name if walks_kind else None)
        if holding:
            inner.hold_levels += (({}, frozenset({local_name(node.var)})),)
        return inner

    def held_location(self, obj: str) -> str | None:
        """The name holding `obj.location` where it is read once: at the outermost level inside
        which `obj` stays bound to one value; None to read it in place."""
        for held, bound in self.hold_levels:
            if obj not in bound:
                return held.setdefault(obj, self.c.code.fresh_name("where"))
        return None

    def write_find(self, source, test: A.Lambda) -> str:
        """`find(list, x -> test)` as Python's own loop, stopping at the first item that passes."""
        indexed = self.indexed_find(source, test)
        if indexed is not None:
            return indexed
        item, found = local_name(test.param), self.inner(test.param).write(test.body)
        lists = self.flattened_walk(source, test.param)
        if lists is not None:
            # find(flatten([E for v in L]), x -> t): one walk, no list built, stopping at the first found
            inner, loop = self.comprehension_loop(lists)
            part = inner.walked(lists.elem, charged=False)      # as flatten, which charges nothing per list
            return f"next(({item} {loop} for {item} in {part} if {found}), None)"
        return f"next(({item} for {item} in {self.write(source)} if {found}), None)"

    def flattened_walk(self, source, item: str) -> A.Comprehension | None:
        """The comprehension of `flatten([E for v in L])` walked item by item as `item` (by a `find`
        or a comprehension) when its lists may be walked in turn as far as needed (no name of the
        walk already bound), else None."""
        lists = source.args[0] if _is_call(source, "flatten") else None
        if self.lazy_enough(lists) and not {lists.var, item} & set(self.scope) and lists.var != item:
            return lists
        return None

    def indexed_find(self, source, test: A.Lambda) -> str | None:
        """`find(objects(K), x -> x.F == E)` (or a list written out) where F is a fixed attribute every
        item has and E is a plain read that does not depend on x: a look-up in a dictionary from each
        value of F to the first item holding it, built once."""
        body = test.body
        if not (isinstance(body, A.BinOp) and body.op == "=="):
            return None
        for field, other in ((body.left, body.right), (body.right, body.left)):
            if isinstance(field, A.FieldRef) and not field.on_enum and field.name not in PSEUDO_FIELDS \
                    and field.name not in self.c.mutable_names and isinstance(field.obj, A.Name) \
                    and field.obj.ref == "local" and field.obj.name == test.param and _plain_read(other, test.param):
                break
        else:
            return None
        if _is_call(source, "objects") and isinstance(source.args[0], A.Name) and source.args[0].ref == "kind":
            items = list(self.c.members(source.args[0].name))
        elif isinstance(source, A.ListLit):
            items = _fixed_list(source)
        else:
            return None
        index: dict = {}
        for item in items or [None]:        # an empty list keeps its loop: E is then never read
            value = self.c.attrs.get(item, {}).get(field.name, MISSING) if item.__class__ is str else MISSING
            if value is MISSING or value.__class__ not in (str, int, bool):
                return None
            index.setdefault(value, item)
        table = self.c.code.name_of(("first_by", field.name, tuple(items)), f"first_by_{field.name}", lambda: index)
        return f"{table}.get({self.write(other)})"

    def write_lambda(self, node: A.Lambda):
        return f"(lambda {local_name(node.param)}: {self.inner(node.param).write(node.body)})"

    def write_tuple(self, node: A.TupleLit):
        return "(" + "".join(f"{self.write(item)}, " for item in node.items) + ")"

    def write_let(self, node: A.LetExpr):
        binding, rest = node.bindings[0], node.bindings[1:]
        body = A.LetExpr.model_construct(bindings=rest, body=node.body) if rest else node.body
        inner = self.inner(binding.name)
        return f"(lambda {local_name(binding.name)}: {inner.write(body)})({self.write(binding.value)})"

    def bounded(self, node) -> bool:
        """Whether a list's length is bounded by the rules themselves (a list written out, a
        table's entry, the objects of a kind, the pieces in one space): walking it needs no charge to the work budget,
        which still counts every call and loop that could repeat it."""
        if isinstance(node, A.ListLit) or _is_call(node, "objects") or _is_call(node, "pieces_at"):
            return True
        if isinstance(node, A.Call) and node.ref == "table":      # its entries are constants
            return True
        if isinstance(node, A.Name) and node.ref == "local" and node.name in self.short:
            return True
        body = self.fixed_body(node)
        return body is not None and self.bounded(body)

    def rows_written_out(self, node) -> bool:
        """Whether `node` is a list of lists written out in the rules (a table's rows)."""
        node = self.fixed_body(node) or node
        return isinstance(node, A.ListLit) and all(isinstance(item, A.ListLit) for item in node.items)

    def fixed_body(self, node):
        """The body of a call of a small function without parameters (written in place), else None."""
        if isinstance(node, A.Call) and node.ref == "function":
            decl = self.c.inlined.get(node.func)
            if decl is not None and not decl.params:
                return decl.body
        return None

    def write_roll(self, node: A.Roll):
        count = self.write(node.count) if node.count is not None else "None"
        if node.needs is not None:
            return f"g.roll_needing({node.die!r}, {count}, {self.write(node.needs)}, {node.at_most})"
        return f"g.roll({node.die!r}, {count})"

    def write_if(self, node: A.IfExpr):
        return f"({self.write(node.then)} if {self.write(node.cond)} else {self.write(node.other)})"

    def write_binop(self, node: A.BinOp):
        op = node.op
        if op == "and":
            return "(" + " and ".join(self.write(n) for n in conjuncts(node)) + ")"
        left, right = self.write(node.left), self.write(node.right)
        if op == "or":
            return f"({left} or {right})"
        if op in COMPARISONS:
            return f"({left} {op} {right})"
        if op == "+":
            return f"plus(g, {left}, {right})"
        return f"{ARITHMETIC[op]}({left}, {right})"

    def write_unary(self, node: A.UnaryOp):
        operand = self.write(node.operand)
        return f"(not {operand})" if node.op == "not" else f"(-{operand})"

    def write_is(self, node: A.IsKind):
        members = self.c.members_set(node.kind)
        return f"({self.write(node.operand)} in {self.c.code.name_of(('kind', node.kind), 'kind', lambda: members)})"

    def lazy_enough(self, node) -> bool:
        """Whether a comprehension's items may be worked out only as far as they are needed."""
        return isinstance(node, A.Comprehension) and not node.order and self.leaves_dice_alone(node)

    def leaves_dice_alone(self, node) -> bool:
        """Whether an expression rolls no dice and picks nothing at random (so working it out
        again, or not, in a position that has not changed gives the same value and the same dice)."""
        return not any(isinstance(n, A.Roll) or (isinstance(n, A.Call) and (
            (n.ref == "builtin" and n.func == "pick") or (n.ref in ("function", "modifier") and n.func in self.c.impure)))
            for n in A.walk(node))

    def write_active(self, effect) -> str:
        """`active(NAME)`, `active(NAME(args))`, or `active(E)` of a value of type effect."""
        if effect.node == "call" and effect.ref == "effect":
            return f"g.effect_on_with({effect.func!r}, [{', '.join(self.write(a) for a in effect.args)}])"
        return f"g.effect_on({self.write(effect)})"

    def write_call(self, node: A.Call):
        if node.ref == "builtin" and node.func in ("any", "every") and node.args and self.lazy_enough(node.args[0]):
            return self.write_lazy(node)
        if node.ref == "builtin" and node.func == "find" and len(node.args) == 2 and isinstance(node.args[1], A.Lambda):
            return self.write_find(node.args[0], node.args[1])
        if node.ref == "builtin" and node.func == "active":
            return self.write_active(node.args[0])
        if node.ref == "builtin" and node.func in ("count", "empty") and _is_call(node.args[0], "pieces_at"):     # read only: no copy
            stack = f"g.stack({self.write(node.args[0].args[0])})"
            return f"len({stack})" if node.func == "count" else f"(not {stack})"
        args = [self.write(a) for a in node.args]
        if node.ref == "table":
            chart = self.c.code.name_of(("table", node.func), f"table_{node.func}", lambda: self.c.chart(node.func))
            if len(args) == 1:         # a chart is the dictionary of its exact keys (see Chart)
                return f"{chart}[{args[0]}]"
            return f"{chart}({', '.join(args)})"
        if node.ref == "function":
            decl = self.c.inlined.get(node.func)
            if decl is not None and all(_simple(a) or a.isdigit() or a.startswith("'") for a in args):
                # the body with the arguments in place of the parameters: no call, no memo look-up
                scope = {p.name: a for p, a in zip(decl.params, args)}
                writer = ExpressionWriter(self.c, scope, in_function=True, constant=self.constant)
                writer.hold_levels = self.hold_levels
                return writer.write(decl.body)
            return f"{function_name(node.func)}({', '.join(['g'] + args)})"
        if node.ref == "modifier":
            return f"{modifier_name(node.func)}({', '.join(['g'] + args)})"
        builtin = BUILTINS[node.func]
        if node.func == "objects" and node.args[0].node == "name" and node.args[0].ref == "kind":
            kind = node.args[0].name         # a kind's members never change: one list, built once
            return self.c.code.name_of(("members", kind), f"members_{kind}", lambda: list(self.c.members(kind)))
        if node.func in INLINE_BUILTINS and (len(args) == 1 or not builtin.collects):
            return INLINE_BUILTINS[node.func].format(*args)
        run = self.c.code.name_of(("builtin", node.func), f"builtin_{node.func}", lambda: builtin_function(node.func))
        if builtin.collects and len(args) != 1:
            return f"{run}(g, [{', '.join(args)}])"
        return f"{run}({', '.join(['g'] + args)})"


class _Nested(ExpressionWriter):
    """A writer for code inside a binding: whatever it reads of the statement's environment, its parent reads too."""

    def __init__(self, parent: ExpressionWriter, scope: dict, short):
        super().__init__(parent.c, scope, parent.in_function, parent.constant, short)
        self.parent = parent

    def env_read(self, name: str) -> str:
        code = super().env_read(name)
        self.parent.env_read(name)
        return code


def _fixed_list(node):
    """The value of a list written out of constants (and such lists), or None."""
    items = []
    for item in node.items:
        if isinstance(item, A.ListLit):
            value = _fixed_list(item)
            if value is None:
                return None
        else:
            known, value = constant_of(item)
            if not known:
                return None
        items.append(value)
    return items


def held_reads(held: dict) -> str:
    """The reads of the locations `held` names, in order, none of which can fail (a local name not
    yet set fails where it is used, as before)."""
    return ", ".join(f"g.where.get({'e.get(' + obj[2:-1] + ')' if obj.startswith('e[') else obj})" for obj in held)


def _plain_read(node, name: str) -> bool:
    """Whether an expression only reads (no call, roll or binding) and never reads `name`."""
    for n in A.walk(node):
        if isinstance(n, (A.Call, A.Roll, A.Comprehension, A.Lambda, A.LetExpr)) or (isinstance(n, A.Name) and n.name == name):
            return False
    return True


def _is_call(node, builtin: str) -> bool:
    return isinstance(node, A.Call) and node.ref == "builtin" and node.func == builtin


def _simple(code: str) -> bool:
    """Whether generated code is a plain read, cheap to evaluate twice (a Python local or `e['name']`)."""
    return code.isidentifier() or bool(re.fullmatch(r"e\['\w+'\]", code))
