"""Hex and square grid geometry against values worked out by hand on an odd-r hex map (rows 2, 4, … shifted right)."""
from __future__ import annotations

import itertools

import pytest

from dsl import geometry as G

CELLS = [(c, r) for r in range(1, 7) for c in range(1, 5)]      # a 4 x 6 map


def test_axial_coordinates_round_trip_and_known_values():
    assert G.to_axial(1, 1) == (0, 0)
    assert G.to_axial(1, 2) == (0, 1)
    assert G.to_axial(2, 3) == (0, 2)
    assert G.to_axial(4, 6) == (1, 5)
    for c in CELLS:
        assert G.from_axial(*G.to_axial(*c)) == c


@pytest.mark.parametrize("a, b, steps", [
    ((1, 1), (1, 1), 0), ((1, 1), (2, 1), 1), ((1, 1), (1, 2), 1), ((2, 1), (1, 2), 1),
    ((1, 1), (2, 2), 2), ((1, 1), (1, 3), 2), ((1, 1), (1, 5), 4), ((1, 1), (4, 6), 6), ((4, 1), (1, 6), 5),
    ((2, 2), (3, 2), 1), ((4, 2), (4, 3), 1), ((1, 3), (4, 3), 3)])
def test_hex_distance(a, b, steps):
    assert G.distance(G.HEX, a, b) == G.distance(G.HEX, b, a) == steps


def test_hex_neighbours_in_reading_order_inside_the_grid():
    assert G.neighbours(G.HEX, (1, 1), 4, 6) == [(2, 1), (1, 2)]
    assert G.neighbours(G.HEX, (4, 2), 4, 6) == [(4, 1), (3, 2), (4, 3)]
    assert G.neighbours(G.HEX, (2, 2), 4, 6) == [(2, 1), (3, 1), (1, 2), (3, 2), (2, 3), (3, 3)]     # a shifted row
    assert G.neighbours(G.HEX, (2, 3), 4, 6) == [(1, 2), (2, 2), (1, 3), (3, 3), (1, 4), (2, 4)]
    assert G.neighbours(G.HEX, (4, 6), 4, 6) == [(4, 5), (3, 6)]
    for a in CELLS:
        for b in G.neighbours(G.HEX, a, 4, 6):
            assert G.hex_distance(a, b) == 1


def test_hex_lines_through_centres():
    assert G.hex_line((1, 1), (4, 1)) == [(1, 1), (2, 1), (3, 1), (4, 1)]
    assert G.hex_line((1, 1), (2, 4)) == [(1, 1), (1, 2), (2, 3), (2, 4)]
    assert G.hex_line((3, 3), (3, 3)) == [(3, 3)]


def test_a_line_along_an_edge_takes_the_hex_on_its_left():
    # from 1,1 to 2,2 the line runs between 2,1 (east) and 1,2 (south-east)
    assert G.hex_line((1, 1), (2, 2)) == [(1, 1), (2, 1), (2, 2)]
    assert G.hex_line((2, 2), (1, 1)) == [(2, 2), (1, 2), (1, 1)]
    # straight down the screen, between the hexes of a shifted row
    assert G.hex_line((2, 1), (2, 3)) == [(2, 1), (2, 2), (2, 3)]
    assert G.hex_line((2, 3), (2, 1)) == [(2, 3), (1, 2), (2, 1)]


def test_a_line_along_the_edge_of_the_map_stays_on_it():
    assert G.hex_line((1, 3), (1, 1)) == [(1, 3), (0, 2), (1, 1)]
    assert G.line(G.HEX, (1, 3), (1, 1), 4, 6) == [(1, 3), (1, 2), (1, 1)]


def test_a_line_takes_every_hex_it_passes_through():
    # distance 6, but the line crosses 8 hexes
    assert G.hex_line((1, 1), (4, 6)) == [(1, 1), (1, 2), (2, 3), (3, 3), (2, 4), (3, 4), (4, 5), (4, 6)]
    for a, b in itertools.product(CELLS, CELLS):
        path = G.hex_line(a, b)
        assert path[0] == a and path[-1] == b and len(path) >= G.hex_distance(a, b) + 1
        assert all(G.hex_distance(x, y) == 1 for x, y in zip(path, path[1:]))
        assert set(path) == set(G.hex_line(b, a)) or len(path) == len(G.hex_line(b, a))


def test_square_grids_count_king_moves():
    assert G.distance(G.SQUARE, (1, 1), (3, 2)) == 2
    assert G.neighbours(G.SQUARE, (1, 1), 3, 3) == [(2, 1), (1, 2), (2, 2)]
    assert G.neighbours(G.SQUARE, (2, 2), 3, 3) == [(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)]


def test_square_lines_go_diagonally_through_corners():
    assert G.line(G.SQUARE, (1, 1), (3, 3), 3, 3) == [(1, 1), (2, 2), (3, 3)]
    assert G.line(G.SQUARE, (1, 1), (4, 2), 4, 2) == [(1, 1), (2, 1), (3, 2), (4, 2)]
    assert G.line(G.SQUARE, (1, 1), (1, 3), 1, 3) == [(1, 1), (1, 2), (1, 3)]
    assert G.line(G.SQUARE, (1, 1), (3, 2), 3, 2) == [(1, 1), (2, 1), (2, 2), (3, 2)]


def test_reachable_spends_the_least_cost_and_skips_what_cannot_be_entered():
    costs = {(2, 1): 2, (1, 2): -1}          # woods cost 2; a lake cannot be entered; clear costs 1
    near = lambda c: G.neighbours(G.HEX, c, 4, 6)       # noqa: E731
    found = G.reachable((1, 1), 2, near, lambda c: costs.get(c, 1))
    assert found == {(1, 1): 0, (2, 1): 2}
    found = G.reachable((1, 1), 3, near, lambda c: costs.get(c, 1))
    assert found == {(1, 1): 0, (2, 1): 2, (3, 1): 3, (2, 2): 3}
    assert G.reachable((1, 1), 3, near, lambda c: None) == {(1, 1): 0}
    assert G.reachable((1, 1), -1, near, lambda c: 1) == {}
    assert len(G.reachable((1, 1), 100, near, lambda c: 0)) == 24
