"""A decision's options: ids, labels told apart, and interchangeable values offered once."""
from __future__ import annotations

from .errors import PYTHON_FAULTS, GameError, RuleFault

# The options `choose up to` and `… pass` add. No value is given these ids: a piece or a text
# called `done` or `pass` gets another (see value_options), so choosing it cannot end the choice.
DONE, PASS = "done", "pass"
BUILT_IN_IDS = (DONE, PASS)
_BUILT_IN = object()     # what a built-in id stands for while ids are handed out
FIXED_LABELS_KEPT = 10_000     # labels kept per action whose label reads nothing that changes


def value_options(g, values) -> list[dict]:
    """One option per distinct value (a value listed twice is offered once)."""
    options, seen = [], dict.fromkeys(BUILT_IN_IDS, _BUILT_IN)
    for v in values:
        key = option_id(v)
        if key in seen:
            if seen[key] == v and type(seen[key]) is type(v):
                continue
            key = distinct_id(key, seen)      # a built-in id, or another value that reads the same ("yes" and true)
        seen[key] = v
        options.append({"id": key, "label": g.display(v), "value": v})
    return options


def option_id(v) -> str:
    if v.__class__ is str:
        return v
    if isinstance(v, list):
        return "[" + ",".join(option_id(x) for x in v) + "]"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return "none" if v is None else str(v)


def distinct_id(key: str, taken: dict) -> str:
    """`key~2`, `key~3`, …: the first not taken, for an option whose plain id another option has."""
    n = 2
    while f"{key}~{n}" in taken:
        n += 1
    return f"{key}~{n}"


def option_label(g, option: dict) -> str:
    label = option.get("label")
    if label is not None:
        return label
    value = option["value"]
    action = g.c.actions[value["action"]]
    args = value["args"]
    if action.label_fn is not None:
        known = action.fixed_labels
        if known is None:
            return _composed_label(g, action, args)
        key = tuple(args)
        try:
            label = known.get(key)
        except TypeError:       # a list among the arguments
            return _composed_label(g, action, args)
        if label is None:
            if len(known) >= FIXED_LABELS_KEPT:
                known.clear()
            label = known[key] = _composed_label(g, action, args)
        return label
    return action.name.replace("_", " ") + (" " + ", ".join(g.display(a) for a in args) if args else "")


def _composed_label(g, action, args: list) -> str:
    try:
        return action.label_fn(g, dict(zip(action.params, args)))
    except (RuleFault,) + PYTHON_FAULTS as err:
        raise GameError(f"{action.where}: error: the label of '{action.name}' cannot be composed ({err})") from None


def decision_labels(g) -> list[str]:
    """The pending decision's option labels, told apart where they read alike (kept until the decision changes)."""
    decision = g.decision
    if g.labels_read is not None and g.labels_read[0] is decision:
        return g.labels_read[1]
    labels = [option_label(g, o) for o in decision["options"]]
    labels = _disambiguate(labels, decision["options"], g)
    g.labels_read = (decision, labels)
    return labels


def _disambiguate(labels: list[str], options: list, g) -> list[str]:
    """Labels that read alike get their pieces' locations added ("Guard at North gate"), when that
    tells them apart; then the other options that are pieces say where they are too, so that the
    list reads alike throughout."""
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    placed = [same for same in groups.values()
              if len(same) > 1 and len({_places(g, options[i]["value"]) for i in same}) > 1]
    if not placed:
        return labels
    located = {i for same in placed for i in same}
    located |= {same[0] for same in groups.values() if len(same) == 1 and isinstance(options[same[0]]["value"], str)}
    return [f"{label} at {where}" if i in located and (where := _places(g, options[i]["value"])) else label
            for i, label in enumerate(labels)]


def _places(g, value) -> str:
    if isinstance(value, dict):
        pieces = value["args"] if "args" in value else [value["step"]]
    else:
        pieces = [value]
    return ", ".join(g.display(g.where[p]) for p in pieces if isinstance(p, str) and p in g.where)


def without_twins(options: list, g) -> list:
    """Drop options that differ only by interchangeable pieces (same kind, label, place and marks)."""
    seen, kept, known = set(), [], {}     # known: each object's twin key, worked out once per call
    for o in options:
        value = o["value"]
        args = value["args"] if isinstance(value, dict) else [value]
        parts = []
        for a in args:
            if a.__class__ is str:
                part = known.get(a)
                if part is None:
                    part = known[a] = twin_key(g, a)
            else:
                part = twin_key(g, a)
            parts.append(part)
        key = (value["action"] if isinstance(value, dict) else None, tuple(parts))
        if key in seen:
            continue
        seen.add(key)
        kept.append(o)
    return kept


def twin_key(g, value):
    """What two values share when they are interchangeable: equal values, or twin pieces in one place with the same marks."""
    if value.__class__ is not str:
        return (repr(value),)        # never equal to a text or to a piece's key
    if value not in g.where or value in g.c.twinless:
        return value
    memo = g.memo
    if memo is None:
        return _piece_twin_key(g, value)
    key = memo.get((twin_key, value))      # while nothing changes, each piece's key is worked out once
    if key is None:
        key = memo[(twin_key, value)] = _piece_twin_key(g, value)
    return key


def _piece_twin_key(g, piece: str) -> tuple:
    fields, tokens = g.fields.get(piece), g.tokens.get(piece)
    return (g.c.twin_key(piece), g.where[piece], repr(sorted(fields.items())) if fields else "",
            repr(sorted(tokens.items())) if tokens else "", _effects_on(g, piece) if g.effects else "")


def _effects_on(g, piece: str) -> str:
    """The effects in force that name the piece, the piece itself left out (twins may differ by them)."""
    def without(value):
        if isinstance(value, list):
            return [without(v) for v in value]
        return "@" if value == piece else value
    marks = []
    for e in g.effects:
        args = without(e["args"])
        if args != e["args"]:
            marks.append(repr(dict(e, args=args)))
    return repr(sorted(marks))
