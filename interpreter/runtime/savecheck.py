"""Checking a saved game's data before the engine trusts it."""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import GameError


class SavedOption(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    label: Optional[str]
    value: Any = None


class SavedDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["choose", "many", "perform"]
    prompt: str
    seat: int
    options: list[SavedOption]
    env: str
    op: tuple[int, int]
    most: Optional[int] = None


class SavedState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seed: int
    seats: int
    variant: Optional[str]
    rng: int
    forced: list[int]
    vars: dict[str, Any]
    where: dict[str, str]
    stacks: dict[str, list[str]]
    fields: dict[str, dict[str, Any]]
    tokens: dict[str, dict[str, int]]
    supply: dict[str, int]
    frames: list[dict[str, Any]]
    envs: dict[str, dict[str, Any]]
    next_env: int
    decision: Optional[SavedDecision]
    seat: int
    phase: Optional[str]
    over: bool
    result: Optional[dict[str, Any]]
    decisions: int


def check_trail(trail) -> list:
    """The save's trail of choices and forced rolls, checked: [["choose", id] | ["force", [n, …]]]."""
    ok = isinstance(trail, list) and all(
        isinstance(step, list) and len(step) == 2 and (
            (step[0] == "choose" and isinstance(step[1], str))
            or (step[0] == "force" and isinstance(step[1], list)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in step[1])))
        for step in trail)
    if not ok:
        raise GameError("the saved game is damaged (its list of choices is not readable)")
    return [list(step) for step in trail]


def check_log(log) -> list:
    """The save's log, checked: a list of [kind, data] pairs."""
    if not (isinstance(log, list) and all(isinstance(e, list) and len(e) == 2 and isinstance(e[0], str)
                                          and isinstance(e[1], dict) for e in log)):
        raise GameError("the saved game is damaged (its log is not readable)")
    return [tuple(e) for e in log]


def check_state(state: dict, c) -> None:
    """Raise GameError unless `state` is a well-formed position of the compiled game `c`."""
    try:
        SavedState.model_validate(state)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise GameError(f"the saved game is damaged ({where}: {first['msg']})") from None
    if set(state["stacks"]) != set(c.spaces):
        raise GameError("the saved game is damaged (its spaces are not this game's)")
    if set(state["vars"]) != set(c.vars):
        raise GameError("the saved game is damaged (its variables are not this game's)")
    seen = {}
    for space, stack in state["stacks"].items():
        for piece in stack:
            if piece in seen or state["where"].get(piece) != space:
                raise GameError(f"the saved game is damaged ({piece} is not where it is said to be)")
            seen[piece] = space
    if set(seen) != set(c.pieces):
        raise GameError("the saved game is damaged (its pieces are not this game's)")
    for frame in state["frames"]:
        block, pc, env = frame.get("b"), frame.get("pc"), frame.get("e")
        if not (isinstance(block, int) and 0 <= block < len(c.blocks) and isinstance(pc, int)
                and env in state["envs"]):
            raise GameError("the saved game is damaged (its pending rules are not this game's)")
    decision = state["decision"]
    if decision is not None:
        block, index = decision["op"]
        if not (0 <= block < len(c.blocks) and 0 <= index < len(c.blocks[block].ops)
                and hasattr(c.blocks[block].ops[index], "apply") and decision["env"] in state["envs"]):
            raise GameError("the saved game is damaged (its pending decision is not this game's)")
        if decision["type"] == "many" and not isinstance(decision.get("most"), int):
            raise GameError("the saved game is damaged (its pending decision is incomplete)")
        if decision["type"] == "perform":
            for option in decision["options"]:
                value = option["value"]
                if option["id"] == "pass":
                    continue
                if not (isinstance(value, dict) and value.get("action") in c.actions
                        and isinstance(value.get("args"), list)
                        and len(value["args"]) == len(c.actions[value["action"]].params)):
                    raise GameError("the saved game is damaged (an option of its pending decision is not this game's)")
