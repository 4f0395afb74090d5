"""Writing files so that a crash never leaves a half-written save behind."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path, text: str) -> None:
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ---- checking a saved state before the engine trusts it

from typing import Any, Literal, Optional  # noqa: E402

from pydantic import BaseModel, ConfigDict, ValidationError  # noqa: E402

from dsl.errors import GameError  # noqa: E402


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


# ---- reading a save file back

SAVE_KEYS = ("game", "seed", "variant", "seats", "trail", "state")


def read_save(path) -> tuple[str, dict]:
    """The text and data of a save file; GameError in one line if it cannot be a saved game."""
    import json
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameError(f"cannot load {path}: there is no such file") from None
    except OSError as err:
        raise GameError(f"cannot load {path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise GameError(f"cannot load {path}: this is not a saved game (not text)") from None
    if not text.strip():
        raise GameError(f"cannot load {path}: the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise GameError(f"cannot load {path}: the file is damaged or cut short "
                        f"(not valid JSON at line {err.lineno}, column {err.colno})") from None
    if not isinstance(data, dict) or data.get("format") != "garrison-save":
        raise GameError(f"cannot load {path}: this is not a Garrison saved game")
    missing = [k for k in SAVE_KEYS if k not in data]
    if missing:
        raise GameError(f"cannot load {path}: the saved game is incomplete (missing {', '.join(missing)})")
    if not isinstance(data["game"], str) or not isinstance(data["seed"], int) or not isinstance(data["seats"], int):
        raise GameError(f"cannot load {path}: the saved game is damaged (its game, seed or seats)")
    data["trail"] = check_trail(data["trail"])
    mods = data.get("mods") or []
    if not (isinstance(mods, list) and all(isinstance(m, str) and m.endswith(".rules") for m in mods)):
        raise GameError(f"cannot load {path}: the saved game is damaged (its mods must be .rules files)")
    return text, data


def keep_previous(path) -> str | None:
    """Move an existing file aside to `<path>.previous` (so a new game never overwrites an old
    one unseen); the new name, or None if there was nothing to keep."""
    target = Path(path)
    if not target.is_file():
        return None
    kept = target.with_name(target.name + ".previous")
    os.replace(target, kept)
    return str(kept)
