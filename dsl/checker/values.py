"""Checks the declarations of fixed data: enum values' attributes, constants and tables."""
from __future__ import annotations

from .. import ast as A
from ..errors import suggest
from ..types import ANY, BOOL, INT, NONE, TEXT, Type
from .expressions import ExpressionChecks
from .scope import Context, Scope
from .state import CheckState, Pass

# builtins whose value depends only on their arguments and the declarations, never on play
FIXED_BUILTINS = {"count", "sum", "max", "min", "any", "every", "empty", "first", "last", "nth", "index", "head",
                  "reversed", "flatten", "abs", "objects", "in_variant", "min_by", "max_by", "sorted", "find"}
MAX_TABLE_SPAN = 10_000        # numbers one row of a table may cover with a range


class ValueChecks(Pass):
    """Enum attributes get their types from the values given; constants and table entries must be
    worked out before play: they read no variable, roll no die and call no rules function."""

    def __init__(self, state: CheckState, exprs: ExpressionChecks):
        super().__init__(state)
        self.exprs = exprs

    # ---- fixed expressions
    def expect_fixed(self, node, what: str) -> None:
        """Report the first part of `node` that could change during play."""
        for n in A.walk(node):
            problem = self.changing(n)
            if problem:
                self.error(n, f"{what} must be fixed before play, but {problem}")
                return

    def changing(self, n) -> str | None:
        if isinstance(n, A.Name) and n.ref == "var":
            return f"'{n.name}' is a variable"
        if isinstance(n, A.Roll):
            return "it rolls a die"
        if isinstance(n, A.Special):
            return f"'{n.name}' is only known during play"
        if isinstance(n, A.Call) and n.ref == "function":
            return f"'{n.func}' is a rules function, worked out during play"
        if isinstance(n, A.Call) and n.ref == "builtin" and n.func not in FIXED_BUILTINS:
            return f"'{n.func}' reads the game as it is played"
        if isinstance(n, A.FieldRef) and not n.on_enum:
            return f"'.{n.name}' of an object is read during play (only an enum value's attributes are fixed)"
        return None

    # ---- enums
    def check_enum(self, e: A.EnumDecl) -> None:
        """Every value gives every attribute, each attribute with one type across the values."""
        types: dict[str, Type] = {}
        for v in e.values:
            seen = set()
            for a in v.attrs:
                if a.name in seen:
                    self.error(a, f"attribute '{a.name}' is given twice")
                    continue
                seen.add(a.name)
                if a.name == "label":
                    self.error(a, "'label' is built in for every enum value; give it as a string after the name")
                    continue
                t = self.exprs.expr(a.value, Scope(), Context())
                self.expect_fixed(a.value, f"the value of '{a.name}'")
                if a.name not in types or types[a.name] in (NONE, ANY):
                    types[a.name] = t
                elif not (self.h.accepts(types[a.name], t) or self.h.accepts(t, types[a.name])):
                    self.error(a.value, f"'{a.name}' is {types[a.name].describe()} for the other values, "
                                        f"but {t.describe()} here")
        for v in e.values:
            missing = [name for name in types if name not in {a.name for a in v.attrs}]
            if missing:
                self.error(v, f"enum value '{v.name}' has no '{missing[0]}'; every value of '{e.name}' "
                              f"must give each of its attributes")
        self.h.enum_fields[e.name] = types

    # ---- constants
    def check_consts(self) -> None:
        """Each constant after the ones its value names, so that their types are known."""
        consts = self.p.by_cat["const"]
        done: set[str] = set()
        for name in consts:
            self.check_const(name, consts, done, [])

    def check_const(self, name: str, consts: dict, done: set, path: list) -> None:
        if name in done:
            return
        c = consts[name]
        if name in path:
            self.at(c)
            self.error(c, f"the constant '{name}' is worked out from itself: "
                          + " -> ".join(path[path.index(name):] + [name]))
            done.update(path)
            return
        for n in free_names(c.value):
            if n.name in consts:
                self.check_const(n.name, consts, done, path + [name])
        if name in done:
            return
        done.add(name)
        self.at(c)
        self.reserved(c, name)
        want = self.type_of(c.type) if c.type is not None else None
        if want is not None:
            self.exprs.expect(c.value, Scope(), Context(), want, f"the value of '{name}'")
        else:
            t = self.exprs.expr(c.value, Scope(), Context())
            self.globals[name] = ANY if t == NONE else t
        self.expect_fixed(c.value, f"the value of the constant '{name}'")

    # ---- values worked out from one another
    def check_fixed_cycles(self) -> None:
        """A table or an enum whose values are worked out, through tables, enum values and
        constants, from its own: reported once at the first of them (constants alone are
        reported as they are checked)."""
        p = self.p
        parts = {("table", t.name): [r.value for r in t.rows] + ([t.other] if t.other is not None else [])
                 for t in p.by_cat["table"].values()}
        parts.update({("enum", e.name): [a.value for v in e.values for a in v.attrs] for e in p.by_cat["enum"].values()})
        parts.update({("constant", c.name): [c.value] for c in p.by_cat["const"].values()})
        enum_of = {v.name: e.name for e in p.by_cat["enum"].values() for v in e.values}
        # an enum's value may read another value's attribute: worked out in order, not a circle
        uses = {key: ({used for node in nodes for used in self.fixed_uses(node, enum_of)} & parts.keys())
                - ({key} if key[0] == "enum" else set()) for key, nodes in parts.items()}
        decls = {key: p.by_cat["table" if key[0] == "table" else "enum"][key[1]] for key in uses if key[0] != "constant"}
        reported: set = set()
        for start in sorted(decls, key=lambda key: (decls[key].file, decls[key].line, decls[key].col)):
            if start in reported:
                continue
            cycle = _cycle_through(start, uses)
            if cycle is None or reported & set(cycle):
                continue
            reported.update(cycle)
            decl = decls[start]
            self.at(decl)
            self.error(decl, f"the {start[0]} '{start[1]}' is worked out from itself: "
                             + " -> ".join(name for _, name in cycle + [start]))

    def fixed_uses(self, node, enum_of: dict) -> set:
        """The tables, enums and constants an expression reads."""
        found = set()
        for n in A.walk(node):
            if isinstance(n, A.Call) and n.ref == "table":
                found.add(("table", n.func))
            elif isinstance(n, A.FieldRef) and isinstance(n.obj, A.Name) and n.obj.name in enum_of:
                found.add(("enum", enum_of[n.obj.name]))      # an enum value's attribute; naming one needs none
            elif isinstance(n, A.Name) and n.ref not in ("local", "enum", None):
                found.add(("constant", n.name))
        return found

    # ---- tables
    def check_table(self, t: A.TableDecl) -> None:
        scope = Scope()
        for prm in t.params:
            self.reserved(prm, prm.name)
            scope.names[prm.name] = self.type_of(prm.type)
        types = list(scope.names.values())
        result = self.type_of(t.returns)
        seen: dict[tuple, int] = {}
        for row in t.rows:
            if len(row.keys) != len(types):
                self.error(row, f"a row of '{t.name}' needs {len(types)} key{'s' if len(types) != 1 else ''} "
                                f"(one per parameter), given {len(row.keys)}")
                continue
            exact = tuple(self.table_key(key, prm, want) for key, prm, want in zip(row.keys, t.params, types))
            if None not in exact:
                if exact in seen:
                    self.error(row, f"this row has the same keys as the row at line {seen[exact]}, which is read first")
                seen.setdefault(exact, row.line)
            self.table_value(row.value, result, t)
        if t.other is not None:
            self.table_value(t.other, result, t)

    def table_value(self, node, result: Type, t: A.TableDecl) -> None:
        self.exprs.expect(node, Scope(), Context(), result, f"an entry of '{t.name}'")
        self.expect_fixed(node, f"an entry of '{t.name}'")

    def table_key(self, key: A.TableKey, prm: A.Param, want: Type):
        """Checks one key against its parameter's type; gives it as a value when it matches exactly one."""
        if key.kind == "any":
            return None
        if key.kind == "number":
            if want not in (INT, ANY):
                self.error(key, f"'{prm.name}' is {want.describe()}, so its keys cannot be numbers")
            elif key.low > key.high:
                self.error(key, f"the range {key.low}..{key.high} is empty")
            elif key.high - key.low >= MAX_TABLE_SPAN:
                self.error(key, f"the range {key.low}..{key.high} is too long (at most {MAX_TABLE_SPAN} numbers)")
            return key.low if key.low == key.high else None
        if key.kind == "bool":
            if want not in (BOOL, ANY):
                self.error(key, f"'{prm.name}' is {want.describe()}, so its keys cannot be true or false")
            return key.value
        if key.kind == "text":
            if want not in (TEXT, ANY):
                self.error(key, f"'{prm.name}' is {want.describe()}, so its keys cannot be texts")
            return key.value
        got = self.globals.get(key.name) if self.name_refs.get(key.name) in ("enum", "object") else None
        if got is None:
            known = self.h.enums.get(getattr(want, "name", ""), []) or list(self.globals)
            self.error(key, f"unknown key '{key.name}' for '{prm.name}'" + suggest(key.name, known))
        elif not self.h.accepts(want, got):
            self.error(key, f"'{prm.name}' is {want.describe()}, but '{key.name}' is {got.describe()}")
        else:
            self.used.add(key.name)
        return key.name


def _cycle_through(start, uses: dict) -> list | None:
    """A path start -> ... leading back to start, if there is one (depth first)."""
    stack, seen = [(start, [start])], set()
    while stack:
        key, path = stack.pop()
        for used in uses[key]:
            if used == start:
                return path
            if used not in seen:
                seen.add(used)
                stack.append((used, path + [used]))
    return None


def free_names(node, bound: frozenset = frozenset()):
    """The names an expression reads that none of its own comprehensions, lets or lambdas binds there."""
    if isinstance(node, A.Name):
        if node.name not in bound:
            yield node
        return
    if isinstance(node, A.Comprehension):
        yield from free_names(node.source, bound)
        inner = bound | {node.var}
        for part in [node.elem, node.cond, *node.order]:
            if part is not None:
                yield from free_names(part, inner)
        return
    if isinstance(node, A.LetExpr):
        for binding in node.bindings:
            yield from free_names(binding.value, bound)
            bound = bound | {binding.name}
        yield from free_names(node.body, bound)
        return
    if isinstance(node, A.Lambda):
        yield from free_names(node.body, bound | {node.param})
        return
    for value in node.__dict__.values():
        for child in (value if isinstance(value, list) else (value,)):
            if isinstance(child, A.Node):
                yield from free_names(child, bound)
