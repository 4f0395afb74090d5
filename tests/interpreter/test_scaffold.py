"""`garrison new` writes a pack that checks, plays and passes its own tests at once."""
from __future__ import annotations

import subprocess
import sys

import interpreter
from interpreter.lab.bots import RandomBot, play_out
from interpreter.cli import main


def test_new_pack_works_immediately(tmp_path, capsys):
    target = tmp_path / "border_fort"
    assert main(["new", str(target)]) == 0
    assert sorted(p.name for p in target.iterdir()) == ["NOTES.md", "game.rules", "test_border_fort.py"]
    rules = interpreter.load_rules(target)
    assert rules.warnings == [] and rules.title == "Border Fort"
    game = rules.new_game(seed=5)
    play_out(game, RandomBot(5))
    assert game.result.outcome in {"Win", "Draw", "Loss"}
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(target)],
                           capture_output=True, text=True, cwd=tmp_path)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "3 passed" in tests.stdout


def test_new_refuses_a_non_empty_directory(tmp_path, capsys):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x.txt").write_text("mine")
    assert main(["new", str(tmp_path / "taken")]) == 2
    assert "already exists and is not empty" in capsys.readouterr().err


def test_new_refuses_a_name_with_a_line_break_and_shows_a_dash_name_as_a_path(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["new", "two\nlines"]) == 2 and not (tmp_path / "two\nlines").exists()
    assert "cannot hold a line break" in capsys.readouterr().err
    assert main(["new", "--", "-x"]) == 0
    assert "next: garrison check ./-x && garrison play ./-x --bot random" in capsys.readouterr().out
    assert main(["check", "./-x"]) == 0 and "./-x: ok (X;" in capsys.readouterr().out


def test_a_pack_named_as_one_of_the_templates_own_names_still_checks(tmp_path, capsys):
    for name in ("supply", "wall", "turn", "d6", "raids", "hit", "if"):
        assert main(["new", str(tmp_path / name)]) == 0
        assert interpreter.load_rules(tmp_path / name).warnings == [], name
