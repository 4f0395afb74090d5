"""The builtins on grids of spaces: their type rules and implementations (registered in builtins.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import geometry
from .errors import BuiltinFault, suggest
from .types import ANY, INT, SPACE, ListType, Named, Type

if TYPE_CHECKING:
    from . import ast as A


# ---- type rules --------------------------------------------------------------------------

def grid_space(exprs, node, scope, ctx, fname: str) -> tuple[Type, str | None]:
    """The type of an argument that must be a space of a grid, and its grid when it is a named
    space; reports what can never be one."""
    t = exprs.expr(node, scope, ctx)
    if t == ANY:
        return t, None
    if not (exprs.h.is_object(t) and exprs.h.root(t.name) == "space"):
        exprs.error(node, f"'{fname}' needs a space of a grid, found {t.describe()}")
        return ANY, None
    if node.node == "name" and node.ref == "object":
        grid = exprs.p.grid_of.get(node.name)
        if grid is None:
            exprs.error(node, f"'{node.name}' is not a space of a grid")
        return t, grid.name if grid is not None else None
    if not any(t.name in exprs.h.ancestors(g.kind) for g in exprs.p.by_cat["grid"].values()):
        exprs.error(node, f"'{fname}' needs a space of a grid, but no grid has spaces of kind '{t.name}'")
    return t, None


def _two_spaces(exprs, node: A.Call, scope, ctx) -> Type:
    """Two spaces of one grid; the type of either."""
    if not exprs.arity(node, 2):
        return SPACE
    (a, grid_a), (b, grid_b) = (grid_space(exprs, arg, scope, ctx, node.func) for arg in node.args)
    if grid_a and grid_b and grid_a != grid_b:
        exprs.error(node, f"'{node.func}' needs two spaces of one grid; '{node.args[0].name}' is in grid "
                          f"'{grid_a}', '{node.args[1].name}' in grid '{grid_b}'")
    return exprs.h.join(a, b)


def check_distance(exprs, node: A.Call, scope, ctx) -> Type:
    _two_spaces(exprs, node, scope, ctx)
    return INT


def check_line(exprs, node: A.Call, scope, ctx) -> Type:
    return ListType(_two_spaces(exprs, node, scope, ctx))


def check_neighbours(exprs, node: A.Call, scope, ctx) -> Type:
    if not exprs.arity(node, 1):
        return ListType(SPACE)
    return ListType(grid_space(exprs, node.args[0], scope, ctx, node.func)[0])


def check_reachable(exprs, node: A.Call, scope, ctx) -> Type:
    if not exprs.arity(node, 3):
        return ListType(SPACE)
    t = grid_space(exprs, node.args[0], scope, ctx, node.func)[0]
    exprs.expect(node.args[1], scope, ctx, INT, "the budget of 'reachable'")
    inner = exprs.lambda_arg(node.args[2], t, scope, ctx, node.func)
    if inner is not None:
        exprs.expect(node.args[2].body, inner, ctx, INT, "the cost of entering a space")
    return ListType(t)


def check_cell(exprs, node: A.Call, scope, ctx) -> Type:
    if not exprs.arity(node, 3):
        return SPACE
    arg, grids = node.args[0], exprs.p.by_cat["grid"]
    grid = grids.get(arg.name) if arg.node == "name" and scope.lookup(arg.name) is None else None
    if grid is None:
        exprs.error(arg, "'cell' takes a grid's name first" + (
            f"; unknown grid '{arg.name}'" + suggest(arg.name, grids) if arg.node == "name" else ""))
    else:
        arg.ref = "grid"
        exprs.used.add(grid.name)
    for what, coordinate in zip(("column", "row"), node.args[1:]):
        exprs.expect(coordinate, scope, ctx, INT, f"the {what} of 'cell'")
    return Named(grid.kind) if grid is not None and exprs.h.is_kind(grid.kind) else SPACE


# ---- implementations ---------------------------------------------------------------------

def _place(g, space, fname: str):
    """(grid, (col, row)) of a space of a grid."""
    if space is None:
        raise BuiltinFault(f"'{fname}' needs a space of a grid, not nothing")
    found = g.c.grid_cells.get(space) if isinstance(space, str) else None
    if found is None:
        raise BuiltinFault(f"'{fname}' needs a space of a grid; {g.display(space)} is not one")
    name, col, row = found
    return g.c.grids[name], (col, row)


def _pair(g, a, b, fname: str):
    (grid, at), (other, to) = _place(g, a, fname), _place(g, b, fname)
    if grid is not other:
        raise BuiltinFault(f"'{fname}' needs two spaces of one grid; {g.display(a)} is in grid '{grid.name}', "
                           f"{g.display(b)} in grid '{other.name}'")
    return grid, at, to


def distance(g, a, b) -> int:
    grid, at, to = _pair(g, a, b, "distance")
    return geometry.distance(grid.shape, at, to)


def line(g, a, b) -> list:
    grid, at, to = _pair(g, a, b, "line")
    return [grid.space(*c) for c in geometry.line(grid.shape, at, to, grid.cols, grid.rows)]


def neighbours(g, space) -> list:
    grid, at = _place(g, space, "neighbours")
    return [grid.space(*c) for c in geometry.neighbours(grid.shape, at, grid.cols, grid.rows)]


def reachable(g, space, budget, cost) -> list:
    grid, at = _place(g, space, "reachable")

    def entering(c):
        step = cost(grid.space(*c))
        if step is not None and (not isinstance(step, int) or isinstance(step, bool)):
            raise BuiltinFault(f"the cost of entering a space must be a number or none, not {g.display(step)}")
        return step
    found = geometry.reachable(at, budget, lambda c: geometry.neighbours(grid.shape, c, grid.cols, grid.rows),
                               entering)
    return [grid.space(*c) for c in sorted(found, key=lambda c: (found[c], c[1], c[0]))]


def cell(g, name, col, row):
    return g.c.grids[name].space(col, row)
