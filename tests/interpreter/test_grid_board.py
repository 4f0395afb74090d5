"""A hex grid drawn as a board: rows of hexes interlock, on the full board and the compact one."""
from __future__ import annotations

import io

import pytest

import interpreter
from interpreter.terminal import compact, render
from interpreter.web import views
from paths import FIXTURES

PACK = FIXTURES / "battlefield"


@pytest.fixture(scope="module")
def game():
    return interpreter.load_rules(str(PACK)).new_game(seed=1)


def line_with(text: str, needle: str) -> str:
    return next(line for line in text.splitlines() if needle in line)


def interlocks(text: str, first: str, below: str) -> None:
    """Each hex of the second row starts between two hexes of the first row."""
    top, bottom = line_with(text, first.format(1)), line_with(text, below.format(1))
    for col in range(1, 4):
        left, right = top.index(first.format(col)), top.index(first.format(col + 1))
        assert left < bottom.index(below.format(col)) < right, (top, bottom)


def test_the_view_offsets_every_second_row_and_names_hexes_by_column_and_row(game):
    region = game.view.layout.regions[0]
    assert region.hexes and region.staggered == frozenset({1, 3, 5})
    assert [c.name for c in region.rows[1]] == ["1,2", "2,2", "3,2", "4,2"]
    assert region.rows[1][0].space == "field_1_2" and region.rows[1][0].shows == "terrain"
    assert not game.view.layout.regions[1].hexes


@pytest.mark.parametrize("width", [80, 100])
def test_the_full_board_draws_rows_of_hexes_shifted_by_half_a_hex(game, width):
    text = render.render_text(game, width)
    assert all(len(line) <= width for line in text.splitlines())
    assert "1,2 rocks" in text and "4,2 building" in text          # the attribute shown beside each name
    interlocks(text, "{},1 ", "{},2 ")
    interlocks(text, "{},5 ", "{},6 ")
    assert line_with(text, "1,3 clear").index("1,3") == line_with(text, "1,1 clear").index("1,1")
    assert "Truck ×2" in text and "Panzer IV" in text


@pytest.mark.parametrize("width", [80, 100])
def test_the_compact_board_interlocks_the_rows_too(game, width):
    buffer = io.StringIO()
    render.make_console(buffer, width, color=False).print(compact.compact_board(game, width, None))
    text = buffer.getvalue()
    assert all(len(line.rstrip()) <= width for line in text.splitlines())
    assert "2,1:W Truck×2" in text and "4,2:B AG" in text          # short names of the terrain
    interlocks(text, "{},1:", "{},2:")
    interlocks(text, "{},3:", "{},4:")


def test_a_grid_too_wide_to_interlock_still_shows_its_shifted_rows(game):
    buffer = io.StringIO()
    render.make_console(buffer, 50, color=False).print(compact.compact_board(game, 50, None))
    text = buffer.getvalue()
    assert line_with(text, "1,2:").index("1,2:") > line_with(text, "1,3:").index("1,3:")


def test_a_hex_is_drawn_in_the_style_the_layout_gives_the_value_it_shows(game):
    cells = {c.space: c for row in game.view.layout.regions[0].rows for c in row}
    woods, building, clear = cells["field_2_1"], cells["field_4_2"], cells["field_1_1"]
    assert render.cell_header(game, woods).style.bgcolor.name == "dark_green"
    assert render.cell_header(game, building).style.bgcolor.name == "orange4"
    assert render.cell_header(game, clear).style.bgcolor is None
    assert compact.cell_text(game, woods, empty=True).style.bgcolor.name == "dark_green"
    shown = {c["space"]: c for row in views.board_json(game)["regions"][0]["rows"] for c in row["cells"]}
    assert shown["field_2_1"]["bg"] == "#005f00" and shown["field_1_1"]["bg"] is None
    assert shown["field_2_1"]["colour"] == ""          # the value names the terrain already: no colour in words


def test_a_grid_showing_a_list_draws_without_styles(tmp_path):
    text = (PACK / "game.rules").read_text(encoding="utf-8")
    text = text.replace("kind hex: space { terrain: terrain }", "kind hex: space { terrain: terrain, var marks: list[int] = [] }")
    text = text.replace("grid field show terrain", "grid field show marks")
    text = "\n".join(line for line in text.splitlines() if not line.strip().startswith("style "))
    (tmp_path / "game.rules").write_text(text, encoding="utf-8")
    game = interpreter.load_rules(str(tmp_path)).new_game(seed=1)
    assert "1,1" in render.render_text(game, 100)
    assert views.board_json(game)["regions"][0]["rows"][0]["cells"][0]["bg"] is None
    buffer = io.StringIO()
    render.make_console(buffer, 60, color=False).print(compact.compact_board(game, 60, None))
    assert "1,1:" in buffer.getvalue()
