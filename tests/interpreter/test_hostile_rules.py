"""Hostile rules: faults in labels, control characters in text, and what reaches a terminal."""
from __future__ import annotations

import json

import pytest

from dsl import printable
from interpreter import GameError, RulesError, load_rules
from interpreter.runtime import Event
from interpreter.terminal.prompt import event_text


def write(tmp_path, text: str):
    path = tmp_path / "game.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fault_in_an_action_label_is_a_game_error_naming_the_action(tmp_path):
    rules = load_rules(write(tmp_path, 'game g "G" { }\nvar zero: int = 0\n'
                                       'action a(n: int in [1, 2]) label "bad {n / zero}" { log "x" }\n'
                                       'play { perform a "?" }\n'))
    game = rules.new_game()
    with pytest.raises(GameError, match=r"game.rules:3:8: error: the label of 'a' cannot be composed \(division by zero\)"):
        game.decision


def test_a_control_character_in_a_string_is_refused_and_not_echoed(tmp_path):
    path = write(tmp_path, 'game g "G" { }\nplay { log "a\x1b]52;c;aGk=\x07b" }\n')
    with pytest.raises(RulesError) as caught:
        load_rules(path)
    shown = str(caught.value)
    assert "2:14: error: a control character (U+001B) in a string" in shown
    assert "\x1b" not in shown and "\x07" not in shown


def test_control_characters_never_reach_the_terminal():
    assert printable("a\x1b[2Jb\x9bc\td\ne") == "a\ufffd[2Jb\ufffdc\td\ne"
    line = event_text(Event("note", {"text": "x"}, "clear \x1b[2J now"))
    assert "\x1b" not in line.plain and "clear \ufffd[2J now" in line.plain


def test_file_names_and_titles_cannot_write_into_the_generated_python(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    breakout = '\nraise SystemExit("escaped")\n#'
    (pack / f"game{breakout}.rules").write_text(
        'game g "Title \\"\\"\\" raise SystemExit(1) \\"\\"\\"" { }\n'
        'function twice(n: int) -> int = if n > 50 then n else twice(n * 2)\n'
        'play { log "{twice(3)}" }\n', encoding="utf-8")
    rules = load_rules(pack)
    game = rules.new_game()
    assert [e.text for e in game.log if e.kind == "note"] == ["96"]
    source = rules.python_source()
    compile(source, "<generated>", "exec")                   # one valid module
    assert "\nraise SystemExit" not in source                 # the file name stays inside its comments


def test_an_evaluate_that_gives_nothing_is_named_at_its_line_for_every_bot(tmp_path):
    from interpreter.lab.bots import make_bot, play_out
    rules = load_rules(write(tmp_path, """game t "T" { seats 1 home supply turns turn }
space supply "Supply"
var turn: int = 0
evaluate first([n for n in [1, 2] if n > turn + 5])
play { choose x from [1, 2] "?" { set turn += x } }
result { score turn outcome "Loss" }
"""))
    for bot in ("greedy", "mcts"):
        with pytest.raises(GameError, match=r"game\.rules:4:1: error: evaluate gave nothing, not a number$"):
            play_out(rules.new_game(seed=1), make_bot(bot, 1))


def test_a_file_name_or_a_saved_choice_holding_escapes_is_shown_without_them(tmp_path, capsys):
    from interpreter.cli import main
    escape = "\x1b]0;PWN\x07"
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / f"a{escape}b.rules").write_text('game g "G" { }\nvar n: int = 0\nplay {   set n = 1 / n }\n', encoding="utf-8")
    main(["fmt", "--check", str(pack)])
    main(["play", str(pack), "--bot", "random"])
    main(["sim", str(pack), "--games", "1", "--jobs", "1"])
    save = tmp_path / "save.json"
    main(["play", "tests/fixtures/tiny", "--bot", "random", "--save", str(save)])
    saved = json.loads(save.read_text(encoding="utf-8"))
    saved["trail"][0][1] = escape
    save.write_text(json.dumps(saved), encoding="utf-8")
    main(["play", "tests/fixtures/tiny", "--load", str(save), "--no-save"])
    said = capsys.readouterr()
    assert "would change" in said.out and "division by zero" in said.err and "error in seed 0" in said.out
    assert "cannot load" in said.err
    assert "\x1b" not in said.out + said.err and "\x07" not in said.out + said.err
