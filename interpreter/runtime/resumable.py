"""Bodies that may ask, written as Python that runs at once until a decision is due.

A procedure, phase, action or `does` body runs as one generated function `fn(g, e, head)`.
A statement that asks is run where it stands by its operation; where that asks a decision (or
a call, resolve or trigger left frames behind), the body stops and writes out its position as
the frames the frame machine would hold at that point:
its own call or phase frame (`head` gives the kind), then one frame per `if` branch, loop and
`as seat` it is inside, each with the statement to go on from. Those frames go below any its
callees left, so the frame machine carries on exactly where the body stopped: saves, copies and
look-ahead see frames as before, and bodies whose paths ask nothing this time never touch them.

Once the decision is answered, the frame machine takes the blocks up again. Where it does, a
continuation runs the rest of the block at once in the same way (`Op.resume`): from its start,
and from after each statement that may leave frames; and where a loop's pass ends, its next
passes run at once (`Block.next_passes`).

It spends the rules' work budget exactly as the frame machine does (loops and calls that may ask
are not charged; what runs at once is written as straight.py writes it), so searches that stop on
work stop at the same place."""
from __future__ import annotations

from dsl import ast as A

from .op import Op
from .pycode import comment
from .statements import PhaseOp
from .straight import ASKING, escapes

OWN_MARK = "own frame at "
OWN_FRAME = OWN_MARK + "{pc}"       # in a continuation's chain: the frame `f` it was called with
PASS_CHECK = ["g.passes += 1", "if g.passes > MAX_STEPS:", "    too_many_steps()"]


class ResumableWriter:
    """Writes the resumable bodies of a compiled game, using the straight writer for what runs at once."""

    def __init__(self, c, straight):
        self.c, self.straight = c, straight
        self.statement_is_straight = straight.straightness.statement
        self.names: dict[int, str] = {}        # block -> the name of its function
        self.continuing = False                 # writing a continuation (its jumps leave frames)
        self.python_loops = 0                   # loops written as Python loops around the statement written

    def write_all(self) -> list:
        """Each block's resumable function, or None (straight blocks, and bodies this cannot write)."""
        c = self.c
        bodies = sorted({p.block for p in list(c.procedures.values()) + list(c.phases.values()) + list(c.actions.values())}
                        | set(c.does.values()))
        for index in bodies:
            block = c.blocks[index]
            if c.straight[index] is None and not escapes(block.stmts, in_loop=False) - {"return"} \
                    and self.writable(block.stmts, block.ops):
                self.names[index] = c.code.fresh_name(f"{block.stem}_resume")
        functions = [None] * len(c.blocks)
        for index, name in self.names.items():
            functions[index] = self.define(name, c.blocks[index], index)
        self.write_continuations()
        self.write_next_passes()
        return functions

    def write_next_passes(self) -> None:
        """For each loop that may ask, a function running the passes after the one ending at once,
        as its body's `next_passes` (see Engine.run)."""
        c = self.c
        for index, block in enumerate(c.blocks):
            if c.straight[index] is not None:
                continue
            for st, op in zip(block.stmts, block.ops):
                if isinstance(st, (A.For, A.Repeat, A.While)) and not self.runs_at_once(st) \
                        and self.writable_block(op.body):
                    c.blocks[op.body].next_passes = self.define_next_passes(st, op, block)

    def define_next_passes(self, st, op, block):
        """The loop frame `f` on top has ended a pass: it goes, and the passes left run at once (the
        loop's frame is written again where one stops)."""
        def body() -> list:
            return [(text, f"{block.file}:{st.line}:{st.col}" if at is None else at)
                    for text, at in getattr(self, f"write_{st.stmt}")(st, op, "        ", [], resuming=True)]
        return self.define_resuming(f"{block.stem}_passes", f"{block.file}:{st.line}", body, popped=True)

    def write_continuations(self) -> None:
        """For each place the frame machine takes a block up again (its start, and after each
        statement that may leave frames), a function running the rest of the block at once from
        there, as the block's first operation's `resume` (see Engine.run)."""
        c = self.c
        for index, block in enumerate(c.blocks):
            if c.straight[index] is not None:
                continue
            starts = [0] + [k + 1 for k, st in enumerate(block.stmts) if not self.runs_at_once(st)]
            for k in dict.fromkeys(starts):
                if self.worth_continuing(block.stmts[k:]) and self.writable(block.stmts[k:], block.ops[k:]):
                    block.ops[k].resume = self.define_continuation(block, index, k)

    def worth_continuing(self, stmts: list) -> bool:
        """Whether running `stmts` at once saves the frame machine steps: not where it would take
        them in one step anyway (all run at once, or up to a jump) or stop at once at a decision."""
        for st in stmts:
            if not self.runs_at_once(st):
                return not (self.asks_at_once(st) or isinstance(st, (A.Break, A.Continue, A.Return)))
        return False

    def asks_at_once(self, st) -> bool:
        """Whether a statement stops at a decision before doing anything that may leave frames."""
        if isinstance(st, A.AsSeat):
            return next((self.asks_at_once(inner) for inner in st.body if not self.runs_at_once(inner)), False)
        return isinstance(st, ASKING)

    def define_continuation(self, block, index: int, start: int):
        """The rest of block `index` from statement `start`, run at once with the block's frame `f`
        on top: it leaves `f` finished, or pointing at where it stopped (with the frames of what
        it is inside above it), or gone, where a jump left it as the frame machine would."""
        def body() -> list:
            lines = []
            for k in range(start, len(block.stmts)):
                st, op = block.stmts[k], block.ops[k]
                where = f"{block.file}:{st.line}:{st.col}"
                lines += [(text, where if at is None else at)
                          for text, at in self.statement(st, op, index, k, "        ", [OWN_FRAME], block.file)]
            return lines + [(f'        f["pc"] = {len(block.ops)}', None)]
        return self.define_resuming(f"{block.stem}_from_{start}", f"{block.file}:{block.line}", body)

    def define_resuming(self, stem: str, where: str, body, popped: bool = False):
        """A function `fn(g, e, f)` taking up the frame machine's top frame `f` (removed first if
        `popped`), whose lines `body()` writes with jumps that leave the frames below."""
        name = self.c.code.fresh_name(stem)
        lines = [(f"def {name}(g, e, f):", None), (f"    # {comment(where)}", None)]
        lines += [("    g.frames.pop()", None)] if popped else []
        lines += [("    base = len(g.frames)", None), ('    env_id = f["env"]', None),
                  ("    g.resume_depth += 1", None), ("    try:", None)]
        self.continuing = True
        try:
            lines += body()
        finally:
            self.continuing = False
        lines += [("    finally:", None), ("        g.resume_depth -= 1", None)]
        return self.c.code.define_located(name, lines)

    # ---- what can be written
    def writable(self, stmts: list, ops: list) -> bool:
        return all(self.writable_statement(st, op) for st, op in zip(stmts, ops))

    def writable_statement(self, st, op) -> bool:
        if self.runs_at_once(st) or isinstance(st, (A.Break, A.Continue, A.Return) + ASKING):
            return True
        if isinstance(st, A.If):
            return all(self.writable_block(b) for _, b in op.branches) and (op.other is None or self.writable_block(op.other))
        if isinstance(st, (A.For, A.Repeat, A.While)):
            return self.writable_block(op.body)
        if isinstance(st, A.AsSeat):        # leaving the seat by a jump would skip setting it back
            return not escapes(st.body, in_loop=False) and self.writable_block(op.body)
        return type(op).run is Op.run or isinstance(op, PhaseOp)   # run by its operation at once

    def writable_block(self, index: int) -> bool:
        block = self.c.blocks[index]
        return self.writable(block.stmts, block.ops)

    def runs_at_once(self, st) -> bool:
        """What the frame machine runs as part of a straight run (see StraightWriter.write_runs)."""
        return self.statement_is_straight(st) and not escapes([st], in_loop=False)

    # ---- writing
    def define(self, name: str, block, index: int):
        lines = [(f"def {name}(g, e, head):", None), (f"    # {comment(block.file)}:{block.line}", None),
                 ("    base = len(g.frames)", None),
                 ("    env_id = str(g.next_env)       # numbered as the frame machine numbers a call's environment", None),
                 ("    g.next_env += 1", None), ("    g.resume_depth += 1", None), ("    try:", None)]
        own = f'{{"block": {index}, "env": None, "pc": {{pc}}, **head}}'
        lines += self.block_lines(index, "        ", [own])
        lines += [("    finally:", None), ("        g.resume_depth -= 1", None)]
        return self.c.code.define_located(name, lines)

    def block_lines(self, index: int, indent: str, chain: list) -> list:
        """The statements of block `index`; `chain` holds the frames of the blocks it is inside,
        outermost first, the last one (this block's) with `{pc}` still to fill in."""
        block = self.c.blocks[index]
        lines = []
        for k, (st, op) in enumerate(zip(block.stmts, block.ops)):
            where = f"{block.file}:{st.line}:{st.col}"
            lines += [(text, where if at is None else at) for text, at in self.statement(st, op, index, k, indent, chain, block.file)]
        return lines or [(indent + "pass", None)]

    def statement(self, st, op, index: int, k: int, indent: str, chain: list, file: str) -> list:
        """Statement `k` of block `index`, as lines of Python (with the rules position of any that differs)."""
        if self.runs_at_once(st):
            return self.straight.statement(st, op, indent, file)
        if isinstance(st, ASKING):
            return self.ask_here(op, index, k, indent, chain)
        if isinstance(st, (A.Break, A.Continue)):
            if self.continuing and not self.python_loops:       # the loop is a frame below: leave as the frame machine would
                return [(f"{indent}g.unwind_loop(keep_loop={isinstance(st, A.Continue)})", None), (f"{indent}return", None)]
            return [(f"{indent}{st.stmt}", None)]
        if isinstance(st, A.Return):
            if self.continuing:         # the call is a frame below: end it as the frame machine would
                value = "" if st.value is None else self.straight.expr(st.value)
                return [(f"{indent}g.unwind_call({value})", None), (f"{indent}return", None)]
            if st.value is None:
                return [(f"{indent}return", None)]
            return [(f"{indent}{self.straight.expr(st.value)}", None), (f"{indent}return", None)]   # its work is spent, its value unused
        if isinstance(st, A.CallStmt):
            return self.write_call(st, indent) + [(f"{indent}if len(g.frames) > base:", None),
                                                  (f"{indent}    {self.suspend(chain, k + 1)}", None)]
        outer = chain[:-1] + [chain[-1].replace("{pc}", str(k + 1))]
        writer = getattr(self, f"write_{st.stmt}", None)
        if writer is not None:
            return writer(st, op, indent, outer)
        run = self.c.code.name_of(("enter", id(op)), "enter", lambda: op.enter) if isinstance(op, PhaseOp) \
            else self.c.code.name_of(("op", id(op)), "op", lambda: op.now)
        return [(f"{indent}{run}(g, e)", None), (f"{indent}if len(g.frames) > base:", None),
                (f"{indent}    {self.suspend(chain, k + 1)}", None)]

    def ask_here(self, op, index: int, k: int, indent: str, chain: list) -> list:
        """A statement that asks, run by its operation where it stands, as the frame machine would run
        it: the body stops only where a decision is asked (one option is taken and none skipped at
        once) or what was chosen left frames. A body not yet stopped keeps its environment under
        its id only while the operation runs, as a decision may name it."""
        run = self.c.code.name_of(("ask", id(op)), "ask", lambda: op.run)
        lines = [f"{indent}g.kept_memo = None           # the rules went on: what was listed before may change"]
        lines += [] if self.continuing else [f"{indent}g.envs[env_id] = e"]
        lines += [f'{indent}{run}(g, {{"block": {index}, "env": env_id, "pc": {k + 1}}})',
                  f"{indent}if g.decision is not None or len(g.frames) > base:",
                  f"{indent}    {self.suspend(chain, k + 1)}"]
        if not self.continuing:
            lines.append(f"{indent}del g.envs[env_id]")
        return [(line, None) for line in lines]

    def write_call(self, st, indent: str) -> list:
        """A call of a procedure that may ask, dispatched as `Frames.call` would dispatch it."""
        proc = self.c.procedures[st.name]
        env = self.straight.temporary()
        lines = [(f"{indent}{env} = {self.straight.call_env(proc, st.args)}", None)]
        name = self.names.get(proc.block)
        if name is None:
            return lines + [(f"{indent}g.call_later({proc.block}, {env})", None)]
        return lines + [(f"{indent}if g.resume_depth < RESUME_DEPTH:", None),
                        (f"{indent}    {name}(g, {env}, CALL_HEAD)", None),
                        (f"{indent}else:", None), (f"{indent}    g.call_later({proc.block}, {env})", None)]

    @staticmethod
    def suspend(chain: list, pc: int) -> str:
        frames = chain[:-1] + [chain[-1].replace("{pc}", str(pc))]
        if frames[0].startswith(OWN_MARK):      # a continuation's own frame is on the stack already
            return f'f["pc"] = {frames[0][len(OWN_MARK):]}; return suspend(g, base, env_id, e, [{", ".join(frames[1:])}])'
        return f"return suspend(g, base, env_id, e, [{', '.join(frames)}])"

    @staticmethod
    def frame(index: int, kind: str, details: str = "") -> str:
        return f'{{"block": {index}, "env": None, "pc": {{pc}}, "kind": "{kind}"{details}}}'

    def loop_lines(self, index: int, indent: str, chain: list) -> list:
        """A loop's body, written inside a Python loop (where `break` and `continue` are Python's)."""
        self.python_loops += 1
        try:
            return self.block_lines(index, indent, chain)
        finally:
            self.python_loops -= 1

    def write_if(self, st, op, indent, chain):
        lines = []
        for i, ((_, block), branch) in enumerate(zip(op.branches, st.branches)):
            lines.append((f"{indent}{'if' if i == 0 else 'elif'} {self.straight.expr(branch.cond)}:", None))
            lines += self.block_lines(block, indent + "    ", chain + [self.frame(block, "block")])
        if op.other is not None:
            lines.append((f"{indent}else:", None))
            lines += self.block_lines(op.other, indent + "    ", chain + [self.frame(op.other, "block")])
        return lines

    def write_for(self, st, op, indent, chain, resuming: bool = False):
        """A `for` loop; `resuming`: from the pass after the one its frame `f` has ended."""
        items, i = self.straight.temporary(), self.straight.temporary()
        inner = self.frame(op.body, "for", f', "var": {st.var!r}, "items": {items}, "i": {i}')
        head = [f'{items} = f["items"]', f'for {i} in range(f["i"] + 1, len({items})):'] if resuming else \
            [f"{items} = list({self.straight.expr(st.source)})", f"for {i} in range(len({items})):"]
        return ([(indent + line, None) for line in head]
                + self.passes(indent + "    ")
                + [(f"{indent}    e[{st.var!r}] = {items}[{i}]", None)]
                + self.loop_lines(op.body, indent + "    ", chain + [inner]))

    def write_repeat(self, st, op, indent, chain, resuming: bool = False):
        n, i = self.straight.temporary(), self.straight.temporary()
        inner = self.frame(op.body, "repeat", f', "i": {i}, "n": {n}')
        head = [f'{n} = f["n"]', f'for {i} in range(f["i"] + 1, {n}):'] if resuming else \
            [f"{n} = {self.straight.expr(st.count)}", f"for {i} in range({n}):"]
        return ([(indent + line, None) for line in head]
                + self.passes(indent + "    ") + self.loop_lines(op.body, indent + "    ", chain + [inner]))

    def write_while(self, st, op, indent, chain, resuming: bool = False):
        inner = self.frame(op.body, "while", f', "test": {list(op.ref)!r}')
        return ([(f"{indent}while {self.straight.expr(st.cond)}:", None)]
                + self.passes(indent + "    ") + self.loop_lines(op.body, indent + "    ", chain + [inner]))

    def write_as_seat(self, st, op, indent, chain):
        saved = self.straight.temporary()
        inner = self.frame(op.body, "seat", f', "restore": {saved}')
        return ([(f"{indent}{saved} = g.seat", None), (f"{indent}g.seat = seat_checked(g, {self.straight.expr(st.seat)})", None)]
                + self.block_lines(op.body, indent, chain + [inner]) + [(f"{indent}g.seat = {saved}", None)])

    @staticmethod
    def passes(indent: str) -> list:
        """A pass of a loop that may ask: not work (the frame machine charges none), but one step
        toward the runaway limit on statements (the frame machine counts one per statement it
        steps through, so rules run at once go further before a loop without end is stopped)."""
        return [(indent + line, None) for line in PASS_CHECK]
