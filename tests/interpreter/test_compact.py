"""The board fitted to a small terminal: short names, the compact drawings, and whole screens of
`garrison play` that never take more rows than the terminal has."""
from __future__ import annotations

import io
import os
import random

import pytest
from rich.console import Console

import interpreter
from interpreter.terminal import compact, render, shortnames
from interpreter.terminal.legend import inspect_text
from interpreter.terminal.prompt import Session
from paths import TESTS

SNAPSHOTS = TESTS / "interpreter" / "snapshots"


@pytest.mark.parametrize("label, short", [
    ("Trained postal worker 3", "TPW3"),
    ("Machine gunner B", "MGB"),
    ("upper 1", "U1"),
    ("front 9-10", "F9-10"),
    ("ground 1 (rear entrance)", "G1"),
    ("Light machine gun [R][S]", "LMG"),
    ("SS rifleman", "SSR"),
    ("J. Pipka", "J.Pipka"),
    ("Młyński", "Młyński"),
    ("Rifleman", "Rifl."),
    ("1-2", "1-2"),
])
def test_labels_are_abbreviated(label, short):
    assert shortnames.abbreviate(label) == short


def game_after(pack: str, seats: int, choices: int, seed: int = 1):
    game = interpreter.load_rules(pack).new_game(seed=seed, seats=seats)
    pick = random.Random(seed)
    for _ in range(choices):
        if game.over:
            break
        game.choose(pick.choice(game.decision.options).id)
    return game


def plain(renderable, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False, emoji=False)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines()) + "\n"


def test_declared_short_names_win_and_kinds_keep_the_closing_number():
    game = game_after("westerplatte", 2, 0)
    assert shortnames.short_name(game, "officer_2") == "Off2"            # `short officer "Off"`
    assert shortnames.short_name(game, "outpost_c") == "OutC"            # `short outpost_c "OutC"`
    assert shortnames.short_name(game, "tile_b") == "GB"                 # no short: the label abbreviated
    postmen = game_after("postmen", 1, 0)
    assert shortnames.short_name(postmen, "exhausted") == "exh"          # a field
    assert shortnames.short_name(postmen, "trained_3") == "TPW3"


@pytest.mark.parametrize("label, plain", [
    ("ground 1 (rear entrance)", "ground 1"),
    ("Light machine gun [R][S]", "Light machine gun"),
    ("Panzer 38(t) #306", "Panzer 38(t) #306"),                   # a bracket inside a word is the name's
    ("Panzer III (Short) #351", "Panzer III (Short) #351"),       # and so is one before other words
])
def test_only_closing_notes_are_left_out(label, plain):
    assert shortnames.without_notes(label) == plain


def test_different_things_never_share_a_short_name():
    westerplatte = game_after("westerplatte", 2, 0)
    assert shortnames.short_name(westerplatte, "tile_b") == "GB"         # the space the layout draws keeps it
    assert shortnames.short_name(westerplatte, "box") == "GaBo"          # 'Game box', off the board, gives way
    postmen = game_after("postmen", 1, 0)
    assert shortnames.short_name(postmen, "a1_gehrke") == "LGehrke"      # 'Leader: Gehrke' and 'Leader: Götze'
    assert shortnames.short_name(postmen, "a3_gotze") == "LGötze"
    assert shortnames.short_name(postmen, "a2_rifleman#1") == "Rifl.7-12"  # 'Rifleman (1-6)' and '(7-12)'
    tiger = game_after("tigerleader", 1, 0)
    assert shortnames.short_name(tiger, "albert") == "Albert"            # the commander and his cards
    assert shortnames.short_name(tiger, "albert_ace") == "AlbertAce"
    assert shortnames.short_name(tiger, "field_2_3") == "2,3"            # a grid's space: column and row
    assert shortnames.short_name(tiger, "stranded_in") == "stranded in"  # a field's name is words, not cut
    assert shortnames.short_name(tiger, "clear") == "."                  # a value's own short


CLASHES = """game t "T" { seats 1 home box }
space box "Game box"
space counters "Enemy counters"
piece cards "Event cards": piece at box
piece gun "MG": piece at box
piece machine_gun "Machine Gun": piece at box
piece scout "Scout": piece at counters
piece scout_car "Scout car": piece x2 at counters
play { }
layout { short scout_car "Sct" region "Pool" { row counters } }
"""


def test_a_generic_short_name_gives_way_to_another_thing(write_rules):
    view = interpreter.load_rules(write_rules(CLASHES)).new_game(seed=1).view
    names = shortnames.object_names(view)
    assert names["counters"] == "EC" and names["cards"] == "EvCa"          # the space the layout draws keeps it
    assert names["gun"] == "MG" and names["machine_gun"] == "MaGu"         # not another thing's label
    assert names["scout_car#1"] == names["scout_car#2"] == "Sct"           # copies share their name
    assert len({shortnames.key(n) for n in names.values()}) == len(set(map(view.label, view.objects)))


TRACKS = """game t "T" { seats 1 home box }
space box "Game box"
kind troop: piece { }
piece mg_a "Machine-gun troop A 1/1/1": troop at box
piece mg_b "Machine-gun troop B 1/1/1": troop x2 at box
piece mg_c "Machine-gun troop C 2/1/1": troop at box
piece door_1 "Door 1": piece at box
piece gate_1 "Gate 1": piece at box
play { }
layout { short troop "MG"  short door_1 "D1"  short gate_1 "D1" }
"""


def test_pieces_named_by_their_kind_are_told_apart_by_the_words_their_labels_do_not_share(write_rules):
    view = interpreter.load_rules(write_rules(TRACKS)).new_game(seed=1).view
    names = shortnames.object_names(view)
    assert names["mg_a"] == "MGA1/1/1" and names["mg_b#1"] == names["mg_b#2"] == "MGB1/1/1"   # copies share it
    assert names["mg_c"] == "MG2/1/1"                                      # no other troop shares it
    assert names["door_1"] == names["gate_1"] == "D1"                      # a name declared for one object stays
    westerplatte = game_after("westerplatte", 2, 0)
    troops = {shortnames.short_name(westerplatte, f"hmg_{track}1") for track in "abcde"}
    assert troops == {"MGA1/1/1", "MGB1/1/1", "MGC1/1/1", "MGD1/1/1", "MGE1/1/1"}
    assert shortnames.short_name(westerplatte, "howitzer_c2") == "HowC2/0/1"
    assert inspect_text(westerplatte, "MGE1/1/1")[0].startswith("Machine-gun troop E 1/1/1 (hmg_e1)")


def test_a_piece_keeps_the_spaces_of_its_marks_and_the_first_space_its_region_names_is_not_named_twice():
    game = interpreter.load_rules("tigerleader").new_game(seed=2)
    text = plain(compact.compact_board(game, 80, 12))
    assert "3A(at German Staging)" in text and "4A(at Transit)" in text
    battle = game_after("tigerleader", 1, 70)         # a battle under way, its units led
    text = plain(compact.compact_board(battle, 80, None))
    headquarters = next(line for line in text.splitlines() if line.startswith("HQ "))
    assert headquarters.split()[1] != "HQ"                   # `HQ  FGun962 …`, not `HQ  HQ FGun962 …`
    assert "(by " in text                                    # `PzI(by Albert)`: a space before a word
    marked = compact.Text("Campaign 1A(at" + compact.KEEP + "Rear) 3A(at" + compact.KEEP + "German" + compact.KEEP
                          + "Staging) 3S(at" + compact.KEEP + "Rear)")
    lines = [compact.spaced(line).plain.strip() for line in compact.wrapped(marked, compact.measuring_console(40), 30)]
    assert lines == ["Campaign 1A(at Rear)", "3A(at German Staging)", "3S(at Rear)"]   # a piece is never broken


@pytest.mark.parametrize("pack, seats, height", [("postmen", 1, 14), ("westerplatte", 2, 10)])
def test_compact_snapshot(pack, seats, height):
    board = compact.compact_board(game_after(pack, seats, 40), 80, height)
    text = plain(board)
    head = [line for part in board.renderables[:-1] for line in part.plain.split("\n")]     # the status and tracks
    assert all(compact.cell_len(line) <= 80 for line in head)      # each fits: rich would wrap it, a lone word below
    path = SNAPSHOTS / f"{pack}_compact_{height}.txt"
    if os.environ.get("GARRISON_UPDATE_SNAPSHOTS") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), "the compact board changed; see test_render.py"


def test_a_hex_map_keeps_its_rows_and_leaves_out_the_attribute_its_cells_show():
    game = game_after("tigerleader", 1, 80)                     # in a battle: terrain laid, units placed
    text = plain(compact.compact_board(game, 80, 12))
    assert "terrain" not in text                                # `show terrain` names it once per cell
    rows = [line for line in text.splitlines() if "1," in line and ":" in line]
    assert [r.split("1,")[1][0] for r in rows[:6]] == ["1", "2", "3", "4", "5", "6"]   # every row, in order


def test_maps_get_their_lines_before_the_other_regions_share_the_rest():
    entries = [("Map", ["r1", "r2", "r3", "r4"]), ("Units", ["u1", "u2", "u3"]), ("Cards", ["c1", "c2"])]
    assert compact.shares(entries, 6, {0}) == [4, 1, 1]
    assert compact.shares(entries, 4, {0}) == [2, 1, 1]
    assert compact.shares(entries, 6) == [2, 2, 2]


def test_a_cut_region_says_so_and_keeps_its_first_spaces():
    game = game_after("postmen", 1, 40)
    tight = plain(compact.compact_board(game, 80, 10))
    assert "…" in tight and "Upper floors U1" in tight
    roomy = plain(compact.compact_board(game, 80, 60))
    assert "…" not in roomy


@pytest.mark.parametrize("pack, seats", [("postmen", 1), ("westerplatte", 1), ("westerplatte", 4), ("tigerleader", 1)])
def test_the_fitted_board_never_takes_more_lines_than_it_is_given(pack, seats):
    game = interpreter.load_rules(pack).new_game(seed=7, seats=seats)
    pick = random.Random(7)
    for step in range(120):
        if game.over:
            break
        if step % 6 == 0:
            for height in (10, 14, 20, 30, 200):
                drawing = compact.fitted_board(game, 80, height)
                text = plain(drawing)
                taken = len(text.splitlines())
                minimum = 2 + len(game.view.layout.regions)     # status, tracks, a line per region
                assert taken <= max(height, minimum), (height, text)
                assert max(len(line) for line in text.splitlines()) <= 80
                full = text == plain(render.board(game))
                assert full == (height == 200), height       # the full board only when it fits
        game.choose(pick.choice(game.decision.options).id)


def test_inspect_accepts_a_short_name():
    game = game_after("postmen", 1, 0)
    assert inspect_text(game, "TPW3")[0].startswith("Trained postal worker 3 (trained_3)")


class Screen:
    """A 80×24 terminal that records what a Session prints and answers its prompts."""

    def __init__(self, answers):
        self.console = Console(file=io.StringIO(), width=80, height=24, color_system=None,
                               force_terminal=False, highlight=False, emoji=False)
        self.answers = iter(answers)

    def read(self, prompt: str, ready=None, empty: bool = False) -> str:
        self.console.file.write(prompt + "\n")
        return next(self.answers)

    def screens(self) -> list[list[str]]:
        """What was printed from each decision's heading to its prompt."""
        out, current = [], None
        for line in self.console.file.getvalue().splitlines():
            if " · decision " in line and line.startswith("─"):
                current = [line]
            elif current is not None:
                current.append(line)
                if line == "> ":
                    out.append(current)
                    current = None
        return out


@pytest.mark.parametrize("pack, seats", [("postmen", 1), ("westerplatte", 2), ("tigerleader", 1)])
def test_every_screen_of_a_game_fits_80_by_24(pack, seats):
    game = interpreter.load_rules(pack).new_game(seed=4, seats=seats)      # a game that lasts 60 decisions
    pick = random.Random(4)

    def answers():
        for _ in range(60):
            yield str(pick.choice(session.numbering.numbers))
        yield "quit"

    screen = Screen(answers())
    session = Session(game, screen.console, read=screen.read, interactive=True)
    session.run()
    screens = screen.screens()
    assert len(screens) >= 20
    for lines in screens:
        assert len(lines) <= 24, "\n".join(lines)
        assert max(len(line) for line in lines) <= 80


def test_a_map_cut_short_lists_every_occupied_hex_rather_than_its_first_rows():
    battle = game_after("tigerleader", 1, 70)
    field = next(r for r in battle.regions_shown() if r.title == "Battlefield")
    held = [c.name for row in field.rows for c in row if battle.pieces_at(c.space)]
    assert len(held) > 3
    text = plain(compact.compact_board(battle, 80, 9))        # too short for the map's six rows
    part = text.split("HQ")[0]
    assert "1,1:" not in part                                   # an empty hex is left out
    assert all(f"{name}:" in part for name in held), text
    assert not any(f"{c.name}:" in part for row in field.rows for c in row if not battle.pieces_at(c.space))
