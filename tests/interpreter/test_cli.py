"""The `garrison` command line, run as a subprocess."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from paths import REPO

TINY = "tests/fixtures/tiny"
BROKEN = "tests/fixtures/broken"


def garrison(*args, stdin: str | None = None, timeout: int = 120):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", *args], cwd=REPO, input=stdin,
                         capture_output=True, text=True, timeout=timeout, env=env)
    assert "Traceback" not in out.stdout + out.stderr, out.stdout + out.stderr
    return out


def assert_one_line_usage_error(out, pattern: str):
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    err = out.stderr.strip()
    assert "\n" not in err, err
    assert re.search(pattern, err), err


# ---- check ------------------------------------------------------------------------------

def test_check_ok_pack():
    out = garrison("check", TINY)
    assert out.returncode == 0
    assert out.stdout.strip() == f"{TINY}: ok (Tiny Siege; 1 warning)"
    assert "warning[W001]: token 'mark' is defined but never used" in out.stderr


def test_check_quiet_hides_warnings():
    out = garrison("check", "--quiet", TINY)
    assert out.returncode == 0 and out.stderr == ""


def _diagnostic_blocks(text: str):
    """(head, source line, caret line) triples from a report."""
    lines = text.splitlines()
    return [(lines[i], lines[i + 1], lines[i + 2]) for i, l in enumerate(lines)
            if re.match(r"^\S+:\d+:\d+: (error|warning)", l)]


def test_check_reports_every_error_of_a_pack():
    out = garrison("check", BROKEN)
    assert out.returncode == 1
    blocks = _diagnostic_blocks(out.stderr)
    heads = [b[0] for b in blocks if ": error: " in b[0]]
    assert heads == [
        f"{BROKEN}/a_decls.rules:6:39: error: attribute 'combat' should be a number, but this is text",
        f"{BROKEN}/b_play.rules:2:7: error: unknown variable 'moral' (did you mean 'morale'?)",
        f"{BROKEN}/b_play.rules:3:8: error: only pieces can be moved, not a number",
        f"{BROKEN}/b_play.rules:4:3: error: 'break' outside a loop",
    ]
    files = {"a_decls.rules": (REPO / BROKEN / "a_decls.rules").read_text().splitlines(),
             "b_play.rules": (REPO / BROKEN / "b_play.rules").read_text().splitlines()}
    for head, source, caret in blocks:
        path, line, col = re.match(r"^(\S+):(\d+):(\d+):", head).groups()
        assert source == "    " + files[Path(path).name][int(line) - 1]
        assert caret == "    " + " " * (int(col) - 1) + "^"
    assert out.stderr.rstrip().endswith("4 errors found")
    assert out.stdout == ""


def test_check_reports_syntax_errors_of_every_file():
    out = garrison("check", "tests/fixtures/broken_syntax")
    assert out.returncode == 1
    heads = [b[0] for b in _diagnostic_blocks(out.stderr)]
    assert heads == [
        "tests/fixtures/broken_syntax/a.rules:4:10: error: expected '}' to close the procedure started at line 3, found the end of the file",
        "tests/fixtures/broken_syntax/b.rules:2:13: error: unexpected character '@'",
    ]


def test_check_several_packs_fails_if_any_fails():
    out = garrison("check", TINY, BROKEN)
    assert out.returncode == 1
    assert f"{TINY}: ok" in out.stdout
    assert "4 errors found" in out.stderr


def test_check_a_single_file():
    out = garrison("check", "tests/fixtures/lang/basics.rules")
    assert out.returncode == 0, out.stderr


# ---- play -------------------------------------------------------------------------------

PLAY_KEYS = {"game", "variant", "seed", "seats", "outcome", "score", "details", "turns", "decisions"}


def play_json(*args):
    out = garrison("play", *args, "--bot", "random", "--json")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1, out.stdout
    return json.loads(lines[0])


def test_play_random_json_fields():
    summary = play_json(TINY, "--seed", "3")
    assert set(summary) == PLAY_KEYS
    assert summary["game"] == "tiny" and summary["variant"] is None and summary["seed"] == 3
    assert summary["seats"] == 1
    assert summary["outcome"] in {"Win", "Draw", "Loss"}
    assert isinstance(summary["score"], int)
    assert summary["turns"] is None                       # tiny names no turn counter
    assert isinstance(summary["decisions"], int) and summary["decisions"] > 0


def test_play_reports_the_turn_counter():
    summary = play_json("tests/fixtures/lang/events.rules", "--seed", "1")
    assert summary["game"] == "events"
    assert isinstance(summary["turns"], int) and 1 <= summary["turns"] <= 3


def test_play_is_deterministic_and_seeded():
    a = play_json(TINY, "--seed", "11", "--variant", "hard", "--seats", "2")
    b = play_json(TINY, "--seed", "11", "--variant", "hard", "--seats", "2")
    assert a == b
    assert a["variant"] == "hard" and a["seats"] == 2
    seeds = {json.dumps(play_json(TINY, "--seed", str(s))) for s in range(4)}
    assert len(seeds) > 1


def test_play_text_summary():
    out = garrison("play", TINY, "--bot", "random", "--seed", "2")
    assert out.returncode == 0
    last = out.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"Tiny Siege: (Win|Draw|Loss), score -?\d+ after \d+ decisions", last), last


def test_play_at_the_terminal():
    out = garrison("play", TINY, stdin="undo\n1\nundo\nhelp\nquit\n")
    assert out.returncode == 0
    assert "cannot undo: there is nothing to undo" in out.stdout
    assert "(undone)" in out.stdout
    assert "[seat 1] Muster your troops" in out.stdout


def test_play_broken_pack_exits_1():
    out = garrison("play", BROKEN, "--bot", "random")
    assert out.returncode == 1
    assert "4 errors found" in out.stderr


@pytest.mark.parametrize("args, pattern", [
    (["play", "no_such_game", "--bot", "random"], r"^garrison: unknown game 'no_such_game'"),
    (["info", "no_such_game"], r"^garrison: unknown game 'no_such_game'"),
    (["check", "no_such_game"], r"^garrison: unknown game 'no_such_game'"),
    (["play", TINY, "--seed", "abc"], r"argument --seed: 'abc' is not a whole number"),
    (["play", TINY, "--seats", "two"], r"argument --seats: 'two' is not a whole number"),
    (["play", TINY, "--seats", "5", "--bot", "random"], r"^garrison: Tiny Siege is played by 1 to 2 seat\(s\), not 5$"),
    (["play", TINY, "--variant", "easy", "--bot", "random"], r"^garrison: unknown variant 'easy'"),
    (["play", TINY, "--bot", "smart"], r"^garrison: unknown bot 'smart'"),
    (["play", TINY, "--frobnicate"], r"unrecognized arguments: --frobnicate"),
    (["--frobnicate"], r"unrecognized arguments: --frobnicate"),
    (["conquer"], r"invalid choice: 'conquer'"),
    (["play"], r"the following arguments are required: GAME"),
])
def test_usage_errors_are_one_line_exit_2(args, pattern):
    assert_one_line_usage_error(garrison(*args), pattern)


def test_no_command_prints_help_exit_2():
    out = garrison()
    assert out.returncode == 2
    assert "usage: garrison" in out.stdout


# ---- info and schema ----------------------------------------------------------------------

def test_info_json():
    out = garrison("info", TINY, "--json")
    assert out.returncode == 0
    info = json.loads(out.stdout)
    assert set(info) == {"game", "title", "decks", "pieces", "spaces", "phases", "variants", "seats"}
    assert info["game"] == "tiny" and info["title"] == "Tiny Siege"
    assert info["decks"] == {"raids": 5}
    assert info["pieces"] == {"soldier": 4}
    assert info["spaces"] == 6
    assert info["phases"] == ["raid_phase", "muster"]
    assert info["variants"] == ["hard"]
    assert info["seats"] == [1, 2]


def test_info_text():
    out = garrison("info", TINY)
    assert out.returncode == 0
    assert out.stdout.splitlines()[0] == "Tiny Siege (tiny)"
    assert "  variants: hard" in out.stdout


def test_schema_prints_json_schema():
    out = garrison("schema")
    assert out.returncode == 0
    schema = json.loads(out.stdout)
    assert schema["title"] == "Rules"
    assert {"name", "title", "declarations"} <= set(schema["properties"])
    assert "name" in schema["required"]


def test_console_script_if_installed():
    script = Path(sys.executable).with_name("garrison")
    if not script.exists():
        pytest.skip("no garrison console script next to this Python")
    out = subprocess.run([str(script), "check", TINY], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "ok (Tiny Siege" in out.stdout
