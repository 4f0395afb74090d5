"""The `garrison` command line, run as a subprocess."""
from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter import load_rules
from interpreter.lab.bots import make_bot, play_out
from paths import FIXTURES, REPO

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


def test_play_gives_the_bot_its_budget():
    def game(budget: int) -> dict:
        g = load_rules(REPO / TINY).new_game(seed=0)
        play_out(g, make_bot("mcts", 0, budget))
        return {"outcome": g.result.outcome, "score": g.result.score, "decisions": g.decisions_made}
    summary = garrison("play", TINY, "--bot", "mcts", "--budget", "2", "--json")
    assert summary.returncode == 0, summary.stderr
    played = {key: json.loads(summary.stdout)[key] for key in ("outcome", "score", "decisions")}
    assert played == game(2) != game(100)         # seed 0 plays differently with 2 iterations a decision


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
    (["play", TINY, "--seed", "1_000"], r"argument --seed: '1_000' is not a whole number"),
    (["play", TINY, "--seed", "\u0663"], r"argument --seed: '\u0663' is not a whole number"),
    (["play", TINY, "--seed", "1" * 19], r"argument --seed: '1{19}' has more than 18 digits"),
    (["play", TINY, "--seed", "7" * 60], r"argument --seed: '7{40}…' has more than 18 digits"),
    (["play", TINY, "--seats", "5", "--bot", "random"], r"^garrison: Tiny Siege is played by 1 to 2 seat\(s\), not 5$"),
    (["play", TINY, "--variant", "easy", "--bot", "random"], r"^garrison: unknown variant 'easy'"),
    (["play", TINY, "--bot", "smart"], r"^garrison: unknown bot 'smart'"),
    (["play", TINY, "--frobnicate"], r"unrecognized arguments: --frobnicate"),
    (["--frobnicate"], r"unrecognized arguments: --frobnicate"),
    (["conquer"], r"invalid choice: 'conquer'"),
    (["play"], r"name the GAME to play \(or --load FILE to resume one\)"),
    (["play", TINY, "--replay-under-new-rules"], r"--replay-under-new-rules goes with --load FILE$"),
    (["play", TINY, "--budget", "3"], r"^garrison play: --budget goes with --bot BOT$"),
    (["play", TINY, "--bot", "random", "--budget", "3"], r"^garrison play: --budget goes with --bot greedy or mcts \(the random bot looks at nothing\)$"),
    (["play", TINY, "--bot", "greedy", "--budget", "-2"], r"^garrison play: --budget cannot be negative$"),
    (["play", TINY, "--bot", "mcts", "--budget", "10001"],
     r"^garrison play: --budget is at most 10,000 \(looks or search iterations a decision\), not 10,001$"),
    (["play", TINY, "--scenario", "a.rules", "--scenario", "b.rules"], r"^garrison play: --scenario is given twice; give it once$"),
    (["play", TINY, "--bot", "mcts", "--look-past-ties", "1"], r"^garrison play: --look-past-ties goes with --bot greedy$"),
    (["play", TINY, "--bot", "greedy", "--look-past-ties", "-1"], r"^garrison play: --look-past-ties must be 0 to 8, not -1$"),
])
def test_usage_errors_are_one_line_exit_2(args, pattern):
    assert_one_line_usage_error(garrison(*args), pattern)


def test_no_command_prints_help_exit_2():
    out = garrison()
    assert out.returncode == 2
    assert "usage: garrison" in out.stdout


# ---- hostile saves: a save chooses no file to read and is trusted for nothing it cannot prove

def save_of(folder: Path, pack=TINY, mods=(), edit=None, name="g.json") -> Path:
    """A game of `pack` (with `mods`) one decision in, saved to `folder/name` after `edit(data)`."""
    from interpreter import load_rules
    rules = load_rules(REPO / pack if "/" in str(pack) else pack, mods=[Path(m) for m in mods])
    game = rules.new_game(seed=1)
    game.choose(game.decision.options[0].id)
    data = json.loads(game.to_json())
    if edit:
        edit(data)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("named", ["/etc/passwd", "/", "tests/fixtures/tiny"])
def test_replay_reads_no_pack_a_save_names(tmp_path, named):
    path = save_of(tmp_path, edit=lambda d: d.__setitem__("game", named))
    out = garrison("replay", str(path), timeout=30)
    assert_one_line_usage_error(out, rf"is a game of '{named}', which is not a bundled game; name its pack with --game PATH$")
    assert out.stdout == ""


def test_replay_finds_a_save_of_a_pack_that_is_not_bundled_only_with_game(tmp_path):
    path = save_of(tmp_path)
    assert_one_line_usage_error(garrison("replay", str(path)), r"a game of 'tiny', which is not a bundled game")
    out = garrison("replay", str(path), "--game", TINY)
    assert out.returncode == 0 and out.stdout.startswith("verified: same state after 1 decision"), out.stdout


def test_a_save_chooses_no_mod_file_to_read(tmp_path):
    mod = tmp_path / "mod.rules"
    mod.write_text("var morale: int in 0..5 = 1\n", encoding="utf-8")
    path = save_of(tmp_path, mods=[mod])
    refusal = rf"it was played with the mod {mod}, which is not bundled; to load it, pass its mods again: --mod {mod}$"
    for args in (["play", TINY, "--load", str(path), "--bot", "random"], ["replay", str(path), "--game", TINY]):
        assert_one_line_usage_error(garrison(*args), refusal)
        out = garrison(*args, "--mod", str(mod))
        assert out.returncode == 0, out.stderr


def test_bundled_mods_and_scenarios_of_a_save_are_found_by_their_names(tmp_path):
    mods = ["content/postmen/mods/no_howitzer.rules", "content/postmen/scenarios/battered_upper_floors.rules"]
    moved = ["/elsewhere/postmen/mods/no_howitzer.rules", "/elsewhere/postmen/scenarios/battered_upper_floors.rules"]
    path = save_of(tmp_path, "postmen", [REPO / m for m in mods], edit=lambda d: d.__setitem__("mods", moved))
    out = garrison("play", "postmen", "--load", str(path), "--bot", "random", "--json")
    assert out.returncode == 0, out.stderr
    out = garrison("replay", str(path))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.splitlines() == [f"with the save's mods: {REPO / mods[0]}, {REPO / mods[1]}",
                                       "verified: same state after 1 decision"]


def test_play_load_refuses_a_save_of_changed_rules_unless_asked_to_replay_it(tmp_path):
    import shutil
    pack = tmp_path / "tiny"
    shutil.copytree(REPO / TINY, pack)
    path = save_of(tmp_path, pack)
    (pack / "game.rules").write_text((pack / "game.rules").read_text() + "\n# changed\n", encoding="utf-8")
    out = garrison("play", str(pack), "--load", str(path), "--bot", "random")
    assert_one_line_usage_error(out, r"cannot load .*g\.json: the rules \(the pack or its mods\) have changed since "
                                     r"this game was saved; add --replay-under-new-rules to replay its choices "
                                     r"under the rules of now$")
    out = garrison("play", str(pack), "--load", str(path), "--bot", "random", "--replay-under-new-rules")
    assert out.returncode == 0, out.stderr
    assert "g.json was saved: its 1 decisions were replayed under the rules of now" in out.stderr


@pytest.mark.parametrize("edit", [
    pytest.param(lambda d: d["state"]["vars"].__setitem__("morale", 10 ** 100), id="morale"),
    pytest.param(lambda d: d["state"].update(over=True, decision=None,
                                             result={"outcome": "Win", "score": 99, "details": {}}), id="result"),
    pytest.param(lambda d: d["state"]["decision"]["options"].append(
        dict(d["state"]["decision"]["options"][0], id="win_now")), id="option"),
])
def test_play_load_refuses_a_state_that_does_not_follow_from_its_choices(tmp_path, edit):
    path = save_of(tmp_path, edit=edit)
    out = garrison("play", TINY, "--load", str(path), "--bot", "random")
    assert_one_line_usage_error(out, r"cannot load .*: the saved state does not follow from its seed and choices")


def _long_seed(text: str) -> str:
    return text.replace('"seed": 1,', '"seed": 1' + "0" * 5000 + ",", 1)


def _deep(text: str) -> str:
    return '{"format": "garrison-save", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"


def _variant_5(text: str) -> str:
    return text.replace('"variant": null', '"variant": 5', 1)


def _game_on_two_lines(text: str) -> str:
    return text.replace('"game": "tiny"', '"game": "tiny\\nrm -rf /"', 1)


def _variant_that_clears_the_screen(text: str) -> str:
    return text.replace('"variant": null', '"variant": "\\u001b[2Jx"', 1)


def _fingerprint_that_retitles_the_window(text: str) -> str:
    return re.sub(r'"fingerprint": "[^"]*"', lambda _: '"fingerprint": "\\u001b]0;pwned\\u0007"', text, count=1)


def _half_a_surrogate_pair(text: str) -> str:
    return re.sub(r'"fingerprint": *"', r'\g<0>\\ud800', text, count=1)


def _trail_of_a_number(text: str) -> str:
    data = json.loads(text)
    data["trail"] = 5
    return json.dumps(data)


def _no_options(text: str) -> str:
    data = json.loads(text)
    data["state"]["decision"]["options"] = []
    return json.dumps(data)


@pytest.mark.parametrize("damage, message", [
    (_long_seed, r"damaged \(a number in it is too long\)"),
    (_deep, r"damaged \(it is nested too deeply\)"),
    (_variant_5, r"damaged \(its variant\)"),
    (_game_on_two_lines, r"damaged \(its game, seed, variant or seats\)"),
    (_variant_that_clears_the_screen, r"damaged \(its variant\)"),
    (_fingerprint_that_retitles_the_window, r"damaged \(its fingerprint\)"),
    (_no_options, r"damaged \(its pending decision has no options\)"),
    (_half_a_surrogate_pair, r"damaged \(a text in it is not valid Unicode\)"),
    (_trail_of_a_number, r"damaged \(its list of choices is not readable\)"),
], ids=["5000-digit-seed", "nested-100000-deep", "variant-5", "game-on-two-lines", "variant-escape",
        "fingerprint-escape", "no-options", "lone-surrogate",
        "trail-5"])
def test_hostile_saves_are_one_line_and_exit_2(tmp_path, damage, message):
    path = save_of(tmp_path)
    path.write_text(damage(path.read_text(encoding="utf-8")), encoding="utf-8")
    out = garrison("play", TINY, "--load", str(path), "--bot", "random")
    assert_one_line_usage_error(out, rf"^garrison: cannot load .*g\.json: the saved game is {message}$")
    out = garrison("replay", str(path), "--game", TINY)
    if damage is _no_options:           # replay shows what differs
        assert out.returncode == 1 and "state.decision.options: 0 entries saved" in out.stdout
    else:
        assert_one_line_usage_error(out, rf"^garrison: cannot load .*g\.json: the saved game is {message}$")


# ---- info and schema ----------------------------------------------------------------------

def test_info_json():
    out = garrison("info", TINY, "--json")
    assert out.returncode == 0
    info = json.loads(out.stdout)
    assert set(info) == {"game", "title", "decks", "pieces", "spaces", "phases", "variants", "seats",
                         "search_budget", "look_past_ties", "overview", "rules_text"}
    assert info["search_budget"] is None and info["look_past_ties"] is None     # left to the bot
    assert info["overview"] is None and info["rules_text"] == []           # the tiny game has no rules text
    assert info["game"] == "tiny" and info["title"] == "Tiny Siege"
    assert info["decks"] == {"raids": 5}
    assert info["pieces"] == {"soldier": 4}
    assert info["spaces"] == 6
    assert info["phases"] == ["raid_phase", "muster"]
    assert info["variants"] == ["hard"]
    assert info["seats"] == [1, 2]


def test_code_prints_the_python_the_rules_run_as():
    out = garrison("code", TINY)
    assert out.returncode == 0, out.stderr
    tree = ast.parse(out.stdout)                     # valid Python, as it is run
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert "f_strongest" in functions                # a rules function becomes a Python function
    strongest = out.stdout[out.stdout.index("def f_strongest"):]
    assert strongest.splitlines()[1].strip() == "# tests/fixtures/tiny/game.rules:27:10"


def test_code_of_a_variant_and_a_bad_one():
    assert garrison("code", TINY, "--variant", "hard").returncode == 0
    assert_one_line_usage_error(garrison("code", TINY, "--variant", "hardest"), r"unknown variant 'hardest'.*hard")


def test_info_text():
    out = garrison("info", TINY)
    assert out.returncode == 0
    assert out.stdout.splitlines()[0] == "Tiny Siege (tiny)"
    assert "  variants: hard" in out.stdout
    assert "search budget" not in out.stdout


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


def test_version_and_the_default_number_of_jobs():
    out = garrison("--version")
    assert out.returncode == 0 and out.stdout.startswith("garrison 0.")
    from interpreter.cli import build_parser
    import os
    assert build_parser().parse_args(["sim", "postmen"]).jobs == len(os.sched_getaffinity(0))


@pytest.mark.parametrize("shell, marker", [("bash", "complete "), ("zsh", "#compdef garrison"), ("fish", "complete ")])
def test_completion_prints_a_script_for_each_shell(shell, marker):
    out = garrison("completion", shell)
    assert out.returncode == 0 and marker in out.stdout and "garrison" in out.stdout
    bad = garrison("completion", "tcsh")
    assert bad.returncode == 2 and "invalid choice: 'tcsh'" in bad.stderr and "\n" not in bad.stderr.strip()


@pytest.mark.parametrize("line, expected", [("garrison si", {"sim"}), ("garrison play po", {"postmen"}),
                                            ("garrison sim postmen --ga", {"--games"})])
def test_the_shell_is_answered_with_completions(tmp_path, line, expected):
    answer = tmp_path / "completions"
    env = dict(os.environ, PYTHONPATH=str(REPO), _ARGCOMPLETE="1", _ARGCOMPLETE_IFS="\n", COMP_LINE=line,
               COMP_POINT=str(len(line)), ARGCOMPLETE_USE_TEMPFILES="1", _ARGCOMPLETE_STDOUT_FILENAME=str(answer))
    subprocess.run([sys.executable, "-m", "interpreter"], cwd=REPO, env=env, capture_output=True, timeout=120)
    assert {c.strip() for c in answer.read_text().split("\n") if c.strip()} == expected


# ---- play: where a save cannot go, said before playing

@pytest.mark.parametrize("target, why", [("{tmp}", "it is a folder"), ("{tmp}/nowhere/x.json", "there is no folder"),
                                         ("", "the file name is empty"),
                                         ("{tmp}/notes.txt", "that file exists and is not a saved game")])
def test_play_refuses_a_save_file_it_could_not_write_before_playing(tmp_path, target, why):
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    out = garrison("play", TINY, "--bot", "random", "--save", target.format(tmp=tmp_path))
    assert_one_line_usage_error(out, "cannot save to .*: " + why)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "my notes\n"


def test_save_and_no_save_together_are_refused():
    assert_one_line_usage_error(garrison("play", TINY, "--save", "x.json", "--no-save"), "contradict")


def test_a_bot_playing_on_a_save_leaves_it_as_it_was(tmp_path):
    path = tmp_path / "mid.json"
    out = garrison("play", TINY, "--bot", "random", "--seed", "3", "--save", str(path))
    assert out.returncode == 0
    mid = tmp_path / "first.json"
    shutil.copy(path, mid)
    before = mid.read_bytes()
    assert garrison("play", TINY, "--load", str(mid), "--bot", "random").returncode == 0
    assert mid.read_bytes() == before


@pytest.mark.parametrize("version, said", [
    (99, r"saved game version 99 is not supported \(this Garrison reads version 2\)"),
    (-1, r"saved game version -1 is not supported \(this Garrison reads version 2\)"),
    ("2", r"the saved game is damaged \(its version is missing or not a whole number\)"),
])
def test_replay_refuses_a_save_of_another_version_as_play_does(tmp_path, version, said):
    path = save_of(tmp_path, "westerplatte", edit=lambda d: d.__setitem__("version", version))
    for args in (["replay", str(path)], ["play", "--load", str(path), "--bot", "random"]):
        assert_one_line_usage_error(garrison(*args), said)


def test_empty_names_are_refused_not_read_as_the_current_folder():
    assert_one_line_usage_error(garrison("play", ""), "name a game")
    assert_one_line_usage_error(garrison("fmt", ""), "an empty name is no file or directory")
    assert_one_line_usage_error(garrison("new", ""), "name the folder to create")


def test_a_pipe_named_like_a_rules_file_is_never_read(tmp_path):
    import shutil as files
    files.copy(REPO / TINY / "game.rules", tmp_path / "game.rules")
    os.mkfifo(tmp_path / "waiting.rules")
    assert garrison("check", str(tmp_path), timeout=60).returncode == 0
    assert garrison("fmt", "--check", str(tmp_path), timeout=60).returncode == 0
    named = garrison("check", str(tmp_path / "waiting.rules"), timeout=60)
    assert named.returncode == 1
    assert "waiting.rules:1:1: error: this is not a plain file or folder (a pipe or a device): it is not read" in named.stderr


def test_what_a_save_fixes_is_not_given_again_with_load(tmp_path):
    path = save_of(tmp_path, "westerplatte")
    assert_one_line_usage_error(garrison("play", "--load", str(path), "--variant", "hard"),
                                "--variant comes from the saved game with --load; leave it out")
    assert_one_line_usage_error(garrison("play", "--load", str(path), "--seed", "3", "--seats", "2"),
                                "--seed and --seats come from the saved game with --load; leave them out")
    assert garrison("play", "--load", str(path), "--seed", "3", "--bot", "random").returncode == 0   # the bot's seed


def test_a_change_file_is_given_once():
    mod = "content/postmen/mods/no_howitzer.rules"
    assert_one_line_usage_error(garrison("check", "postmen", "--mod", mod, "--mod", "./" + mod), "is given twice")


def test_fmt_formats_past_a_byte_order_mark_and_keeps_it(tmp_path):
    path = tmp_path / "g.rules"
    path.write_bytes(b'\xef\xbb\xbfgame g "G" {  seats 1 home box }\nspace box "B"\nplay { }\n')
    assert garrison("fmt", str(path)).returncode == 0
    assert path.read_bytes() == b'\xef\xbb\xbfgame g "G" { seats 1 home box }\nspace box "B"\nplay {}\n'


@pytest.mark.parametrize("command", [["check"], ["info"], ["code"], ["new"], ["play", "--bot", "random"]])
def test_a_file_name_the_system_refuses_is_one_line(command):
    out = garrison(*command[:1], "a" * 300, *command[1:])
    assert out.returncode == 1 and out.stderr.strip() == f"garrison: File name too long: '{'a' * 40}…{'a' * 15}'"


def test_a_folder_here_named_like_a_bundled_game_does_not_stand_for_it_in_a_save(tmp_path, monkeypatch, capsys):
    from interpreter.cli import main
    monkeypatch.chdir(tmp_path)
    assert main(["play", "westerplatte", "--bot", "random", "--seats", "2", "--save", "wp.json"]) == 0
    assert main(["new", "westerplatte"]) == 0          # a pack of one's own, with the bundled game's name
    capsys.readouterr()
    assert main(["play", "--load", "wp.json", "--bot", "random"]) == 0
    assert "7 Days of Westerplatte" in capsys.readouterr().out


def test_a_mod_that_is_not_there_or_holds_no_rules_is_named_as_a_mod(tmp_path):
    out = garrison("check", TINY, "--mod", str(tmp_path / "nope.rules"))
    assert out.returncode == 2 and out.stderr.strip() == f"garrison: there is no mod or scenario file '{tmp_path / 'nope.rules'}'"
    (tmp_path / "empty").mkdir()
    out = garrison("check", TINY, "--mod", str(tmp_path / "empty"))
    assert out.returncode == 1 and "empty:1:1: error: no .rules files found here" in out.stderr


def test_an_empty_save_name_and_an_empty_bot_are_one_line():
    assert garrison("play", "--load", "").stderr.strip() == "garrison: cannot load a file without a name: name a saved game"
    assert garrison("replay", "").stderr.strip() == "garrison: cannot load a file without a name: name a saved game"
    assert_one_line_usage_error(garrison("play", TINY, "--bot", ""), r"^garrison play: --bot needs a bot's name")


def test_an_output_that_cannot_show_a_character_gets_a_stand_in():
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", "info", "postmen"], cwd=REPO,
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0 and "Gda?sk" in out.stdout, out.stderr


def test_a_closed_output_is_said_in_one_line():
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", "schema"], cwd=REPO, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, timeout=60,
                         preexec_fn=lambda: os.close(1))
    assert out.returncode == 1 and out.stderr == "garrison: standard output is closed: there is nowhere to write to\n"


def test_fmt_says_so_when_a_folder_holds_no_rules_files(tmp_path):
    (tmp_path / "notes.txt").write_text("no rules here\n")
    run = garrison("fmt", str(tmp_path))
    assert run.returncode == 0
    assert run.stderr.strip() == f"garrison fmt: no .rules files in {tmp_path}; nothing to format"


def test_fmt_writes_a_hard_linked_file_whole_and_leaves_its_other_name_as_it_was(tmp_path):
    path, other = tmp_path / "g.rules", tmp_path / "same.rules"
    before = 'game g "G" {  seats 1 home box }\nspace box "B"\nplay { }\n'
    path.write_text(before)
    os.link(path, other)
    assert garrison("fmt", str(path)).returncode == 0
    assert path.read_text() == 'game g "G" { seats 1 home box }\nspace box "B"\nplay {}\n'
    assert other.read_text() == before          # renamed over, never rewritten in place


def test_a_game_played_with_a_mod_folder_saves_loads_and_says_how_to_resume(tmp_path):
    folder = tmp_path / "my mods"
    folder.mkdir()
    (folder / "fewer.rules").write_text((REPO / "content/postmen/mods/no_howitzer.rules").read_text())
    save = tmp_path / "g.json"
    out = garrison("play", "postmen", "--mod", str(folder), "--save", str(save), stdin="1\nquit\n")
    assert out.returncode == 0
    assert f"garrison play postmen --mod '{folder}' --load {save}" in " ".join(out.stdout.split())
    again = garrison("play", "postmen", "--mod", str(folder), "--load", str(save), "--bot", "random")
    assert again.returncode == 0, again.stderr
    refused = garrison("play", "postmen", "--load", str(save), "--bot", "random")
    assert_one_line_usage_error(refused, rf"to load it, pass its mods again: --mod '{folder}'$")


def test_a_folder_here_named_like_a_bundled_game_hides_it_only_if_it_is_a_pack(tmp_path, monkeypatch):
    from interpreter.runtime.packs import bundled_root, find_pack
    monkeypatch.chdir(tmp_path)
    (tmp_path / "westerplatte").mkdir()                 # an empty folder: not a pack
    (tmp_path / "tigerleader").write_text("")           # a file of that name: not a pack either
    assert find_pack("westerplatte") == bundled_root() / "westerplatte"
    assert find_pack("tigerleader") == bundled_root() / "tigerleader"
    (tmp_path / "westerplatte" / "game.rules").write_text('game w "W" { seats 1 home box }\n')
    assert find_pack("westerplatte") == Path("westerplatte")     # a pack of one's own, made here, is played
    (tmp_path / "postmen" / "rules").mkdir(parents=True)
    (tmp_path / "postmen" / "rules" / "game.rules").write_text('game p "P" { seats 1 home box }\n')
    assert find_pack("postmen") == Path("postmen")               # its rules in a subfolder, as the loader reads them


def test_check_json_reports_a_pack_it_cannot_find_among_the_others():
    out = garrison("check", TINY, "nowhere", "--json")
    assert out.returncode == 1 and out.stderr == ""
    first, second = json.loads(out.stdout)["packs"]
    assert first["ok"] and not second["ok"] and second["diagnostics"] == []
    assert second["error"].startswith("unknown game 'nowhere'")


def test_replay_says_a_variant_it_cannot_start_came_from_the_save(tmp_path):
    path = save_of(tmp_path, "westerplatte", edit=lambda d: d.__setitem__("variant", "nope"))
    assert_one_line_usage_error(garrison("replay", str(path)),
                                r"^garrison: cannot replay .*g\.json: the game it saves cannot start "
                                r"\(unknown variant 'nope'")


@pytest.mark.parametrize("args", [
    ["play", "nowhere", "--bot", "random", "--json"],
    ["info", str(FIXTURES / "broken_syntax"), "--json"],
    ["sim", str(FIXTURES / "broken_syntax"), "--games", "2", "--json"],
    ["play", TINY, "--bot", "random", "--seats", "9", "--json"],
    ["sim", TINY, "--games", "many", "--json"],         # refused while the arguments are read
    ["sim", TINY, "--games", "many", "--jso"],          # ... with --json abbreviated
    ["play", TINY, "--seats", "many", "--j"],           # ... as short as argparse takes it
    ["check", "--json"],
])
def test_a_json_command_that_fails_still_prints_one_json_object(args):
    out = garrison(*args)
    assert out.returncode in (1, 2) and out.stderr.strip()
    said = json.loads(out.stdout)
    assert said["error"] and set(said) <= {"error", "diagnostics"}
    if "broken_syntax" in args[1]:
        assert said["error"].startswith("the rules do not load: ") and said["diagnostics"][0]["line"] >= 1


def test_a_game_that_ends_without_an_outcome_says_game_over_alone():
    out = garrison("play", "tests/fixtures/unnamed_end", "--bot", "random")
    lines = out.stdout.strip().splitlines()
    assert lines[-2:] == ["Game over", "Unnamed end: game over after 1 decision"], out.stdout


def test_a_ctrl_c_that_lands_in_a_finalizer_prints_no_traceback(capsys):
    from types import SimpleNamespace

    from interpreter.cli import _quiet_interrupts
    seen = []
    hook = _quiet_interrupts(seen.append)
    hook(SimpleNamespace(exc_value=KeyboardInterrupt()))
    hook(SimpleNamespace(exc_value=ValueError("kept")))
    assert [str(u.exc_value) for u in seen] == ["kept"] and capsys.readouterr().err == ""


def test_json_to_an_output_that_cannot_be_written_is_said_in_one_line():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        out = subprocess.run([sys.executable, "-m", "interpreter.cli", "info", TINY, "--json"], cwd=REPO,
                             stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert out.returncode == 1 and out.stderr == "garrison: No space left on device\n"


def test_fmt_leaves_a_file_larger_than_a_rules_file_may_be_and_refuses_a_whole_disk(tmp_path, monkeypatch, capsys):
    from dsl import MOST_BYTES
    from interpreter.cli import main
    from dsl.formatter import MOST_FORMATTED
    big = tmp_path / "big.rules"
    big.write_text("const a = 1\n" * (MOST_BYTES // 12 + 1))
    assert main(["fmt", str(big)]) == 1
    assert capsys.readouterr().err == (f"{big}: error: the file has {big.stat().st_size:,} bytes, more than a rules "
                                       f"file may have ({MOST_BYTES:,}); the file is left as it is\n")
    many = tmp_path / "many"
    many.mkdir()
    for n in range(MOST_FORMATTED + 1):
        (many / f"f{n}.rules").write_text("const a = 1\n")
    assert main(["fmt", "--check", str(many)]) == 2
    assert capsys.readouterr().err == (f"garrison fmt: more than {MOST_FORMATTED:,} .rules files are under '{many}' "
                                       "(more than a pack may have): name a pack's folder or files\n")
    (tmp_path / "loop.rules").symlink_to(tmp_path / "loop.rules")
    assert main(["fmt", str(tmp_path / "loop.rules")]) == 2
    assert "is a symbolic link that leads to nothing (its target is missing, or it loops)" in capsys.readouterr().err


@pytest.mark.parametrize("args, option", [(["replay", "x.json", "--game", ""], "--game"),
                                          (["sweep", "postmen", "--out", " "], "--out"),
                                          (["sweep", "postmen", "--scheduler", ""], "--scheduler"),
                                          (["sweep", "postmen", "--baseline", ""], "--baseline")])
def test_an_empty_name_is_refused_rather_than_read_as_no_option(args, option, capsys):
    from interpreter.cli import main
    assert main(args) == 2
    assert capsys.readouterr().err.endswith(f"garrison {args[0]}: argument {option}: an empty value names nothing\n")


def test_a_mod_given_as_a_scenario_is_refused_and_named(capsys):
    from interpreter.cli import main
    mod = str(REPO / "content" / "postmen" / "mods" / "no_howitzer.rules")
    assert main(["info", "postmen", "--scenario", mod]) == 2
    assert capsys.readouterr().err == f"garrison: {mod} is a mod (its header says 'mod'), not a scenario: give it with --mod\n"
    assert main(["info", "postmen", "--mod", mod]) == 0
