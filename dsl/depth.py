"""How deeply a declaration nests, bounded so that every later pass and the Python the rules
compile to can follow it (Python allows about 200 nested brackets and 20 nested loops)."""
from __future__ import annotations

from typing import get_args

from . import ast as A
from .errors import Diagnostic

EXPRESSION_DEPTH = 90       # expressions within expressions, between two statements
STATEMENT_DEPTH = 16        # statements within statements (a loop in a loop in an if ...)
_STATEMENTS = tuple(get_args(A.Stmt))


def too_deep(path: str, decls: list) -> Diagnostic | None:
    """The first place a declaration nests deeper than the language allows, or None."""
    for decl in decls:
        stack = [(decl, 0, 0, (decl.line, decl.col))]
        while stack:
            node, exprs, stmts, where = stack.pop()
            if node.line:
                where = (node.line, node.col)
            if isinstance(node, _STATEMENTS):
                exprs, stmts = 0, stmts + 1
                if stmts > STATEMENT_DEPTH:
                    return Diagnostic(path, *where, f"statements nest more than {STATEMENT_DEPTH} deep here; "
                                                    "move the inner ones into a procedure")
            else:
                exprs += 1
                if exprs > EXPRESSION_DEPTH:
                    return Diagnostic(path, *where, f"this expression nests more than {EXPRESSION_DEPTH} deep; "
                                                    "split it with functions (or a table for a long chain of cases)")
            for value in node.__dict__.values():
                for child in (value if isinstance(value, list) else (value,)):
                    if isinstance(child, A.Node):
                        stack.append((child, exprs, stmts, where))
    return None
