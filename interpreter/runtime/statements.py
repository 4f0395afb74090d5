"""Statement operations: each runs against the engine and may push frames or ask a decision."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .asking import ChooseManyOp, ChooseOp, PerformOp
from .errors import RuleFault
from .op import Op
from .support import RESUME_DEPTH, as_list, no_destination, no_token_target

if TYPE_CHECKING:                   # statements are compiled from syntax nodes, but run without them
    from dsl import ast as A


class LetOp(Op):
    __slots__ = ("name", "value")

    def __init__(self, st: A.Let, c):
        self.name, self.value = st.name, c.expr(st.value)

    def now(self, g, env):
        env[self.name] = self.value(g, env)


class SetOp(Op):
    __slots__ = ("mode", "name", "obj", "op", "value")

    def __init__(self, st: A.Set, c):
        self.op, self.value = st.op, c.expr(st.value)
        target = st.target
        if target.node == "field":
            self.mode, self.name, self.obj = "field", target.name, c.expr(target.obj)
        else:
            self.mode, self.name, self.obj = target.ref, target.name, None

    def combine(self, old, new):
        if self.op == "+=":
            return old + new
        if self.op == "-=":
            return old - new
        return new

    def now(self, g, env):
        value = self.value(g, env)
        if self.mode == "local":
            env[self.name] = self.combine(env.get(self.name, 0), value)
        elif self.mode == "var":
            g.set_var(self.name, self.combine(g.vars[self.name], value))
        else:
            obj = self.obj(g, env)
            if obj is None:
                raise RuleFault(f"cannot set '.{self.name}' of nothing")
            g.set_field(obj, self.name, value if self.op == "=" else self.combine(g.field(obj, self.name), value))


class MoveOp(Op):
    __slots__ = ("what", "dest", "bottom")

    def __init__(self, st: A.Move, c):
        self.what, self.dest, self.bottom = c.expr(st.what), c.expr(st.dest), st.bottom

    def now(self, g, env):
        pieces = as_list(self.what(g, env))
        dest = self.dest(g, env)
        if dest is None:
            no_destination()
        for p in pieces:
            g.move(p, dest, self.bottom)
        g.fire_enters([(p, dest) for p in pieces])


class ShuffleOp(Op):
    __slots__ = ("target", "into", "among")

    def __init__(self, st: A.Shuffle, c):
        self.target = c.expr(st.target)
        self.into = c.expr(st.into) if st.into is not None else None
        self.among = c.expr(st.among_bottom) if st.among_bottom is not None else None

    def now(self, g, env):
        if self.into is None:
            g.shuffle_space(self.target(g, env))
            return
        pieces = as_list(self.target(g, env))
        deck = self.into(g, env)
        among = self.among(g, env) if self.among is not None else None
        g.shuffle_into(pieces, deck, among)


class InsertOp(Op):
    __slots__ = ("what", "into")

    def __init__(self, st: A.Insert, c):
        self.what, self.into = c.expr(st.what), c.expr(st.into)

    def now(self, g, env):
        g.insert_randomly(as_list(self.what(g, env)), self.into(g, env))


class TokensOp(Op):
    __slots__ = ("adding", "token", "local", "count", "every", "target")

    def __init__(self, st, c):
        self.adding = st.stmt == "add"
        self.token, self.local, self.target = st.token, st.token_is_local, c.expr(st.target)
        self.count = c.expr(st.count) if st.count is not None else None
        self.every = getattr(st, "every_token", False)

    def now(self, g, env):
        token = env[self.token] if self.local else self.token
        target = self.target(g, env)
        if target is None:
            no_token_target("add" if self.adding else "remove", token)
        if self.every:
            count = g.token_count(target, token)
        else:
            count = self.count(g, env) if self.count is not None else 1
        if self.adding:
            g.add_tokens(target, token, count)
        else:
            g.remove_tokens(target, token, count)


class IfOp(Op):
    __slots__ = ("branches", "other")

    def __init__(self, st: A.If, c):
        self.branches = [(c.expr(b.cond), c.block(b.body)) for b in st.branches]
        self.other = c.block(st.other) if st.other is not None else None

    def run(self, g, f):
        env = g.envs[f["env"]]
        for cond, block in self.branches:
            if cond(g, env):
                g.push(block, f["env"])
                return
        if self.other is not None:
            g.push(self.other, f["env"])


class ForOp(Op):
    __slots__ = ("var", "source", "body")

    def __init__(self, st: A.For, c):
        self.var, self.source, self.body = st.var, c.expr(st.source), c.block(st.body)

    def run(self, g, f):
        env = g.envs[f["env"]]
        items = list(self.source(g, env))
        if items:
            env[self.var] = items[0]
            g.push(self.body, f["env"], "for", var=self.var, items=items, i=0)


class BodyOp(Op):
    """A statement of one expression and a body: repeat, while, as seat."""
    __slots__ = ("expr", "body")
    expr_field = ""      # the statement node's field holding the expression

    def __init__(self, st, c):
        self.expr, self.body = c.expr(getattr(st, self.expr_field)), c.block(st.body)


class RepeatOp(BodyOp):
    __slots__ = ()
    expr_field = "count"

    def run(self, g, f):
        n = self.expr(g, g.envs[f["env"]])
        if n > 0:
            g.push(self.body, f["env"], "repeat", i=0, n=n)


class WhileOp(BodyOp):
    __slots__ = ("ref",)
    expr_field = "cond"

    def __init__(self, st: A.While, c):
        super().__init__(st, c)
        self.ref = None      # [block, index] of this op, set when its block is built

    def run(self, g, f):
        if self.expr(g, g.envs[f["env"]]):
            g.push(self.body, f["env"], "while", test=self.ref)


class BreakOp(Op):
    __slots__ = ()

    def run(self, g, f):
        g.unwind_loop(keep_loop=False)


class ContinueOp(Op):
    __slots__ = ()

    def run(self, g, f):
        g.unwind_loop(keep_loop=True)


class ReturnOp(Op):
    __slots__ = ("value",)

    def __init__(self, st: A.Return, c):
        self.value = c.expr(st.value) if st.value is not None else None

    def run(self, g, f):
        if self.value is None:
            g.unwind_call()
            return
        value = self.value(g, g.envs[f["env"]])
        g.unwind_call(value)


class CallValueOp(Op):
    """`let x = proc(...)` or `set x = proc(...)`: a procedure run for the value its `return` gives."""
    __slots__ = ("name", "args", "target", "local")

    def __init__(self, st, c):
        call = st.value
        self.name, self.args = call.func, [c.expr(a) for a in call.args]
        self.target = st.name if st.stmt == "let" else st.target.name
        self.local = st.stmt == "let" or st.target.ref == "local"

    def run(self, g, f):
        env = g.envs[f["env"]]
        proc = g.c.procedures[self.name]
        callee = dict(zip(proc.params, [a(g, env) for a in self.args]))
        now = g.c.straight[proc.block]
        if now is not None:
            self.give(g, env, now(g, callee))
            return
        self.give(g, env, None)                       # what it gives if it ends without `return`
        result = [f["env"], self.target] if self.local else ["var", self.target]
        g.call_later(proc.block, callee, result=result)

    def give(self, g, env, value) -> None:
        if self.local:
            env[self.target] = value
        else:
            g.set_var(self.target, value)


class CallOp(Op):
    __slots__ = ("name", "args")

    def __init__(self, st: A.CallStmt, c):
        self.name, self.args = st.name, [c.expr(a) for a in st.args]

    def now(self, g, env):
        proc = g.c.procedures[self.name]
        g.call(proc.block, dict(zip(proc.params, [a(g, env) for a in self.args])))


class ResolveOp(Op):
    __slots__ = ("what",)

    def __init__(self, st: A.Resolve, c):
        self.what = c.expr(st.what)

    def now(self, g, env):
        obj = self.what(g, env)
        if obj is None:
            raise RuleFault("cannot resolve nothing")
        block = g.c.does.get(obj)
        if block is None:
            raise RuleFault(f"'{g.display(obj)}' has no effect to resolve (no 'does' block)")
        g.log_event("resolve", obj=obj)
        g.call(block, {"this": obj})


class AsSeatOp(BodyOp):
    __slots__ = ()
    expr_field = "seat"

    def run(self, g, f):
        seat = self.expr(g, g.envs[f["env"]])
        if not 1 <= seat <= g.seats:
            raise RuleFault(f"there is no seat {seat} (this game has {g.seats})")
        g.push(self.body, f["env"], "seat", restore=g.seat)
        g.seat = seat


class PhaseOp(Op):
    __slots__ = ("name",)

    def __init__(self, st: A.RunPhase, c):
        self.name = st.name

    def run(self, g, f):
        self.enter(g)

    def enter(self, g, env=None) -> None:
        """Run the phase: at once, as a resumable body, or frame by frame."""
        phase = g.c.phases[self.name]
        if g.c.straight[phase.block] is not None:
            self.now(g, None)
            return
        resume = g.c.resumable[phase.block]
        if resume is not None and g.resume_depth < RESUME_DEPTH:
            self.at_once(g, phase, resume)
            return
        g.call(phase.block, {}, "phase", restore=g.phase)
        g.phase = phase.label
        g.log_event("phase", phase=phase.label)

    def now(self, g, env):
        """A phase whose body runs at once."""
        self.at_once(g, g.c.phases[self.name], None)

    def at_once(self, g, phase, resume) -> None:
        """Run the phase's body at once: the whole of it, or with `resume` until it asks (then
        the frames it leaves hold the phase, and the frame machine ends it)."""
        restore, g.phase = g.phase, phase.label
        g.log_event("phase", phase=phase.label)
        g.straight_phases.append(self.name)
        base = len(g.frames)
        try:
            if resume is None:
                g.c.straight[phase.block](g, {})
            else:
                resume(g, {}, {"kind": "phase", "restore": restore})
            done = len(g.frames) == base
            if done and g.effects and any("phase" in e for e in g.effects):
                g.phase_ending(len(g.running_phases()))
        finally:
            g.straight_phases.pop()
        if done:
            g.phase = restore


class LogOp(Op):
    __slots__ = ("message",)

    def __init__(self, st: A.Log, c):
        self.message = c.expr(st.message)

    def now(self, g, env):
        if g.telling:
            g.log_event("note", text=self.message(g, env))


class TallyOp(Op):
    __slots__ = ("name",)

    def __init__(self, st: A.Tally, c):
        self.name = st.name

    def now(self, g, env):
        g.log_event("tally", name=self.name)


class EndOp(Op):
    __slots__ = ("outcome", "reason")

    def __init__(self, st: A.EndGame, c):
        self.outcome = c.expr(st.outcome) if st.outcome is not None else None
        self.reason = c.expr(st.reason) if st.reason is not None else None

    def now(self, g, env):
        g.finish(self.outcome(g, env) if self.outcome else None, self.reason(g, env) if self.reason else None)


class EffectOp(Op):
    """`start` or `stop`: the effect named (`name`, with `args` when they are written), or a value of type effect."""
    __slots__ = ("name", "args", "value")

    def __init__(self, st, c):
        effect = st.effect
        self.name, self.args, self.value = None, None, None
        if effect.node in ("name", "call") and effect.ref == "effect":
            self.name = effect.name if effect.node == "name" else effect.func
            if effect.node == "call":
                self.args = [c.expr(a) for a in effect.args]
        else:
            self.value = c.expr(effect)

    def target(self, g, env) -> tuple:
        """The effect's name and its arguments (None: not written, every instance)."""
        if self.value is not None:
            return self.value(g, env), None
        return self.name, [a(g, env) for a in self.args] if self.args is not None else None


class StartOp(EffectOp):
    __slots__ = ("var", "phase", "this_phase")

    def __init__(self, st: A.StartEffect, c):
        super().__init__(st, c)
        self.var, self.phase, self.this_phase = st.until_var, st.until_phase, st.until_this_phase

    def now(self, g, env):
        name, args = self.target(g, env)
        g.start_effect(name, args or [], self.var, self.phase, self.this_phase)


class StopOp(EffectOp):
    __slots__ = ()

    def now(self, g, env):
        g.stop_effect(*self.target(g, env))


# the operation each kind of statement compiles to
OPS = {"let": LetOp, "set": SetOp, "move": MoveOp, "shuffle": ShuffleOp, "insert": InsertOp, "add": TokensOp,
       "remove": TokensOp, "if": IfOp, "for": ForOp, "repeat": RepeatOp, "while": WhileOp, "break": BreakOp,
       "continue": ContinueOp, "return": ReturnOp, "call": CallOp, "resolve": ResolveOp, "choose": ChooseOp,
       "choose_many": ChooseManyOp, "perform": PerformOp, "as_seat": AsSeatOp, "phase": PhaseOp, "log": LogOp,
       "tally": TallyOp, "end": EndOp, "start": StartOp, "stop": StopOp}


def compile_stmt(st, c) -> Op:
    value = getattr(st, "value", None)
    if st.stmt in ("let", "set") and getattr(value, "ref", None) == "procedure":
        op = CallValueOp(st, c)
    else:
        op = OPS[st.stmt](st, c)
    op.where = f"{c.current_file}:{st.line}:{st.col}"
    op.straight, op.span, op.resume = None, 1, None
    return op
