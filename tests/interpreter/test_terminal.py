"""`garrison play` and `garrison replay` run as real processes: at a terminal (a pty, via pexpect),
with piped input, and with bad input or damaged saves."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys

import pytest

from paths import REPO

pexpect = pytest.importorskip("pexpect")

PROMPT = r"\r\n> "
HANDOVER = r"Press Enter to go on: "
HEADING = re.compile(r"· decision (\d+)")
DECISION = re.compile(r"\[seat (\d)\] ([^\r\n]+)")


def environment() -> dict:
    # a dumb terminal's size is not asked of the terminal: LINES and COLUMNS give the pty's
    env = dict(os.environ, TERM="dumb", PYTHONIOENCODING="utf-8", PYTHONPATH=str(REPO), LINES="24", COLUMNS="80")
    env.pop("NO_COLOR", None)
    return env


def spawn(cwd, *args):
    return pexpect.spawn(sys.executable, ["-m", "interpreter.cli", *args], cwd=str(cwd), env=environment(),
                         encoding="utf-8", dimensions=(24, 80), timeout=90, preexec_fn=_ctrl_c_as_at_a_terminal)


def _ctrl_c_as_at_a_terminal():
    """A shell without job control starts background commands with Ctrl-C ignored, and the child
    would inherit that; a player's terminal does not."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def garrison(cwd, *args, stdin: str = ""):
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", *args], cwd=str(cwd), input=stdin,
                         capture_output=True, text=True, timeout=300, env=environment())
    assert "Traceback" not in out.stdout + out.stderr, out.stdout + out.stderr
    return out


class Player:
    """Types at a pexpect child and remembers the last decision it was shown."""

    def __init__(self, child):
        self.child = child
        self.seen = ""
        self.handovers = 0
        self.wait()

    def wait(self) -> str:
        """Up to the next question's prompt; a hand-over to another seat on the way is passed with Enter."""
        before = ""
        while self.child.expect([PROMPT, HANDOVER]) == 1:
            before += self.child.before + self.child.after
            self.handovers += 1
            self.child.send("\r")
        self.seen += before + self.child.before + "\r\n> "
        return before + self.child.before

    def type(self, line: str) -> str:
        self.child.sendline(line)
        return self.wait()

    def first(self) -> str:
        """The lowest number the last question offers (numbers kept from the question before may start past 1)."""
        return re.findall(r"Choose (\d+)", self.seen)[-1]

    def press(self, key: str) -> str:
        """One key and no Enter."""
        self.child.send(key)
        return self.wait()

    def position(self) -> tuple[str, tuple[str, str]]:
        """The last decision number and (seat, prompt) shown."""
        return HEADING.findall(self.seen)[-1], DECISION.findall(self.seen)[-1]

    def lines_fit(self) -> None:
        too_wide = [line for line in self.seen.split("\r\n") if len(line) > 80]
        assert not too_wide, too_wide[:3]

    def screen_fits(self) -> None:
        """From the last decision's heading to the input line, the screen takes at most 24 rows."""
        screen = self.seen[self.seen.rindex("─ "):].split("\r\n")
        assert screen[-1] == "> " and len(screen) <= 24, "\n".join(screen)


def finish(child, status: int = 0) -> str:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status, child.before
    assert "Traceback" not in child.before
    return child.before


def state_of(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))["state"]


# ---- at a terminal -----------------------------------------------------------------------

def test_postmen_choose_undo_save_quit_and_resume(tmp_path):
    me = Player(spawn(tmp_path, "play", "postmen", "--seed", "3", "--save", "pm.json"))
    assert "Autosaving after every decision to pm.json" in me.seen
    assert "Flanks" in me.seen and "morale 0 1 2 3 4 5 6 7 8 [9]" in me.seen
    me.screen_fits()
    assert "1. Move a defender" in me.seen              # Enemy Phase over: the first move, in steps
    assert "Move a defender › Which defender moves?" in me.press("1")       # one of 3: no Enter needed
    me.screen_fits()
    step = me.type("milewczyk")                 # an option's id works as well as its number
    assert "Move a defender › Milewczyk › Where does Milewczyk go?" in step and "or 'back'" in step
    me.screen_fits()
    whole = me.type("board")
    recalled = whole.split("╯")[-1]                                          # the question, recalled
    assert "Where does Milewczyk go?" in recalled and "Choose 1-2; 'all' lists the options." in recalled
    assert "─ Approaches" in whole and "─ Basement" in whole and "upper 1 ·red" in whole
    one = me.type("board upper")
    assert "─ Upper floors" in one and "─ Basement" not in one
    assert "No region's title has 'attic'" in me.type("board attic")
    before_undo = me.position()
    assert "(undone)" in me.type("undo")
    assert me.position()[0] == str(int(before_undo[0]) - 1)
    first_step = me.type("back")
    assert "End moves" in first_step and " › " not in first_step.split("[seat 1]")[-1].splitlines()[0]
    assert "cannot step back" in me.type("back")
    assert "'frobnicate' is not a command, an option or a name in this game" in me.type("frobnicate")
    assert "No option now mentions 'gdaniec' (Gdaniec)" in me.type("gdaniec")      # a name, but not offered
    assert "There is no option 999" in me.type("999")
    assert "There is no option 999999999…" in me.type("9" * 12)        # past any option number (or reading)
    assert "Attack 1 deck is shuffled" in me.type("log " + "9" * 12)        # more than there are: every event
    assert "Konrad (konrad)" in me.type("inspect KONRAD")
    assert "saved to mid.json" in me.type("save mid.json")
    me.lines_fit()
    where = me.position()
    me.child.sendline("quit")
    out = finish(me.child)
    assert "garrison play postmen --load pm.json" in out
    assert state_of(tmp_path / "pm.json") == state_of(tmp_path / "mid.json")

    again = Player(spawn(tmp_path, "play", "postmen", "--load", "pm.json"))
    assert again.position() == where
    again.child.sendline("quit")
    finish(again.child)


def test_answers_typed_ahead_are_kept(tmp_path):
    child = spawn(tmp_path, "play", "westerplatte", "--seats", "2", "--no-save")
    child.expect(PROMPT)
    child.send("1\n1\n1\nundo\n")           # all at once, before the game has read the first
    child.expect(r"\(undone\)")
    child.sendline("quit")
    finish(child)


def test_westerplatte_two_seats_ctrl_c_saves_and_resumes(tmp_path):
    me = Player(spawn(tmp_path, "play", "westerplatte", "--seats", "2", "--save", "wp.json"))
    assert "Tracks" in me.seen and "day [1] 2 3 4 5 6 7" in me.seen
    for _ in range(3):
        me.type(me.first())
        me.screen_fits()
    assert "(undone)" in me.type("undo")
    me.type(me.first())
    me.lines_fit()
    assert me.handovers >= 1 and "Seat 2's turn: pass the game to the player of seat 2." in me.seen
    assert me.position()[1][0] == "2"                       # after Enter, seat 2's question
    where = me.position()
    me.child.sendintr()
    out = finish(me.child, status=130)
    assert "Interrupted" in out and "garrison play westerplatte --load wp.json" in out

    again = Player(spawn(tmp_path, "play", "westerplatte", "--load", "wp.json"))
    assert again.position() == where
    again.type("1")
    again.child.sendline("quit")
    finish(again.child)


def test_a_new_game_autosaves_in_the_current_folder_and_keeps_an_older_save(tmp_path):
    me = Player(spawn(tmp_path, "play", "westerplatte"))
    me.type("1")
    me.child.sendline("quit")
    finish(me.child)
    saved = tmp_path / "westerplatte.garrison-save.json"
    assert saved.exists()
    first = saved.read_bytes()
    me = Player(spawn(tmp_path, "play", "westerplatte", "--seed", "2"))
    me.child.sendline("quit")               # no decision made: the older save is left alone
    assert "is left as it was" in finish(me.child)
    assert saved.read_bytes() == first and not (tmp_path / "westerplatte.garrison-save.json.previous").exists()
    me = Player(spawn(tmp_path, "play", "westerplatte", "--seed", "2"))
    assert "is kept as westerplatte.garrison-save.json.previous" in " ".join(me.type("1").split())   # at the first save
    me.child.sendline("quit")
    finish(me.child)
    assert (tmp_path / "westerplatte.garrison-save.json.previous").read_bytes() == first


def test_a_bad_file_at_the_prompt_does_not_end_the_game(tmp_path):
    (tmp_path / "broken.json").write_text('{"format": "garrison-save", "game": "postm', encoding="utf-8")
    me = Player(spawn(tmp_path, "play", "westerplatte", "--no-save"))
    assert "damaged or cut short" in me.type("load broken.json")
    assert "there is no such file" in me.type("load nowhere.json")
    me.type("1")
    me.child.sendline("quit")
    finish(me.child)


def test_a_number_no_other_option_starts_with_needs_no_enter(tmp_path):
    me = Player(spawn(tmp_path, "play", "westerplatte", "--no-save"))
    first = int(me.position()[0])
    me.press("1")
    assert int(me.position()[0]) == first + 1
    me.screen_fits()
    me.child.sendline("quit")
    finish(me.child)


def test_with_enter_a_number_waits_for_enter(tmp_path):
    me = Player(spawn(tmp_path, "play", "westerplatte", "--no-save", "--enter"))
    me.child.send("1")
    with pytest.raises(pexpect.TIMEOUT):
        me.child.expect(PROMPT, timeout=2)
    me.type("")
    assert me.position()[0] == "2"
    me.child.sendline("quit")
    finish(me.child)


# ---- piped input -------------------------------------------------------------------------

def scripted(tmp_path, pack: str, choices: list[str], *extra) -> subprocess.CompletedProcess:
    out = garrison(tmp_path, "play", pack, "--save", "game.json", *extra, stdin="\n".join(choices + ["quit"]) + "\n")
    assert out.returncode == 0, out.stderr
    return out


def test_scripted_play_reads_numbers_and_ids(tmp_path):
    out = scripted(tmp_path, "westerplatte", ["move_officer:outpost_d", "1", "2", "undo", "1", "log 5"],
                   "--seats", "2")
    assert "╭" not in out.stdout                                   # no board unless at a terminal
    assert "[seat 1] Officer of seat 1" in out.stdout
    assert "Move to Outpost before track D" in out.stdout
    assert "(undone)" in out.stdout
    assert "The game is saved in game.json" in out.stdout
    saved = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert [s[1] for s in saved["trail"] if s[0] == "choose"][0] == "move_officer:outpost_d"
    assert len([s for s in saved["trail"] if s[0] == "choose"]) == 3


def test_scripted_play_without_save_writes_no_file(tmp_path):
    out = garrison(tmp_path, "play", "postmen", stdin="1\nquit\n")
    assert out.returncode == 0
    assert not list(tmp_path.iterdir())


def test_end_of_input_stops_and_keeps_the_save(tmp_path):
    out = garrison(tmp_path, "play", "postmen", "--save", "g.json", stdin="1\n")
    assert out.returncode == 0 and "(end of input: stopping)" in out.stdout
    assert garrison(tmp_path, "replay", "g.json").returncode == 0


# ---- replay ------------------------------------------------------------------------------

def test_replay_verifies_a_saved_game(tmp_path):
    scripted(tmp_path, "postmen", ["1", "1", "1", "undo", "2"])
    out = garrison(tmp_path, "replay", "game.json")
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.fullmatch(r"verified: same state after \d+ decisions?\n", out.stdout), out.stdout


def test_replay_step_shows_every_decision(tmp_path):
    scripted(tmp_path, "westerplatte", ["1", "1"], "--seats", "2")
    out = garrison(tmp_path, "replay", "game.json", "--step")
    assert out.returncode == 0
    assert "Decision 1 [seat 1]" in out.stdout and "Decision 2 [seat 1]" in out.stdout
    assert "→ Move to" in out.stdout
    assert out.stdout.strip().splitlines()[-1] == "verified: same state after 2 decisions"


def test_replay_reports_a_tampered_state(tmp_path):
    scripted(tmp_path, "postmen", ["1", "1"])
    path = tmp_path / "game.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["state"]["vars"]["morale"] = 3
    path.write_text(json.dumps(data), encoding="utf-8")
    out = garrison(tmp_path, "replay", "game.json")
    assert out.returncode == 1
    assert "state.vars.morale: saved 3, replayed 9" in out.stdout


def test_replay_reports_a_tampered_choice(tmp_path):
    scripted(tmp_path, "westerplatte", ["1"])
    path = tmp_path / "game.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["trail"] = [["choose", "no_such_option"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    out = garrison(tmp_path, "replay", "game.json")
    assert out.returncode == 1
    assert "the saved choice 'no_such_option' is not an option" in out.stdout


# ---- damaged saves -----------------------------------------------------------------------

@pytest.fixture
def good_save(tmp_path):
    scripted(tmp_path, "westerplatte", ["1"])
    return tmp_path / "game.json"


@pytest.mark.parametrize("damage, message", [
    (lambda text: text[: len(text) // 2], r"cannot load bad\.json: the saved game is damaged or cut short"),
    (lambda text: "", r"cannot load bad\.json: the file is empty"),
    (lambda text: "hello", r"cannot load bad\.json: the saved game is damaged or cut short"),
    (lambda text: '{"format": "something else"}', r"cannot load bad\.json: this is not a Garrison saved game"),
])
def test_a_damaged_save_is_one_line_and_exit_2(good_save, damage, message):
    folder = good_save.parent
    (folder / "bad.json").write_text(damage(good_save.read_text(encoding="utf-8")), encoding="utf-8")
    for args in (["play", "westerplatte", "--load", "bad.json"], ["replay", "bad.json"]):
        out = garrison(folder, *args)
        assert out.returncode == 2, (args, out.stdout, out.stderr)
        assert "\n" not in out.stderr.strip() and re.search(message, out.stderr), out.stderr


def test_a_save_of_another_game_is_refused(good_save):
    out = garrison(good_save.parent, "play", "postmen", "--load", "game.json")
    assert out.returncode == 2
    assert out.stderr.strip() == "garrison: cannot load game.json: it is a game of 'westerplatte', not 'postmen'"
    out = garrison(good_save.parent, "play", "postmen", "--load", "missing.json")
    assert out.returncode == 2 and "there is no such file" in out.stderr


@pytest.mark.parametrize("pack", [["postmen"], ["westerplatte", "--seats", "2"]])
def test_a_whole_game_can_be_played_by_typing_numbers(tmp_path, pack):
    out = garrison(tmp_path, "play", *pack, "--save", "whole.json", stdin="1\n" * 3000)
    assert out.returncode == 0, out.stderr
    assert re.search(r": \w[\w ]*(, score -?\d+)? after \d+ decisions$", out.stdout.strip()), out.stdout[-500:]
    assert "Game over" in out.stdout
    assert garrison(tmp_path, "replay", "whole.json").stdout.startswith("verified: same state")


def test_ctrl_d_at_a_hand_over_stops_and_saves_as_at_a_question(tmp_path):
    child = spawn(tmp_path, "play", "westerplatte", "--seats", "2", "--save", "wp.json")
    index = child.expect([PROMPT, HANDOVER])
    while index == 0:
        child.send(re.findall(r"Choose (\d+)", child.before)[-1])     # the lowest number offered: at once, or ...
        index = child.expect([PROMPT, HANDOVER, pexpect.TIMEOUT], timeout=5)
        if index == 2:                                                  # ... waiting for Enter where others start with it
            child.send("\r")
            index = child.expect([PROMPT, HANDOVER])
    child.send("\x04")
    out = finish(child)
    assert "Stopping." in out and "The game is saved in wp.json" in out


def test_a_question_taking_several_values_names_those_taken():
    import random
    from interpreter import load_rules
    from interpreter.terminal.prompt import question
    game = load_rules("postmen").new_game(seed=2)
    rng = random.Random(2)
    while game.decision.kind != "many" or len(game.decision.options) < 3:
        game.choose(game.draw(rng))
    first = next(o for o in game.decision.options if o.id != "done")
    game.choose(first.id)
    assert question(game.decision).endswith(f"(taken: {first.label})")


def test_a_finished_game_waits_at_a_last_prompt_where_undo_takes_back_the_last_decision(tmp_path):
    pack = tmp_path / "pick"
    pack.mkdir()
    (pack / "game.rules").write_text('game pick "Pick" { seats 1 home box }\nspace box\nvar got: int = 0\n'
                                     'play { choose x from [1, 2] "Pick a number" { set got = x } }\n'
                                     'result { score got }\n', encoding="utf-8")
    child = spawn(tmp_path, "play", "pick", "--save", "pick.json")
    child.expect(PROMPT)
    child.send("1")
    child.expect("The game is over: 'log' shows what happened")
    child.expect(PROMPT)
    child.send("2\r")
    child.expect("there is nothing to choose")
    child.send("undo\r")
    child.expect(r"Pick a number")
    child.expect(PROMPT)
    child.send("2")
    child.expect("The game is over")
    child.expect(PROMPT)
    child.send("\r")
    assert "Pick: game over, score 2 after 1 decision" in finish(child)
    saved = json.loads((tmp_path / "pick.json").read_text())
    assert [step for step in saved["trail"] if step[0] == "choose"] == [["choose", "2"]]


def test_back_in_a_question_taking_several_values_log_counts_and_long_names_are_answered_plainly():
    import io
    import random
    from interpreter import load_rules
    from interpreter.terminal import render
    from interpreter.terminal.prompt import Session
    game = load_rules("postmen").new_game(seed=2)
    rng = random.Random(2)
    while game.decision.kind != "many" or len(game.decision.options) < 3:
        game.choose(game.draw(rng))
    game.choose(next(o for o in game.decision.options if o.id != "done").id)
    out = io.StringIO()
    lines = iter(["back", "log 00", "log 99999999999999999999999", "inspect " + "x" * 300, "help " + "y" * 300,
                  "undo", "quit"])
    session = Session(game, render.make_console(out, 100, color=False), read=lambda *_, **__: next(lines))
    session.run()
    said = " ".join(out.getvalue().split())
    assert "'back' steps out of a choice made in steps; here 'undo' takes back the last value taken." in said
    assert re.search(r"\(the last 0 of \d+ events; 'log all' shows every one\)", said)     # log 00: none
    assert said.count("x" * 59 + "…' is longer than any name in this game.") == 1 and "x" * 61 not in said
    assert "y" * 59 + "…' is longer than any name in this game." in said
    assert game.decision.picked == ()
