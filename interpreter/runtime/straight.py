"""Blocks that can never ask a decision, written as Python functions that run at once instead of frame by frame.

A procedure, action, phase, trigger or `does` body whose statements never ask a decision (nor
call, resolve or trigger anything that does) becomes `fn(g, env)`: loops are Python loops, local
names stay in the block's environment, calls to other such bodies are Python calls. The frame
machine still runs everything else, and each run of statements in it that could run at once is one
function too. Each line of the generated code knows its rules statement,
so errors name the same line as before."""
from __future__ import annotations

from dsl import ast as A

from .expressions import ExpressionWriter
from .pycode import comment

ASKING = (A.Choose, A.ChooseMany, A.Perform)
COMPOUND = (A.If, A.For, A.Repeat, A.While, A.AsSeat)
CALL_PROLOGUE = ["if g.call_depth >= MAX_CALL_DEPTH:", "    nested_too_deeply()", "g.call_depth += 1",
                 "g.work += 1", "if g.work > MAX_WORK:", "    runaway()"]
LOOP_CHARGE = ["g.work += 1", "if g.work > MAX_WORK:", "    runaway()"]


def nested(body: list):
    """The statement lists directly inside a statement list's compound statements."""
    for st in body:
        if isinstance(st, A.If):
            yield from (b.body for b in st.branches)
            if st.other is not None:
                yield st.other
        elif isinstance(st, (A.For, A.Repeat, A.While, A.AsSeat)):
            yield st.body


def escapes(body: list, in_loop: bool) -> set:
    """The jumps (break, continue, return) that leave a statement list."""
    found = set()
    for st in body:
        if isinstance(st, (A.Break, A.Continue)) and not in_loop:
            found.add(st.stmt)
        elif isinstance(st, A.Return):
            found.add("return")
        elif isinstance(st, COMPOUND):
            loop = in_loop or isinstance(st, (A.For, A.Repeat, A.While))
            for inner in nested([st]):
                found |= escapes(inner, loop)
    return found


class Straightness:
    """Which bodies never ask a decision: the largest consistent answer (a body calling itself may be straight)."""

    def __init__(self, c):
        self.c = c
        p = c.program
        self.bodies = {("procedure", d.name): d.body for d in p.by_cat["procedure"].values()}
        self.bodies.update({("phase", d.name): d.body for d in p.by_cat["phase"].values()})
        self.bodies[("does",)] = [st for d in list(p.by_cat["kind"].values()) + list(p.by_cat["piece"].values())
                                  if d.does is not None for st in d.does]
        for t in p.triggers:
            key = ("enters",) if isinstance(t, A.EntersTrigger) else ("changes", t.var)
            self.bodies.setdefault(key, []).extend(t.body)
        # a body a jump could leave other than by `return` stays with the frame machine
        self.straight = {key: not escapes(body, in_loop=False) - {"return"} for key, body in self.bodies.items()}
        changed = True
        while changed:
            changed = False
            for key, body in self.bodies.items():
                if self.straight[key] and not self.all_straight(body):
                    self.straight[key] = False
                    changed = True

    def all_straight(self, body: list) -> bool:
        return all(self.statement(st) for st in body)

    def statement(self, st) -> bool:
        if isinstance(st, ASKING):
            return False
        if isinstance(st, A.CallStmt):
            return self.straight[("procedure", st.name)]
        if isinstance(st, A.RunPhase):
            return self.straight[("phase", st.name)]
        if isinstance(st, A.Resolve):
            return self.straight[("does",)]
        if isinstance(st, A.Move):
            return self.straight.get(("enters",), True)
        if isinstance(st, (A.Let, A.Set)) and isinstance(st.value, A.Call) and st.value.ref == "procedure" \
                and not self.straight[("procedure", st.value.func)]:
            return False
        if isinstance(st, A.Set) and isinstance(st.target, A.Name) and st.target.ref == "var":
            return self.straight.get(("changes", st.target.name), True)
        return all(self.all_straight(inner) for inner in nested([st]))


class StraightWriter:
    """Writes the straight blocks of a compiled game and hands each its function."""

    def __init__(self, c):
        self.c = c
        self.straightness = Straightness(c)
        self.names: dict[int, str] = {}        # block -> the name of its function
        self.temporaries = 0

    def write_all(self) -> list:
        """Every block's function, or None where the block cannot run at once; sets ops' `straight` too."""
        c = self.c
        for index, block in enumerate(c.blocks):
            if self.runs_at_once(block):
                self.names[index] = c.code.fresh_name(f"{block.stem}_block")
        functions = [None] * len(c.blocks)
        for index, name in self.names.items():
            functions[index] = self.define(name, c.blocks[index], index)
        for index, block in enumerate(c.blocks):
            if index not in self.names or index == c.play:      # play is entered frame by frame (see Engine.fresh)
                self.write_runs(block)
        return functions

    def runs_at_once(self, block) -> bool:
        jumps = escapes(block.stmts, in_loop=False)
        return (self.straightness.all_straight(block.stmts) and not jumps - {"return"}
                and (block.call_body or "return" not in jumps))

    def define(self, name: str, block, index: int):
        lines = [(f"def {name}(g, e):", None), (f"    # {comment(block.file)}:{block.line}", None)]
        if block.call_body:
            lines += [("    " + line, None) for line in CALL_PROLOGUE]
            lines.append(("    try:", None))
            lines += self.block_lines(block, index, "        ")
            lines += [("    finally:", None), ("        g.call_depth -= 1", None)]
        else:
            lines += self.block_lines(block, index, "    ")
        return self.c.code.define_located(name, lines)

    def write_runs(self, block) -> None:
        """In a block that runs frame by frame, give each run of statements that can run at once one
        function, kept on the run's first operation with the number of operations it covers."""
        run: list = []
        for st, op in list(zip(block.stmts, block.ops)) + [(None, None)]:
            if st is not None and self.straightness.statement(st) and not escapes([st], in_loop=False):
                run.append((st, op))
                continue
            if run:
                name = self.c.code.fresh_name(f"{block.stem}_run")
                lines = [(f"def {name}(g, e):", None)]
                for run_st, run_op in run:
                    lines += self.statement(run_st, run_op, "    ", block.file)
                first = run[0][1]
                first.straight, first.span = self.c.code.define_located(name, lines), len(run)
                run = []

    # ---- statements
    def block_lines(self, block, index: int, indent: str) -> list:
        lines = []
        for st, op in zip(block.stmts, block.ops):
            lines += self.statement(st, op, indent, block.file)
        return lines or [(indent + "pass", None)]

    def body_lines(self, block_index: int, indent: str) -> list:
        return self.block_lines(self.c.blocks[block_index], block_index, indent)

    def statement(self, st, op, indent: str, file: str) -> list:
        where = f"{file}:{st.line}:{st.col}"
        lines = getattr(self, f"write_{st.stmt}", self.write_op)(st, op, indent)
        return [(text, where if at is None else at) for text, at in lines]

    def expr(self, node) -> str:
        return ExpressionWriter(self.c, {}).write(node)

    def temporary(self) -> str:
        self.temporaries += 1
        return f"t{self.temporaries}"

    def write_op(self, st, op, indent):
        """A statement without control flow: its compiled operation runs it."""
        name = self.c.code.name_of(("op", id(op)), "op", lambda: op.now)
        lines = [(f"{indent}{name}(g, e)", None)]
        if isinstance(st, A.EndGame):
            lines.append((f"{indent}raise GameEnded()", None))
        return lines

    def write_let(self, st, op, indent):
        if isinstance(st.value, A.Call) and st.value.ref == "procedure":
            return [(f"{indent}e[{st.name!r}] = {self.procedure_call(st.value)}", None)]
        return [(f"{indent}e[{st.name!r}] = {self.expr(st.value)}", None)]

    def procedure_call(self, call) -> str:
        """A call of a straight procedure, as Python code giving the value it returns."""
        proc = self.c.procedures[call.func]
        return f"{self.names[proc.block]}(g, {self.call_env(proc, call.args)})"

    def call_env(self, proc, args: list) -> str:
        """The environment a call of `proc` starts with, as a dictionary written out."""
        return "{" + ", ".join(f"{p!r}: {self.expr(a)}" for p, a in zip(proc.params, args)) + "}"

    def write_set(self, st, op, indent):
        """A local name or a game variable set in place; a field through its operation."""
        target = st.target
        if isinstance(target, A.FieldRef):
            return self.write_op(st, op, indent)
        if isinstance(st.value, A.Call) and st.value.ref == "procedure":
            value = self.procedure_call(st.value)
        else:
            value = self.expr(st.value)
        if target.ref == "local":
            old = f"e.get({target.name!r}, 0)"
        else:
            old = f"g.vars[{target.name!r}]"
        if st.op != "=":
            value = f"{old} {st.op[0]} {value}"
        if target.ref == "local":
            return [(f"{indent}e[{target.name!r}] = {value}", None)]
        return [(f"{indent}g.set_var({target.name!r}, {value})", None)]

    def write_move(self, st, op, indent):
        pieces, dest, piece = self.temporary(), self.temporary(), self.temporary()
        lines = [(f"{indent}{pieces} = as_list({self.expr(st.what)})", None),
                 (f"{indent}{dest} = {self.expr(st.dest)}", None),
                 (f"{indent}if {dest} is None:", None), (f"{indent}    no_destination()", None),
                 (f"{indent}for {piece} in {pieces}:", None),
                 (f"{indent}    g.move({piece}, {dest}, {st.bottom!r})", None)]
        if self.c.enter_triggers:
            lines.append((f"{indent}g.fire_enters([({piece}, {dest}) for {piece} in {pieces}])", None))
        return lines

    def write_tokens(self, st, op, indent):
        """Tokens added or removed (`remove all`: nothing to do where the target holds none)."""
        verb = st.stmt
        every = getattr(st, "every_token", False)
        count = None if every else self.expr(st.count) if st.count is not None else "1"
        target, token = self.temporary(), f"e[{st.token!r}]" if st.token_is_local else repr(st.token)
        lines = [(f"{indent}{target} = {self.expr(st.target)}", None),
                 (f"{indent}if {target} is None:", None),
                 (f"{indent}    no_token_target({verb!r}, {token})", None)]
        if every:
            return lines + [(f"{indent}if {target} in g.tokens:", None),
                            (f"{indent}    g.remove_tokens({target}, {token}, g.token_count({target}, {token}))", None)]
        return lines + [(f"{indent}g.{verb}_tokens({target}, {token}, {count})", None)]

    write_add = write_remove = write_tokens

    def write_log(self, st, op, indent):
        return [(f"{indent}if g.telling:", None), (f"{indent}    g.log_event('note', text={self.expr(st.message)})", None)]

    def write_call(self, st, op, indent):
        proc = self.c.procedures[st.name]
        return [(f"{indent}{self.names[proc.block]}(g, {self.call_env(proc, st.args)})", None)]

    def write_if(self, st, op, indent):
        lines = []
        for i, ((cond, block), branch) in enumerate(zip(op.branches, st.branches)):
            lines.append((f"{indent}{'if' if i == 0 else 'elif'} {self.expr(branch.cond)}:", None))
            lines += self.body_lines(block, indent + "    ")
        if op.other is not None:
            lines.append((f"{indent}else:", None))
            lines += self.body_lines(op.other, indent + "    ")
        return lines

    def write_for(self, st, op, indent):
        item = self.temporary()
        return ([(f"{indent}for {item} in list({self.expr(st.source)}):", None),
                 (f"{indent}    e[{st.var!r}] = {item}", None)]
                + self.charge(op.body, indent + "    ") + self.body_lines(op.body, indent + "    "))

    def write_repeat(self, st, op, indent):
        return ([(f"{indent}for _ in range({self.expr(st.count)}):", None)]
                + self.charge(op.body, indent + "    ") + self.body_lines(op.body, indent + "    "))

    def write_while(self, st, op, indent):
        return ([(f"{indent}while {self.expr(st.cond)}:", None)]
                + self.charge(op.body, indent + "    ") + self.body_lines(op.body, indent + "    "))

    def charge(self, body: int, indent: str) -> list:
        """A loop's pass charged to the work budget; a runaway loop is reported at its body's first
        statement, as the frame machine reports the statement it was running."""
        block = self.c.blocks[body]
        where = f"{block.file}:{block.stmts[0].line}:{block.stmts[0].col}" if block.stmts else None
        return [(f"{indent}{line}", where) for line in LOOP_CHARGE]

    def write_as_seat(self, st, op, indent):
        saved = self.temporary()
        return ([(f"{indent}{saved} = g.seat", None),
                 (f"{indent}g.seat = seat_checked(g, {self.expr(st.seat)})", None),
                 (f"{indent}try:", None)]
                + self.body_lines(op.body, indent + "    ")
                + [(f"{indent}finally:", None), (f"{indent}    g.seat = {saved}", None)])

    def write_break(self, st, op, indent):
        return [(f"{indent}break", None)]

    def write_continue(self, st, op, indent):
        return [(f"{indent}continue", None)]

    def write_return(self, st, op, indent):
        if st.value is not None:
            return [(f"{indent}return {self.expr(st.value)}", None)]
        return [(f"{indent}return", None)]
