"""What a compiled variant is made of at run time: numbered blocks, callables, triggers, and the object tables."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property


@dataclass
class Block:
    ops: list
    stmts: list | None          # the statements the ops were compiled from (dropped once compiled)
    call_body: bool = False     # the body of a call (procedure, action, phase, trigger, `does`, play): `return` ends it
    file: str = ""
    line: int = 0
    stem: str = ""              # names its generated code after its declaration
    next_passes: object = None  # a loop's body: runs the passes after the one ending, at once (see resumable.py)


@dataclass
class Callable:
    name: str
    params: list[str]
    block: int = -1
    label: str = ""
    domains: list = field(default_factory=list)   # actions: (param, domain fn or None, type)
    checks: list = field(default_factory=list)    # actions: checks[k] tests the parts of `requires` that k bound parameters decide (or is None)
    completable: list = field(default_factory=list)   # actions: completable[k](g, env): can k bound parameters be completed?
    walks: list = field(default_factory=list)     # actions: walks[k](g, env, args, rng): the ways to complete k bound parameters
    prompts: list = field(default_factory=list)   # actions: each parameter's step question (fn or None)
    group: str = ""                               # actions: the title a staged perform's first step offers it under
    label_fn: object = None
    where: str = ""              # actions: FILE:LINE:COL of the declaration, for errors in its label
    pure: bool = True            # functions: no dice or random picks, so a value can be reused
    made: dict = field(default_factory=dict)     # actions of one parameter: the option of each text value, made once (options are never changed)
    fixed_labels: dict | None = None             # actions whose label reads nothing that changes: each one composed, by arguments


@dataclass
class Trigger:
    block: int
    cond: object
    members: frozenset = frozenset()
    piece_var: str = ""
    space_var: str = ""


class CompiledGame:
    """One variant's compiled rules as the engine reads them (see compiler.Compiled, which builds them)."""

    # ---- kinds
    def ancestors(self, kind: str) -> list[str]:
        chain = self._ancestors.get(kind)
        if chain is None:
            chain = self._ancestors[kind] = self.kinds.ancestors(kind)
        return chain

    def members(self, kind: str) -> list[str]:
        if kind not in self._members:
            self._members[kind] = [o for o in self.objects if kind in self.chain[o]]
        return self._members[kind]

    def members_set(self, kind: str) -> frozenset:
        if kind not in self._members_set:
            self._members_set[kind] = frozenset(self.members(kind))     # objects exist before code is compiled
        return self._members_set[kind]

    def name_label(self, name: str) -> str:
        """The label of a die, token, tally or variable name, for the log."""
        return (self.die_labels.get(name) or self.token_labels.get(name) or self.tallies.get(name)
                or self.var_labels.get(name) or name)

    def twin_key(self, oid: str) -> str:
        """What makes two pieces interchangeable, apart from where they are and their marks."""
        key = self._twin_keys.get(oid)
        if key is None:
            declared = self.ancestors(self.kind_of(oid))      # the piece's declaration, then its kinds
            key = self._twin_keys[oid] = repr((declared[1:], self.labels[oid], sorted(self.attrs[oid].items())))
        return key

    @cached_property
    def twinless(self) -> frozenset:
        """The pieces no other piece could ever be interchangeable with."""
        groups: dict[str, int] = {}
        for oid in self.pieces:
            groups[self.twin_key(oid)] = groups.get(self.twin_key(oid), 0) + 1
        return frozenset(oid for oid in self.pieces if groups[self.twin_key(oid)] == 1)

    @cached_property
    def _twin_free(self) -> dict:
        return {}

    def twin_free(self, type_name: str) -> bool:
        """Whether `type_name` is a kind none of whose objects is ever interchangeable with another:
        a list of them needs only its repeats left out, no twins merged."""
        free = self._twin_free.get(type_name)
        if free is None:
            members = self.members(type_name)       # none for a type that is not a kind
            twinless, pieces = self.twinless, set(self.pieces)
            free = self._twin_free[type_name] = bool(members) and all(o in twinless or o not in pieces for o in members)
        return free

    def kind_of(self, oid: str) -> str:
        return oid.split("#", 1)[0]
