"""garrison sim: figures, independence from --jobs, comparisons, games that fail, statistics."""
from __future__ import annotations

import json
import os

import pytest

from interpreter.lab import sim, stats
from interpreter.cli import main
from paths import FIXTURES

TINY = str(FIXTURES / "tiny")

FLAKY = '''game flaky "Flaky" { seats 1 home box }
space box
die d6 1..6
play {
  if roll d6 == 6 { log "{nth([1], 5)}" }
  end game
}
result { score 1 outcome "Done" }
'''


def sim_json(capsys, *args, failing: bool = False) -> dict:
    assert main(["sim", *args, "--json"]) == (1 if failing else 0)      # a game the rules fail in fails the run
    return json.loads(capsys.readouterr().out)


def test_json_has_the_promised_figures(capsys):
    out = sim_json(capsys, TINY, "--games", "30", "--seed", "7")
    assert out["games"] == 30 and out["errors"] == 0
    assert sum(out["outcomes"].values()) == 30
    assert set(out["score"]) >= {"mean", "median", "stdev", "histogram"}
    assert sum(out["score"]["histogram"].values()) == 30
    assert out["games_per_second"] > 0
    for share in out["outcome_shares"].values():
        low, high = share["ci95"]
        assert 0 <= low <= share["share"] <= high <= 1


def test_results_do_not_depend_on_jobs(capsys):
    one = sim_json(capsys, TINY, "--games", "24", "--seed", "3", "--jobs", "1")
    two = sim_json(capsys, TINY, "--games", "24", "--seed", "3", "--jobs", "2")
    for key in ("outcomes", "score", "decisions", "tallies_per_game", "cards_drawn_per_game"):
        assert one[key] == two[key], key


def test_compare_reports_differences_with_intervals(capsys):
    out = sim_json(capsys, TINY, "--games", "40", "--compare", "variant=hard")
    assert out["a"]["config"].endswith("variant standard, 1 seat(s)")
    assert "variant hard" in out["b"]["config"]
    diff = out["differences"]
    assert diff["paired_games"] == 40
    low, high = diff["score"]["ci95"]
    assert low <= diff["score"]["difference"] <= high
    # the hard variant starts with less morale, so its score is lower on the same seeds
    assert high < 0


def test_failing_games_are_counted_with_their_seed(tmp_path, capsys):
    pack = tmp_path / "flaky.rules"
    pack.write_text(FLAKY.replace('log "{nth([1], 5)}"', 'let x = nth([1], 5)'))
    out = sim_json(capsys, str(pack), "--games", "30", failing=True)
    assert out["errors"] > 0 and out["finished"] == 30 - out["errors"]
    detail = out["error_details"][0]
    assert "flaky.rules:5:" in detail["error"] and isinstance(detail["seed"], int)


def test_texts_are_composed_only_when_asked(tmp_path, capsys):
    pack = tmp_path / "flaky.rules"
    pack.write_text(FLAKY)              # its only fault is in a log text
    assert sim_json(capsys, str(pack), "--games", "30")["errors"] == 0
    out = sim_json(capsys, str(pack), "--games", "30", "--texts", failing=True)
    assert out["errors"] > 0 and "flaky.rules:5:" in out["error_details"][0]["error"]


def test_composing_texts_changes_no_game(capsys):
    quiet = sim_json(capsys, "westerplatte", "--games", "12", "--seats", "2", "--jobs", "1")
    told = sim_json(capsys, "westerplatte", "--games", "12", "--seats", "2", "--jobs", "1", "--texts")
    for key in ("outcomes", "score", "decisions", "tallies_per_game", "cards_drawn_per_game"):
        assert quiet[key] == told[key], key


def test_bad_arguments_are_one_line(capsys):
    assert main(["sim", TINY, "--bot", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["sim", TINY, "--compare", "colour=red"]) == 2
    assert "--compare cannot change 'colour'" in capsys.readouterr().err


@pytest.mark.parametrize("args, said", [
    (["--compare", ""], "--compare needs what to change"),
    (["--compare", "budget=-1"], "--compare budget cannot be -1"),
    (["--compare", "seats=0"], "--compare seats cannot be 0"),
    (["--compare", "seats=\u00b2"], "--compare seats: '\u00b2' is not a whole number"),
    (["--compare", "budget=1_0"], "--compare budget: '1_0' is not a whole number"),
    (["--compare", "variant=hard,variant=easy"], "--compare gives variant twice"),
    (["--compare", "bot=zz"], "--compare bot=zz: unknown bot"),
    (["--compare", "budget=10001"], "--compare budget cannot be 10001"),
    (["--compare", "budget=" + "9" * 25], "--compare budget: '" + "9" * 25 + "' has more than 18 digits"),
    (["--compare", "nomods=false"], "--compare nomods takes 1, true or yes (drop the mods), not 'false'"),
    (["--compare", "nomods=1"], "--compare nomods: there are no mods to drop"),
    (["--compare", "budget=5"], "--compare budget goes with a bot that looks ahead (add bot=greedy or bot=mcts)"),
    (["--compare", "bot=random"], "--compare bot=random changes nothing: both sides would play the same games"),
    (["--budget", "99999999999999999999"], "garrison sim: argument --budget: '99999999999999999999' has more than 18 digits"),
    (["--budget", "20000"], "garrison sim: --budget is at most 10,000"),
    (["--budget", "5"], "garrison sim: --budget goes with --bot greedy or mcts (the random bot looks at nothing)"),
    (["--games", "1000001"], "garrison sim: --games is at most 1,000,000 (their results are kept in memory)"),
    (["--compare", "look_past_ties=2"], "--compare look_past_ties goes with the greedy bot (add bot=greedy)"),
    (["--compare", "bot=greedy,look_past_ties=9"], "--compare look_past_ties cannot be 9"),
    (["--compare", "look_past_tie=1"], "cannot change 'look_past_tie' (did you mean 'look_past_ties'?)"),
    (["--look-past-ties", "1"], "garrison sim: --look-past-ties goes with --bot greedy"),
    (["--bot", "greedy", "--look-past-ties", "9"], "garrison sim: --look-past-ties must be 0 to 8, not 9"),
    (["--plot", "."], "--plot needs a file in a folder that exists, not '.'"),
    (["--plot", "no/such/folder/p.png"], "--plot needs a file in a folder that exists"),
    (["--plot", os.devnull], f"--plot needs a file, not '{os.devnull}', which is a device, pipe or link to nothing"),
])
def test_what_sim_cannot_do_is_said_before_it_plays(capsys, args, said):
    assert main(["sim", TINY, "--games", "2", *args]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs a /proc folder, where no one may make a file")
def test_a_folder_that_refuses_new_files_whatever_its_permissions_say_is_refused_before_play(capsys):
    assert main(["sim", TINY, "--games", "2", "--plot", "/proc/scores.png"]) == 2
    said = capsys.readouterr()
    assert "--plot cannot write" in said.err and "games" not in said.out


def test_a_plot_named_without_a_suffix_is_a_png_and_said_so(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    assert main(["sim", TINY, "--games", "4", "--jobs", "1", "--plot", str(tmp_path / "scores")]) == 0
    assert (tmp_path / "scores.png").exists() and f"plot written to {tmp_path / 'scores.png'}" in capsys.readouterr().out


def test_a_pipe_where_the_plot_would_go_is_refused_not_opened(tmp_path, capsys):
    os.mkfifo(tmp_path / "scores.png")
    assert main(["sim", TINY, "--games", "2", "--plot", str(tmp_path / "scores")]) == 2
    assert "which is a device, pipe or link to nothing" in capsys.readouterr().err


@pytest.mark.parametrize("k, n, low, high", [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0)])
def test_wilson_interval(k, n, low, high):
    lo, hi = stats.wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-3) and hi == pytest.approx(high, abs=1e-3)


def test_paired_difference_interval_contains_the_mean():
    d = stats.paired_difference([1, 2, 3, 4], [2, 4, 3, 6])
    assert d["difference"] == 1.25
    assert d["ci95"][0] < 1.25 < d["ci95"][1]


def test_the_plot_bins_both_configurations_alike(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from interpreter.lab.plot import score_bins, shares_with_intervals
    assert score_bins([[-1, 0, 3], [15, 16]]) == [(s, s) for s in range(-1, 17)]
    wide = score_bins([list(range(0, 100))])
    assert len(wide) <= 24 and wide[0][0] == 0 and wide[-1][1] >= 99
    assert all(b[1] - b[0] == wide[0][1] - wide[0][0] for b in wide)
    shares, below, above = shares_with_intervals([0, 0, 1, 2], [(0, 0), (1, 2), (3, 3)])
    assert shares == [0.5, 0.5, 0.0] and min(below + above) >= 0 and above[2] > 0
    png = tmp_path / "cmp.png"
    assert main(["sim", TINY, "--games", "20", "--compare", "variant=hard", "--plot", str(png), "--jobs", "1"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    assert f"plot written to {png}" in capsys.readouterr().out


def test_a_plot_of_a_kind_no_one_draws_is_refused_before_playing(capsys):
    pytest.importorskip("matplotlib")
    assert main(["sim", TINY, "--games", "2", "--plot", "scores.txt"]) == 2
    assert "--plot cannot draw a .txt file" in capsys.readouterr().err


def test_a_plot_never_writes_over_a_file_it_did_not_draw(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    essay = tmp_path / "essay.pdf"
    essay.write_text("my essay\n", encoding="utf-8")
    assert main(["sim", TINY, "--games", "2", "--jobs", "1", "--plot", str(essay)]) == 2
    assert "which is not a plot drawn before; name another file" in capsys.readouterr().err
    assert essay.read_text(encoding="utf-8") == "my essay\n"
    for _ in range(2):              # a plot drawn before is drawn again
        assert main(["sim", TINY, "--games", "2", "--jobs", "1", "--plot", str(tmp_path / "p.pdf")]) == 0


def test_a_run_names_its_scenario_as_a_scenario():
    config = sim.SimConfig("postmen", mods=("my/walls.rules", "my/evening.rules"), scenario="my/evening.rules")
    assert config.describe().endswith("mod my/walls.rules, scenario my/evening.rules")
