"""Turns checked declarations into runtime tables and compiled code for one variant."""
from __future__ import annotations

from dsl import ast as A
from dsl import Program
from dsl import Hierarchy
from dsl import grid_of

from .charts import Chart, build_chart
from .errors import RuleFault
from .expressions import compile_all, compile_expr, compile_function, constant_value, inlined_functions
from .listing import compile_completable, compile_walk, requirement_parts
from .modifiers import compile_modifiers
from .pycode import PackCode
from .resumable import ResumableWriter
from .straight import StraightWriter
from .statements import WhileOp, compile_stmt
from .tables import Block, Callable, CompiledGame, Trigger
from .timeless import timeless_functions
from .view import RulesView


class Compiled(CompiledGame):
    """Everything the engine needs: objects, attributes, kinds, and code blocks by number."""

    def __init__(self, rules, variant):
        self.variant = variant
        self.program = Program(rules.declarations, variant)
        p = self.program
        game = p.game
        self.home = game.home
        self.seats_min, self.seats_max = game.seats_min, game.seats_max
        self.search_budget = game.search_budget     # bot hints: None leaves it to the bot
        self.look_past_ties = game.look_past_ties
        self.blocks: list[Block] = []
        self.current_file = ""
        self.current_stem = "constant"            # names the generated functions of the declaration being compiled
        self.code = PackCode(game.title)
        self.inlined: dict = {}                   # functions written in place at their calls (see build_code)
        self.impure: set = set()                  # functions that roll dice or pick at random
        self.kinds = Hierarchy(parent=p.kind_parents())    # the same hierarchy the checker used
        self._ancestors: dict[str, list[str]] = {}
        self._members: dict[str, list[str]] = {}
        self._twin_keys: dict[str, str] = {}
        self._members_set: dict[str, frozenset] = {}
        self._objects_with_var: dict[str, frozenset] = {}
        self.constants: dict = {}                 # each constant's value, worked out when first needed
        self.build_objects()
        self.build_code()
        self.forget_syntax()

    def __reduce_ex__(self, protocol):
        """Stored as the runtime class: reading it back needs none of the compiler."""
        return object.__new__, (CompiledGame,), self.__dict__

    def forget_syntax(self) -> None:
        """Drop the syntax tree once everything is compiled: running needs none of it (nor can a stored copy)."""
        self.program, self.inlined = None, {}
        for block in self.blocks:
            block.stmts = None

    # ---- objects
    def build_objects(self) -> None:
        p = self.program
        self.objects: list[str] = []
        self.labels: dict[str, str] = {}
        self.chain: dict[str, frozenset] = {}
        self.attrs: dict[str, dict] = {}
        self.var_defaults: dict[str, dict] = {}
        self.mutable_names: set[str] = set()     # attribute names that some kind declares with `var`
        self.spaces: list[str] = []
        self.decks: list[str] = []
        self.pieces: list[str] = []
        self.start: dict[str, str] = {}
        self.card_deck: dict[str, str | None] = {}
        self.is_card: dict[str, bool] = {}
        self.declared_kind: dict[str, str] = {}
        self.enum_labels: dict[str, str] = {}
        self.enum_values: dict[str, list[str]] = {}      # each enum type's values, in order
        self.does: dict[str, int] = {}
        self.attr_nodes: dict[str, tuple] = {}          # each object's kind and attribute values, until built
        self.enum_attrs: dict[str, dict] = {}           # each enum value's attributes
        for e in p.by_cat["enum"].values():
            self.enum_values[e.name] = [v.name for v in e.values]
            for v in e.values:
                self.enum_labels[v.name] = v.label or v.name.replace("_", " ")
        for s in p.by_cat["space"].values():
            self.add_object(s.name, s.label or s.name, s.kind or "space", s.attrs, s.file)
            self.spaces.append(s.name)
        for d in p.by_cat["deck"].values():
            self.add_object(d.name, d.label or d.name, "deck", [], d.file)
            self.spaces.append(d.name)
            self.decks.append(d.name)
        for pc in p.by_cat["piece"].values():
            ids = [pc.name] if pc.count == 1 else [f"{pc.name}#{i}" for i in range(1, pc.count + 1)]
            for oid in ids:
                self.add_object(oid, pc.label or pc.name.replace("_", " "), pc.name, pc.attrs, pc.file)
                self.pieces.append(oid)
                self.start[oid] = pc.start or pc.deck or self.home
                self.card_deck[oid] = pc.deck
                self.is_card[oid] = pc.card
                self.declared_kind[oid] = pc.kind
        self.build_attrs()
        self.build_grids()
        self.build_texts()

    def build_texts(self) -> None:
        """The rules text of the game, and of every kind, token, action, space and piece that has
        one; an object without its own reads its nearest kind's (see RulesView.rules_text)."""
        p = self.program
        self.game_text = p.game.text
        self.texts: dict[str, str] = {}
        self.text_topics: dict[str, tuple[str, str]] = {}       # name -> (what it is, its title)
        for cat in ("kind", "token", "action", "space", "deck", "piece"):
            for d in p.by_cat[cat].values():
                if d.text:
                    what = "card" if cat == "piece" and d.card else cat
                    title = (d.group if cat == "action" else getattr(d, "label", None)) or d.name.replace("_", " ")
                    self.texts[d.name] = d.text
                    self.text_topics[d.name] = (what, title)
        self.object_kind = {s.name: s.kind or "space" for s in p.by_cat["space"].values()}
        self.object_kind.update({d.name: "deck" for d in p.by_cat["deck"].values()})

    def build_grids(self) -> None:
        """Each grid's shape, and each of its spaces' place in it (also their `col` and `row` fields)."""
        p = self.program
        self.grids = {}
        self.grid_cells: dict[str, tuple[str, int, int]] = {}
        for decl in p.by_cat["grid"].values():
            grid = self.grids[decl.name] = grid_of(decl)
            for col, row in grid.cells():
                space = grid.space(col, row)
                if p.grid_of.get(space) is decl:
                    self.grid_cells[space] = (grid.name, col, row)
                    self.attrs[space].update(col=col, row=row)

    def add_object(self, oid, label, kind, attr_nodes, file) -> None:
        self.objects.append(oid)
        self.labels[oid] = label
        self.chain[oid] = frozenset(self.ancestors(kind))
        self.attr_nodes[oid] = (kind, attr_nodes, file)

    def build_attrs(self) -> None:
        """Every enum value's and object's attributes, once every object exists (a value may name
        objects, or list a kind's)."""
        for e in self.program.by_cat["enum"].values():
            self.current_file = e.file
            for v in e.values:
                self.enum_attrs[v.name] = {a.name: _constant(a.value, self) for a in v.attrs}
        for oid in self.objects:
            kind, attr_nodes, self.current_file = self.attr_nodes[oid]
            attrs, mutable = {}, {}
            for k in reversed(self.ancestors(kind)):
                kdecl = self.program.by_cat["kind"].get(k)
                if kdecl is None:
                    continue
                for f in kdecl.fields:
                    default = _constant(f.default, self) if f.default is not None else None
                    (mutable if f.mutable else attrs)[f.name] = default
                    if f.mutable:
                        self.mutable_names.add(f.name)
            for a in attr_nodes:      # a piece's own value of a `var` attribute is where it starts
                (mutable if a.name in mutable else attrs)[a.name] = _constant(a.value, self)
            self.attrs[oid] = attrs
            self.var_defaults[oid] = mutable
        del self.attr_nodes

    def constant(self, name: str):
        """The value of constant `name`, worked out the first time something needs it."""
        if name not in self.constants:
            decl = self.program.by_cat["const"][name]
            saved, self.current_file = self.current_file, decl.file
            self.constants[name] = _constant(decl.value, self)
            self.current_file = saved
        return self.constants[name]

    def chart(self, name: str) -> Chart:
        """Table `name`, its entries worked out and spread for reading."""
        decl = self.program.by_cat["table"][name]
        saved, self.current_file = self.current_file, decl.file
        rows = [([_matcher(key) for key in row.keys], _constant(row.value, self)) for row in decl.rows]
        other = _constant(decl.other, self) if decl.other is not None else None
        domains = [self.domain(prm.type.name) for prm in decl.params]
        self.current_file = saved
        return build_chart(name, rows, other, decl.other is not None, domains)

    def objects_with_var(self, name: str) -> frozenset:
        """The objects that have `name` as a `var` attribute (each keeps its own in the state)."""
        known = self._objects_with_var
        if name not in known:
            known[name] = frozenset(o for o, defaults in self.var_defaults.items() if name in defaults)
        return known[name]

    def reads_nothing_changing(self, node) -> bool:
        """Whether an expression's value depends only on its local names and what never changes
        (names of objects and values, constants, attributes no kind declares with `var`)."""
        for n in A.walk(node):
            if isinstance(n, A.Name):
                if n.ref == "var":
                    return False
            elif isinstance(n, A.FieldRef):
                if n.name in self.mutable_names or n.name in ("location", "deck"):
                    return False
            elif not isinstance(n, (A.Text, A.IntLit, A.BoolLit, A.NoneLit)):
                return False
        return True

    def domain(self, type_name: str):
        """Every value of a type, where there are finitely many (enums, true/false, kinds); else None."""
        if type_name in self.enum_values:
            return self.enum_values[type_name]
        if type_name == "bool":
            return [True, False]
        if self.kinds.is_kind(type_name):
            return list(self.members(type_name))
        return None

    def shown_names(self) -> dict[str, str]:
        """What each name reads as in texts: an object's label, else an enum value's, a token's, an effect's."""
        shown = dict(self.effect_labels)
        shown.update((name, label) for name, label in self.token_labels.items() if label)
        shown.update((name, label) for name, label in self.enum_labels.items() if label)
        shown.update(self.labels)
        return shown

    # ---- code
    def block(self, stmts: list, call_body: bool = False) -> int:
        """Compile a statement list into a numbered block."""
        index = len(self.blocks)
        block = Block([], stmts, call_body, self.current_file, stmts[0].line if stmts else 0, self.current_stem)
        self.blocks.append(block)
        for i, st in enumerate(stmts):
            op = compile_stmt(st, self)
            if isinstance(op, WhileOp):
                op.ref = [index, i]
            block.ops.append(op)
        return index

    def expr(self, node):
        """An expression of the declaration being compiled, as a function `fn(g, env)`."""
        return compile_expr(node, self)

    def at(self, decl) -> None:
        self.current_file = decl.file
        stem = f"{decl.decl}_{decl.name}" if decl.name and decl.name.isidentifier() else decl.decl
        self.current_stem = stem

    def build_code(self) -> None:
        p = self.program
        self.functions: dict[str, Callable] = {}
        impure = self.impure = impure_functions(value_bodies(p))
        self.inlined = inlined_functions(p.by_cat["function"], impure)
        timeless = timeless_functions(p.by_cat["function"], impure, self.mutable_names)
        for fn in p.by_cat["function"].values():
            self.at(fn)
            self.functions[fn.name] = Callable(fn.name, [x.name for x in fn.params], pure=fn.name not in impure)
            compile_function(fn, fn.name not in impure, self, timeless.get(fn.name))
        compile_modifiers(self)
        self.effect_arity = {e.name: len(e.params) for e in p.by_cat["effect"].values()}
        self.effect_labels = {e.name: e.label or e.name.replace("_", " ") for e in p.by_cat["effect"].values()}
        self.quiet_effects = frozenset(e.name for e in p.by_cat["effect"].values() if e.quiet)   # not logged
        self.procedures = {}
        for pr in p.by_cat["procedure"].values():
            self.at(pr)
            self.procedures[pr.name] = Callable(pr.name, [x.name for x in pr.params], self.block(pr.body, True))
        self.actions = {}
        for ac in p.by_cat["action"].values():
            self.at(ac)
            c = Callable(ac.name, [x.name for x in ac.params], self.block(ac.body, True))
            c.domains = [(x.name, compile_expr(x.domain, self) if x.domain is not None else None, x.type.name)
                         for x in ac.params]
            parts = requirement_parts(ac)
            c.checks = [compile_all(level, self) if level else None for level in parts]
            c.completable = [compile_completable(ac, parts, start, self) for start in range(len(ac.params) + 1)]
            c.walks = [compile_walk(ac, parts, start, self) for start in range(len(ac.params) + 1)]
            c.prompts = [compile_expr(x.prompt, self) if x.prompt is not None else None for x in ac.params]
            c.group = ac.group or ac.name.replace("_", " ")
            c.label_fn = compile_expr(ac.label, self) if ac.label is not None else None
            c.fixed_labels = {} if ac.label is not None and self.reads_nothing_changing(ac.label) else None
            c.where = f"{self.current_file}:{ac.line}:{ac.col}"
            self.actions[ac.name] = c
        self.phases = {}
        for ph in p.by_cat["phase"].values():
            self.at(ph)
            self.phases[ph.name] = Callable(ph.name, [], self.block(ph.body, True), label=ph.label or ph.name)
        self.phase_of_block = {phase.block: name for name, phase in self.phases.items()}
        kind_does = {}
        for k in p.by_cat["kind"].values():
            if k.does is not None:
                self.at(k)
                kind_does[k.name] = self.block(k.does, True)
        piece_does = {}
        for pc in p.by_cat["piece"].values():
            if pc.does is not None:
                self.at(pc)
                piece_does[pc.name] = self.block(pc.does, True)
        for oid in self.pieces:
            for k in self.ancestors(self.kind_of(oid)):
                block = piece_does.get(k, kind_does.get(k))
                if block is not None:
                    self.does[oid] = block
                    break
        self.enter_triggers: list[Trigger] = []
        self.change_triggers: dict[str, list[Trigger]] = {}
        for t in p.triggers:
            self.at(t)
            cond = compile_expr(t.cond, self) if t.cond is not None else None
            if isinstance(t, A.EntersTrigger):
                members = frozenset(self.members(t.kind.name))
                self.enter_triggers.append(Trigger(self.block(t.body, True), cond, members, t.piece_var, t.space_var))
            else:
                self.change_triggers.setdefault(t.var, []).append(Trigger(self.block(t.body, True), cond))
        self.vars: dict[str, tuple] = {}
        for v in p.by_cat["var"].values():
            self.at(v)
            self.vars[v.name] = (compile_expr(v.init, self), v.low, v.high)
        self.quiet_vars = frozenset(v.name for v in p.by_cat["var"].values() if v.quiet)   # changes not logged
        self.play = None
        if p.plays:
            self.at(p.plays[0])
            self.play = self.block(p.plays[0].body, True)
        self.score = None
        self.outcomes = []
        if p.results:
            res = p.results[0]
            self.at(res)
            self.score = compile_expr(res.score, self)
            self.outcomes = [(o.name, o.award, compile_expr(o.cond, self) if o.cond is not None else None)
                             for o in res.outcomes]
        layout = p.layouts[0] if p.layouts else None
        self.layout_tracks = []                                # (values, position) closures, in order
        self.short_names = {s.name: s.text for s in layout.shorts} if layout else {}
        self.status_while, self.region_while = {}, {}          # the layout's `while` conditions, by name / index
        if layout is not None:
            self.at(layout)
            _refuse_chance_in_layout(layout, self)
            self.layout_tracks = [(compile_expr(t.values, self), compile_expr(t.position, self)) for t in layout.tracks]
            compiled = {id(x.shown_while): compile_expr(x.shown_while, self)      # a show line's one condition, once
                        for x in layout.show + layout.regions if x.shown_while is not None}
            self.status_while = {c.space: compiled[id(c.shown_while)] for c in layout.show if c.shown_while}
            self.region_while = {i: compiled[id(r.shown_while)] for i, r in enumerate(layout.regions) if r.shown_while}
        self.evaluation = None
        self.evaluation_where = None
        if p.evaluations:
            self.at(p.evaluations[0])
            self.evaluation = compile_expr(p.evaluations[0].value, self)
            self.evaluation_where = f"{self.current_file}:{p.evaluations[0].line}:{p.evaluations[0].col}"
        self.tallies = {t.name: t.label or t.name.replace("_", " ") for t in p.by_cat["tally"].values()}
        self.dice = {d.name: (d.low, d.high) for d in p.by_cat["die"].values()}
        self.die_labels = {d.name: d.label or d.name for d in p.by_cat["die"].values()}
        self.token_supply = {t.name: t.supply for t in p.by_cat["token"].values() if t.supply is not None}
        self.token_labels = {t.name: t.label or t.name for t in p.by_cat["token"].values()}
        self.var_labels = {v.name: v.label or v.name.replace("_", " ") for v in p.by_cat["var"].values()}
        self.shown = self.shown_names()
        straight = StraightWriter(self)
        self.straight = straight.write_all()                 # block -> its function, where it runs at once
        self.resumable = ResumableWriter(self, straight).write_all()   # block -> its function, where it runs until it asks
        self.code.finish()
        self.view = RulesView(self, layout, p.game.turns)

def _random_and_calls(node, calls: set) -> bool:
    """Whether an expression rolls or picks at random itself; collects the functions (and modifiers) it calls."""
    found = False
    for n in A.walk(node):
        if isinstance(n, A.Roll) or (isinstance(n, A.Call) and n.func == "pick" and n.ref == "builtin"):
            found = True
        if isinstance(n, A.Call) and n.ref in ("function", "modifier"):
            calls.add(n.func)
    return found


def value_bodies(p) -> dict:
    """The expressions each function and each modifier computes its value from, by name."""
    bodies = {name: [fn.body] for name, fn in p.by_cat["function"].items()}
    bodies.update({name: [] for name in p.by_cat["modifier"]})
    for effect in p.by_cat["effect"].values():
        for clause in effect.clauses:
            bodies[clause.modifier] += [clause.value] + ([clause.cond] if clause.cond is not None else [])
    return bodies


def impure_functions(bodies: dict) -> set:
    """Functions (and modifiers) that roll dice or pick at random, directly or through what they call."""
    calls, impure = {}, set()
    for name, parts in bodies.items():
        calls[name] = set()
        if any([_random_and_calls(part, calls[name]) for part in parts]):
            impure.add(name)
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in impure and callees & impure:
                impure.add(name)
                changed = True
    return impure


def _refuse_chance_in_layout(layout, c) -> None:
    """What a layout shows is worked out whenever the board is drawn: a roll there would move the dice."""
    from .expressions import ExpressionWriter
    writer = ExpressionWriter(c, {})
    parts = [t.values for t in layout.tracks] + [t.position for t in layout.tracks] + [
        x.shown_while for x in layout.show + layout.regions if x.shown_while is not None]
    for node in parts:
        if not writer.leaves_dice_alone(node):
            from dsl import Diagnostic

            from .errors import CompileProblem
            raise CompileProblem(Diagnostic(c.current_file, node.line, node.col,
                                            "a layout rolls dice or picks at random here, but what it shows is worked "
                                            "out whenever the board is drawn: roll in the rules and keep the result in a var"))


def _constant(node, c):
    try:
        return constant_value(node, c)
    except (RuleFault, AttributeError, KeyError, TypeError, ArithmeticError) as err:
        from dsl import Diagnostic

        from .errors import CompileProblem
        raise CompileProblem(Diagnostic(c.current_file, node.line, node.col,
                                        f"this value cannot be worked out before play ({err})")) from None


def _matcher(key: A.TableKey):
    """What a table key matches: one value, a range of numbers, or (None) anything."""
    if key.kind == "any":
        return None
    if key.kind == "number":
        return key.low if key.low == key.high else range(key.low, key.high + 1)
    return key.name if key.kind == "name" else key.value


def compile_program(rules, variant):
    return Compiled(rules, variant)

