"""Statements that ask a decision: choose one, choose several, perform an action (at once or in steps)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .bindings import action_options
from .errors import RuleFault
from .op import Op
from .options import DONE, PASS, option_label, value_options, without_twins
from .staging import (DRAWING, Drawing, chosen_labels, merged, step_options, step_options_from, step_prompt,
                      step_stream, whole_action, whole_actions)

if TYPE_CHECKING:                   # statements are compiled from syntax nodes, but run without them
    from dsl import ast as A


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
    __slots__ = ("var", "source", "body", "everyone", "option_label")

    def __init__(self, st: A.Choose, c):
        super().__init__(st, c)
        self.var, self.source, self.body = st.var, c.expr(st.source), c.block(st.body)
        self.everyone = {"everyone": True} if st.everyone else {}     # asked of all the players together
        self.option_label = c.expr(st.option_label) if st.option_label is not None else None

    def run(self, g, f):
        if g.peek_stop():
            return
        env = g.envs[f["env"]]
        options = without_twins(value_options(g, self.source(g, env)), g)
        if self.option_label is not None and g.telling:      # the options' own words (a bot reads none)
            options = [dict(o, label=self.option_label(g, dict(env, **{self.var: o["value"]}))) for o in options]
        options = self.add_pass(g, env, options)
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
    __slots__ = ("actions", "staged", "fixed", "resolved")

    def __init__(self, st: A.Perform, c):
        super().__init__(st, c)
        self.actions, self.staged = st.actions, st.staged
        self.resolved = None        # the actions themselves, looked up when first listed
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
            if fixed is None:
                self.list_unfixed(g, options)
            else:
                for action, values in self.offered(g, where):
                    options += action_options(g, action, values)
        self.add_pass(g, env, options)
        g.ask("perform", self.base_prompt(g, env) if g.telling else "", options, f, self)

    def list_unfixed(self, g, options: list) -> None:
        """Every action's options, where no argument is fixed: an action `requires` rules out
        whole is passed over without walking its parameters (the common case, kept cheap)."""
        resolved = self.resolved
        if resolved is None:
            resolved = self.resolved = [(g.c.actions[name], g.c.actions[name].checks[0]) for name in self.actions]
        for action, check in resolved:
            if check is None or check(g, {}):
                options += action_options(g, action, checked=True)

    def offer(self, g, where: dict, chosen: list, answered: bool) -> None:
        """Ask the step after `chosen`; a step with one way on is taken at once."""
        with g.unchanging():
            while True:
                if g.asks_one_way:
                    options = None if self.any_option(g, where, chosen) else []
                elif g.lists_lazily:
                    options = self.few_options(g, where, chosen)
                else:
                    options = self.step(g, where, chosen)
                if options is None or len(options) != 1 or options[0]["value"] is None or "step" not in options[0]["value"]:
                    break
                chosen = chosen + [options[0]["value"]["step"]]
            decision = self.step_decision(g, where, chosen, options)
        if options is None:             # listed when read (see Engine.list_pending)
            g.decision = decision
        elif not options:
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

    def any_option(self, g, where: dict, chosen: list) -> bool:
        """Whether the step after `chosen` has an option (found without listing them)."""
        if not chosen and self.pass_label is not None:
            return True
        return next(step_stream(g, self.offered(g, where), chosen), None) is not None

    def few_options(self, g, where: dict, chosen: list) -> list[dict] | None:
        """The options of the step after `chosen` if it has fewer than two (the pass among them);
        None if it has two or more, found without listing them all: the step is then asked, to be
        listed when read (so a rules error further along the step shows only then)."""
        passing = not chosen and self.pass_label is not None
        items = []
        for item in step_stream(g, self.offered(g, where), chosen):
            if passing or (items and not merged(items[0], item)):
                return None
            items.append(item)
        options = step_options_from(g, items)
        return self.add_pass(g, g.envs[where["env"]], options) if passing else options

    def listing(self, g, decision) -> list[dict]:
        """The options of a decision left to be listed when read."""
        with g.unchanging():
            return self.step(g, decision, decision["chosen"])

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

    def whole_actions(self, g, decision, at_most: int | None = None) -> list[dict]:
        """Every whole action that agrees with the steps chosen so far (and the pass), or the first
        `at_most` of them, kept for `choose` and copies."""
        listed = g.whole_read
        if listed is not None and listed[0] is decision and listed[2]:
            return list(listed[1].values())[:at_most]
        with g.unchanging():
            options = whole_actions(g, self.offered(g, decision), decision["chosen"], at_most)
        whole = at_most is None or len(options) < at_most
        if whole:
            options += self.add_pass(g, g.envs[decision["env"]], []) if not decision["chosen"] else []
        if whole or listed is None or listed[0] is not decision:
            g.whole_read = (decision, {o["id"]: o for o in options}, whole)
        else:
            listed[1].update((o["id"], o) for o in options)
        return options[:at_most]

    def draw(self, g, decision, rng) -> dict:
        """A random answer to the step asked, drawn without listing the step (see
        `staging.random_answer`); kept for `choose`."""
        with g.unchanging():
            drawing = g.memo.get(DRAWING)
            if drawing is None or drawing[0] is not decision:
                passing = self.add_pass(g, g.envs[decision["env"]], []) if not decision["chosen"] else []
                drawing = g.memo[DRAWING] = (decision, Drawing(g, self.offered(g, decision), decision["chosen"],
                                                               passing[0] if passing else None))
            whole = drawing[1].draw(g, rng)
        if whole is None:
            raise RuleFault("a staged decision was asked with no option")
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
