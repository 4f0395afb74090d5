"""Hex and square grid geometry: pure functions on (column, row) coordinates counted from 1.

A hex grid has pointy-topped hexes in rows; the first row is flush left and every second row
(rows 2, 4, 6…) is shifted right by half a hex ("odd-r" when rows are counted from 0). A square
grid counts king moves: its diagonal squares are neighbours too.
"""
from __future__ import annotations

import heapq
from fractions import Fraction
from typing import Callable, Hashable, Iterable, Optional

HEX, SQUARE = "hex", "square"
SHAPES = (HEX, SQUARE)

Coord = tuple[int, int]          # (column, row), from 1


# ---- hex coordinates -----------------------------------------------------------------------

def shifted(row: int) -> bool:
    """Whether a hex row is drawn half a hex to the right of the first row."""
    return row % 2 == 0


def to_axial(col: int, row: int) -> Coord:
    """Axial (q, r) of a hex: moving east adds 1 to q, moving south-east adds 1 to r."""
    r = row - 1
    return (col - 1) - (r - (r & 1)) // 2, r


def from_axial(q: int, r: int) -> Coord:
    return q + (r - (r & 1)) // 2 + 1, r + 1


def hex_distance(a: Coord, b: Coord) -> int:
    (aq, ar), (bq, br) = to_axial(*a), to_axial(*b)
    dq, dr = bq - aq, br - ar
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# the axial steps to the six neighbours in reading order: north-west, north-east, west, east,
# south-west, south-east
HEX_STEPS = ((0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1))


def hex_neighbours(c: Coord) -> list[Coord]:
    q, r = to_axial(*c)
    return [from_axial(q + dq, r + dr) for dq, dr in HEX_STEPS]


def hex_line(a: Coord, b: Coord, inside: Callable[[Coord], bool] = lambda c: True) -> list[Coord]:
    """The hexes a straight line from a's centre to b's centre passes through, a and b included,
    each a neighbour of the one before (a line through a corner where three hexes meet takes no
    hex it only touches there). Where the line runs exactly along the edge between two hexes, it
    takes the one on its left as drawn, going from a to b (`hex_line(b, a)` reversed takes the
    hexes on the other side), unless only the other one is `inside` the grid."""
    start, end = to_axial(*a), to_axial(*b)
    step = (end[0] - start[0], end[1] - start[1])
    here, t = start, Fraction(0)
    out = [a]
    while here != end:
        exits = []           # (when the line leaves `here` for a neighbour, the neighbour)
        for dq, dr in HEX_STEPS:
            there = (here[0] + dq, here[1] + dr)
            towards = -2 * _dot(step, (-dq, -dr))          # how fast `there` gains on `here`
            if towards > 0:
                offset = _dot(here, here) - _dot(there, there) - 2 * _dot(start, (-dq, -dr))
                when = Fraction(-offset, towards)
                if when > t:
                    exits.append((when, there))
        t = min(when for when, _ in exits)
        here = min((there for when, there in exits if when == t), key=lambda c: _after(start, step, t, here, c, inside))
        out.append(from_axial(*here))
    return out


def _dot(u: Coord, v: Coord) -> int:
    """The inner product of two axial vectors measured as cube coordinates."""
    return u[0] * v[0] + u[1] * v[1] + (u[0] + u[1]) * (v[0] + v[1])


def _after(start: Coord, step: Coord, t: Fraction, here: Coord, c: Coord, inside: Callable[[Coord], bool]):
    """How a hex the line reaches at t ranks as the next one: the one the line then comes nearer,
    and of two it runs between, the one inside the grid, then the one on the left as drawn (rows
    go down the screen)."""
    approach = _dot(step, (start[0] + step[0] * t - c[0], start[1] + step[1] * t - c[1]))
    vq, vr = c[0] - here[0], c[1] - here[1]
    return approach, not inside(from_axial(*c)), step[0] * vr - step[1] * vq


# ---- square coordinates --------------------------------------------------------------------

def square_distance(a: Coord, b: Coord) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


SQUARE_STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))   # reading order


def square_neighbours(c: Coord) -> list[Coord]:
    return [(c[0] + dc, c[1] + dr) for dc, dr in SQUARE_STEPS]


def square_line(a: Coord, b: Coord) -> list[Coord]:
    """The squares a straight line from a's centre to b's centre passes through, in order; a line
    through a corner goes on diagonally, taking neither square that only touches it there."""
    (x, y), (bx, by) = a, b
    nx, ny = abs(bx - x), abs(by - y)
    sx, sy = (bx > x) - (bx < x), (by > y) - (by < y)
    out, ix, iy = [(x, y)], 0, 0
    while ix < nx or iy < ny:
        # which boundary comes first: the next vertical one at (ix + 1/2)/nx or horizontal one at (iy + 1/2)/ny
        d = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if d <= 0:
            x, ix = x + sx, ix + 1
        if d >= 0:
            y, iy = y + sy, iy + 1
        out.append((x, y))
    return out


# ---- either shape ---------------------------------------------------------------------------

def distance(shape: str, a: Coord, b: Coord) -> int:
    return hex_distance(a, b) if shape == HEX else square_distance(a, b)


def neighbours(shape: str, c: Coord, cols: int, rows: int) -> list[Coord]:
    """The neighbours of c inside a grid of cols x rows, in reading order (row by row, left to right)."""
    near = hex_neighbours(c) if shape == HEX else square_neighbours(c)
    return [n for n in near if 1 <= n[0] <= cols and 1 <= n[1] <= rows]


def line(shape: str, a: Coord, b: Coord, cols: int, rows: int) -> list[Coord]:
    """The spaces of a cols x rows grid that a straight line from a's centre to b's passes through."""
    if shape == SQUARE:
        return square_line(a, b)
    return hex_line(a, b, lambda c: 1 <= c[0] <= cols and 1 <= c[1] <= rows)


def reachable(start: Hashable, budget: int, near: Callable[[Hashable], Iterable[Hashable]],
              cost: Callable[[Hashable], Optional[int]]) -> dict:
    """The least cost of every place reachable from start spending at most `budget`, where entering
    a place costs `cost(place)` (None or below 0: it cannot be entered); Dijkstra's search."""
    if budget < 0:
        return {}
    best = {start: 0}
    done: set = set()
    heap = [(0, 0, start)]
    pushed = 1                   # breaks ties between equal costs without comparing places
    while heap:
        spent, _, here = heapq.heappop(heap)
        if here in done:
            continue
        done.add(here)
        for there in near(here):
            if there in done:
                continue
            step = cost(there)
            if step is None or step < 0:
                continue
            total = spent + step
            if total <= budget and total < best.get(there, budget + 1):
                best[there] = total
                heapq.heappush(heap, (total, pushed, there))
                pushed += 1
    return best
