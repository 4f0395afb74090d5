"""Checking a saved game's data before the engine trusts it."""
from __future__ import annotations

import functools
import json
from pathlib import PurePath


from .errors import GameError
from .options import PASS
from .state import STATE_FIELDS, State
from .statements import WhileOp

SAVE_FORMAT = "garrison-save"
SAVE_VERSION = 2


@functools.cache
def _state_checker():
    """The checks of a saved state, from the state's one definition (built when a save is first read)."""
    from pydantic import TypeAdapter
    return TypeAdapter(State)


def parse_save(text, game_name: str | None = None) -> dict:
    """The JSON of a save of this format and version (of the game `game_name`, where given);
    GameError saying what is wrong, in words for a player, otherwise."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise GameError(f"the saved game is damaged or cut short "
                        f"(not valid JSON at line {err.lineno}, column {err.colno})") from None
    except TypeError:
        raise GameError("this is not a saved game (not text)") from None
    except ValueError:          # a number with more digits than Python converts
        raise GameError("the saved game is damaged (a number in it is too long)") from None
    except RecursionError:
        raise GameError("the saved game is damaged (it is nested too deeply)") from None
    if not valid_unicode({k: v for k, v in data.items() if k != "mods"} if isinstance(data, dict) else data):
        raise GameError(UNPAIRED)
    if isinstance(data, dict) and not all(_path_text(m) for m in data.get("mods") or ()):
        raise GameError(UNPAIRED)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise GameError("this is not a Garrison saved game")
    if "version" not in data or not whole(data["version"]):
        raise GameError("the saved game is damaged (its version is missing or not a whole number)")
    if data["version"] != SAVE_VERSION:
        raise GameError(f"saved game version {data['version']} is not supported (this Garrison reads version {SAVE_VERSION})")
    for key in ("variant", "fingerprint"):
        if data.get(key) is not None and not short_line(data[key]):
            raise GameError(f"the saved game is damaged (its {key})")
    if game_name is not None and data.get("game") != game_name:
        raise GameError(f"this save is of the game '{data.get('game')}', not '{game_name}'")
    if not isinstance(data.get("fingerprint"), str):
        raise GameError("the saved game is damaged (its fingerprint of the rules is missing)")
    return data


def short_line(value) -> bool:
    """Whether a value is text that fits in a one-line message: printable, at most 100 characters
    (a name from the rules or a fingerprint, never prose, never a terminal's control codes)."""
    return isinstance(value, str) and value.isprintable() and len(value) <= 100


MODS_NAMED = 5      # a message names at most this many of a save's mods and scenario


def other_mods(saved, now: list[str]) -> str:
    """What tells a save's mods and scenario apart from those loaded now, by file name, as a clause to
    follow a message: empty when they agree, or when the save's list is not one a game could write."""
    if not isinstance(saved, list) or not all(isinstance(m, str) and m for m in saved):
        return ""
    played, loaded = [PurePath(m).stem for m in saved], [PurePath(m).stem for m in now]
    if played == loaded or not all(m and short_line(m) for m in played):
        return ""
    return f"; it was played {_changes_named(played)}, and is loaded {_changes_named(loaded)}"


def _changes_named(names: list[str]) -> str:
    if not names:
        return "without mods"
    more = len(names) - MODS_NAMED
    return "with " + ", ".join(names[:MODS_NAMED]) + (f" and {more} more" if more > 0 else "")


UNPAIRED = "the saved game is damaged (a text in it is not valid Unicode)"


def _path_text(path) -> bool:
    """Whether a saved mod's path is a text a file name can be: valid Unicode, or a name whose
    bytes are not UTF-8 as Python reads them (U+DC80 to U+DCFF standing for those bytes)."""
    if not isinstance(path, str):
        return True          # the mods' shape is checked with the rest of the save
    try:
        path.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return False
    return True


def printable_path(path) -> bool:
    """Whether a saved mod's path is one line that names a file: printable, bytes that are not UTF-8 allowed."""
    return (isinstance(path, str) and bool(path.strip()) and _path_text(path)
            and all(c.isprintable() or "\udc80" <= c <= "\udcff" for c in path))


def valid_unicode(data) -> bool:
    """Whether the texts of JSON data are all valid Unicode (JSON may escape half a surrogate pair, which no text can hold)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_start(data: dict) -> tuple[int, str | None, int]:
    """The save's seed, variant and seats, checked to be of the right types."""
    seed, variant, seats = data["seed"], data["variant"], data["seats"]
    if not (whole(seed) and whole(seats) and (variant is None or isinstance(variant, str))):
        raise GameError("the saved game is damaged (its seed, variant or seats)")
    return seed, variant, seats


def whole(value) -> bool:
    """Whether a value read from JSON is a whole number (not true or false, which Python counts as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


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


def check_follows(engine, data: dict) -> None:
    """The saved state and log are exactly those the engine reached by replaying the save's
    seed and trail (compared as JSON, so `1` is not `true`); else the save was changed."""
    state, replayed = data["state"], engine.state()
    differ = [name for name in STATE_FIELDS if _canonical(state[name]) != _canonical(replayed[name])]
    if _canonical(data["log"]) != _canonical([[kind, event] for kind, event in engine.log]):
        differ.append("log")
    if differ:
        raise GameError(f"the saved state does not follow from its seed and choices "
                        f"(it differs in {', '.join(differ)})")


def _canonical(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def check_log(log) -> list:
    """The save's log, checked: a list of [kind, data] pairs."""
    if not (isinstance(log, list) and all(isinstance(e, list) and len(e) == 2 and isinstance(e[0], str)
                                          and isinstance(e[1], dict) for e in log)):
        raise GameError("the saved game is damaged (its log is not readable)")
    return [tuple(e) for e in log]


def read_state(data, c) -> State:
    """The saved state `data`, checked to be a well-formed position of the compiled game `c`."""
    if isinstance(data, dict) and "effects" not in data:
        data["effects"] = []        # saved before lasting effects existed: none were in force
    missing = [k for k in STATE_FIELDS if k not in data] if isinstance(data, dict) else ["everything"]
    if missing:
        raise GameError(f"the saved game is incomplete (missing {', '.join(missing)})")
    from pydantic import ValidationError
    try:
        state = _state_checker().validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise GameError(f"the saved game is damaged ({where}: {first['msg']})") from None
    if set(state.stacks) != set(c.spaces):
        raise GameError("the saved game is damaged (its spaces are not this game's)")
    if set(state.vars) != set(c.vars):
        raise GameError("the saved game is damaged (its variables are not this game's)")
    seen = {}
    for space, stack in state.stacks.items():
        for piece in stack:
            if piece in seen or state.where.get(piece) != space:
                raise GameError(f"the saved game is damaged ({piece} is not where it is said to be)")
            seen[piece] = space
    if set(seen) != set(c.pieces):
        raise GameError("the saved game is damaged (its pieces are not this game's)")
    if not all(c.effect_arity.get(e["name"]) == len(e["args"]) for e in state.effects):
        raise GameError("the saved game is damaged (its effects in force are not this game's)")
    if not all(_frame_fits(f, state, c) for f in state.frames):
        raise GameError("the saved game is damaged (its pending rules are not this game's)")
    _check_decision(state, c)
    return state


def _is_op(ref, c) -> bool:
    return (ref is not None and len(ref) == 2 and 0 <= ref[0] < len(c.blocks)
            and 0 <= ref[1] < len(c.blocks[ref[0]].ops))


def _frame_fits(frame, state: State, c) -> bool:
    if not (0 <= frame["block"] < len(c.blocks) and frame["env"] in state.envs):
        return False
    kind = frame["kind"]
    if kind == "for":
        return "items" in frame and "var" in frame and isinstance(frame.get("i"), int)
    if kind == "repeat":
        return isinstance(frame.get("i"), int) and isinstance(frame.get("n"), int)
    if kind == "while":
        test = frame.get("test")
        return _is_op(test, c) and isinstance(c.blocks[test[0]].ops[test[1]], WhileOp)
    if kind == "seat":
        return isinstance(frame.get("restore"), int)
    return kind != "phase" or "restore" in frame


def _check_decision(state: State, c) -> None:
    decision = state.decision
    if decision is None:
        return
    if not decision["options"]:
        raise GameError("the saved game is damaged (its pending decision has no options)")
    block, index = decision["op"]
    if not (_is_op(decision["op"], c) and hasattr(c.blocks[block].ops[index], "apply")
            and decision["env"] in state.envs):
        raise GameError("the saved game is damaged (its pending decision is not this game's)")
    if decision["type"] == "many" and not isinstance(decision.get("most"), int):
        raise GameError("the saved game is damaged (its pending decision is incomplete)")
    if ("chosen" in decision) != bool(getattr(c.blocks[block].ops[index], "staged", False)):
        raise GameError("the saved game is damaged (its pending decision is not this game's)")
    if decision["type"] == "perform":
        for option in decision["options"]:
            value = option["value"]
            if option["id"] == PASS or ("chosen" in decision and isinstance(value, dict) and set(value) == {"step"}):
                continue
            if not (isinstance(value, dict) and value.get("action") in c.actions
                    and isinstance(value.get("args"), list)
                    and len(value["args"]) == len(c.actions[value["action"]].params)):
                raise GameError("the saved game is damaged (an option of its pending decision is not this game's)")
