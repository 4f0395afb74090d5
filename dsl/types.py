"""Static types of the rules language and the kind hierarchy they are checked against."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Union

from .words import with_article

ROOTS = ("piece", "space", "card", "deck")
ROOT_PARENTS = {"card": "piece", "deck": "space"}     # a card is a piece, a deck a space


@dataclass(frozen=True)
class Named:
    """A type known by its name: a built-in one (int, bool, …), a kind or an enum."""
    name: str

    def __str__(self) -> str:
        return self.name

    def describe(self) -> str:
        """The type in words for error messages: 'a number', 'a soldier'."""
        return _ONE.get(self.name) or with_article(self.name)

    def plural(self) -> str:
        """Several values of the type in words: 'numbers', 'soldiers'."""
        return _SEVERAL.get(self.name) or (self.name if self.name.endswith("s") else f"{self.name}s")


@dataclass(frozen=True)
class ListType:
    """A list whose items all have one type."""
    item: Type

    def __str__(self) -> str:
        return f"list[{self.item}]"

    def describe(self) -> str:
        return f"a list of {self.item.plural()}"

    def plural(self) -> str:
        return f"lists of {self.item.plural()}"


Type = Union[Named, ListType]

INT, BOOL, TEXT, KIND, TOKEN = Named("int"), Named("bool"), Named("text"), Named("kind"), Named("token")
EFFECT = Named("effect")                          # the name of an effect without parameters
NONE, ANY = Named("none"), Named("any")          # the type of `none`; a type not known statically
PIECE, SPACE, DECK = Named("piece"), Named("space"), Named("deck")

PSEUDO_FIELDS = {"label": TEXT, "location": SPACE, "kind": KIND, "deck": DECK}   # every object has these

# the built-in types in words: one value, and several values
_ONE = {"int": "a number", "bool": "true/false", "text": "text", "kind": "a kind", "none": "none",
        "any": "anything", "token": "a token", "effect": "an effect"}
_SEVERAL = {"int": "numbers", "bool": "true/false values", "text": "texts", "kind": "kinds", "none": "nothing",
            "any": "anything", "token": "tokens", "effect": "effects"}


def item_of(t: Type) -> Type | None:
    """The item type of a list type; None for any other type."""
    return t.item if isinstance(t, ListType) else None


class FieldInfo(NamedTuple):
    type: Type
    mutable: bool


@dataclass
class Hierarchy:
    """Kinds (including each piece declaration's own leaf kind) and enums, by name."""
    parent: dict[str, str] = field(default_factory=lambda: dict(ROOT_PARENTS))
    fields: dict[str, dict[str, FieldInfo]] = field(default_factory=dict)  # kind -> field name -> info
    enums: dict[str, list[str]] = field(default_factory=dict)
    enum_fields: dict[str, dict[str, Type]] = field(default_factory=dict)  # enum -> attribute -> type
    # kind -> its ancestors, and kind -> its descendants, worked out once; kinds are only ever added
    # to `parent` (never moved), so the answers hold while it keeps its size
    _chains: dict[str, list[str]] = field(default_factory=dict, repr=False, compare=False)
    _below: dict[str, list[str]] = field(default_factory=dict, repr=False, compare=False)
    _size: int = field(default=-1, repr=False, compare=False)

    def _fresh(self) -> None:
        if self._size != len(self.parent):
            self._chains.clear()
            self._below.clear()
            self._size = len(self.parent)

    def is_kind(self, name: str) -> bool:
        return name in ROOTS or name in self.parent

    def ancestors(self, kind: str) -> list[str]:
        self._fresh()
        found = self._chains.get(kind)
        if found is None:
            found = self._chains[kind] = self._chain(kind)
        return list(found)

    def _chain(self, kind: str) -> list[str]:
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

    def is_object(self, t: Type) -> bool:
        """Is `t` the type of pieces, cards, spaces or decks of some kind?"""
        return isinstance(t, Named) and self.is_kind(t.name)

    def is_enum(self, t: Type) -> bool:
        return isinstance(t, Named) and t.name in self.enums

    def related(self, a: str, b: str) -> bool:
        return a in self.ancestors(b) or b in self.ancestors(a)

    def descendants(self, kind: str) -> list[str]:
        self._fresh()
        found = self._below.get(kind)
        if found is None:
            found = self._below[kind] = [k for k in self.parent if kind in self.ancestors(k)]
        return list(found)

    def field(self, kind: str, name: str) -> FieldInfo | None:
        """Field of `kind`, its ancestors, or (checked dynamically) one of its descendants."""
        for k in self.ancestors(kind):
            if name in self.fields.get(k, {}):
                return self.fields[k][name]
        for k in self.descendants(kind):
            if name in self.fields.get(k, {}):
                return self.fields[k][name]
        return None

    def accepts(self, expected: Type, actual: Type) -> bool:
        """Can a value of type `actual` be used where `expected` is wanted?"""
        if expected == actual or ANY in (expected, actual):
            return True
        if isinstance(expected, ListType) and isinstance(actual, ListType):
            return self.accepts(expected.item, actual.item)
        if actual == NONE:
            return self.is_object(expected) or self.is_enum(expected)
        if self.is_object(expected) and self.is_object(actual):
            return self.related(expected.name, actual.name)
        return False

    def is_ancestor(self, a: Type, b: Type) -> bool:
        """Is `a` the type `b` itself or a kind `b` descends from?"""
        return a == b or (isinstance(a, Named) and isinstance(b, Named) and a.name in self.ancestors(b.name))

    def join(self, a: Type, b: Type) -> Type:
        """The most specific type both `a` and `b` belong to; ANY if there is none."""
        if self.accepts(a, b) and b != NONE:
            return b if a == NONE else (a if self.is_ancestor(a, b) else b)
        if a == NONE:
            return b
        if b == NONE:
            return a
        if isinstance(a, ListType) and isinstance(b, ListType):
            return ListType(self.join(a.item, b.item))
        if self.is_object(a) and self.is_object(b):
            common = [k for k in self.ancestors(a.name) if k in self.ancestors(b.name)]
            if common:
                return Named(common[0])
        return ANY
