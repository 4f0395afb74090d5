"""The game state, defined once: every field with its type, and from that definition copying and JSON."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal, Optional, Union, get_args, get_origin, get_type_hints

from typing_extensions import NotRequired, TypedDict

# A value of the rules language: a whole number, yes/no, text (object, enum value and token
# names are text), none, or a list of values. The language never changes a list in place, so
# lists inside values are shared between copies of a state.
Value = Any

# Extra keys are refused when a saved state is read back (see savecheck).
STRICT = {"extra": "forbid"}

FrameKind = Literal["block", "call", "phase", "seat", "for", "repeat", "while"]
CALLS = ("call", "phase")              # frames that own their environment
LOOPS = ("for", "repeat", "while")     # frames that `break` and `continue` act on


class Frame(TypedDict):
    """A block of statements being run; the stack of frames is all the work still pending.

    Kinds: `block` (an if branch, a pass body); `call` (a procedure, action, trigger or effect,
    which owns its environment); `phase` (a call that restores the phase label on leaving);
    `seat` (an `as seat` body, which restores the seat); the loops `for`, `repeat` and `while`.
    A dictionary rather than an object, so that copying and saving one costs next to nothing.
    The engine makes its keys in this order, the order a save read back has (the JSON stays the same)."""
    __pydantic_config__ = STRICT
    block: int                              # the code block's number
    env: str                                # the id of the environment holding its local variables
    pc: int                                 # the index of the next statement to run
    kind: FrameKind                         # what leaving the block means
    restore: NotRequired[Optional[Union[int, str]]]   # seat: the seat, phase: the phase label, to go back to on leaving
    var: NotRequired[str]                   # for: the loop variable
    items: NotRequired[list[Value]]         # for: the values the loop variable takes
    i: NotRequired[int]                     # for, repeat: the pass being run, from 0
    n: NotRequired[int]                     # repeat: how many passes
    result: NotRequired[list[str]]          # call: where its `return VALUE` goes, [env id, name] or ["var", name]
    test: NotRequired[list[int]]            # while: [block, index] of the while statement, whose condition is tested again


class OptionData(TypedDict):
    """One option of a pending decision."""
    __pydantic_config__ = STRICT
    id: str                         # what a player answers with
    label: Optional[str]            # what it reads as; None while not composed yet (actions)
    value: Value                    # the value chosen, an action with its arguments, a staged step ({"step": value}), or None for done and pass


class DecisionData(TypedDict):
    """The decision the rules wait on; replaced whole, never changed in place."""
    __pydantic_config__ = STRICT
    type: Literal["choose", "many", "perform"]     # a look-ahead copy's `peek` stop is never saved
    prompt: str
    seat: int                       # the seat that answers
    options: list[OptionData]
    env: str                        # the environment of the statement that asks
    op: tuple[int, int]             # [block, index] of the statement that asks, which applies the answer
    most: NotRequired[int]          # many: how many more may be chosen
    least: NotRequired[int]         # many: how many must be chosen before `done` is offered (absent: none)
    chosen: NotRequired[list[Value]]    # staged perform: the steps chosen so far (the group title, then arguments)
    fixed: NotRequired[list[list[Value]]]   # staged perform: the values its arguments fix, per action (absent: none)
    everyone: NotRequired[bool]         # a question for all the players together (absent: for the seat alone)


class EffectData(TypedDict):
    """One lasting effect in force; replaced whole, never changed in place."""
    __pydantic_config__ = STRICT
    name: str                       # the effect
    args: list[Value]               # its arguments (an effect is in force at most once per arguments)
    var: NotRequired[str]           # it ends when this game variable next changes
    phase: NotRequired[int]         # it ends when the phase running at this depth (the outermost is 1) ends


class ResultData(TypedDict):
    """How the game ended."""
    __pydantic_config__ = STRICT
    outcome: str
    score: Optional[int]
    details: dict[str, Value]       # the reason given, the award


@dataclass(eq=False)
class State:
    """The whole game state: plain data at every decision, saved as JSON and copied for clones."""
    __pydantic_config__ = STRICT

    seed: int                                   # the seed the game started from
    seats: int                                  # how many seats play
    variant: Optional[str]                      # the variant played (None: the base game)
    rng: int                                    # the random generator's state (SplitMix64)
    forced: list[int] = field(default_factory=list)                     # forced rolls still to come, next first
    vars: dict[str, Value] = field(default_factory=dict)                # game variables by name
    where: dict[str, str] = field(default_factory=dict)                 # each piece's space
    stacks: dict[str, list[str]] = field(default_factory=dict)          # each space's pieces, bottom first
    fields: dict[str, dict[str, Value]] = field(default_factory=dict)   # changed `var` attributes, by object
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)     # tokens on each object, by token
    supply: dict[str, int] = field(default_factory=dict)                # what is left of each finite token supply
    effects: list[EffectData] = field(default_factory=list)             # the lasting effects in force, oldest first
    frames: list[Frame] = field(default_factory=list)                   # the work still pending, innermost last
    envs: dict[str, dict[str, Value]] = field(default_factory=dict)     # local variables, by environment id
    next_env: int = 0                           # the id the next environment gets
    decision: Optional[DecisionData] = None     # the decision waiting for an answer
    seat: int = 1                               # the seat acting now
    phase: Optional[str] = None                 # the label of the phase running
    over: bool = False                          # whether the game has ended
    result: Optional[ResultData] = None         # how it ended, once over
    decisions: int = 0                          # decisions answered so far


STATE_FIELDS = tuple(f.name for f in dataclasses.fields(State))


def _copy_depth(tp) -> int:
    """How many levels of a value of type `tp` are changed in place, and so copied with a state:
    lists, dictionaries and frames are; values, decisions and results are replaced whole."""
    origin, args = get_origin(tp), get_args(tp)
    if tp is Frame:
        return 1
    if origin is list or origin is dict:
        return 1 + _copy_depth(args[-1])
    if origin is Union and any(_copy_depth(a) for a in args):
        raise TypeError(f"a state field of type {tp} would need copying where it may be None")
    return 0


# Copied one level only: their inner lists and tables are shared with the copy, and an engine
# copies one before it first changes it (Engine.stack_to_change, Engine.set_field). A look-ahead
# copy changes a few spaces and objects of many.
COPIED_ON_WRITE = ("stacks", "fields")


def _copier(name: str, tp):
    """The function copying the state field `name` of type `tp`, or None where the field is shared."""
    depth = 1 if name in COPIED_ON_WRITE else _copy_depth(tp)
    if depth == 0:
        return None
    if depth == 1:
        return lambda v: v.copy()
    if depth == 2:
        copy_inner = list.copy if get_origin(get_args(tp)[-1]) is list else dict.copy   # TypedDicts are dicts
        if get_origin(tp) is list:
            return lambda v: list(map(copy_inner, v))
        return lambda v: dict(zip(v, map(copy_inner, v.values())))
    raise TypeError(f"a state field of type {tp} is nested too deeply to copy")


_TYPES = get_type_hints(State)
_COPIERS = tuple((name, _copier(name, _TYPES[name])) for name in STATE_FIELDS)


def _state_copier():
    """`copy_state`, written out one field a line: it runs at every look ahead, where a loop of
    getattr and setattr took a third of its time (and `__dict__` would slow every later attribute read)."""
    namespace, lines = {}, ["def copy_state(source, target):"]
    for name, copy in _COPIERS:
        if copy is None:
            lines.append(f"    target.{name} = source.{name}")
        else:
            namespace[f"copy_{name}"] = copy
            lines.append(f"    target.{name} = copy_{name}(source.{name})")
    exec("\n".join(lines), namespace)
    copier = namespace["copy_state"]
    copier.__doc__ = "Give `target` a copy of `source`'s state that changes independently."
    return copier


copy_state = _state_copier()


def state_json(state: State) -> dict:
    """The state as JSON data (it shares containers with `state`: dump it before play goes on)."""
    return {name: getattr(state, name) for name in STATE_FIELDS}
