"""What the generated Python of a pack calls at run time: checked arithmetic, text, field tables, limits."""
from __future__ import annotations

from dsl import MAX_INT_BITS, MAX_LIST

from .errors import GameEnded, RuleFault

MAX_TEXT = 100_000          # characters in one text value
MAX_CALL_DEPTH = 200        # nested calls of rules functions
MAX_WORK = 250_000          # statements, comprehension items, option bindings and dice between two decisions
MAX_STEPS = 250_000         # statements (and passes of loops that may ask) between two decisions
MAX_FRAMES = 2_000          # nested blocks and calls before recursion counts as runaway
RESUME_DEPTH = 40           # resumable bodies inside one another; deeper calls go frame by frame
CALL_HEAD = {"kind": "call"}    # a resumable call's own frame, as it is left when the body stops
MISSING = object()
NO_TOKENS: dict = {}        # what an object without tokens holds (never written to)


class FieldTable(dict):
    """One fixed attribute of every object that has it; reading it for any other value is a rule's fault."""

    def __init__(self, name: str, values: dict, labels: dict):
        super().__init__(values)
        self.name, self.labels = name, labels

    def __missing__(self, obj):
        if obj is None:
            raise RuleFault(f"cannot read '.{self.name}' of nothing")
        if obj in self.labels:
            raise RuleFault(f"{self.labels[obj]} has no field '{self.name}'")
        raise RuleFault(f"cannot read '.{self.name}' of {obj!r}: it is not a piece or space")


def var_field(g, obj, name: str, table: FieldTable):
    """An attribute that some kind declares with `var`: the object's current value, else its fixed one."""
    own = g.fields.get(obj)
    if own is not None and name in own:
        return own[name]
    return table[obj]


def location_of(g, obj):
    """`.location` of a value worked out by an expression."""
    if obj is None:
        raise RuleFault("cannot read '.location' of nothing")
    return g.where.get(obj)


def pseudo_field(g, obj, name: str):
    """`.label`, `.kind`, `.deck` and `.location` of a value worked out by an expression."""
    if obj is None:
        raise RuleFault(f"cannot read '.{name}' of nothing")
    return g.field(obj, name)


def nothing(name: str):
    raise RuleFault(f"cannot read '.{name}' of nothing")


def unbound(err: KeyError) -> Exception:
    """The fault to report for a local name read before it was given a value."""
    name = err.args[0] if err.args else None
    return RuleFault(f"'{name}' has no value yet") if isinstance(name, str) else err


def no_value(name: str):
    raise RuleFault(f"'{name}' has no value yet")


def too_deep(name: str):
    raise RuleFault(f"'{name}' calls itself too deeply (more than {MAX_CALL_DEPTH} levels)")


def nested_too_deeply():
    raise RuleFault(f"rules nest too deeply (more than {MAX_CALL_DEPTH} levels): a procedure or function probably calls itself, or a 'when' sets itself off again, without end")


def as_list(value) -> list:
    """What a statement about pieces names, as a list (one piece, a list, or nothing)."""
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def no_destination():
    raise RuleFault("cannot move to nothing")


def no_token_target(verb: str, token: str):
    raise RuleFault(f"cannot {verb} {token} tokens: the target is nothing")


def seat_checked(g, seat: int) -> int:
    if not 1 <= seat <= g.seats:
        raise RuleFault(f"there is no seat {seat} (this game has {g.seats})")
    return seat


def too_many_steps():
    raise RuleFault(f"runaway rules: more than {MAX_STEPS} steps without a decision")


def too_many_frames():
    raise RuleFault(f"rules nest too deeply (more than {MAX_FRAMES} levels): a procedure or function probably calls itself, or a 'when' sets itself off again, without end")


def suspend(g, base: int, env_id: str, env: dict, frames: list) -> None:
    """A resumable body stops where a decision is due (see resumable.py): its environment is kept
    under its id, and its frames go below those of what it called, which start at `base`."""
    g.envs[env_id] = env
    for frame in frames:
        frame["env"] = env_id
    if len(g.frames) + len(frames) > MAX_FRAMES:
        too_many_frames()
    g.frames[base:base] = frames


def runaway():
    raise RuleFault(f"runaway rules: more than {MAX_WORK} steps of work without a decision")


def each(g, values):
    """The values a comprehension walks, charged to the work budget."""
    g.work += len(values)
    if g.work > MAX_WORK:
        runaway()
    return values


def ordered(pairs: list, descending: tuple) -> list:
    """The values of (key, value) pairs sorted by key (a tuple of keys when `descending` has several,
    the first key first), each ascending or (where `descending` says so) descending; ties keep their order."""
    try:
        if len(descending) == 1 or len(set(descending)) == 1:
            pairs.sort(key=_first, reverse=descending[0])
        else:
            for i in reversed(range(len(descending))):     # stable sorts, least important key first
                pairs.sort(key=lambda pair: pair[0][i], reverse=descending[i])
    except TypeError:
        raise RuleFault("cannot order items whose key is nothing, or mixes numbers and texts") from None
    return [v for _, v in pairs]


def _first(pair):
    return pair[0]


def number(value):
    if value.__class__ is int and value.bit_length() > MAX_INT_BITS:
        too_big()
    return value


def too_big():
    raise RuleFault("a number grew beyond what rules may use")


def text(g, value: str) -> str:
    if len(value) > MAX_TEXT:
        raise RuleFault(f"a text grew beyond {MAX_TEXT} characters")
    g.work += len(value) // 1000
    if g.work > MAX_WORK:
        runaway()
    return value


def plus(g, a, b):
    if a.__class__ is int and b.__class__ is int:      # the common case, checked in place
        r = a + b
        if r.bit_length() > MAX_INT_BITS:
            too_big()
        return r
    if isinstance(a, str):
        return text(g, a + (b if isinstance(b, str) else g.display(b)))
    if isinstance(a, list):
        if not isinstance(b, list):
            raise RuleFault("'+' adds a list only to a list")
        if len(a) + len(b) > MAX_LIST:
            raise RuleFault(f"a list can hold at most {MAX_LIST} items")
        return a + b
    if a is None or b is None:
        raise RuleFault("'+' on nothing")
    return number(a + b)


def _numbers(op: str, a, b) -> None:
    if a is None or b is None:
        raise RuleFault(f"'{op}' on nothing")


def minus(a, b):
    if a.__class__ is int and b.__class__ is int:
        r = a - b
        if r.bit_length() > MAX_INT_BITS:
            too_big()
        return r
    _numbers("-", a, b)
    return number(a - b)


def times(a, b):
    if a.__class__ is int and b.__class__ is int:
        r = a * b
        if r.bit_length() > MAX_INT_BITS:
            too_big()
        return r
    _numbers("*", a, b)
    if not (isinstance(a, int) and isinstance(b, int)):
        raise RuleFault("'*' multiplies numbers only")
    return number(a * b)


def divide(a, b):
    _numbers("/", a, b)
    if b == 0:
        raise RuleFault("division by zero")
    return a // b


def modulo(a, b):
    _numbers("%", a, b)
    if b == 0:
        raise RuleFault("division by zero")
    return a % b


def span(a, b):
    _numbers("..", a, b)
    if b - a >= MAX_LIST:
        raise RuleFault(f"the range {a}..{b} is too long (at most {MAX_LIST} numbers)")
    return list(range(a, b + 1))


_BUILTIN_NAMES: dict = {}      # each function `builtin_function` handed out -> the builtin's name


def builtin_function(name: str):
    """The implementation of builtin `name` as generated code calls it: a BuiltinFault it raises
    is reported as a fault of the rule that called it."""
    from dsl import BUILTINS, BuiltinFault
    builtin = BUILTINS[name]
    run = builtin.run
    if builtin.fails:
        def run(g, *values):
            try:
                return builtin.run(g, *values)
            except BuiltinFault as fault:
                raise RuleFault(str(fault)) from None
    _BUILTIN_NAMES[run] = name
    return run


def builtin_name(fn) -> str | None:
    """The builtin a function from `builtin_function` implements (None for any other function)."""
    try:
        return _BUILTIN_NAMES.get(fn)
    except TypeError:
        return None


# the names generated code finds in its module
NAMES = {"MAX_WORK": MAX_WORK, "MAX_CALL_DEPTH": MAX_CALL_DEPTH, "MAX_STEPS": MAX_STEPS,
         "too_many_steps": too_many_steps, "suspend": suspend, "RESUME_DEPTH": RESUME_DEPTH, "CALL_HEAD": CALL_HEAD, "MISSING": MISSING, "NO_TOKENS": NO_TOKENS,
         "var_field": var_field, "pseudo_field": pseudo_field, "location_of": location_of, "nothing": nothing, "unbound": unbound,
         "no_value": no_value, "nested_too_deeply": nested_too_deeply, "seat_checked": seat_checked, "no_token_target": no_token_target,
         "as_list": as_list, "no_destination": no_destination,
         "GameEnded": GameEnded, "too_deep": too_deep, "runaway": runaway, "each": each, "ordered": ordered,
         "text": text, "plus": plus, "minus": minus, "times": times, "divide": divide,
         "modulo": modulo, "span": span}
