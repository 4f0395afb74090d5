"""The rules' tables at run time: a value per key, read the way a printed chart is."""
from __future__ import annotations

from itertools import product

from .errors import RuleFault

MAX_EXPANDED = 100_000       # entries a table's rows may spread into before the rest are read row by row


class Chart(dict):
    """Rows of key matchers and a value, the first matching row giving the value. The rows before
    the first one that matches unboundedly many keys (`_` for a number) are spread into the
    dictionary of exact keys the chart is (one key, or a tuple of several); the others are tried in
    order when a key is missing, so generated code reads a one-key table as `chart[key]`."""

    def __init__(self, name: str, exact: dict, rows: list, other, has_other: bool, arity: int):
        super().__init__(exact)
        self.name, self.rows = name, rows
        self.other, self.has_other, self.arity = other, has_other, arity

    def __call__(self, *keys):
        try:
            return self[keys if self.arity > 1 else keys[0]]
        except TypeError:            # a key that cannot be looked up (a list)
            raise RuleFault(f"table '{self.name}' has no entry for {_shown(keys)}") from None

    def __missing__(self, key):
        keys = key if self.arity > 1 else (key,)
        for matchers, value in self.rows:
            if all(_matches(m, k) for m, k in zip(matchers, keys)):
                return value
        if self.has_other:
            return self.other
        raise RuleFault(f"table '{self.name}' has no entry for {_shown(keys)}")


def _matches(matcher, key) -> bool:
    if matcher is None:
        return True
    if isinstance(matcher, range):
        return key.__class__ is int and key in matcher
    return matcher == key and key.__class__ is matcher.__class__


def _shown(keys) -> str:
    return ", ".join("nothing" if k is None else str(k) for k in keys)


def build_chart(name: str, rows: list, other, has_other: bool, domains: list) -> Chart:
    """`rows` are (matchers, value): a matcher is a value, a range of numbers, or None for any key;
    `domains` holds each key's possible values where they are known (None for numbers and texts)."""
    exact: dict = {}
    rest: list = []
    arity = len(domains)
    for matchers, value in rows:
        choices = None if rest else _spread(matchers, domains, MAX_EXPANDED - len(exact))
        if choices is None:
            rest.append((matchers, value))
            continue
        for key in product(*choices):
            exact.setdefault(key if arity > 1 else key[0], value)
    return Chart(name, exact, rest, other, has_other, arity)


def _spread(matchers, domains, room: int):
    """Each key's values a row covers, or None when some key covers unboundedly many (or too many)."""
    choices, size = [], 1
    for matcher, domain in zip(matchers, domains):
        if matcher is None:
            if domain is None:
                return None
            values = list(domain)
        elif isinstance(matcher, range):
            values = list(matcher)
        else:
            values = [matcher]
        size *= len(values)
        if size > room:
            return None
        choices.append(values)
    return choices
