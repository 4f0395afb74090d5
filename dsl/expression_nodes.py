"""Builds the nodes of expressions: literals, names, calls, operators, comprehensions and rolls."""
from __future__ import annotations

from lark import Token, Transformer, v_args

from . import ast as A


def _pos(item) -> tuple[int, int]:
    if isinstance(item, Token):
        return (item.line, item.column)
    return (item.line, item.col)


@v_args(meta=True)
class ExpressionNodes(Transformer):
    """One method per expression rule of the grammar (a part of to_ast.ToAst, whose other parts
    give it `_at` and `text`)."""

    def int_lit(self, meta, c):
        tok = c[0]
        if isinstance(tok, A.Node):
            return tok
        return A.IntLit.at(_pos(tok), value=int(tok))

    def str_lit(self, meta, c):
        return self.text(c[0])

    def true_lit(self, meta, c):
        return self._at(A.BoolLit, meta, value=True)

    def false_lit(self, meta, c):
        return self._at(A.BoolLit, meta, value=False)

    def none_lit(self, meta, c):
        return self._at(A.NoneLit, meta)

    def this_ref(self, meta, c):
        return self._at(A.Special, meta, name="this")

    def seat_ref(self, meta, c):
        return self._at(A.Special, meta, name="seat")

    def score_ref(self, meta, c):
        return self._at(A.Special, meta, name="score")

    def name(self, meta, c):
        return A.Name.at(_pos(c[0]), name=str(c[0]))

    def call(self, meta, c):
        return A.Call.at(_pos(c[0]), func=str(c[0]), args=c[1] or [])

    def args(self, meta, c):
        return list(c)

    def list_lit(self, meta, c):
        return self._at(A.ListLit, meta, items=c[0] or [])

    def comprehension(self, meta, c):
        elem, var, source, cond, order = c
        return self._at(A.Comprehension, meta, elem=elem, var=str(var), source=source, cond=cond,
                        order=order or [])

    def order(self, meta, c):
        return list(c)

    def order_key(self, meta, c):
        return A.SortKey.at(_pos(c[0]), value=c[0], descending=c[1] is not None)

    def lambda_arg(self, meta, c):
        return A.Lambda.at(_pos(c[0]), param=str(c[0]), body=c[1])

    def tuple_lit(self, meta, c):
        return self._at(A.TupleLit, meta, items=list(c))

    def let_expr(self, meta, c):
        *bindings, body = c
        return self._at(A.LetExpr, meta, bindings=bindings, body=body)

    def let_bind(self, meta, c):
        return A.LetBinding.at(_pos(c[0]), name=str(c[0]), value=c[1])

    def roll(self, meta, c):
        count, die, needs = c
        target, at_most = needs if needs is not None else (None, False)
        return self._at(A.Roll, meta, die=str(die), count=count, needs=target, at_most=at_most)

    def needs(self, meta, c):
        at_most, target = c
        return (target, at_most is not None)

    def if_expr(self, meta, c):
        return self._at(A.IfExpr, meta, cond=c[0], then=c[1], other=c[2])

    def or_op(self, meta, c):
        return self._at(A.BinOp, meta, op="or", left=c[0], right=c[1])

    def and_op(self, meta, c):
        return self._at(A.BinOp, meta, op="and", left=c[0], right=c[1])

    def not_op(self, meta, c):
        return self._at(A.UnaryOp, meta, op="not", operand=c[0])

    def neg(self, meta, c):
        return self._at(A.UnaryOp, meta, op="-", operand=c[1])

    def compare(self, meta, c):
        return A.BinOp.at(_pos(c[1]), op=str(c[1]), left=c[0], right=c[2])

    def binop(self, meta, c):
        return A.BinOp.at(_pos(c[1]), op=str(c[1]), left=c[0], right=c[2])

    def in_op(self, meta, c):
        return self._at(A.BinOp, meta, op="in", left=c[0], right=c[1])

    def not_in_op(self, meta, c):
        return self._at(A.BinOp, meta, op="not in", left=c[0], right=c[1])

    def range_op(self, meta, c):
        return self._at(A.BinOp, meta, op="..", left=c[0], right=c[1])

    def is_op(self, meta, c):
        return self._at(A.IsKind, meta, operand=c[0], kind=str(c[1]))

    def field(self, meta, c):
        return A.FieldRef.at(_pos(c[1]), obj=c[0], name=str(c[1]))
