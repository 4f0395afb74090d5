"""Builds the nodes of lasting effects: modifier and effect declarations, `start` and `stop`."""
from __future__ import annotations

from lark import Transformer, v_args

from . import ast as A
from .errors import Diagnostic, SyntaxProblem


def _pos(token) -> tuple[int, int]:
    return (token.line, token.column)


@v_args(meta=True)
class EffectNodes(Transformer):
    """One method per rule of the grammar's lasting effects (a part of to_ast.ToAst, whose other
    parts give it `_decl`, `_at` and `path`)."""

    def modifier_decl(self, meta, c):
        _, name, params, returns = c
        return self._decl(A.ModifierDecl, name, params=params or [], returns=returns)

    def effect_decl(self, meta, c):
        from .to_ast import _unquote          # to_ast's ToAst is built on this class
        quiet, name, params, label, *clauses = c
        return self._decl(A.EffectDecl, name, params=params or [], label=_unquote(label) if label else None,
                          clauses=clauses, quiet=bool(quiet))

    def effect_clause(self, meta, c):
        modifier, names, op, value, cond = c
        if str(op) == "=":
            raise SyntaxProblem(Diagnostic(self.path, op.line, op.column,
                                           f"an effect adds to a modifier: write '{modifier} += …' or '-= …'"))
        return A.EffectClause.at(_pos(modifier), modifier=str(modifier), names=[str(n) for n in names or []],
                                 op=str(op), value=value, cond=cond)

    def clause_names(self, meta, c):
        return list(c)

    def start_stmt(self, meta, c):
        effect, until = c
        return self._at(A.StartEffect, meta, effect=effect, **(until or {}))

    def stop_stmt(self, meta, c):
        return self._at(A.StopEffect, meta, effect=c[0])

    def until_changes(self, meta, c):
        return {"until_var": str(c[0])}

    def until_this_phase(self, meta, c):
        return {"until_this_phase": True}

    def until_phase_ends(self, meta, c):
        return {"until_phase": str(c[0])}
