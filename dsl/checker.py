"""Resolves names and checks types of a whole pack, collecting every error and warning."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import ast as A
from .errors import Diagnostic, suggest
from .types import (ANY, BOOL, DECK, INT, KIND, NONE, PIECE, ROOT_PARENTS, ROOTS, SPACE, TEXT, TOKEN, FieldInfo, Hierarchy,
                    ListType, Named, Type, item_of)

# builtin functions: name -> short description of the arguments, for arity errors
BUILTINS = {
    "count": "a list", "sum": "a list of numbers", "max": "a list of numbers or several numbers",
    "min": "a list of numbers or several numbers", "any": "a list of true/false",
    "every": "a list of true/false", "empty": "a list", "first": "a list", "last": "a list",
    "pick": "a list", "top": "a space", "bottom": "a space", "pieces_at": "a space",
    "tokens": "an object and a token", "take": "a kind", "objects": "a kind", "abs": "a number",
    "seats": "nothing", "in_variant": "a variant name", "index": "a list and a value",
    "reversed": "a list", "nth": "a list and a position (from 1)", "flatten": "a list of lists",
    "head": "a list and how many of its first items", "token_supply": "a token with a supply",
}
MAX_COPIES = 10_000
BASIC_TYPE_NAMES = ("int", "bool", "text", "kind", "token")   # the types a declaration names besides kinds and enums

# words that begin a statement or stand for a value; a name spelled like one could never be used
SHORT_NAME_CHARS = 12     # the longest abbreviation the compact board allows

RESERVED = {"this", "seat", "score", "true", "false", "none", "roll", "if", "elif", "else", "not",
            "and", "or", "in", "is", "let", "set", "move", "shuffle", "insert", "add", "remove",
            "for", "repeat", "while", "break", "continue", "return", "resolve", "choose", "perform",
            "as", "phase", "log", "end", "then"}
PSEUDO_FIELDS = {"label": TEXT, "location": SPACE, "kind": KIND, "deck": DECK}


@dataclass
class Scope:
    names: dict[str, Type] = field(default_factory=dict)
    parent: "Scope | None" = None

    def lookup(self, name: str) -> Type | None:
        scope = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def all_names(self) -> list[str]:
        out, scope = [], self
        while scope is not None:
            out.extend(scope.names)
            scope = scope.parent
        return out

    def child(self) -> "Scope":
        return Scope(parent=self)

    def outer_type(self, name: str) -> Type | None:
        """The type of `name` in an enclosing scope (not this one), if it is declared there."""
        return self.parent.lookup(name) if self.parent is not None else None


@dataclass
class Context:
    """Where a statement sits: what `this` is, whether break/return/score are allowed."""
    this: Type | None = None
    loops: int = 0
    returns: bool = False
    score: bool = False


class Program:
    """The declarations of one game (base plus an active variant), indexed by name."""

    CATEGORIES = ("game", "enum", "die", "token", "kind", "space", "deck", "piece", "var",
                  "function", "procedure", "action", "phase", "variant", "tally")

    def __init__(self, decls: list[A.AnyDecl], variant: str | None = None):
        self.decls = decls
        self.variant = variant
        self.by_cat: dict[str, dict[str, A.Decl]] = {c: {} for c in self.CATEGORIES}
        self.triggers: list[A.Decl] = []
        self.plays: list[A.PlayDecl] = []
        self.results: list[A.ResultDecl] = []
        self.evaluations: list[A.EvaluateDecl] = []
        self.layouts: list[A.LayoutDecl] = []
        self.duplicates: list[tuple[A.Decl, A.Decl]] = []
        self.variants: dict[str, A.VariantDecl] = {}
        base = [d for d in decls if not isinstance(d, A.VariantDecl)]
        for d in decls:
            if isinstance(d, A.VariantDecl):
                if d.name in self.variants:
                    self.duplicates.append((d, self.variants[d.name]))
                self.variants[d.name] = d
        self._index(base, replace=False)
        if variant is not None and variant in self.variants:
            self._index(self.variants[variant].decls, replace=True)

    def _index(self, decls, replace: bool) -> None:
        for d in decls:
            if isinstance(d, (A.EntersTrigger, A.ChangesTrigger)):
                self.triggers.append(d)
            elif isinstance(d, A.PlayDecl):
                self.plays = [d] if replace else self.plays + [d]
            elif isinstance(d, A.ResultDecl):
                self.results = [d] if replace else self.results + [d]
            elif isinstance(d, A.EvaluateDecl):
                self.evaluations = [d] if replace else self.evaluations + [d]
            elif isinstance(d, A.LayoutDecl):
                self.layouts = [d] if replace else self.layouts + [d]
            elif isinstance(d, A.VariantDecl):
                continue
            else:
                cat = d.decl
                existing = self.find(d.name)
                if existing is not None and not (replace and existing[0] == cat):
                    if existing[1] is not d:
                        self.duplicates.append((d, existing[1]))
                    continue
                self.by_cat[cat][d.name] = d

    def kind_parents(self) -> dict[str, str]:
        """Each kind's parent, and each piece declaration's kind (a declaration is a kind of its own)."""
        parents = dict(ROOT_PARENTS)
        parents.update({k.name: k.parent for k in self.by_cat["kind"].values()})
        parents.update({pc.name: pc.kind for pc in self.by_cat["piece"].values()})
        return parents

    def find(self, name: str) -> tuple[str, A.Decl] | None:
        for cat, table in self.by_cat.items():
            if name in table:
                return cat, table[name]
        return None

    @property
    def game(self) -> A.GameDecl | None:
        return next(iter(self.by_cat["game"].values()), None)


class Checker:
    """Checks one Program; `diagnostics` collects errors and warnings in source order."""

    def __init__(self, program: Program):
        self.p = program
        self.diags: list[Diagnostic] = []
        self.file = ""
        self.used: set[str] = set()
        self.h = Hierarchy()
        self.globals: dict[str, Type] = {}    # name -> type, for names usable as values
        self.name_refs: dict[str, str] = {}   # name -> what it refers to ("var", "object", ...)
        self.sought: set[str] = set()         # kinds looked up with objects() or take()
        self.referenced: set[str] = set()     # global names that code (not declarations) mentions

    # ---- reporting
    def error(self, node, message: str) -> None:
        self.diags.append(Diagnostic(self.file, node.line, node.col, message))

    def warn(self, node, code: str, message: str, file: str | None = None) -> None:
        self.diags.append(Diagnostic(file or self.file, node.line, node.col, message, "warning", code))

    def at(self, decl: A.Decl) -> None:
        self.file = decl.file

    # ---- entry point
    def run(self) -> list[Diagnostic]:
        p = self.p
        for dup, first in p.duplicates:
            self.at(dup)
            self.error(dup, f"'{dup.name}' is defined twice (first at {first.file}:{first.line}:{first.col})")
        self.declare()
        for d in p.by_cat["die"].values():
            if d.low > d.high:
                self.at(d)
                self.error(d, f"die '{d.name}' has no faces: {d.low}..{d.high} is empty")
        for cat in ("kind", "space", "piece", "var", "function", "procedure", "action", "phase"):
            for d in p.by_cat[cat].values():
                self.at(d)
                getattr(self, f"check_{cat}")(d)
        for t in p.triggers:
            self.at(t)
            self.check_trigger(t)
        for play in p.plays:
            self.at(play)
            self.block(play.body, Scope(), Context(returns=True))
        for res in p.results:
            self.at(res)
            self.expect(res.score, Scope(), Context(), INT, "the score")
            for o in res.outcomes:
                if o.cond is not None:
                    self.expect(o.cond, Scope(), Context(score=True), BOOL, "an outcome condition")
        for ev in p.evaluations:
            self.at(ev)
            self.expect(ev.value, Scope(), Context(), INT, "the evaluation")
        if len(p.evaluations) > 1:
            self.at(p.evaluations[1])
            self.error(p.evaluations[1], "a second 'evaluate' declaration")
        for layout in p.layouts:
            self.at(layout)
            self.check_layout(layout)
        if len(p.layouts) > 1:
            self.at(p.layouts[1])
            self.error(p.layouts[1], "a second 'layout' declaration")
        self.check_whole_game()
        return self.diags

    def check_whole_game(self) -> None:
        p = self.p
        first_file = p.decls[0].file if p.decls else "<pack>"
        anchor = A.Name.at((1, 1), name="")
        if p.game is None:
            self.error_at(first_file, anchor, "the pack has no 'game' declaration")
        if not p.plays:
            self.error_at(first_file, anchor, "the pack has no 'play' block saying how the game runs")
        if p.game is not None and p.game.turns is not None:
            self.at(p.game)
            if p.game.turns not in p.by_cat["var"]:
                self.error(p.game, f"the turn counter '{p.game.turns}' is not a variable" + suggest(p.game.turns, p.by_cat["var"]))
            self.used.add(p.game.turns)
        if len(p.plays) > 1:
            second = p.plays[1]
            self.at(second)
            self.error(second, f"a second 'play' block (the first is at {p.plays[0].file}:{p.plays[0].line})")
        if len(p.results) > 1:
            second = p.results[1]
            self.at(second)
            self.error(second, "a second 'result' block")

    def error_at(self, file: str, node, message: str) -> None:
        self.diags.append(Diagnostic(file, node.line, node.col, message))

    # ---- declarations: build the symbol tables
    def reserved(self, node, name: str) -> None:
        if name in RESERVED:
            self.error(node, f"'{name}' is a reserved word of the language and cannot name anything")

    def declare(self) -> None:
        p, h = self.p, self.h
        for table in p.by_cat.values():
            for d in table.values():
                self.at(d)
                self.reserved(d, d.name)
        for e in p.by_cat["enum"].values():
            h.enums[e.name] = [v.name for v in e.values]
            for v in e.values:
                if v.name in self.globals:
                    self.at(e)
                    self.error(v, f"enum value '{v.name}' is already defined")
                self.globals[v.name] = Named(e.name)
                self.name_refs[v.name] = "enum"
        h.parent.update(p.kind_parents())
        self.used.update(k.parent for k in p.by_cat["kind"].values())
        for k in p.by_cat["kind"].values():
            self.at(k)
            h.fields[k.name] = {f.name: FieldInfo(self.type_of(f.type, k), f.mutable) for f in k.fields}
        for k in p.by_cat["kind"].values():
            self.at(k)
            if not (k.parent in ROOTS or k.parent in p.by_cat["kind"]):
                self.error(k, f"unknown parent kind '{k.parent}'" + suggest(k.parent, self.kind_names()))
            elif k.name in h.ancestors(k.parent):
                self.error(k, f"kind '{k.name}' is its own ancestor")
        for s in p.by_cat["space"].values():
            self.globals[s.name] = Named(s.kind) if s.kind else SPACE
            self.name_refs[s.name] = "object"
        for d in p.by_cat["deck"].values():
            self.globals[d.name] = DECK
            self.name_refs[d.name] = "object"
        for pc in p.by_cat["piece"].values():
            if pc.count == 1:
                self.globals[pc.name] = Named(pc.name)
                self.name_refs[pc.name] = "object"
            else:
                self.globals[pc.name] = KIND
                self.name_refs[pc.name] = "kind"
        for k in p.by_cat["kind"].values():
            self.globals[k.name] = KIND
            self.name_refs[k.name] = "kind"
        for v in p.by_cat["var"].values():
            self.at(v)
            self.globals[v.name] = self.type_of(v.type, v)
            self.name_refs[v.name] = "var"
        for t in p.by_cat["token"].values():
            self.globals[t.name] = TOKEN
            self.name_refs[t.name] = "token"

    def kind_names(self) -> list[str]:
        return list(ROOTS) + list(self.h.parent)

    def type_of(self, t: A.TypeRef, where) -> Type:
        if t.name == "list":
            return ListType(self.type_of(t.item, where))
        if t.name in BASIC_TYPE_NAMES or t.name in self.h.enums or self.h.is_kind(t.name):
            if self.h.is_kind(t.name):
                self.used.add(t.name)
            return Named(t.name)
        known = list(BASIC_TYPE_NAMES) + list(self.h.enums) + self.kind_names()
        self.error(t, f"unknown type '{t.name}'" + suggest(t.name, known))
        return ANY

    # ---- per-declaration checks
    def check_kind(self, k: A.KindDecl) -> None:
        seen: set[str] = set()
        for f in k.fields:
            if f.name in seen:
                self.error(f, f"field '{f.name}' is declared twice in kind '{k.name}'")
            seen.add(f.name)
            if f.name in PSEUDO_FIELDS:
                self.error(f, f"'{f.name}' is built in for every object; choose another field name")
            if f.default is not None:
                self.expect(f.default, Scope(), Context(), self.h.fields[k.name][f.name].type,
                            f"the default of '{f.name}'")
                self.expect_constant(f.default)
        if k.does is not None:
            self.block(k.does, Scope(), Context(this=Named(k.name), returns=True))

    def check_attrs(self, decl, kind: str, attrs: list[A.AttrValue]) -> None:
        given = {}
        for a in attrs:
            info = self.h.field(kind, a.name) if self.h.is_kind(kind) else None
            own = any(a.name in self.h.fields.get(k, {}) for k in self.h.ancestors(kind))
            saved, self.file = self.file, a.file or self.file      # values a mod changed point into the mod
            if info is None or not own:
                names = [n for k in self.h.ancestors(kind) for n in self.h.fields.get(k, {})]
                self.error(a, f"'{kind}' has no attribute '{a.name}'" + suggest(a.name, names))
                self.file = saved
                continue
            if a.name in given:
                self.error(a, f"attribute '{a.name}' is given twice")
            given[a.name] = a
            self.expect(a.value, Scope(), Context(), info.type, f"attribute '{a.name}'")
            self.expect_constant(a.value)
            self.file = saved
        for k in self.h.ancestors(kind):
            kdecl = self.p.by_cat["kind"].get(k)
            if kdecl is None:
                continue
            for f in kdecl.fields:
                if f.default is None and not f.mutable and f.name not in given:
                    self.error(decl, f"'{decl.name}' needs a value for attribute '{f.name}' of kind '{k}'")

    def expect_constant(self, node) -> None:
        """Attribute values are fixed when the game is built: numbers, text, names, lists of them."""
        if isinstance(node, (A.IntLit, A.BoolLit, A.NoneLit)):
            return
        if isinstance(node, A.Text) and all(isinstance(p, str) for p in node.parts):
            return
        if isinstance(node, A.Name) and node.ref not in ("local", "var"):
            return
        if isinstance(node, A.UnaryOp) and node.op == "-" and isinstance(node.operand, A.IntLit):
            return
        if isinstance(node, A.ListLit):
            for item in node.items:
                self.expect_constant(item)
            return
        self.error(node, "an attribute's value must be fixed: a number, text, true/false, a name or a list of them")

    def check_space(self, s: A.SpaceDecl) -> None:
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
        start = pc.start or pc.deck or (self.p.game.home if self.p.game else None)
        if start is None:
            self.error(pc, f"'{pc.name}' has no starting place: add 'at SPACE', or 'home SPACE' to the game")
        elif start == pc.deck and pc.start is None:
            pass            # its deck, checked above
        elif start not in self.p.by_cat["space"] and start not in self.p.by_cat["deck"]:
            where = pc if pc.start else self.p.game
            self.error(where, f"unknown space '{start}'" + suggest(start, list(self.p.by_cat["space"]) + list(self.p.by_cat["deck"])))
        else:
            self.used.add(start)
        self.check_attrs(pc, pc.kind, pc.attrs)
        if pc.does is not None:
            self.block(pc.does, Scope(), Context(this=Named(pc.name), returns=True))

    def check_var(self, v: A.VarDecl) -> None:
        t = self.globals[v.name]
        self.expect(v.init, Scope(), Context(), t, f"the starting value of '{v.name}'")
        if (v.low is not None) and t != INT:
            self.error(v, f"only a number variable can have a range; '{v.name}' is {t.describe()}")
        elif v.low is not None and v.low > v.high:
            self.error(v, f"the range {v.low}..{v.high} of '{v.name}' is empty")
        elif v.low is not None and isinstance(v.init, A.IntLit) and not v.low <= v.init.value <= v.high:
            self.error(v.init, f"the starting value {v.init.value} of '{v.name}' is outside its range {v.low}..{v.high}")

    def params_scope(self, params: list[A.Param], domains: bool = False) -> Scope:
        scope = Scope()
        for prm in params:
            t = self.type_of(prm.type, prm)
            if domains:
                if prm.domain is not None:
                    self.expect(prm.domain, scope, Context(), ListType(t), f"the choices for '{prm.name}'")
                elif not (self.h.is_object(t) or self.h.is_enum(t) or t == BOOL):
                    self.error(prm, f"parameter '{prm.name}' needs its choices: write '{prm.name}: {t} in LIST'")
            if prm.name in scope.names:
                self.error(prm, f"parameter '{prm.name}' appears twice")
            self.reserved(prm, prm.name)
            scope.names[prm.name] = t
        return scope

    def check_function(self, f: A.FunctionDecl) -> None:
        scope = self.params_scope(f.params)
        self.expect(f.body, scope, Context(), self.type_of(f.returns, f), f"the value of '{f.name}'")

    def check_procedure(self, pr: A.ProcedureDecl) -> None:
        self.block(pr.body, self.params_scope(pr.params).child(), Context(returns=True))

    def check_action(self, ac: A.ActionDecl) -> None:
        scope = self.params_scope(ac.params, domains=True)
        if ac.requires is not None:
            self.expect(ac.requires, scope, Context(), BOOL, "the requirement")
        if ac.label is not None:
            self.expr(ac.label, scope, Context())
        self.block(ac.body, scope.child(), Context(returns=True))

    def check_phase(self, ph: A.PhaseDecl) -> None:
        self.block(ph.body, Scope(), Context(returns=True))

    def check_trigger(self, t) -> None:
        if isinstance(t, A.EntersTrigger):
            scope = Scope({t.piece_var: self.type_of(t.kind, t), t.space_var: SPACE})
        else:
            if t.var not in self.p.by_cat["var"]:
                self.error(t, f"unknown variable '{t.var}'" + suggest(t.var, self.p.by_cat["var"]))
            self.used.add(t.var)
            scope = Scope()
        if t.cond is not None:
            self.expect(t.cond, scope, Context(), BOOL, "the trigger condition")
        self.block(t.body, scope.child(), Context(returns=True))

    def check_layout(self, layout: A.LayoutDecl) -> None:
        places = list(self.p.by_cat["space"]) + list(self.p.by_cat["deck"])
        seen: dict[str, A.LayoutCell] = {}
        for region in layout.regions:
            for row in region.rows:
                for cell in row:
                    if cell.space not in places:
                        self.error(cell, f"unknown space '{cell.space}'" + suggest(cell.space, places))
                    elif cell.space in seen:
                        self.error(cell, f"'{cell.space}' is already placed (line {seen[cell.space].line})")
                    seen[cell.space] = cell
                    self.used.add(cell.space)
                    if cell.style is not None and not valid_style(cell.style):
                        self.error(cell, f"'{cell.style}' is not a terminal style (try \"red\", \"bold\", \"white on blue\")")
        for track in layout.tracks:
            self.expect_list(track.values, Scope(), Context(), "track")
            self.expect(track.position, Scope(), Context(), INT, "the track's marked position")
        self.check_shorts(layout)
        for cell in layout.show:
            if cell.space not in self.p.by_cat["var"]:
                self.error(cell, f"unknown variable '{cell.space}'" + suggest(cell.space, self.p.by_cat["var"]))
            self.used.add(cell.space)

    def check_shorts(self, layout: A.LayoutDecl) -> None:
        fields = [f.name for k in self.p.by_cat["kind"].values() for f in k.fields]
        names = [n for cat in ("space", "deck", "piece", "token") for n in self.p.by_cat[cat]] + self.kind_names() + fields
        seen: dict[str, A.LayoutShort] = {}
        for short in layout.shorts:
            if short.name not in names:
                self.error(short, f"unknown object, kind or field '{short.name}'" + suggest(short.name, names))
            elif short.name in seen:
                self.error(short, f"'{short.name}' already has a short name (line {seen[short.name].line})")
            seen[short.name] = short
            if not short.text.strip() or len(short.text) > SHORT_NAME_CHARS:
                self.error(short, f"a short name has 1 to {SHORT_NAME_CHARS} characters; '{short.text}' has {len(short.text)}")
        for region in layout.regions:
            if region.short is not None and not 0 < len(region.short) <= SHORT_NAME_CHARS:
                self.error(region, f"a region's short title has 1 to {SHORT_NAME_CHARS} characters")

    # ---- statements
    def block(self, stmts: list, scope: Scope, ctx: Context) -> None:
        self.unchecked_draws(stmts)
        dead = False
        for st in stmts:
            if dead:
                self.warn(st, "W002", "this statement can never run")
                dead = False
            self.stmt(st, scope, ctx)
            if isinstance(st, (A.Break, A.Continue, A.Return, A.EndGame)):
                dead = True

    def unchecked_draws(self, stmts: list) -> None:
        """W005: `let c = top(deck)` then using c with no `c == none` check: the deck may be empty."""
        for i, st in enumerate(stmts):
            if not (isinstance(st, A.Let) and isinstance(st.value, A.Call) and st.value.func in ("top", "bottom")
                    and st.value.func not in self.p.by_cat["function"]):
                continue
            for later in stmts[i + 1:]:
                if st.name in _none_checks(later):
                    break
                if isinstance(later, (A.Move, A.Resolve, A.Insert, A.Shuffle)) and st.name in _names_in(later):
                    self.warn(later, "W005", f"'{st.name}' is nothing when the pile is empty; "
                                             f"check 'if {st.name} == none' before using it")
                    break

    def loop_body(self, stmts, scope, ctx) -> None:
        inner = Context(ctx.this, ctx.loops + 1, ctx.returns, ctx.score)
        self.block(stmts, scope.child(), inner)

    def stmt(self, st, scope: Scope, ctx: Context) -> None:
        method = getattr(self, f"stmt_{st.stmt}")
        method(st, scope, ctx)

    def declare_local(self, scope: Scope, name: str, t: Type, node) -> None:
        """Blocks share their procedure's variables at run time, so a nested block may not
        declare a name an enclosing block already uses."""
        if name not in scope.names and scope.outer_type(name) is not None:
            self.error(node, f"'{name}' is already a variable of an enclosing block; "
                             f"blocks share their procedure's variables, so use another name")
        scope.names[name] = t

    def stmt_let(self, st: A.Let, scope, ctx):
        self.reserved(st, st.name)
        if st.type is not None:
            t = self.type_of(st.type, st)
            self.expect(st.value, scope, ctx, t, f"the value of '{st.name}'")
        else:
            t = self.expr(st.value, scope, ctx)
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
            obj_t = self.expr(target.obj, scope, ctx)
            info = self.h.field(obj_t.name, target.name) if self.h.is_object(obj_t) else None
            if info is None:
                self.field_error(target, obj_t)
                return
            if not info.mutable:
                self.error(target, f"cannot set '{target.name}': it is a fixed attribute; declare it with 'var' in its kind to change it")
                return
            t = info.type
        else:
            self.error(target, "only a variable or an object's field can be set")
            return
        if st.op != "=":
            self.expect(st.value, scope, ctx, INT, f"'{st.op}'")
            if t not in (INT, ANY):
                self.error(st, f"'{st.op}' needs a number, but this is {t.describe()}")
        else:
            self.expect(st.value, scope, ctx, t, "the new value")

    def stmt_move(self, st: A.Move, scope, ctx):
        t = self.expr(st.what, scope, ctx)
        item = item_of(t) or t
        if not (self.h.is_object(item) and self.h.root(item.name) in ("piece", "card")) and item not in (ANY, NONE):
            self.error(st.what, f"only pieces can be moved, not {t.describe()}")
        self.expect_space(st.dest, scope, ctx)

    def stmt_insert(self, st: A.Insert, scope, ctx):
        t = self.expr(st.what, scope, ctx)
        item = item_of(t) or t
        if not (self.h.is_object(item) or item in (ANY, NONE)):
            self.error(st.what, f"only pieces or cards can be inserted, not {t.describe()}")
        self.expect_space(st.into, scope, ctx)

    def stmt_shuffle(self, st: A.Shuffle, scope, ctx):
        if st.into is None:
            self.expect_space(st.target, scope, ctx)
            return
        t = self.expr(st.target, scope, ctx)
        item = item_of(t) or t
        if not (self.h.is_object(item) or item in (ANY, NONE)):
            self.error(st.target, f"only pieces or cards can be shuffled in, not {t.describe()}")
        self.expect_space(st.into, scope, ctx)
        if st.among_bottom is not None:
            self.expect(st.among_bottom, scope, ctx, INT, "the number of bottom cards")

    def expect_space(self, node, scope, ctx):
        t = self.expr(node, scope, ctx)
        if t != ANY and not (self.h.is_object(t) and self.h.root(t.name) in ("space", "deck")):
            self.error(node, f"expected a space, found {t.describe()}")

    def token_ref(self, st, name: str) -> None:
        if name not in self.p.by_cat["token"]:
            self.error(st, f"unknown token '{name}'" + suggest(name, self.p.by_cat["token"]))
        self.used.add(name)

    def stmt_add(self, st: A.AddTokens, scope, ctx):
        if scope.lookup(st.token) == TOKEN:
            st.token_is_local = True          # a parameter or local holding a token
        else:
            self.token_ref(st, st.token)
        if st.count is not None:
            self.expect(st.count, scope, ctx, INT, "the number of tokens")
        self.expect_object(st.target, scope, ctx)

    def stmt_remove(self, st: A.RemoveTokens, scope, ctx):
        self.stmt_add(st, scope, ctx)

    def expect_object(self, node, scope, ctx):
        t = self.expr(node, scope, ctx)
        if t != ANY and not self.h.is_object(t):
            self.error(node, f"expected a piece or space, found {t.describe()}")
        return t

    def stmt_if(self, st: A.If, scope, ctx):
        for br in st.branches:
            self.expect(br.cond, scope, ctx, BOOL, "the condition")
            inner = scope.child()
            self.narrow(br.cond, inner, scope)
            self.block(br.body, inner, ctx)
        if st.other is not None:
            self.block(st.other, scope.child(), ctx)

    def stmt_for(self, st: A.For, scope, ctx):
        t = self.expr(st.source, scope, ctx)
        item = item_of(t)
        if item is None and t != ANY:
            self.error(st.source, f"'for' needs a list, found {t.describe()}")
        inner = scope.child()
        self.declare_local(inner, st.var, item or ANY, st)
        self.loop_body(st.body, inner, ctx)

    def stmt_repeat(self, st: A.Repeat, scope, ctx):
        self.expect(st.count, scope, ctx, INT, "the repeat count")
        self.loop_body(st.body, scope, ctx)

    def stmt_while(self, st: A.While, scope, ctx):
        self.expect(st.cond, scope, ctx, BOOL, "the loop condition")
        self.loop_body(st.body, scope, ctx)

    def stmt_break(self, st, scope, ctx):
        if ctx.loops == 0:
            self.error(st, f"'{st.stmt}' outside a loop")

    stmt_continue = stmt_break

    def stmt_return(self, st, scope, ctx):
        if not ctx.returns:
            self.error(st, "'return' outside a procedure")

    def stmt_call(self, st: A.CallStmt, scope, ctx):
        proc = self.p.by_cat["procedure"].get(st.name)
        if proc is None:
            if st.name in self.p.by_cat["function"] or st.name in BUILTINS:
                self.error(st, f"'{st.name}' is a function: use its value, e.g. 'let x = {st.name}(...)'")
            else:
                self.error(st, f"unknown procedure '{st.name}'" + suggest(st.name, self.p.by_cat["procedure"]))
            for a in st.args:
                self.expr(a, scope, ctx)
            return
        self.used.add(st.name)
        self.check_args(st, st.name, proc.params, st.args, scope, ctx, proc)

    def check_args(self, node, name, params, args, scope, ctx, decl):
        if len(args) != len(params):
            self.error(node, f"'{name}' takes {len(params)} argument{'s' if len(params) != 1 else ''}, given {len(args)}")
        saved = self.file
        types = []
        for prm in params:
            self.file = decl.file
            types.append(self.type_of(prm.type, prm))
        self.file = saved
        for prm, t, a in zip(params, types, args):
            self.expect(a, scope, ctx, t, f"argument '{prm.name}' of '{name}'")

    def stmt_resolve(self, st: A.Resolve, scope, ctx):
        self.expect_object(st.what, scope, ctx)

    def stmt_choose(self, st: A.Choose, scope, ctx):
        t = self.expr(st.source, scope, ctx)
        item = item_of(t)
        if item is None and t != ANY:
            self.error(st.source, f"'choose' needs a list of options, found {t.describe()}")
        for text in (st.prompt, st.pass_label):
            if text is not None:
                self.expr(text, scope, ctx)
        inner = scope.child()
        self.declare_local(inner, st.var, item or ANY, st)
        self.block(st.body, inner, ctx)
        if st.pass_body is not None:
            self.block(st.pass_body, scope.child(), ctx)

    def stmt_choose_many(self, st: A.ChooseMany, scope, ctx):
        self.expect(st.most, scope, ctx, INT, "the most that can be chosen")
        t = self.expr(st.source, scope, ctx)
        if item_of(t) is None and t != ANY:
            self.error(st.source, f"'choose' needs a list of options, found {t.describe()}")
        if st.prompt is not None:
            self.expr(st.prompt, scope, ctx)
        inner = scope.child()
        self.declare_local(inner, st.var, t if t != ANY else ListType(ANY), st)
        self.block(st.body, inner, ctx)

    def stmt_perform(self, st: A.Perform, scope, ctx):
        for name in st.actions:
            if name not in self.p.by_cat["action"]:
                self.error(st, f"unknown action '{name}'" + suggest(name, self.p.by_cat["action"]))
            self.used.add(name)
        for text in (st.prompt, st.pass_label):
            if text is not None:
                self.expr(text, scope, ctx)
        if st.pass_body is not None:
            self.block(st.pass_body, scope.child(), ctx)

    def stmt_as_seat(self, st: A.AsSeat, scope, ctx):
        self.expect(st.seat, scope, ctx, INT, "the seat")
        self.block(st.body, scope.child(), ctx)

    def stmt_phase(self, st: A.RunPhase, scope, ctx):
        if st.name not in self.p.by_cat["phase"]:
            self.error(st, f"unknown phase '{st.name}'" + suggest(st.name, self.p.by_cat["phase"]))
        self.used.add(st.name)

    def stmt_log(self, st: A.Log, scope, ctx):
        self.expr(st.message, scope, ctx)

    def stmt_tally(self, st: A.Tally, scope, ctx):
        if st.name not in self.p.by_cat["tally"]:
            self.error(st, f"unknown tally '{st.name}'; declare it with 'tally {st.name}'"
                       + suggest(st.name, self.p.by_cat["tally"]))
        self.used.add(st.name)

    def stmt_end(self, st: A.EndGame, scope, ctx):
        for text in (st.outcome, st.reason):
            if text is not None:
                self.expr(text, scope, ctx)
        if st.outcome is not None and all(isinstance(x, str) for x in st.outcome.parts):
            name = "".join(st.outcome.parts)
            known = [o.name for r in self.p.results for o in r.outcomes]
            if known and name not in known:
                self.error(st.outcome, f"unknown outcome '{name}'" + suggest(name, known))

    # ---- expressions
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
        if not self.h.is_object(obj_t):
            self.error(node, f"'.{node.name}' needs a piece or space, but this is {obj_t.describe()}")
            return
        names = list(PSEUDO_FIELDS) + [n for k in self.h.ancestors(obj_t.name) + self.h.descendants(obj_t.name)
                                       for n in self.h.fields.get(k, {})]
        self.error(node, f"'{obj_t.name}' has no field '{node.name}'" + suggest(node.name, names))

    def expr(self, node, scope: Scope, ctx: Context) -> Type:
        return getattr(self, f"expr_{node.node}")(node, scope, ctx)

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
            self.referenced.add(node.name)
            return self.globals[node.name]
        candidates = scope.all_names() + list(self.globals)
        what = "name"
        if node.name in self.p.by_cat["function"] or node.name in self.p.by_cat["procedure"]:
            self.error(node, f"'{node.name}' must be called: write '{node.name}(...)'")
            return ANY
        self.error(node, f"unknown {what} '{node.name}'" + suggest(node.name, candidates))
        return ANY

    def expr_field(self, node: A.FieldRef, scope, ctx):
        obj_t = self.expr(node.obj, scope, ctx)
        if node.name in PSEUDO_FIELDS and (self.h.is_object(obj_t) or obj_t == ANY):
            return PSEUDO_FIELDS[node.name]
        info = self.h.field(obj_t.name, node.name) if self.h.is_object(obj_t) else None
        if info is None:
            self.field_error(node, obj_t)
            return ANY
        return info.type

    def expr_list(self, node: A.ListLit, scope, ctx):
        t = NONE
        for item in node.items:
            it = self.expr(item, scope, ctx)
            joined = self.h.join(t, it)
            if joined == ANY and ANY not in (t, it):
                self.error(item, f"a list cannot mix {t.describe()} and {it.describe()}")
            t = joined
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
        if node.order is not None:
            self.expect(node.order, inner, ctx, INT, "the sort key")
        return ListType(self.expr(node.elem, inner, ctx))

    def expr_roll(self, node: A.Roll, scope, ctx):
        if node.die not in self.p.by_cat["die"]:
            self.error(node, f"unknown die '{node.die}'" + suggest(node.die, self.p.by_cat["die"]))
        self.used.add(node.die)
        if node.count is None:
            return INT
        self.expect(node.count, scope, ctx, INT, "the number of dice")
        return ListType(INT)

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
            self.sought.add(node.name)
            if not any(node.name in self.h.ancestors(pc) for pc in self.p.by_cat["piece"]) \
                    and self.h.root(node.name) in ("piece", "card"):
                self.warn(node, "W006", f"no piece of kind '{node.name}' exists, so this always finds nothing")
            return Named(node.name)
        self.expect(node, scope, ctx, KIND, "this argument")
        return PIECE

    def expr_call(self, node: A.Call, scope, ctx):
        fn = self.p.by_cat["function"].get(node.func)
        if fn is not None:
            node.ref = "function"
            self.used.add(node.func)
            self.check_args(node, node.func, fn.params, node.args, scope, ctx, fn)
            saved = self.file
            self.file = fn.file
            t = self.type_of(fn.returns, fn)
            self.file = saved
            return t
        if node.func not in BUILTINS:
            if node.func in self.p.by_cat["procedure"]:
                self.error(node, f"'{node.func}' is a procedure and gives no value")
            else:
                self.error(node, f"unknown function '{node.func}'" + suggest(node.func, list(BUILTINS) + list(self.p.by_cat["function"])))
            for a in node.args:
                self.expr(a, scope, ctx)
            return ANY
        node.ref = "builtin"
        return self.builtin(node, scope, ctx)

    def arity(self, node: A.Call, n: int) -> bool:
        if len(node.args) != n:
            self.error(node, f"'{node.func}' takes {BUILTINS[node.func]} ({n} argument{'s' if n != 1 else ''}), given {len(node.args)}")
            return False
        return True

    def builtin(self, node: A.Call, scope, ctx) -> Type:
        f, args = node.func, node.args
        if f == "seats":
            self.arity(node, 0)
            return INT
        if f in ("max", "min") and len(args) > 1:
            for a in args:
                self.expect(a, scope, ctx, INT, f"an argument of '{f}'")
            return INT
        if f == "tokens":
            if not self.arity(node, 2):
                return INT
            self.expect_object(args[0], scope, ctx)
            tok = args[1]
            if isinstance(tok, A.Name) and scope.lookup(tok.name) is None and tok.name not in self.globals:
                self.token_ref(tok, tok.name)         # "unknown token …", with the nearest tokens
            else:
                self.expect(tok, scope, ctx, TOKEN, "the second argument of 'tokens'")
            return INT
        if f == "in_variant":
            if self.arity(node, 1):
                arg = args[0]
                if not isinstance(arg, A.Name) or arg.name not in self.p.variants:
                    name = getattr(arg, "name", "?")
                    self.error(arg, f"unknown variant '{name}'" + suggest(name, self.p.variants))
                else:
                    arg.ref = "variant"
            return BOOL
        if f in ("take", "objects"):
            if not self.arity(node, 1):
                return ANY
            kind = self.kind_arg(args[0], scope, ctx)
            return kind if f == "take" else ListType(kind)
        if f == "index":
            if self.arity(node, 2):
                self.expect_list(args[0], scope, ctx, f)
                self.expr(args[1], scope, ctx)
            return INT
        if f == "head":
            if not self.arity(node, 2):
                return ANY
            item = self.expect_list(args[0], scope, ctx, f)
            self.expect(args[1], scope, ctx, INT, "how many items")
            return ListType(item)
        if f == "token_supply":
            if self.arity(node, 1):
                tok = args[0]
                if isinstance(tok, A.Name):
                    tok.ref = "token"
                    self.token_ref(tok, tok.name)
                    decl = self.p.by_cat["token"].get(tok.name)
                    if decl is not None and decl.supply is None:
                        self.error(tok, f"token '{tok.name}' has no supply; declare it with 'supply N'")
                else:
                    self.error(tok, "'token_supply' takes a token's name")
            return INT
        if f == "nth":
            if not self.arity(node, 2):
                return ANY
            item = self.expect_list(args[0], scope, ctx, f)
            self.expect(args[1], scope, ctx, INT, "the position")
            return item
        if not self.arity(node, 1):
            return ANY
        arg = args[0]
        if f in ("top", "bottom"):
            self.expect_space(arg, scope, ctx)
            return PIECE
        if f == "pieces_at":
            self.expect_space(arg, scope, ctx)
            return ListType(PIECE)
        if f == "abs":
            self.expect(arg, scope, ctx, INT, "the argument of 'abs'")
            return INT
        item = self.expect_list(arg, scope, ctx, f)
        if f in ("sum", "max", "min"):
            if not self.h.accepts(INT, item):
                self.error(arg, f"'{f}' needs a list of numbers, found a list of {item.plural()}")
            return INT
        if f in ("any", "every"):
            if not self.h.accepts(BOOL, item):
                self.error(arg, f"'{f}' needs a list of true/false, found a list of {item.plural()}")
            return BOOL
        if f == "count":
            return INT
        if f == "empty":
            return BOOL
        if f == "reversed":
            return ListType(item)
        if f == "flatten":
            inner = item_of(item)
            if inner is None and item != ANY:
                self.error(arg, f"'flatten' needs a list of lists, found a list of {item.plural()}")
            return ListType(inner or ANY)
        return item  # first, last, pick

    def expect_list(self, node, scope, ctx, fname) -> Type:
        t = self.expr(node, scope, ctx)
        item = item_of(t)
        if item is None:
            if t != ANY:
                self.error(node, f"'{fname}' needs a list, found {t.describe()}")
            return ANY
        return item


def _names_in(node) -> set[str]:
    return {n.name for n in A.walk(node) if isinstance(n, A.Name)}


def _none_checks(node) -> set[str]:
    """Names compared with `none` anywhere inside a statement or expression."""
    found = set()
    for n in A.walk(node):
        if isinstance(n, A.BinOp) and n.op in ("==", "!="):
            for a, b in ((n.left, n.right), (n.right, n.left)):
                if isinstance(a, A.Name) and isinstance(b, A.NoneLit):
                    found.add(a.name)
    return found


def valid_style(style: str) -> bool:
    from rich.errors import StyleSyntaxError
    from rich.style import Style
    try:
        Style.parse(style)
    except StyleSyntaxError:
        return False
    return True


def unreachable_cards(program: Program, used: set[str], sought: set[str], h: Hierarchy) -> list[Diagnostic]:
    """W004: cards that nothing can ever draw: their pile, their name and their kinds are never used."""
    out = []
    for pc in program.by_cat["piece"].values():
        if not pc.card:
            continue
        where = pc.start or pc.deck
        kinds = set(h.ancestors(pc.name))
        if where not in used and pc.name not in used and not kinds & sought:
            out.append(Diagnostic(pc.file, pc.line, pc.col, f"card '{pc.name}' can never be drawn: nothing uses "
                                  f"'{where}', the card or its kind", "warning", "W004"))
    return out


def unused_warnings(program: Program, used: set[str]) -> list[Diagnostic]:
    """Definitions that nothing refers to (warnings, W001)."""
    out = []
    for cat in ("function", "procedure", "action", "phase", "die", "token", "var", "kind", "tally"):
        for d in program.by_cat[cat].values():
            if d.name not in used:
                out.append(Diagnostic(d.file, d.line, d.col,
                                      f"{cat} '{d.name}' is defined but never used", "warning", "W001"))
    return out
