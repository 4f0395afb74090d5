"""A staged perform: which action, then each parameter, chosen one step at a time.

A step offers only values from which at least one complete, allowed action follows. The path
of a binding is its action's group title (when the perform's actions have more than one group),
then its arguments; a step offers the distinct next elements of the paths that extend what has
been chosen. An option that completes an action carries the action and its arguments; the
others carry the next element (`{"step": value}`) and lead to the next step. An option that
completes an action with a `label` reads as that label; the others read as their value.

The perform's actions come as `offered`, (action, fixed) pairs: `fixed` holds the values the
perform gives the action's leading parameters (`perform attack(u)`, else none). They are never
asked: a path leaves them out, and the action's steps start at the parameter after them."""
from __future__ import annotations

from functools import lru_cache

from .bindings import (action_options, allowed, bind, choices, completable, completions, distinct, in_random_order,
                       whole_option)
from .options import distinct_id, option_id
from .support import MISSING


def has_group_step(offered) -> bool:
    return len({action.group for action, _ in offered}) > 1


def in_play(g, offered, chosen: list) -> tuple[list, list]:
    """The (action, fixed) pairs the choices so far still fit, and the arguments chosen for them."""
    if has_group_step(offered):
        if not chosen:
            return [], []
        return [(a, fixed) for a, fixed in offered if a.group == chosen[0]], chosen[1:]
    return list(offered), chosen


def agreeing(g, offered, chosen: list) -> tuple[list, list]:
    """Like `in_play`, but with nothing chosen yet every action agrees."""
    return in_play(g, offered, chosen) if chosen else (list(offered), [])


def step_options(g, offered, chosen: list) -> list[dict]:
    """The options of the step after `chosen`."""
    return step_options_from(g, step_stream(g, offered, chosen))


def step_options_from(g, stream) -> list[dict]:
    """A step's options from its stream (see `step_stream`): a step two actions offer merged into one."""
    options, ids = [], {}
    for key, label, value, merge in stream:
        _add(options, ids, key, label, value, merge)
    _tell_apart(g, options)
    return options


def merged(first: tuple, later: tuple) -> bool:
    """Whether a later item of a step's stream is the same option as an earlier one: a next step offered by two actions."""
    key, _, value, merge = later
    return key == first[0] and merge and "step" in first[2] and first[2]["step"] == value["step"]


def step_stream(g, offered, chosen: list):
    """The options of the step after `chosen` one by one, as (id, label, value, merge) (see `_add`)."""
    if has_group_step(offered) and not chosen:
        yield from _group_stream(g, offered)
        return
    playing, chosen_args = in_play(g, offered, chosen)
    for action, fixed in playing:
        args = fixed + chosen_args
        if len(action.params) < len(args) or (chosen_args and len(action.params) == len(args)):
            continue
        env = bind(g, action, args)
        if env is None:
            continue
        if len(action.params) == len(args):          # no parameters, or all of them fixed: nothing to ask
            whole = whole_option(action, args)
            yield whole["id"], None, whole["value"], False
            continue
        i, name = len(args), action.params[len(args)]
        last = i + 1 == len(action.params)
        for v in distinct(g, choices(g, action, i, env), args):
            env[name] = v
            if not allowed(g, action, i + 1, env):
                continue
            if last:                  # reads as the whole action when the action has a label
                label = None if action.label_fn is not None else g.display(v)
                yield option_id(v), label, {"action": action.name, "args": args + [v]}, False
            elif completable(g, action, i + 1, env, args + [v]):
                yield option_id(v), g.display(v), {"step": v}, True
        env.pop(name, None)


def _group_stream(g, offered):
    titled = set()
    for action, fixed in offered:
        if action.group in titled:
            continue
        env = bind(g, action, fixed)
        if env is not None and completable(g, action, len(fixed), env, fixed):
            titled.add(action.group)
            yield _slug(action.group), action.group, {"step": action.group}, True


def _add(options: list, ids: dict, key: str, label, value: dict, merge: bool) -> None:
    """Add an option; a next step offered by two actions is one option, a complete action always its own."""
    if key in ids:
        if merged((key, ids[key]["label"], ids[key]["value"], True), (key, label, value, merge)):
            return
        key = distinct_id(key, ids)
    option = {"id": key, "label": label, "value": value}
    ids[key] = option
    options.append(option)


def _tell_apart(g, options: list) -> None:
    """A complete action whose value reads like another option's reads as the whole action."""
    seen: dict[str, int] = {}
    for o in options:
        seen[o["label"]] = seen.get(o["label"], 0) + 1
    for o in options:
        if o["label"] is None or (seen[o["label"]] > 1 and "action" in o["value"]):
            o["label"] = None                          # composed from the action's label when read


def step_prompt(g, offered, chosen: list, default: str) -> str:
    """The question the step after `chosen` asks: the next parameter's, else the perform's."""
    playing, chosen_args = in_play(g, offered, chosen)
    for action, fixed in playing:
        args = fixed + chosen_args
        if len(action.params) > len(args) and action.prompts[len(args)] is not None:
            env = bind(g, action, args)
            if env is not None:
                return action.prompts[len(args)](g, env)
    return default


def chosen_labels(g, offered, chosen: list) -> list[str]:
    """What a staged decision's earlier steps chose, as it reads."""
    grouped = has_group_step(offered)
    return [v if i == 0 and grouped else g.display(v) for i, v in enumerate(chosen)]


@lru_cache(maxsize=1024)     # a pack has a handful of group titles, asked for at every staged decision
def _slug(title: str) -> str:
    return "_".join("".join(ch if ch.isalnum() else " " for ch in title.lower()).split()) or "action"


def whole_action(g, offered, chosen: list, option_id_: str) -> dict | None:
    """The option a whole action's id (`name:arg:arg`, as a flat perform names it) stands for, if
    that action is allowed and agrees with its fixed arguments and the steps chosen so far; else None."""
    name, *arg_ids = option_id_.split(":")
    playing, chosen_args = agreeing(g, offered, chosen)
    for action, fixed in playing:
        if action.name == name and len(arg_ids) == len(action.params):
            found = _read_whole(g, action, arg_ids, fixed + chosen_args)
            if found is not None:
                return {"id": option_id_, "label": None, "value": {"action": name, "args": found}}
    return None


def _read_whole(g, action, arg_ids: list[str], args: list) -> list | None:
    """The arguments the ids name, if they make an allowed action starting with `args`; else None."""
    env: dict = {}
    if not allowed(g, action, 0, env):
        return None
    values = []
    for i, arg_id in enumerate(arg_ids):
        value = next((v for v in choices(g, action, i, env) if v == arg_id or option_id(v) == arg_id), MISSING)
        if value is MISSING:
            return None
        env[action.params[i]] = value
        values.append(value)
        if not allowed(g, action, i + 1, env):
            return None
    return values if values[:len(args)] == args else None


def whole_actions(g, offered, chosen: list, at_most: int | None = None) -> list[dict]:
    """Every complete, allowed action that agrees with the steps chosen so far: the options a plain
    perform of the same actions offers, narrowed to those steps (the whole product: for tools,
    tests and bots); `at_most`: the first so many, the rest not looked for."""
    playing, chosen_args = agreeing(g, offered, chosen)
    found = []
    for action, fixed in playing:
        limit = None if at_most is None or chosen_args else at_most - len(found)
        found += [o for o in action_options(g, action, fixed, at_most=limit)
                  if o["value"]["args"][len(fixed):len(fixed) + len(chosen_args)] == chosen_args]
        if at_most is not None and len(found) >= at_most:
            return found[:at_most]
    return found


DRAWING = object()      # the memo's key for the pending decision's Drawing (no rules value is this key)


class Drawing:
    """Random answers to the step after `chosen`, found without listing the step, one draw after
    another while the position stands still: one of the step's options drawn uniformly (the pass
    option among them), a step that leads on completed by a random legal action and returned
    whole. What every draw works out alike (the step's candidates, the actions a step leads to,
    their environments) is worked out once; the draws take the same random numbers as if it were not."""

    def __init__(self, g, offered, chosen: list, pass_option: dict | None):
        self.offered, self.chosen, self.pass_option = offered, chosen, pass_option
        self.candidates = _step_candidates(g, offered, chosen)
        if pass_option is not None:
            self.candidates.append(("pass",))
        self.led_to: dict[int, list] = {}     # by a step candidate's id: (action, args, env or None) in play after it

    def draw(self, g, rng) -> dict | None:
        """One answer, or None if the step has no option."""
        for candidate in in_random_order(self.candidates, rng):
            if candidate[0] == "pass":
                return self.pass_option
            if candidate[0] == "step":
                found = self.random_action(g, candidate, rng)
            else:
                _, action, args = candidate
                found = whole_option(action, args) if bind(g, action, args) is not None else None
            if found is not None:
                return found
        return None

    def random_action(self, g, candidate: tuple, rng) -> dict | None:
        """One complete, allowed action after the step `candidate`, drawn at random step by step
        (each step's values shuffled, the first that leads somewhere taken) without listing the others."""
        playing = self.led_to.get(id(candidate))
        if playing is None:
            playing = self.led_to[id(candidate)] = _bound_in_play(g, self.offered, self.chosen + [candidate[1]])
        for action, args, env in in_random_order(playing, rng):
            if env is None:
                continue
            found = next(completions(g, action, len(args), env, list(args), rng), None)
            if found is not None:
                return whole_option(action, found)
        return None


def _bound_in_play(g, offered, chosen: list) -> list[tuple]:
    """(action, arguments so far, their environment) for each action `chosen` still fits; the
    environment None where the arguments cannot start that action."""
    playing, chosen_args = in_play(g, offered, chosen)
    bound = []
    for action, fixed in playing:
        args = fixed + chosen_args
        bound.append((action, args, bind(g, action, args) if len(action.params) >= len(args) else None))
    return bound


def _step_candidates(g, offered, chosen: list) -> list[tuple]:
    """What may be the step's options, one candidate each, not yet known to lead to an allowed
    action: ("step", value) for a step that leads on, ("whole", action, args) for a complete action."""
    if has_group_step(offered) and not chosen:
        return [("step", group) for group in dict.fromkeys(action.group for action, _ in offered)]
    playing, chosen_args = in_play(g, offered, chosen)
    candidates, steps = [], {}
    for action, fixed in playing:
        args = fixed + chosen_args
        if len(action.params) < len(args) or (chosen_args and len(action.params) == len(args)):
            continue
        if len(action.params) == len(args):
            candidates.append(("whole", action, args))
            continue
        env = bind(g, action, args)
        if env is None:
            continue
        last = len(args) + 1 == len(action.params)
        for v in distinct(g, choices(g, action, len(args), env), args):
            if last:
                candidates.append(("whole", action, args + [v]))
                continue
            key = option_id(v)
            if key not in steps or steps[key] != v:        # a step two actions offer is one option
                steps[key] = v
                candidates.append(("step", v))
    return candidates
