"""`garrison play` in a real terminal: a pty (pexpect) read by a terminal emulator (pyte), and
assertions on what the screen shows at 80×24 and 100×30: the board, the toolbar keeping the
question in view, the legend, completion and numbers that wait for Enter."""
from __future__ import annotations

import os
import re
import sys
import time

import pytest

from paths import REPO, TESTS

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

SCENARIOS = TESTS / "content" / "postmen"


class Terminal:
    """A program running in a pty of `rows`×`cols`, its output drawn by pyte."""

    def __init__(self, cwd, rows: int, cols: int, *args):
        self.screen = Screen(self, cols, rows)
        self.stream = pyte.Stream(self.screen)
        env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8",
                   LINES=str(rows), COLUMNS=str(cols))
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "interpreter", "play", *args], cwd=str(cwd), env=env,
                                   dimensions=(rows, cols), encoding="utf-8", timeout=60)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    def wait_for(self, *wanted: str, timeout: float = 60) -> str:
        """Read output until every one of the texts is on the screen at once."""
        end = time.time() + timeout
        while True:
            self.pump(0.1)
            text = self.text()
            if all(w in text for w in wanted):
                self.pump(0.3)              # let the prompt finish drawing
                return self.text()
            if time.time() > end or not self.child.isalive():
                raise AssertionError(f"{wanted} not on the screen:\n{text}")

    def pump(self, seconds: float) -> None:
        end = time.time() + seconds
        while time.time() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                return

    def keys(self, text: str) -> None:
        self.child.send(text)

    def toolbar(self) -> list[str]:
        """The two last rows of the screen, where the toolbar is."""
        return self.lines()[-2:]

    def close(self) -> None:
        if self.child.isalive():
            self.child.sendcontrol("c")
            self.child.expect(pexpect.EOF)
        self.child.close()


class Screen(pyte.Screen):
    """A pyte screen that answers the program's cursor-position requests, as a terminal does."""

    def __init__(self, terminal: Terminal, cols: int, rows: int):
        super().__init__(cols, rows)
        self.terminal = terminal

    def write_process_input(self, data: str) -> None:
        self.terminal.child.send(data)


@pytest.fixture
def terminals(tmp_path):
    opened = []

    def open_(rows: int, cols: int, *args) -> Terminal:
        terminal = Terminal(tmp_path, rows, cols, *args)
        opened.append(terminal)
        return terminal
    yield open_
    for terminal in opened:
        terminal.close()


def test_postmen_at_80_by_24_keeps_the_question_in_the_toolbar(terminals):
    t = terminals(24, 80, "postmen", "--seed", "3", "--no-save")
    screen = t.wait_for("Tab completes")
    lines = t.lines()
    assert "· decision 1" in screen and "Flanks" in screen and "morale 0 1 2 3 4 5 6 7 8 [9]" in screen
    assert any(line.startswith("> ") or line == ">" for line in lines[-4:])          # the input line
    question, status = t.toolbar()
    assert question.startswith("[seat 1] Move a defender")
    assert status.startswith("morale 9 · period 1 · turn 1") and "1-3 · Tab completes · legend · help" in status
    assert "3. End moves pass" in screen                                    # the id beside the label

    t.keys("log 30\r")                              # the question scrolls away; the toolbar keeps it
    screen = t.wait_for("(the last 30 of")
    assert t.toolbar()[0].startswith("[seat 1] Move a defender")
    assert "Choose 1-3; 'all' lists the options." in screen                 # and it is said again


def test_a_number_that_starts_others_waits_for_enter_and_says_so(terminals):
    t = terminals(24, 80, "postmen", "--seed", "3", "--no-save")
    t.wait_for("Tab completes")
    t.keys("1")                                     # one of three: taken at once
    t.wait_for("Which defender moves?", "· decision 2")
    t.keys("1")                                     # 10-19 exist too: it waits
    t.wait_for("Enter for option 1")
    assert t.toolbar()[1].startswith("1: Enter for option 1, or another digit for 10-19")
    assert "· decision 3" not in t.text()
    t.keys("\r")
    t.wait_for("· decision 3")
    assert "Which defender moves?" not in t.toolbar()[0]


def test_a_number_no_option_has_is_said_at_once(terminals):
    t = terminals(24, 80, "postmen", "--seed", "3", "--no-save")
    t.wait_for("Tab completes")
    t.keys("7")                                     # options 1-3 only
    t.wait_for("no option has this number")
    assert t.toolbar()[1].startswith("7: no option has this number; choose 1-3")


def test_legend_by_completion_and_short_names_at_100_by_30(terminals):
    t = terminals(30, 100, "westerplatte", "--seats", "2", "--no-save")
    screen = t.wait_for("Tab completes")
    assert "day [1] 2 3 4 5 6 7" in screen and "· decision 1" in screen
    assert t.toolbar()[0].startswith("[seat 1] ")
    t.keys("lege\t")                                # Tab completes the command
    t.wait_for("> legend")
    t.keys("\r")
    screen = t.wait_for("Short names on the board:")
    assert "Off… Officer of seat" in screen and re.search(r"MG([A-E])… Machine-gun troop \1", screen)
    t.keys("inspect off1\r")                        # a short name from the board
    assert "Officer of seat 1 (officer_1)" in t.wait_for("Officer of seat 1 (officer_1)")


def test_pass_spends_nothing_in_a_choice_of_numbers(terminals):
    mods = ["--mod", str(SCENARIOS / "examples" / "common.rules"),
            "--mod", str(SCENARIOS / "scenarios" / "suppress_on_placement.rules")]
    t = terminals(24, 80, "postmen", "--no-save", *mods)
    screen = t.wait_for("Spend how many suppression tokens", "Tab completes")
    assert "0-3 · Tab completes" in t.toolbar()[1]            # numbered by the values themselves
    t.keys("pass\r")
    assert "→ 0" in t.wait_for("Spend how many suppression tokens against Rifleman entering 3-4? → 0")


def test_tigerleader_at_80_by_24_spaces_marks_and_explains_the_cells(terminals):
    t = terminals(24, 80, "tigerleader", "--seed", "2", "--no-save")
    screen = t.wait_for("· decision 1", "[seat 1] Buy a unit")
    assert "3A(at German Staging) 4A(at Transit)" in screen                # not `3A(inGerman Staging)`
    assert "Battlefield" not in screen                                      # drawn only while a battle is fought
    t.keys("legend\r")
    screen = t.wait_for("Short names on the board:", "terrain: . open, T trees, R rocks, B buildings")
    assert "· an empty space, — an empty region" in screen
    assert "B1 Battlefield" not in screen and "in at" not in screen
    t.keys("inspect Truck\r")                                               # the German Truck's own label
    assert "Truck (truck_counter#1), a support" in t.wait_for("Truck (truck_counter#1)")
