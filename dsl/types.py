"""Static types of the rules language and the kind hierarchy they are checked against."""
from __future__ import annotations

from dataclasses import dataclass, field

INT, BOOL, TEXT, KIND, NONE, ANY = "int", "bool", "text", "kind", "none", "any"
TOKEN = "token"
ROOTS = ("piece", "space", "card", "deck")
ROOT_PARENTS = {"card": "piece", "deck": "space"}     # a card is a piece, a deck a space
SCALARS = (INT, BOOL, TEXT, KIND, TOKEN)


def list_of(item: str) -> str:
    return f"list[{item}]"


def item_of(t: str) -> str | None:
    return t[5:-1] if t.startswith("list[") else None


@dataclass
class Hierarchy:
    """Kinds (including each piece declaration's own leaf kind) and enums, by name."""
    parent: dict[str, str] = field(default_factory=lambda: dict(ROOT_PARENTS))
    fields: dict[str, dict[str, tuple[str, bool]]] = field(default_factory=dict)  # kind -> name -> (type, mutable)
    enums: dict[str, list[str]] = field(default_factory=dict)

    def is_kind(self, name: str) -> bool:
        return name in ROOTS or name in self.parent

    def ancestors(self, kind: str) -> list[str]:
        chain, seen = [kind], {kind}
        while chain[-1] in self.parent:
            nxt = self.parent[chain[-1]]
            if nxt in seen:
                break
            seen.add(nxt)
            chain.append(nxt)
        return chain

    def root(self, kind: str) -> str:
        chain = self.ancestors(kind)
        for r in ("card", "deck"):
            if r in chain:
                return r
        return chain[-1]

    def is_object(self, t: str) -> bool:
        return self.is_kind(t)

    def related(self, a: str, b: str) -> bool:
        return a in self.ancestors(b) or b in self.ancestors(a)

    def descendants(self, kind: str) -> list[str]:
        return [k for k in self.parent if kind in self.ancestors(k)]

    def field(self, kind: str, name: str) -> tuple[str, bool] | None:
        """Field of `kind`, its ancestors, or (checked dynamically) one of its descendants."""
        for k in self.ancestors(kind):
            if name in self.fields.get(k, {}):
                return self.fields[k][name]
        for k in self.descendants(kind):
            if name in self.fields.get(k, {}):
                return self.fields[k][name]
        return None

    def accepts(self, expected: str, actual: str) -> bool:
        """Can a value of type `actual` be used where `expected` is wanted?"""
        if expected == actual or ANY in (expected, actual):
            return True
        ei, ai = item_of(expected), item_of(actual)
        if ei is not None and ai is not None:
            return self.accepts(ei, ai)
        if actual == NONE:
            return self.is_object(expected) or expected in self.enums
        if self.is_object(expected) and self.is_object(actual):
            return self.related(expected, actual)
        return False

    def join(self, a: str, b: str) -> str:
        if self.accepts(a, b) and b != NONE:
            return b if a == NONE else (a if a in self.ancestors(b) or a == b else b)
        if a == NONE:
            return b
        if b == NONE:
            return a
        ia, ib = item_of(a), item_of(b)
        if ia is not None and ib is not None:
            return list_of(self.join(ia, ib))
        if self.is_object(a) and self.is_object(b):
            common = [k for k in self.ancestors(a) if k in self.ancestors(b)]
            if common:
                return common[0]
        return ANY


def describe(t: str) -> str:
    """A type in words for error messages."""
    item = item_of(t)
    if item is not None:
        return f"a list of {plural(item)}"
    return {INT: "a number", BOOL: "true/false", TEXT: "text", KIND: "a kind", NONE: "none",
            ANY: "anything", TOKEN: "a token"}.get(t, f"a {t}")


def plural(t: str) -> str:
    item = item_of(t)
    if item is not None:
        return f"lists of {plural(item)}"
    return {INT: "numbers", BOOL: "true/false values", TEXT: "texts", KIND: "kinds", NONE: "nothing",
            ANY: "anything", TOKEN: "tokens"}.get(t, f"{t}s" if not t.endswith("s") else t)
