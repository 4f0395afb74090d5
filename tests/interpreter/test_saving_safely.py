"""No saved game is lost at the prompt: a failed autosave is never reported as saved, a game whose file
cannot be written is rescued to the user's data folder when play stops, and an older save or another file
is never written over unseen (test_cli.py: where `play` cannot save)."""
from __future__ import annotations

import io
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from interpreter import load_rules
from interpreter.saves.files import save_target_problem, write_atomically
from interpreter.terminal import render
from interpreter.terminal.prompt import Session


@pytest.fixture(scope="module")
def rules():
    return load_rules("westerplatte")


def session(rules, lines: list[str], autosave=None, loaded_from=None, game=None, between=None):
    """A session fed `lines` (calling `between(index)` before each), and what it printed."""
    out = io.StringIO()
    fed = iter(enumerate(lines))

    def read(prompt, asker=None, empty=False):
        index, line = next(fed)
        if between is not None:
            between(index)
        return line
    s = Session(game or rules.new_game(seed=1, seats=2), render.make_console(out, 100, color=False), read=read,
                autosave=str(autosave) if autosave else None, loaded_from=loaded_from)
    s.run()
    return s, " ".join(out.getvalue().split())


@pytest.fixture
def no_rescue(tmp_path, monkeypatch):
    """A data folder that cannot be made (a file is in its way): a game is rescued nowhere."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))


@pytest.fixture
def data_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


def rescued_files(data_home: Path) -> list[Path]:
    return sorted((data_home / "garrison" / "rescued").glob("*.json"))


def saved_decisions(path) -> int:
    return sum(1 for step in json.loads(path.read_text(encoding="utf-8"))["trail"] if step[0] == "choose")


# ---- at the prompt

def test_an_autosave_that_fails_is_never_called_saved(tmp_path, rules, no_rescue):
    folder = tmp_path / "saves"
    folder.mkdir()
    s, text = session(rules, ["1", "quit", "quit"], autosave=folder / "wp.json",
                      between=lambda i: shutil.rmtree(folder) if i == 1 else None)
    assert "Could not autosave to" in text and "The game is NOT saved." in text
    assert "The game is saved in" not in text
    assert "Type 'save FILE' to save it elsewhere, or 'quit' again to stop without saving." in text
    assert s.unsaved and not s.finished


def test_saving_elsewhere_after_a_failed_autosave_clears_the_alarm(tmp_path, rules, no_rescue):
    folder = tmp_path / "saves"
    folder.mkdir()
    s, text = session(rules, ["1", "quit", f"save {tmp_path / 'rescued.json'}", "quit"], autosave=folder / "wp.json",
                      between=lambda i: shutil.rmtree(folder) if i == 1 else None)
    assert "saved to" in text and saved_decisions(tmp_path / "rescued.json") == 1
    assert f"Autosaving to {tmp_path / 'rescued.json'} from now on" in text
    assert f"The game is saved in {tmp_path / 'rescued.json'}" in text and not s.unsaved


def test_loading_a_game_leaves_the_game_before_in_its_own_file(tmp_path, rules):
    other = tmp_path / "other.json"
    session(rules, ["1", "1", "quit"], autosave=other)
    assert saved_decisions(other) == 2
    mine = tmp_path / "mine.json"
    s, text = session(rules, ["1", f"load {other}", "1", "quit"], autosave=mine)
    assert f"The game before stays in {mine}; autosaving to {other} now" in text
    assert saved_decisions(mine) == 1 and saved_decisions(other) == 3
    assert s.autosave == str(other)


def test_save_keeps_an_older_save_aside_and_refuses_other_files(tmp_path, rules, monkeypatch):
    monkeypatch.chdir(tmp_path)
    older = tmp_path / "westerplatte.garrison-save.json"
    session(rules, ["1", "quit"], autosave=older)
    first = older.read_bytes()
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    _, text = session(rules, ["1", "save", "save notes.txt", 'save "two words.json"', 'save ""', "quit"])
    assert "is kept as westerplatte.garrison-save.json.previous" in text
    assert (tmp_path / "westerplatte.garrison-save.json.previous").read_bytes() == first
    assert "could not save to notes.txt: that file exists and is not a saved game" in text
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "my notes\n"
    assert (tmp_path / "two words.json").exists()
    assert "save takes one file name" in text


def test_quitting_before_any_decision_leaves_an_older_save_alone(tmp_path, rules):
    older = tmp_path / "wp.json"
    session(rules, ["1", "quit"], autosave=older)
    first = older.read_bytes()
    _, text = session(rules, ["quit"], autosave=older)
    assert "is left as it was" in text and older.read_bytes() == first
    assert not (tmp_path / "wp.json.previous").exists()


# ---- files written whole, as they were

def test_a_rewritten_file_keeps_its_permissions_and_its_link(tmp_path):
    real = tmp_path / "real.rules"
    real.write_text("old\n", encoding="utf-8")
    os.chmod(real, 0o640)
    link = tmp_path / "link.rules"
    link.symlink_to(real.name)
    write_atomically(link, "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.json"
    write_atomically(fresh, "{}\n")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


def test_no_load_over_a_game_that_is_not_saved(tmp_path, rules, no_rescue):
    other = tmp_path / "other.json"
    session(rules, ["1", "quit"], autosave=other)
    folder = tmp_path / "saves"
    folder.mkdir()
    s, text = session(rules, ["1", "1", f"load {other}", f"save {tmp_path / 'kept.json'}", f"load {other}", "quit"],
                      autosave=folder / "mine.json", between=lambda i: shutil.rmtree(folder, True) if i == 1 else None)
    assert "The game now is NOT saved (the autosave failed): 'save FILE' it first, then load another." in text
    assert saved_decisions(tmp_path / "kept.json") == 2 and s.autosave == str(other)


def test_quit_stops_unsaved_only_when_said_again_at_once(tmp_path, rules, no_rescue):
    folder = tmp_path / "saves"
    folder.mkdir()
    s, text = session(rules, ["1", "quit", "1", "quit", "quit"], autosave=folder / "wp.json",
                      between=lambda i: shutil.rmtree(folder, True) if i == 1 else None)
    assert text.count("The game is NOT saved.") == 2 and s.unsaved      # the second quit tried again and said so


def test_a_game_that_ends_unsaved_says_so(tmp_path, no_rescue):
    tiny = load_rules(str(Path(__file__).parents[1] / "fixtures" / "tiny"))
    folder = tmp_path / "saves"
    folder.mkdir()
    answers = ["1"] * 500
    s, text = session(tiny, answers, autosave=folder / "t.json", game=tiny.new_game(seed=1),
                      between=lambda i: shutil.rmtree(folder, True) if i == 1 else None)
    assert s.finished and s.unsaved and "The game ended, but it is NOT saved" in text


def test_a_game_whose_file_cannot_be_written_is_rescued_when_play_stops(tmp_path, rules, data_home):
    folder = tmp_path / "saves"
    folder.mkdir()
    s, text = session(rules, ["1", "1", "quit"], autosave=folder / "wp.json",
                      between=lambda i: shutil.rmtree(folder, True) if i == 1 else None)
    [rescued] = rescued_files(data_home)
    assert rescued.name.startswith("westerplatte-") and saved_decisions(rescued) == 2
    unwrapped = text.replace(" ", "")          # a long file name wraps at the console's width
    assert f"Itissavedin{rescued}instead.Toresumeit:garrisonplaywesterplatte--load{rescued}" in unwrapped
    assert "NOT saved" not in text and not s.unsaved


def test_a_game_is_rescued_at_the_end_of_input_and_when_it_ends(tmp_path, rules, data_home):
    folder = tmp_path / "saves"
    folder.mkdir()
    answers = iter(["1"])

    def read(prompt, asker=None, empty=False):
        shutil.rmtree(folder, True)
        return next(answers)            # then the end of input
    out = io.StringIO()
    s = Session(rules.new_game(seed=1, seats=2), render.make_console(out, 100, color=False),
                read=lambda *a, **k: _or_eof(read, *a), autosave=str(folder / "wp.json"))
    s.run()
    [rescued] = rescued_files(data_home)
    assert saved_decisions(rescued) == 1 and "It is saved in" in out.getvalue()
    tiny = load_rules(str(Path(__file__).parents[1] / "fixtures" / "tiny"))
    s, text = session(tiny, ["1"] * 500, autosave=folder / "t.json", game=tiny.new_game(seed=1))
    assert s.finished and not s.unsaved and len(rescued_files(data_home)) == 2
    assert "could not be written, so it is saved in" in text


def _or_eof(read, *args):
    try:
        return read(*args)
    except StopIteration:
        raise EOFError from None


def test_load_over_a_game_never_saved_asks_again_first(tmp_path, rules):
    other = tmp_path / "other.json"
    session(rules, ["1", "quit"], autosave=other)
    s, text = session(rules, ["1", f"load {other}", "board", f"load {other}", f"load {other}", "quit"])
    assert text.count("The game now is not saved (autosave is off): 'save FILE' it first, or 'load' again "
                      "to leave it.") == 2
    assert f"loaded {other} (1 decisions made)" in text
    s, text = session(rules, [f"load {other}", "quit"])            # nothing made yet: nothing to lose
    assert "not saved" not in text and "loaded" in text


def test_a_typed_file_name_keeps_its_backslashes(tmp_path, rules, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, text = session(rules, ["1", "save a\\b.json", "quit"])
    assert (tmp_path / "a\\b.json").exists() and "saved to a\\b.json" in text


def test_only_plain_files_holding_a_save_or_nothing_are_written_over(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    assert save_target_problem(str(tmp_path / "pipe.json")) == "it is not a plain file (a device or a pipe)"
    assert save_target_problem("/dev/null") == "it is not a plain file (a device or a pipe)"
    resorted = tmp_path / "sorted.json"
    resorted.write_text(json.dumps({"trail": [], "format": "garrison-save"}, sort_keys=True, indent=2), encoding="utf-8")
    assert save_target_problem(str(resorted)) is None


def test_a_read_only_save_is_not_written_over(tmp_path, monkeypatch):
    protected = tmp_path / "kept.json"
    protected.write_text(json.dumps({"trail": [], "format": "garrison-save"}), encoding="utf-8")
    monkeypatch.setattr("os.access", lambda path, mode: Path(path) != protected)     # as for a user other than root
    assert save_target_problem(str(protected)) == "that file is read-only (name another file, or make it writable)"


def test_keeping_an_older_save_keeps_its_link_and_permissions(tmp_path, rules):
    real = tmp_path / "real"
    real.mkdir()
    session(rules, ["1", "quit"], autosave=real / "a.json")
    os.chmod(real / "a.json", 0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real / "a.json")
    first = (real / "a.json").read_bytes()
    session(rules, ["1", "1", "quit"], autosave=link)
    assert link.is_symlink() and saved_decisions(real / "a.json") == 2
    assert stat.S_IMODE((real / "a.json").stat().st_mode) == 0o600
    assert (tmp_path / "link.json.previous").read_bytes() == first


def test_an_older_previous_is_never_written_over(tmp_path, rules):
    save = tmp_path / "wp.json"
    for moves in (1, 2, 3):
        session(rules, ["1"] * moves + ["quit"], autosave=save)
    assert saved_decisions(save) == 3
    assert saved_decisions(tmp_path / "wp.json.previous") == 1
    assert saved_decisions(tmp_path / "wp.json.previous-2") == 2
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n", encoding="utf-8")
    (tmp_path / "wp.json.previous-3").symlink_to(notes)
    os.mkfifo(tmp_path / "wp.json.previous-4")
    session(rules, ["1", "quit"], autosave=save)
    assert notes.read_text(encoding="utf-8") == "mine\n" and saved_decisions(tmp_path / "wp.json.previous-5") == 3


def test_another_spelling_of_the_same_file_is_the_same_file(tmp_path, rules, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session(rules, ["1", "1", "1", "quit"], autosave="wp.json")
    _, text = session(rules, ["1", f"save {tmp_path / 'wp.json'}", "save ./wp.json", "quit"], autosave="wp.json")
    assert saved_decisions(tmp_path / "wp.json.previous") == 3          # the older game, kept once
    assert not (tmp_path / "wp.json.previous-2").exists()


def test_a_name_with_a_nul_or_a_pipe_to_load_is_refused_and_play_goes_on(tmp_path, rules):
    os.mkfifo(tmp_path / "pipe.json")
    s, text = session(rules, ["1", "save a\0b.json", f"load {tmp_path / 'pipe.json'}", "1", "quit"],
                      autosave=tmp_path / "wp.json")
    assert "a file name cannot hold a control character (a new line, a tab, NUL…)" in text
    assert "it is not a plain file (a folder, a device or a pipe)" in text
    assert saved_decisions(tmp_path / "wp.json") == 2


def test_quit_without_autosave_warns_once_where_a_file_saved_by_hand_is_behind(tmp_path, rules):
    s, text = session(rules, ["1", "quit"])
    assert "without autosave" not in text and not s.finished          # never saved: nothing to fall behind
    s, text = session(rules, ["1", f"save {tmp_path / 'mine.json'}", "1", "quit", "quit"])
    assert "The game is played without autosave, and the decisions made since it was last saved would be lost" in text
    assert saved_decisions(tmp_path / "mine.json") == 1


def test_lines_pasted_at_once_are_answered_one_by_one_and_a_home_folder_is_read(tmp_path, rules, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    s, text = session(rules, ["1\n1\r\n\nsave ~/pasted.json\nquit"], autosave=tmp_path / "wp.json")
    assert saved_decisions(tmp_path / "pasted.json") == 2 and "saved to " + str(tmp_path / "pasted.json") in text
    assert not s.finished and not list(tmp_path.glob("*\n*"))


def test_a_file_written_over_during_play_is_left_alone_and_the_game_rescued(tmp_path, rules, data_home):
    target = tmp_path / "mine.json"

    def someone_else_writes(index):
        if index == 1:
            target.write_text("my notes\n", encoding="utf-8")
    s, said = session(rules, ["1", "1", "quit"], autosave=target, between=someone_else_writes)
    assert target.read_text(encoding="utf-8") == "my notes\n"
    assert "Could not autosave to" in said and "it is left as it is" in said
    [rescued] = rescued_files(data_home)
    assert json.loads(rescued.read_text(encoding="utf-8"))["trail"] == json.loads(s.game.to_json())["trail"]


def test_a_save_another_game_wrote_in_the_same_file_is_kept_before_this_game_saves_again(tmp_path, rules):
    target = tmp_path / "shared.json"
    other = rules.new_game(seed=7, seats=2)

    def another_game_saves(index):
        if index == 1:
            write_atomically(target, other.to_json())
    s, said = session(rules, ["1", "1", "quit"], autosave=target, between=another_game_saves)
    kept = tmp_path / "shared.json.previous"
    assert json.loads(kept.read_text(encoding="utf-8"))["seed"] == 7
    assert json.loads(target.read_text(encoding="utf-8"))["seed"] == 1
    assert "is kept as" in said
