"""Warnings about packs that load but probably do not do what their author meant (W001, W004, W005)."""
from __future__ import annotations

from .. import ast as A
from ..errors import Diagnostic
from ..program import Program
from ..types import Hierarchy


def unused_warnings(program: Program, used: set[str]) -> list[Diagnostic]:
    """W001: definitions that nothing refers to."""
    out = []
    for cat in ("function", "procedure", "action", "phase", "die", "token", "var", "kind", "tally", "const", "table",
                "modifier", "effect"):
        for d in program.by_cat[cat].values():
            if d.name not in used:
                out.append(Diagnostic(d.file, d.line, d.col,
                                      f"{cat} '{d.name}' is defined but never used", "warning", "W001"))
    return out


def unreachable_cards(program: Program, used: set[str], sought: set[str], h: Hierarchy) -> list[Diagnostic]:
    """W004: cards that nothing can ever draw: their pile, their name and their kinds are never used."""
    out = []
    for pc in program.by_cat["piece"].values():
        if not pc.card:
            continue
        where = pc.start or pc.deck
        kinds = set(h.ancestors(pc.name))
        if where not in used and pc.name not in used and not kinds & sought:
            out.append(Diagnostic(pc.file, pc.line, pc.col, f"card '{pc.name}' can never be drawn: nothing uses "
                                  f"'{where}', the card or its kind", "warning", "W004"))
    return out


def unchecked_draws(stmts: list, functions) -> list[tuple[A.Node, str]]:
    """W005: `let c = top(deck)` then using c with no `c == none` check: the deck may be empty.

    `functions` are the pack's own functions, which may take the builtins' names."""
    found = []
    for i, st in enumerate(stmts):
        if not (isinstance(st, A.Let) and isinstance(st.value, A.Call) and st.value.func in ("top", "bottom")
                and st.value.func not in functions):
            continue
        for later in stmts[i + 1:]:
            if st.name in _none_checks(later):
                break
            if isinstance(later, (A.Move, A.Resolve, A.Insert, A.Shuffle)) and st.name in _names_in(later):
                found.append((later, f"'{st.name}' is nothing when the pile is empty; "
                                     f"check 'if {st.name} == none' before using it"))
                break
    return found


def _names_in(node) -> set[str]:
    return {n.name for n in A.walk(node) if isinstance(n, A.Name)}


def _none_checks(node) -> set[str]:
    """Names compared with `none` anywhere inside a statement or expression."""
    found = set()
    for n in A.walk(node):
        if isinstance(n, A.BinOp) and n.op in ("==", "!="):
            for a, b in ((n.left, n.right), (n.right, n.left)):
                if isinstance(a, A.Name) and isinstance(b, A.NoneLit):
                    found.add(a.name)
    return found
