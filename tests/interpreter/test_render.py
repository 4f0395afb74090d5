"""The board drawn from a pack's layout: snapshots of fixed positions, 80 columns, no colour needed.

The snapshots are in tests/interpreter/snapshots/. After an intended change to the drawing or to
a pack, regenerate them with:

    GARRISON_UPDATE_SNAPSHOTS=1 python -m pytest -q tests/interpreter/test_render.py

and read the diff before keeping it.
"""
from __future__ import annotations

import io
import os
import random
import re

import pytest

import interpreter
from interpreter.terminal import render
from interpreter.web import views
from paths import FIXTURES, TESTS

SNAPSHOTS = TESTS / "interpreter" / "snapshots"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

# (pack, seats, seed, how many first options to take) → a fixed position
POSITIONS = {
    "postmen": ("postmen", 1, 1, 6),
    "westerplatte": ("westerplatte", 2, 1, 6),
    "tiny_no_layout": (str(FIXTURES / "tiny"), 1, 1, 2),
}


def position(name: str):
    pack, seats, seed, steps = POSITIONS[name]
    game = interpreter.load_rules(pack).new_game(seed=seed, seats=seats)
    for _ in range(steps):
        game.choose(game.decision.options[0].id)
    return game


@pytest.fixture(scope="module", params=sorted(POSITIONS))
def drawn(request):
    return request.param, render.render_text(position(request.param))


def test_snapshot(drawn):
    name, text = drawn
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("GARRISON_UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"the board of {name} changed; see this file's docstring"


def test_fits_80_columns_without_colour_codes(drawn):
    name, text = drawn
    assert not ANSI.search(text)
    too_wide = [line for line in text.splitlines() if len(line) > 80]
    assert not too_wide, too_wide


def test_postmen_board_shows_regions_tracks_stacks_and_decks():
    text = render.render_text(position("postmen"))
    assert text.splitlines()[0].startswith("morale 0 1 2 3 4 5 6 7 8 [9] │ period 1 │ turn 1")
    for title in ("Approaches", "Support", "Upper floors", "Ground floor", "Basement", "Elsewhere"):
        assert f"─ {title}" in text
    assert "upper 1 ·red" in text and "basement 3-4 ·dark blue" in text      # colour in words too
    assert "Ammunition ×2" in text                                            # identical pieces counted
    assert "step 1" in text                                                   # a marker on a space
    assert re.search(r"Attack 1 deck\s.*\n.*\d+ cards", text)                   # a deck: its count only
    assert re.search(r"Supply \(\d+ pieces\): ", text)


def test_westerplatte_board_shows_tracks_wall_tokens_and_day():
    game = position("westerplatte")
    text = render.render_text(game)
    assert text.splitlines()[:2] == ["morale -3 -2 [-1] 0 1 2 3 │ day [1] 2 3 4 5 6 7 │ turn 2 │ moves left 0",
                                     "actions left 0"]           # a new line, not a separator, when it would not fit
    assert "A-I" in text and "E-IV" in text and "Guardhouse F" in text
    assert "6 brick" in text and "landmine" in text
    assert "Officer of seat 1 (2" in text                                     # tokens on a piece
    assert ("Officer of seat 1 (2 ammunition)", 1) in render.grouped(game, game.pieces_at("tile_c"))
    assert "Game box (2 pieces): Officer of seat 3, Officer of seat 4" in text


def test_a_pack_without_layout_lists_every_occupied_space():
    text = render.render_text(position("tiny_no_layout"))
    assert "─ Board" in text and "morale" in text and "North gate" in text


def test_colour_when_the_terminal_allows_it():
    buffer = io.StringIO()
    console = render.make_console(buffer, width=80, color=True)
    console.print(render.board(position("postmen")))
    assert ANSI.search(buffer.getvalue())
    assert render.colour_word("white on dark_blue") == "dark blue"
    assert render.colour_word("bold red") == ""                 # only background chips carry meaning


def test_a_tall_pile_is_summarised_and_keeps_its_top():
    game = position("postmen")
    lines = render.stack_lines(game, "supply", 12, 3)
    assert lines[0].startswith("(+") and len(lines) <= 3


def test_the_board_asked_for_shows_a_crowded_space_in_full():
    game = interpreter.load_rules("tigerleader").new_game(seed=1)
    draws = random.Random(1)
    while len(game.pieces_at("barracks")) < 12:           # units and commanders bought into Head Quarters
        game.choose(game.draw(draws))
    summarised = plain(render.board(game))
    full = plain(render.board(game, cell_lines=None))
    assert "below)" in summarised and "below)" not in full
    names = {game.label(p) for p in game.pieces_at("barracks")}
    assert all(name in " ".join(full.split()) for name in names)


def plain(drawing) -> str:
    buffer = io.StringIO()
    render.make_console(buffer, 100, color=False).print(drawing)
    return buffer.getvalue()


def test_inspect_describes_spaces_and_pieces():
    game = position("postmen")
    space = render.inspect_lines(game, "u1")
    assert space[0] == "upper 1 (u1), a defender space"
    assert any(line.startswith("  holds (bottom to top): ") for line in space)
    piece = render.inspect_lines(game, "konrad")
    assert piece[0] == "Konrad (konrad), a defender"              # the kind its declaration names
    assert any(line.startswith("  at: ") for line in piece)
    assert render.find_objects(game, "UPPER 1") == ["u1"]


def test_a_status_variable_holding_nothing_reads_as_a_dash():
    game = interpreter.load_rules("tigerleader").new_game(seed=1)
    assert game.var("condition") is None
    line = render.status_line(game, game.view.layout).plain
    assert "condition —" in line and "nothing" not in line


def test_a_layout_shows_variables_and_regions_only_while_their_condition_holds():
    game = interpreter.load_rules(FIXTURES / "shown_while").new_game(seed=1)
    assert game.status_shown() == ["day"] and [r.title for r in game.regions_shown()] == ["Camp"]
    text = render.render_text(game)
    assert "round" not in text and "Field" not in text
    game.choose("fight")
    assert game.status_shown() == ["day", "round"] and [r.title for r in game.regions_shown()] == ["Camp", "Field"]
    text = render.render_text(game)
    assert "round 1" in text and "Field" in text and "Runner" in text
    assert views.board_json(game)["status"][1]["name"] == "round"


def test_a_layout_condition_must_be_true_or_false(tmp_path):
    (tmp_path / "game.rules").write_text((FIXTURES / "shown_while" / "game.rules").read_text()
                                         .replace("show round while fighting", "show round while round"))
    with pytest.raises(interpreter.RulesError, match="the condition after 'while' should be true/false, but this is a number"):
        interpreter.load_rules(tmp_path)


def test_a_layout_that_would_roll_dice_is_refused(tmp_path):
    (tmp_path / "game.rules").write_text((FIXTURES / "shown_while" / "game.rules").read_text()
                                         .replace("show round while fighting", "show round while roll d6 > 3")
                                         + "die d6 1..6\n")
    with pytest.raises(interpreter.RulesError, match="a layout rolls dice or picks at random here"):
        interpreter.load_rules(tmp_path)
