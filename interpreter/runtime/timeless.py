"""Timeless functions: rules functions whose value depends on their arguments alone, never on the game."""
from __future__ import annotations

from dsl import BUILTINS
from dsl import ast as A

KNOWN_MOST = 4_096      # values one timeless function keeps, at most (its arguments and values can be lists)


def timeless_functions(functions: dict, impure: set, mutable_names: set) -> dict[str, int]:
    """The functions that read nothing of the game, each with the depth of calls working out its
    value takes at most (itself included). Such a function reads only its arguments and what
    never changes (objects, attributes no kind declares with `var`, tables, other timeless
    functions), rolls no dice and does not call itself, so one worked-out value serves every
    later call with the same arguments, in any game played with the same compiled rules."""
    calls: dict[str, set] = {name: set() for name in functions}
    timeless = set()
    for name, fn in functions.items():
        changeless = [_changeless(n, calls[name], mutable_names) for n in A.walk(fn.body)]
        if name not in impure and all(changeless):
            timeless.add(name)
    timeless -= {name for name in timeless if reaches(calls, name, name)}
    changed = True
    while changed:                  # a function calling one that reads the game reads it too
        changed = False
        for name in list(timeless):
            if not calls[name] <= timeless:
                timeless.discard(name)
                changed = True
    depths: dict[str, int] = {}

    def depth(name: str) -> int:
        if name not in depths:
            depths[name] = 1 + max((depth(callee) for callee in calls[name]), default=0)
        return depths[name]
    return {name: depth(name) for name in timeless}


def _changeless(node, callees: set, mutable_names: set) -> bool:
    """Whether one node of a body reads nothing that changes (calls to functions are noted in
    `callees`, for the caller to judge)."""
    if isinstance(node, A.Name):
        return node.ref != "var"
    if isinstance(node, A.FieldRef):
        return node.on_enum or (node.name != "location" and node.name not in mutable_names)
    if isinstance(node, A.Call):
        if node.ref == "builtin":
            return not BUILTINS[node.func].reads_game
        if node.ref == "function":
            callees.add(node.func)
            return True
        return node.ref == "table"
    return not isinstance(node, (A.Special, A.Roll))


def reaches(calls: dict, start: str, target: str) -> bool:
    """Whether `start` calls `target`, directly or through other functions."""
    seen, todo = set(), list(calls.get(start, ()))
    while todo:
        name = todo.pop()
        if name == target:
            return True
        if name not in seen:
            seen.add(name)
            todo.extend(calls.get(name, ()))
    return False
