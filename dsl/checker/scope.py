"""Local names and their types, block by block, and what a statement's surroundings allow."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..types import Type


@dataclass
class Scope:
    names: dict[str, Type] = field(default_factory=dict)
    parent: "Scope | None" = None

    def lookup(self, name: str) -> Type | None:
        scope = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def all_names(self) -> list[str]:
        out, scope = [], self
        while scope is not None:
            out.extend(scope.names)
            scope = scope.parent
        return out

    def child(self) -> "Scope":
        return Scope(parent=self)

    def outer_type(self, name: str) -> Type | None:
        """The type of `name` in an enclosing scope (not this one), if it is declared there."""
        return self.parent.lookup(name) if self.parent is not None else None


@dataclass
class Context:
    """Where a statement sits: what `this` is, whether break/return/score are allowed."""
    this: Type | None = None
    loops: int = 0
    returns: bool = False
    score: bool = False
    result: Type | None = None      # the type a procedure's `return` gives, if it declares one
    procedure: str = ""             # the procedure being checked, for messages
