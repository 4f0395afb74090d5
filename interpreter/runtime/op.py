"""The compiled statement every operation builds on."""
from __future__ import annotations


class Op:
    """A compiled statement; `where` is its rules position, for errors. A statement that asks no
    decision either way runs in one go with `now(g, env)`; `straight`, when set, is the statement
    written as Python (see straight.py), with `span`, how many operations from this one it runs;
    `resume`, when set, runs the rest of its block at once from this operation (see resumable.py)."""
    __slots__ = ("where", "straight", "span", "resume")

    def __init__(self, st, c):
        pass            # break, continue and return have nothing to compile

    def run(self, g, f) -> None:
        self.now(g, g.envs[f["env"]])

    def now(self, g, env) -> None:
        raise NotImplementedError
