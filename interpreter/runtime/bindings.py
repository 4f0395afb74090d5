"""An action's parameters walked one at a time: each one's choices, the tests each step decides, twins merged early."""
from __future__ import annotations

from .options import distinct_id, option_id, twin_key


def choices(g, action, i: int, env: dict) -> list:
    """The values parameter `i` may take, given the earlier parameters bound in `env`."""
    _, domain, type_name = action.domains[i]
    if domain is not None:
        values = domain(g, env)
    elif type_name == "bool":
        values = [True, False]
    elif type_name in g.c.enum_values:
        values = g.c.enum_values[type_name]
    else:
        values = g.c.members(type_name)
    g.charge(len(values))
    return values


def allowed(g, action, bound: int, env: dict) -> bool:
    """Whether the parts of `requires` that the first `bound` parameters decide all hold."""
    check = action.checks[bound]
    return check is None or bool(check(g, env))


def distinct(g, values, chosen) -> list:
    """One value of each set of interchangeable ones, in order. A piece already chosen for an
    earlier parameter stays apart from its twins: choosing it again is not the same as choosing one of them."""
    seen, kept = set(), []
    for v in values:
        key = ("chosen", v) if v.__class__ is str and v in chosen else twin_key(g, v)
        if key not in seen:
            seen.add(key)
            kept.append(v)
    return kept


def kept_values(g, level: tuple, chosen: list, rng, work_out):
    """The values a walk offers one parameter (`work_out()`), kept in the memo while the position
    stands still, since drawing actions one after another asks for the same ones again; when
    drawing (`rng`), in a random order. Values that cannot be a key are worked out every time."""
    memo = g.memo
    if memo is None:
        values = work_out()
    else:
        try:
            key = (level, *chosen)
            values = memo.get(key)
            if values is None:
                values = memo[key] = work_out()
        except TypeError:
            values = work_out()
    return values if rng is None else in_random_order(values, rng)


def in_random_order(values: list, rng):
    """The values one by one in a random order, each drawn only when asked for (a walk drawing an
    action mostly takes the first): the shuffle of a copy, done as far as it is read."""
    last = len(values) - 1
    if last < 0:
        return
    random = rng.random
    pick = int(random() * (last + 1))
    yield values[pick]      # the first without copying: most walks read no further
    values = list(values)
    values[pick] = values[last]
    for end in range(last - 1, -1, -1):
        pick = int(random() * (end + 1))
        values[pick], values[end] = values[end], values[pick]
        yield values[end]


def completions(g, action, i: int, env: dict, args: list, rng=None):
    """Every complete, allowed list of arguments that extends `args` (bound in `env`) from parameter
    `i` on; with `rng`, each parameter's values in a random order (the first is then a random draw)."""
    return action.walks[i](g, env, args, rng)


def completable(g, action, i: int, env: dict, args: list) -> bool:
    """Whether at least one complete, allowed action follows (stops at the first found)."""
    return action.completable[i](g, env)


def bind(g, action, args: list) -> dict | None:
    """The environment of a partly chosen action, or None if `args` is not a legal start of it."""
    env: dict = {}
    if not allowed(g, action, 0, env):
        return None
    for i, v in enumerate(args):
        if not any(v == x and v.__class__ is x.__class__ for x in choices(g, action, i, env)):
            return None
        env[action.params[i]] = v
        if not allowed(g, action, i + 1, env):
            return None
    return env


def action_options(g, action, fixed: list = (), checked: bool = False, at_most: int | None = None) -> list[dict]:
    """Every allowed binding of the action's parameters, twins left out; with `fixed`, only those
    that start with those values (the leading parameters a perform's arguments fix). `checked`:
    the caller has seen the parts of `requires` no parameter decides hold. `at_most`: the first
    so many (the rest not looked for)."""
    options, seen = [], {}
    if fixed:
        env = bind(g, action, list(fixed))
    else:
        env = {} if checked or allowed(g, action, 0, {}) else None
    if env is None:
        return options
    if not fixed and len(action.params) == 1 and action.checks[1] is None:     # nothing to walk: each value is an option
        name, made = action.name, action.made
        values = choices(g, action, 0, env)
        kept = dict.fromkeys(values) if g.c.twin_free(action.domains[0][2]) else None
        if kept is not None:
            known = [made.get(v) for v in kept]
            if None not in known:       # every value offered before: its option, whose id no other option has
                return known[:at_most]
        for v in kept if kept is not None else distinct(g, values, ()):
            option = made.get(v) if v.__class__ is str else None
            if option is None:
                option = {"id": f"{name}:{option_id(v)}", "label": None, "value": {"action": name, "args": [v]}}
                if v.__class__ is str:
                    made[v] = option
            if option["id"] in seen:
                option = dict(option, id=distinct_id(option["id"], seen))
            seen[option["id"]] = v
            options.append(option)
        return options[:at_most]
    for args in completions(g, action, len(fixed), env, list(fixed)):
        if len(options) == at_most:
            break
        option = whole_option(action, args)
        if option["id"] in seen:
            option["id"] = distinct_id(option["id"], seen)      # arguments that read the same, e.g. text holding ':'
        seen[option["id"]] = args
        options.append(option)
    return options


def whole_option(action, args: list) -> dict:
    """The option of an action with all its arguments: its id `name:arg:…`; its label is composed
    only when someone reads it (see decision_labels)."""
    return {"id": ":".join([action.name] + [option_id(a) for a in args]), "label": None,
            "value": {"action": action.name, "args": args}}
