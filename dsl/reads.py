"""Which local names an expression reads: how far a staged choice must get before a test can run."""
from __future__ import annotations

from . import ast as A


def locals_read(expr) -> set[str]:
    """The local names (parameters, `let` names, loop variables) read anywhere inside `expr`."""
    return {n.name for n in A.walk(expr) if isinstance(n, A.Name) and n.ref in (None, "local")}


def conjuncts(expr) -> list:
    """`a and b and c` as [a, b, c]: each part can be tested as soon as what it reads is known."""
    if isinstance(expr, A.BinOp) and expr.op == "and":
        return conjuncts(expr.left) + conjuncts(expr.right)
    return [expr]
