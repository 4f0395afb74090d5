"""Statement operations: each runs against the engine and may push frames or ask a decision."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import RuleFault
from .bindings import action_options
from .options import DONE, PASS, option_label, value_options, without_twins
from .staging import chosen_labels, random_action, step_options, step_prompt, whole_action, whole_actions

if TYPE_CHECKING:                   # statements are compiled from syntax nodes, but run without them
    from dsl import ast as A


class Op:
    """A compiled statement; `where` is its rules position, for errors. A statement that asks no
    decision either way runs in one go with `now(g, env)`; `straight`, when set, is the statement
    written as Python (see straight.py), with `span`, how many operations from this one it runs."""
    __slots__ = ("where", "straight", "span")

    def __init__(self, st, c):
        pass            # break, continue and return have nothing to compile

    def run(self, g, f) -> None:
        self.now(g, g.envs[f["env"]])

    def now(self, g, env) -> None:
        raise NotImplementedError


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


def _as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


class MoveOp(Op):
    __slots__ = ("what", "dest", "bottom")

    def __init__(self, st: A.Move, c):
        self.what, self.dest, self.bottom = c.expr(st.what), c.expr(st.dest), st.bottom

    def now(self, g, env):
        pieces = _as_list(self.what(g, env))
        dest = self.dest(g, env)
        if dest is None:
            raise RuleFault("cannot move to nothing")
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
        pieces = _as_list(self.target(g, env))
        deck = self.into(g, env)
        among = self.among(g, env) if self.among is not None else None
        g.shuffle_into(pieces, deck, among)


class InsertOp(Op):
    __slots__ = ("what", "into")

    def __init__(self, st: A.Insert, c):
        self.what, self.into = c.expr(st.what), c.expr(st.into)

    def now(self, g, env):
        g.insert_randomly(_as_list(self.what(g, env)), self.into(g, env))


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
            raise RuleFault(f"cannot {'add' if self.adding else 'remove'} {token} tokens: the target is nothing")
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
        values = [a(g, env) for a in self.args]
        g.call(proc.block, dict(zip(proc.params, values)))


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


class AskingOp(Op):
    """A statement that asks a decision: its prompt, and the pass option `… pass "Label" { … }` if any."""
    __slots__ = ("prompt", "pass_label", "pass_body")

    def __init__(self, st, c):
        self.prompt = c.expr(st.prompt) if st.prompt is not None else None
        self.pass_label = c.expr(st.pass_label) if st.pass_label is not None else None
        self.pass_body = c.block(st.pass_body) if st.pass_body is not None else None

    def add_pass(self, g, env, options: list) -> list:
        if self.pass_label is not None:
            options.append({"id": PASS, "label": self.pass_label(g, env), "value": None})
        return options

    def passed(self, g, decision, option) -> bool:
        """Whether the answer is the pass option; its body, if it has one, then runs."""
        if option["id"] != PASS:
            return False
        if self.pass_body is not None:
            g.push(self.pass_body, decision["env"])
        return True


class ChooseOp(AskingOp):
    __slots__ = ("var", "source", "body", "everyone")

    def __init__(self, st: A.Choose, c):
        super().__init__(st, c)
        self.var, self.source, self.body = st.var, c.expr(st.source), c.block(st.body)
        self.everyone = {"everyone": True} if st.everyone else {}     # asked of all the players together

    def run(self, g, f):
        if g.peek_stop():
            return
        env = g.envs[f["env"]]
        options = self.add_pass(g, env, without_twins(value_options(g, self.source(g, env)), g))
        prompt = self.prompt(g, env) if self.prompt is not None and g.telling else f"Choose {self.var}"
        g.ask("choose", prompt, options, f, self, **self.everyone)

    def apply(self, g, decision, option) -> None:
        if self.passed(g, decision, option):
            return
        g.envs[decision["env"]][self.var] = option["value"]
        g.push(self.body, decision["env"])


class ChooseManyOp(Op):
    """`choose up to M` and `choose N..M`: values taken one at a time, each leaving the options; the
    option `done` is offered once at least N are chosen (all of them, when the list holds fewer)."""
    __slots__ = ("var", "least", "most", "source", "prompt", "body", "everyone")

    def __init__(self, st: A.ChooseMany, c):
        self.everyone = {"everyone": True} if st.everyone else {}
        self.var, self.most = st.var, c.expr(st.most)
        self.least = c.expr(st.least) if st.least is not None else None
        self.source, self.body = c.expr(st.source), c.block(st.body)
        self.prompt = c.expr(st.prompt) if st.prompt is not None else None

    def run(self, g, f):
        if g.peek_stop():
            return
        env = g.envs[f["env"]]
        least = max(self.least(g, env), 0) if self.least is not None else 0
        most = self.most(g, env)
        if least > most:
            raise RuleFault(f"cannot choose at least {least} and at most {most}")
        options = value_options(g, self.source(g, env))
        prompt = self.prompt(g, env) if self.prompt is not None else self.default_prompt(least, most)
        env[self.var] = []
        if most <= 0 or not options:
            g.push(self.body, f["env"])
        elif not self.took_the_rest(g, f["env"], prompt, least, [], options):
            g.ask("many", prompt, self.next_options(least, [], options), f, self,
                  most=most, **({"least": least} if least else {}), **self.everyone)

    def default_prompt(self, least: int, most: int) -> str:
        if self.least is None:
            return f"Choose up to {most}"
        return f"Choose {most}" if least == most else f"Choose {least} to {most}"

    @staticmethod
    def next_options(least: int, chosen: list, values: list) -> list:
        """The values left, and `done` once enough are chosen (or every value is)."""
        return values if len(chosen) < least else values + [{"id": DONE, "label": "Done", "value": None}]

    def took_the_rest(self, g, env_id: str, prompt: str, least: int, chosen: list, values: list) -> bool:
        """When every value left must be taken to reach the least, take them all at once."""
        if len(chosen) + len(values) > least:
            return False
        chosen = chosen + [o["value"] for o in values]
        g.envs[env_id][self.var] = chosen
        g.log_event("auto", prompt=prompt, option=g.display(chosen))
        g.push(self.body, env_id)
        return True

    def apply(self, g, decision, option) -> None:
        env_id = decision["env"]
        chosen = g.envs[env_id][self.var]
        if option["id"] != DONE:
            chosen = chosen + [option["value"]]
            g.envs[env_id][self.var] = chosen
            values = [o for o in decision["options"] if o["id"] not in (option["id"], DONE)]
            if len(chosen) < decision["most"] and values:
                least = decision.get("least", 0)
                if not self.took_the_rest(g, env_id, decision["prompt"], least, chosen, values):
                    g.reask(decision, self.next_options(least, chosen, values))
                return
        g.push(self.body, env_id)


class PerformOp(AskingOp):
    __slots__ = ("actions", "staged", "fixed")

    def __init__(self, st: A.Perform, c):
        super().__init__(st, c)
        self.actions, self.staged = st.actions, st.staged
        given = st.fixed_args()
        self.fixed = [[c.expr(a) for a in args] for args in given] if any(given) else None

    def base_prompt(self, g, env) -> str:
        return self.prompt(g, env) if self.prompt is not None else "Choose an action"

    def fixed_values(self, g, env) -> list[list] | None:
        """The values of `perform attack(u), …`'s arguments, one list per action (None: no arguments)."""
        if self.fixed is None:
            return None
        return [[arg(g, env) for arg in args] for args in self.fixed]

    def offered(self, g, where: dict) -> list[tuple]:
        """Each action of the perform with the values its leading parameters are fixed to (as
        worked out when the perform ran, kept in `where`, its decision)."""
        fixed = where.get("fixed") or [[]] * len(self.actions)
        return [(g.c.actions[name], list(values)) for name, values in zip(self.actions, fixed)]

    def run(self, g, f):
        if g.peek_stop():
            return
        env = g.envs[f["env"]]
        where = {"env": f["env"], "op": (f["block"], f["pc"] - 1)}
        fixed = self.fixed_values(g, env)
        if fixed is not None:
            where["fixed"] = fixed
        if self.staged:
            self.offer(g, where, [], answered=False)
            return
        options = []
        with g.unchanging():
            for action, values in self.offered(g, where):
                options += action_options(g, action, values)
        self.add_pass(g, env, options)
        g.ask("perform", self.base_prompt(g, env) if g.telling else "", options, f, self)

    def offer(self, g, where: dict, chosen: list, answered: bool) -> None:
        """Ask the step after `chosen`; a step with one way on is taken at once."""
        with g.unchanging():
            while True:
                options = self.step(g, where, chosen)
                if len(options) != 1 or options[0]["value"] is None or "step" not in options[0]["value"]:
                    break
                chosen = chosen + [options[0]["value"]["step"]]
            decision = self.step_decision(g, where, chosen, options)
        if not options:
            if g.telling:
                g.log_event("skip", prompt=self.base_prompt(g, g.envs[where["env"]]))
        elif len(options) == 1:
            self.complete(g, decision, options[0], "choice" if answered else "auto")
        else:
            g.decision = decision

    def step(self, g, where: dict, chosen: list) -> list[dict]:
        """The options of the step after `chosen` (the first step offers the pass option too)."""
        options = step_options(g, self.offered(g, where), chosen)
        return self.add_pass(g, g.envs[where["env"]], options) if not chosen else options

    def step_decision(self, g, where: dict, chosen: list, options: list) -> dict:
        prompt = step_prompt(g, self.offered(g, where), chosen, self.base_prompt(g, g.envs[where["env"]])) if g.telling else ""
        decision = {"type": "perform", "prompt": prompt, "seat": g.seat, "options": options,
                    "env": where["env"], "op": where["op"], "chosen": chosen}
        if "fixed" in where:
            decision["fixed"] = where["fixed"]
        return decision

    def back(self, g, decision) -> bool:
        """Go back to the last step that offered a real choice; False if there was none."""
        chosen = decision["chosen"]
        with g.unchanging():
            while chosen:
                chosen = chosen[:-1]
                options = self.step(g, decision, chosen)
                if len(options) > 1:
                    g.decision = self.step_decision(g, decision, chosen, options)
                    return True
        return False

    def whole_action(self, g, decision, option_id: str):
        """The option a whole action's id stands for at a staged decision, or None."""
        listed = g.whole_read
        if listed is not None and listed[0] is decision and option_id in listed[1]:
            return listed[1][option_id]
        try:
            with g.unchanging():
                return whole_action(g, self.offered(g, decision), decision["chosen"], option_id)
        except RuleFault:
            return None

    def whole_actions(self, g, decision) -> list[dict]:
        """Every whole action that agrees with the steps chosen so far (and the pass), kept for `choose` and copies."""
        listed = g.whole_read
        if listed is not None and listed[0] is decision and listed[2]:
            return list(listed[1].values())
        with g.unchanging():
            options = whole_actions(g, self.offered(g, decision), decision["chosen"])
        options += [o for o in decision["options"] if o["id"] == PASS]
        g.whole_read = (decision, {o["id"]: o for o in options}, True)
        return options

    def draw_rest(self, g, decision, step, rng) -> dict | None:
        """A random whole action that goes on from the step value `step`, kept for `choose`."""
        with g.unchanging():
            whole = random_action(g, self.offered(g, decision), decision["chosen"] + [step], rng)
        if whole is not None:
            if g.whole_read is None or g.whole_read[0] is not decision:
                g.whole_read = (decision, {}, False)
            g.whole_read[1][whole["id"]] = whole
        return whole

    def chosen_labels(self, g, decision) -> list[str]:
        return chosen_labels(g, self.offered(g, decision), decision["chosen"])

    def apply(self, g, decision, option) -> None:
        value = option["value"]
        if "chosen" not in decision:
            if not self.passed(g, decision, option):
                self.perform(g, value)
        elif value is not None and "step" in value:
            where = {key: decision[key] for key in ("env", "op", "fixed") if key in decision}
            self.offer(g, where, decision["chosen"] + [value["step"]], answered=True)
        else:
            self.complete(g, decision, option, "choice")

    def complete(self, g, decision, option, event: str) -> None:
        """A staged choice made: logged as the whole action, then performed (or passed)."""
        if g.telling:
            prompt = self.base_prompt(g, g.envs[decision["env"]])
            label = option["label"] if option["value"] is None else option_label(g, dict(option, label=None))
            if event == "choice":
                g.log_event("choice", seat=decision["seat"], prompt=prompt, option=label, id=option["id"])
            else:
                g.log_event("auto", prompt=prompt, option=label)
        if not self.passed(g, decision, option):
            self.perform(g, option["value"])

    def perform(self, g, value) -> None:
        action = g.c.actions[value["action"]]
        g.call(action.block, dict(zip(action.params, value["args"])))


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
        phase = g.c.phases[self.name]
        if g.c.straight[phase.block] is not None:
            self.now(g, None)
            return
        g.call(phase.block, {}, "phase", restore=g.phase)
        g.phase = phase.label
        g.log_event("phase", phase=phase.label)

    def now(self, g, env):
        """A phase whose body runs at once."""
        phase = g.c.phases[self.name]
        restore, g.phase = g.phase, phase.label
        g.log_event("phase", phase=phase.label)
        g.straight_phases.append(self.name)
        try:
            g.c.straight[phase.block](g, {})
            if g.effects:
                g.phase_ending(len(g.running_phases()))
        finally:
            g.straight_phases.pop()
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
    op.straight, op.span = None, 1
    return op
