"""The builtin functions, one entry each: arguments in words, type rule, implementation, one-line doc.

A type rule is what the checker does with a call's arguments: `check(exprs, call, scope, context)`
reports what is wrong and gives the call's type (`exprs` is the checker's expression pass).
An implementation is a plain function of the running engine `g` and the argument values:
`run(g, *values)`. It asks the engine only for `g.stack(space)`, `g.pick(items)`,
`g.token_count(obj, token)`, `g.take(kind)`, `g.supply`, `g.seats`, `g.effect_on(effect)` and,
through the compiled game `g.c`, `members(kind)` and `variant`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from . import grid_builtins as grids
from .errors import BuiltinFault, suggest
from .limits import MAX_LIST
from .types import ANY, BOOL, INT, PIECE, TEXT, TOKEN, ListType, Type, item_of

if TYPE_CHECKING:          # the type rules read syntax nodes; the implementations run without them
    from . import ast as A


@dataclass(frozen=True)
class Builtin:
    name: str
    takes: str                                  # the arguments in words, for arity errors and the docs
    check: Callable[..., Type]                  # the type rule
    run: Callable[..., Any]                     # the implementation
    doc: str                                    # one line for the language reference
    fails: bool = False                         # may raise BuiltinFault
    collects: bool = False                      # several arguments reach `run` as one list (max, min)
    reads_game: bool = False                    # its value depends on the game in play, not on its arguments alone


# ---- type rules --------------------------------------------------------------------------

def _one_list(result: Callable[[Any, A.Call, Type], Type]):
    """The rule of a builtin taking one list; `result(exprs, call, item type)` checks the items and types the call."""
    def check(exprs, node: A.Call, scope, ctx) -> Type:
        if not exprs.arity(node, 1):
            return ANY
        return result(exprs, node, exprs.expect_list(node.args[0], scope, ctx, node.func))
    return check


def _items_must_be(want: Type, words: str, result: Type):
    def result_of(exprs, node: A.Call, item: Type) -> Type:
        if not exprs.h.accepts(want, item):
            exprs.error(node.args[0], f"'{node.func}' needs a list of {words}, found a list of {item.plural()}")
        return result
    return result_of


_numbers = _one_list(_items_must_be(INT, "numbers", INT))
_truths = _one_list(_items_must_be(BOOL, "true/false", BOOL))
_an_item = _one_list(lambda exprs, node, item: item)


def _numbers_or_list(exprs, node: A.Call, scope, ctx) -> Type:
    if len(node.args) > 1:
        for a in node.args:
            exprs.expect(a, scope, ctx, INT, f"an argument of '{node.func}'")
        return INT
    return _numbers(exprs, node, scope, ctx)


def _flattened(exprs, node: A.Call, item: Type) -> Type:
    inner = item_of(item)
    if inner is None and item != ANY:
        exprs.error(node.args[0], f"'flatten' needs a list of lists, found a list of {item.plural()}")
    return ListType(inner or ANY)


def _list_and_number(what: str, result: Callable[[Type], Type]):
    """The rule of `nth` and `head`: a list, then a number (`what` names it in errors)."""
    def check(exprs, node: A.Call, scope, ctx) -> Type:
        if not exprs.arity(node, 2):
            return ANY
        item = exprs.expect_list(node.args[0], scope, ctx, node.func)
        exprs.expect(node.args[1], scope, ctx, INT, what)
        return result(item)
    return check


def _index(exprs, node: A.Call, scope, ctx) -> Type:
    if exprs.arity(node, 2):
        exprs.expect_list(node.args[0], scope, ctx, node.func)
        exprs.expr(node.args[1], scope, ctx)
    return INT


def _on_space(result: Type):
    def check(exprs, node: A.Call, scope, ctx) -> Type:
        if not exprs.arity(node, 1):
            return ANY
        exprs.expect_space(node.args[0], scope, ctx)
        return result
    return check


def _abs(exprs, node: A.Call, scope, ctx) -> Type:
    if not exprs.arity(node, 1):
        return ANY
    exprs.expect(node.args[0], scope, ctx, INT, "the argument of 'abs'")
    return INT


def _quantity(exprs, node: A.Call, scope, ctx) -> Type:
    if not exprs.arity(node, 3):
        return ANY
    exprs.expect(node.args[0], scope, ctx, INT, "the number of 'quantity'")
    exprs.expect(node.args[1], scope, ctx, TEXT, "the word for one")
    exprs.expect(node.args[2], scope, ctx, TEXT, "the word for several")
    return TEXT


def _tokens(exprs, node: A.Call, scope, ctx) -> Type:
    if not exprs.arity(node, 2):
        return INT
    exprs.expect_object(node.args[0], scope, ctx)
    tok = node.args[1]
    if tok.node == "name" and scope.lookup(tok.name) is None and tok.name not in exprs.globals:
        exprs.token_ref(tok, tok.name)         # "unknown token …", with the nearest tokens
    else:
        exprs.expect(tok, scope, ctx, TOKEN, "the second argument of 'tokens'")
    return INT


def _token_supply(exprs, node: A.Call, scope, ctx) -> Type:
    if exprs.arity(node, 1):
        tok = node.args[0]
        if tok.node == "name":
            tok.ref = "token"
            exprs.token_ref(tok, tok.name)
            decl = exprs.p.by_cat["token"].get(tok.name)
            if decl is not None and decl.supply is None:
                exprs.error(tok, f"token '{tok.name}' has no supply; declare it with 'supply N'")
        else:
            exprs.error(tok, "'token_supply' takes a token's name")
    return INT


def _of_kind(result: Callable[[Type], Type]):
    """The rule of `take` and `objects`: a kind, by name or as a value."""
    def check(exprs, node: A.Call, scope, ctx) -> Type:
        if not exprs.arity(node, 1):
            return ANY
        return result(exprs.kind_arg(node.args[0], scope, ctx))
    return check


def _seats(exprs, node: A.Call, scope, ctx) -> Type:
    exprs.arity(node, 0)
    return INT


def _active(exprs, node: A.Call, scope, ctx) -> Type:
    if exprs.arity(node, 1):
        exprs.effects.named(node.args[0], scope, ctx, "active")
    return BOOL


def _in_variant(exprs, node: A.Call, scope, ctx) -> Type:
    if exprs.arity(node, 1):
        arg = node.args[0]
        if arg.node != "name" or arg.name not in exprs.p.variants:
            name = getattr(arg, "name", "?")
            exprs.error(arg, f"unknown variant '{name}'" + suggest(name, exprs.p.variants))
        else:
            arg.ref = "variant"
    return BOOL


def _per_item(result: Callable[[Type], Type], test: bool = False):
    """The rule of a builtin taking a list and `x -> ...`: a sort key per item, or (`test`) true/false."""
    def check(exprs, node: A.Call, scope, ctx) -> Type:
        if not exprs.arity(node, 2):
            return ANY
        item = exprs.expect_list(node.args[0], scope, ctx, node.func)
        inner = exprs.lambda_arg(node.args[1], item, scope, ctx, node.func)
        if inner is not None and test:
            exprs.expect(node.args[1].body, inner, ctx, BOOL, f"the test of '{node.func}'")
        elif inner is not None:
            exprs.sort_key(node.args[1].body, inner, ctx)
        return result(item)
    return check


# ---- implementations ---------------------------------------------------------------------

def _first(g, items):
    return items[0] if items else None


def _last(g, items):
    return items[-1] if items else None


def _position(g, items, value):
    return items.index(value) + 1 if value in items else 0


def _flatten(g, lists):
    if sum(len(items) for items in lists) > MAX_LIST:
        raise BuiltinFault(f"a list can hold at most {MAX_LIST} items")
    return [x for items in lists for x in items]


def _nth(g, items, i):
    if not 1 <= i <= len(items):
        raise BuiltinFault(f"position {i} is outside the list (1 to {len(items)})")
    return items[i - 1]


def _keyed(order):
    """`order(items, key)` reporting a key that cannot be compared (nothing, or a number against a text)."""
    def run(g, items, key):
        try:
            return order(items, key=key)
        except TypeError:
            raise BuiltinFault("cannot order items whose key is nothing, or mixes numbers and texts") from None
    return run


def _find(g, items, test):
    return next((item for item in items if test(item)), None)


def _top(g, space):
    stack = g.stack(space)
    return stack[-1] if stack else None


def _bottom(g, space):
    stack = g.stack(space)
    return stack[0] if stack else None


# ---- the registry ------------------------------------------------------------------------

_ALL = [
    Builtin("count", "a list", _one_list(lambda exprs, node, item: INT), lambda g, items: len(items),
            "how many items the list has"),
    Builtin("sum", "a list of numbers", _numbers, lambda g, items: sum(items), "the numbers added up (0 for an empty list)"),
    Builtin("max", "a list of numbers or several numbers", _numbers_or_list, lambda g, items: max(items, default=0),
            "the largest number (0 for an empty list)", collects=True),
    Builtin("min", "a list of numbers or several numbers", _numbers_or_list, lambda g, items: min(items, default=0),
            "the smallest number (0 for an empty list)", collects=True),
    Builtin("any", "a list of true/false", _truths, lambda g, items: any(items), "whether at least one item is true"),
    Builtin("every", "a list of true/false", _truths, lambda g, items: all(items),
            "whether every item is true (true for an empty list)"),
    Builtin("empty", "a list", _one_list(lambda exprs, node, item: BOOL), lambda g, items: not items,
            "whether the list has no items"),
    Builtin("first", "a list", _an_item, _first, "the first item, or none for an empty list"),
    Builtin("last", "a list", _an_item, _last, "the last item, or none for an empty list"),
    Builtin("nth", "a list and a position (from 1)", _list_and_number("the position", lambda item: item), _nth,
            "the item at that position; a position outside the list stops the game with an error", fails=True),
    Builtin("index", "a list and a value", _index, _position, "the value's position in the list (from 1), 0 if absent"),
    Builtin("head", "a list and how many of its first items", _list_and_number("how many items", ListType),
            lambda g, items, n: items[:max(0, n)], "the first n items (all of them if the list is shorter)"),
    Builtin("reversed", "a list", _one_list(lambda exprs, node, item: ListType(item)), lambda g, items: items[::-1],
            "the items in the opposite order"),
    Builtin("flatten", "a list of lists", _one_list(_flattened), _flatten,
            "the items of every list, one list after the other", fails=True),
    Builtin("pick", "a list", _an_item, lambda g, items: g.pick(items), "an item chosen at random, or none for an empty list",
            reads_game=True),
    Builtin("min_by", "a list and a key per item (x -> ...)", _per_item(lambda item: item),
            _keyed(lambda items, key: min(items, key=key, default=None)),
            "the first item with the smallest key, or none for an empty list", fails=True),
    Builtin("max_by", "a list and a key per item (x -> ...)", _per_item(lambda item: item),
            _keyed(lambda items, key: max(items, key=key, default=None)),
            "the first item with the largest key, or none for an empty list", fails=True),
    Builtin("sorted", "a list and a key per item (x -> ...)", _per_item(ListType), _keyed(sorted),
            "the items from the smallest key to the largest (equal keys keep their order)", fails=True),
    Builtin("find", "a list and a test per item (x -> ...)", _per_item(lambda item: item, test=True), _find,
            "the first item that passes the test, or none"),
    Builtin("top", "a space", _on_space(PIECE), _top, "the piece on top of the space's stack, or none", reads_game=True),
    Builtin("bottom", "a space", _on_space(PIECE), _bottom, "the piece at the bottom of the space's stack, or none",
            reads_game=True),
    Builtin("pieces_at", "a space", _on_space(ListType(PIECE)), lambda g, space: list(g.stack(space)),
            "the pieces at the space, bottom to top", reads_game=True),
    Builtin("tokens", "an object and a token", _tokens, lambda g, obj, token: g.token_count(obj, token),
            "how many of the token lie on the piece or space", reads_game=True),
    Builtin("token_supply", "a token with a supply", _token_supply, lambda g, token: g.supply.get(token, 0),
            "how many of a finite token are left in its supply", reads_game=True),
    Builtin("take", "a kind", _of_kind(lambda kind: kind), lambda g, kind: g.take(kind),
            "the first piece of the kind still at its starting place, or none", reads_game=True),
    Builtin("objects", "a kind", _of_kind(ListType), lambda g, kind: list(g.c.members(kind)),
            "every piece, card or space of the kind"),
    Builtin("abs", "a number", _abs, lambda g, n: abs(n), "the number without its sign"),
    Builtin("quantity", "a number, the word for one and the word for several", _quantity,
            lambda g, n, one, several: f"{n} {one if n == 1 else several}",
            'the number and the word that fits it: `quantity(2, "die", "dice")` is "2 dice"'),
    Builtin("seats", "nothing", _seats, lambda g: g.seats, "how many seats the game is played with", reads_game=True),
    Builtin("in_variant", "a variant name", _in_variant, lambda g, name: g.c.variant == name,
            "whether the game is played with that variant"),
    Builtin("distance", "two spaces of one grid", grids.check_distance, grids.distance,
            "the steps between two spaces of a grid: hex steps, or king moves on a square grid", fails=True),
    Builtin("neighbours", "a space of a grid", grids.check_neighbours, grids.neighbours,
            "the spaces of its grid next to it, in reading order (row by row, left to right)", fails=True),
    Builtin("line", "two spaces of one grid", grids.check_line, grids.line,
            "the spaces a straight line from the first's centre to the second's passes through, both included, "
            "in order; along an edge between two hexes it takes the one on its left", fails=True),
    Builtin("reachable", "a space of a grid, a budget and a cost per space (t -> ...)", grids.check_reachable,
            grids.reachable, "the spaces reachable from the space (itself first) spending at most the budget, "
            "entering each costing the rule's value (none or below 0: it cannot be entered); cheapest first, "
            "ties in reading order", fails=True),
    Builtin("cell", "a grid, a column and a row (from 1)", grids.check_cell, grids.cell,
            "the grid's space at that column and row, or none off the grid"),
    Builtin("active", "an effect, or an effect with its arguments", _active, lambda g, effect: g.effect_on(effect),
            "whether the effect is in force (any instance of it, when named without arguments)", reads_game=True),
]
BUILTINS: dict[str, Builtin] = {b.name: b for b in _ALL}
