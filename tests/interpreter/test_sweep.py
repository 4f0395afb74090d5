"""garrison sweep: the grid, equality with garrison sim, resuming, stopping, the summary, bad arguments."""
from __future__ import annotations

import json
import logging
import sys
from dataclasses import replace

import pytest
from distributed import LocalCluster

from interpreter.cli import main
from interpreter.lab import sim, sweep, sweep_report
from interpreter.lab.sweep_store import FORMAT, ResultsFolder
from interpreter.runtime import GameError
from paths import FIXTURES, REPO

TINY = str(FIXTURES / "tiny")
NO_HOWITZER = str(REPO / "content" / "postmen" / "mods" / "no_howitzer.rules")
TALLIES = ("outcome", "score", "decisions", "turns", "cards", "tallies")


@pytest.fixture(scope="module")
def scheduler():
    """A cluster of two worker processes shared by the tests (the command reaches it with --scheduler)."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


def run(capsys, *args):
    code = main(["sweep", *args])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args) -> dict:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def lines(folder, key) -> list[str]:
    return (folder / "results" / f"{key}.jsonl").read_text().splitlines()


def test_the_grid_is_the_cross_product_and_keys_are_stable():
    spec = sweep.GridSpec(TINY, ["standard", "hard"], [], [], [1, 2], ["random", "greedy"], [4, 8])
    points = sweep.build_grid(spec)
    # the random bot has no budget, so it is not repeated per budget: 2 variants x 2 seats x (1 + 2)
    assert len(points) == 12
    assert len({p.key for p in points}) == 12
    assert {(p.variant, p.seats, p.bot, p.budget) for p in points} >= {(None, 1, "random", 0), ("hard", 2, "greedy", 8)}
    assert [p.key for p in sweep.build_grid(spec)] == [p.key for p in points]


def test_a_changed_mod_is_a_new_configuration(tmp_path):
    mod = tmp_path / "morale.rules"
    mod.write_text('mod "Less morale" for tiny\n\nreplace var morale: int in 0..5 = 4\n')
    spec = sweep.GridSpec(TINY, [], [str(mod), "none"], [], [], [], [])
    before = sweep.build_grid(spec)
    assert before[0].fingerprint != before[1].fingerprint
    mod.write_text('mod "Less morale" for tiny\n\nreplace var morale: int in 0..5 = 2\n')
    after = sweep.build_grid(spec)
    assert after[0].key != before[0].key and after[1].key == before[1].key


def test_tasks_cover_the_missing_seeds_once_taking_configurations_in_turn():
    points = sweep.build_grid(sweep.GridSpec(TINY, ["standard", "hard"], [], [], [], [], []))
    recorded = {points[0].key: {0, 1, 2, 7}}
    work = sweep.tasks(points, range(10), recorded, workers=2, chunk=3)
    assert [p for p, _ in work[:2]] == points
    for point, expected in zip(points, ([3, 4, 5, 6, 8, 9], list(range(10)))):
        seeds = [s for p, chunk in work if p == point for s in chunk]
        assert seeds == expected
    assert all(len(chunk) <= 3 for _, chunk in work)


def test_a_sweep_plays_exactly_what_sim_plays(capsys, tmp_path, scheduler):
    out = tmp_path / "out"
    summary = run_json(capsys, TINY, "--variant", "standard", "--variant", "hard", "--bot", "random", "--bot", "greedy",
                       "--budget", "3", "--games", "10", "--seed", "40", "--chunk", "3", "--scheduler", scheduler,
                       "--out", str(out))
    assert len(summary["configurations"]) == 4
    for c, point in zip(summary["configurations"], sweep.build_grid(
            sweep.GridSpec(TINY, ["standard", "hard"], [], [], [], ["random", "greedy"], [3]))):
        assert c["key"] == point.key
        config = sim.SimConfig(TINY, 10, point.bot, point.variant, 1, (), 40, point.budget)
        alone = sim.run(config, jobs=1)
        rows = ResultsFolder(out).rows(point.key)
        assert sorted(rows) == list(range(40, 50))
        for game in alone.results:
            assert {k: rows[game["seed"]][k] for k in TALLIES} == {k: game[k] for k in TALLIES}
        figures = sim.report(alone)
        for key in ("outcomes", "outcome_shares", "decisions", "tallies_per_game", "cards_drawn_per_game"):
            assert c["figures"][key] == figures[key], key


def test_bundled_mods_play_as_in_sim(capsys, tmp_path, scheduler):
    summary = run_json(capsys, "postmen", "--mod", "none", "--mod", NO_HOWITZER, "--games", "4",
                       "--scheduler", scheduler, "--out", str(tmp_path / "out"))
    with_mod = summary["configurations"][1]
    assert with_mod["settings"]["mod"] == "no_howitzer"
    alone = sim.run(sim.SimConfig("postmen", 4, mods=(NO_HOWITZER,)), jobs=1)
    rows = ResultsFolder(tmp_path / "out").rows(with_mod["key"])
    assert [rows[g["seed"]]["score"] for g in alone.results] == [g["score"] for g in alone.results]


def test_a_finished_sweep_is_never_played_again(capsys, tmp_path, scheduler):
    out = tmp_path / "out"
    args = [TINY, "--variant", "standard", "--variant", "hard", "--games", "8", "--scheduler", scheduler, "--out", str(out)]
    first = run_json(capsys, *args)
    files = {p.name: p.read_text() for p in (out / "results").iterdir()}
    code, text, err = run(capsys, *args[:-2], "--scheduler", "tcp://127.0.0.1:1", "--out", str(out))
    assert code == 0, err                     # no cluster is needed, so the dead scheduler is never asked
    assert "all 16 games of 2 configuration(s) are already in" in err
    assert "variant hard" in text and "difference from #1" in text
    assert {p.name: p.read_text() for p in (out / "results").iterdir()} == files
    again = json.loads(json.dumps(first))
    assert run_json(capsys, *args)["configurations"] == again["configurations"]


def test_a_longer_or_damaged_sweep_plays_only_what_is_missing(capsys, tmp_path, scheduler):
    out = tmp_path / "out"
    base = [TINY, "--seed", "100", "--scheduler", scheduler, "--out", str(out)]
    key = run_json(capsys, *base, "--games", "6")["configurations"][0]["key"]
    before = lines(out, key)
    # the last row cut short by a crash, and one row lost
    path = out / "results" / f"{key}.jsonl"
    path.write_text("\n".join(before[:4]) + "\n" + before[5][:30])
    code, _, err = run(capsys, *base, "--games", "12", "--json")
    assert code == 0
    assert "8 games in" in err and "(4 already in" in err and "cut short" in err
    after = lines(out, key)
    assert after[:4] == before[:4]
    assert sorted(json.loads(row)["seed"] for row in after) == list(range(100, 112))
    by_seed = {json.loads(r)["seed"]: r for r in after}
    assert all(by_seed[json.loads(r)["seed"]] == r for r in before)          # the lost ones replayed the same


def test_rows_changed_into_what_no_game_writes_are_played_again(capsys, tmp_path, scheduler):
    out = tmp_path / "out"
    args = [TINY, "--games", "6", "--scheduler", scheduler, "--out", str(out), "--json"]
    first = run_json(capsys, *args)
    key = first["configurations"][0]["key"]
    before = lines(out, key)
    damaged = [{"config": key, "seed": json.loads(before[0])["seed"]}]                  # no outcome
    for i, change in enumerate([{"score": float("inf")}, {"outcome": {}}, {"cards": 5}, {"outcome": "\ud800"}], 1):
        damaged.append(dict(json.loads(before[i]), **change))
    path = out / "results" / f"{key}.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in damaged) + before[5] + "\n" + "[" * 100_000 + "\n")
    code, text, err = run(capsys, *args)
    assert code == 0 and "5 games in" in err, err
    assert json.loads(text)["configurations"] == first["configurations"]


def test_ctrl_c_keeps_what_finished_and_the_next_run_completes(capsys, tmp_path, scheduler, monkeypatch):
    out = tmp_path / "out"
    args = [TINY, "--games", "30", "--chunk", "2", "--scheduler", scheduler, "--out", str(out)]
    real = ResultsFolder.append
    calls = []

    def append_then_interrupt(self, key, rows):
        real(self, key, rows)
        calls.append(key)
        if len(calls) == 2:
            raise KeyboardInterrupt
    monkeypatch.setattr(ResultsFolder, "append", append_then_interrupt)
    code, text, err = run(capsys, *args, "--json")
    assert code == 1 and "stopped" in err and "run the same command again" in err
    summary = json.loads(text)
    assert summary["interrupted"] and summary["configurations"][0]["recorded"] == 4
    assert summary["configurations"][0]["missing"] == 26
    monkeypatch.setattr(ResultsFolder, "append", real)
    code, text, err = run(capsys, *args, "--json")
    assert code == 0 and "26 games in" in err
    key = json.loads(text)["configurations"][0]["key"]
    assert sorted(json.loads(r)["seed"] for r in lines(out, key)) == list(range(30))


def test_another_grid_in_the_same_folder_is_kept_apart(capsys, tmp_path, scheduler):
    out = tmp_path / "out"
    mod = tmp_path / "morale.rules"
    mod.write_text('mod "Less morale" for tiny\n\nreplace var morale: int in 0..5 = 4\n')
    common = ["--games", "5", "--scheduler", scheduler, "--out", str(out)]
    run_json(capsys, TINY, "--mod", str(mod), *common)
    mod.write_text('mod "Less morale" for tiny\n\nreplace var morale: int in 0..5 = 1\n')
    code, text, err = run(capsys, TINY, "--mod", str(mod), "--variant", "hard", *common, "--json")
    assert code == 0
    assert "5 games in" in err
    assert "the rules of tiny, variant standard, mod morale" not in err     # that one is not in this grid
    code, text, err = run(capsys, TINY, "--mod", str(mod), *common, "--json")
    assert "changed since it was swept here" in err and "configuration(s) not in this grid" in err
    summary = json.loads(text)
    assert [o["rules_changed"] for o in summary["other_configurations"]] == [True, False]
    manifest = json.loads((out / "manifest.json").read_text())
    assert len(manifest["configurations"]) == 3 and len(manifest["runs"]) == 3
    assert manifest["runs"][1]["command"] == f"garrison sweep {TINY} --variant hard --mod {mod} --games 5 --seed 0"


def test_the_summary_compares_with_the_baseline(capsys, tmp_path, scheduler):
    summary = run_json(capsys, TINY, "--variant", "standard", "--variant", "hard", "--games", "40",
                       "--baseline", "variant=hard", "--scheduler", scheduler, "--out", str(tmp_path / "out"))
    standard, hard = summary["configurations"]
    assert summary["baseline"] == {"number": 2, "key": hard["key"]}
    assert hard["difference_from_baseline"] is None
    diff = standard["difference_from_baseline"]
    assert diff["paired_games"] == 40
    low, high = diff["score"]["ci95"]
    assert low <= diff["score"]["difference"] <= high and low > 0       # more morale, a higher score
    for c in summary["configurations"]:
        score = c["figures"]["score"]
        assert score["ci95"][0] <= score["mean"] <= score["ci95"][1]
        for share in c["figures"]["outcome_shares"].values():
            assert share["ci95"][0] <= share["share"] <= share["ci95"][1]
    written = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert written["configurations"] == summary["configurations"]


def test_the_baseline_is_named_by_number_key_or_settings():
    points = sweep.build_grid(sweep.GridSpec(TINY, ["standard", "hard"], [], [], [1, 2], [], []))
    assert sweep_report.choose_baseline(points, None) == 0
    assert sweep_report.choose_baseline(points, "3") == 2
    assert sweep_report.choose_baseline(points, points[3].key[:6]) == 3
    assert sweep_report.choose_baseline(points, "variant=hard,seats=2") == 3
    for bad in ("9", "variant=hard", "colour=red", "variant=easy"):
        with pytest.raises(GameError):
            sweep_report.choose_baseline(points, bad)


def test_the_table_names_each_configuration_by_what_varies(capsys, tmp_path, scheduler):
    code, text, _ = run(capsys, TINY, "--seats", "1", "--seats", "2", "--games", "6", "--scheduler", scheduler,
                        "--out", str(tmp_path / "out"))
    assert code == 0
    assert "seats 1" in text and "seats 2" in text and "variant standard" not in text
    assert "difference from #1 on the same seeds" in text


def test_the_default_local_cluster(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, TINY, "--games", "6", "--workers", "2", "--json")
    assert code == 0 and "on a local cluster of 2 process(es)" in err
    assert len(list((tmp_path / "sweep-tiny" / "results").glob("*.jsonl"))) == 1


def test_a_worker_refuses_rules_it_does_not_have(tmp_path):
    mod = tmp_path / "morale.rules"
    mod.write_text('mod "Less morale" for tiny\n\nreplace var morale: int in 0..5 = 4\n')
    point = sweep.build_grid(sweep.GridSpec(TINY, [], [str(mod)], [], [], [], []))[0]
    assert [r["seed"] for r in sweep.play_chunk(point, [3, 4])] == [3, 4]
    mod.write_text('mod "Less morale" for tiny\n\nreplace var morale: int in 0..5 = 3\n')
    assert sweep.play_chunk(point, [3])[0]["score"] == sweep.play_chunk(point, [3, 4])[0]["score"]
    with pytest.raises(GameError, match="differ from the ones swept"):
        sweep.play_chunk(replace(point, fingerprint="0" * 16), [3])
    with pytest.raises(GameError, match="is missing: every worker needs"):
        sweep.play_chunk(replace(point, mods=(str(tmp_path / "elsewhere.rules"),)), [3])


@pytest.mark.parametrize("args,message", [
    ([TINY, "--variant", "easy"], "unknown variant 'easy'"),
    ([TINY, "--mod", "missing.rules"], "mod file not found: missing.rules"),
    ([TINY, "--mod", " , "], "mod names no file: give FILE[,FILE...] or 'none'"),
    (["postmen", "--mod", f"{NO_HOWITZER},{NO_HOWITZER}"], "is given twice in"),
    ([TINY, "--scenario", f"{TINY}/game.rules,{TINY}/game.rules"], "--scenario takes one file at a time"),
    ([TINY, "--bot", "clever"], "unknown bot 'clever'"),
    ([TINY, "--seats", "5"], "takes 1..2 seats, not 5"),
    ([TINY, "--games", "0"], "--games must be at least 1"),
    ([TINY, "--games", "10000001"], "--games is at most 10,000,000 a configuration"),
    (["nowhere"], "unknown game 'nowhere'"),
    ([TINY, "--scheduler", "nonsense"], "is not a scheduler's address"),
    ([TINY, "--scheduler", "tcp://127.0.0.1:1", "--timeout", "1"], "no Dask scheduler answers at tcp://127.0.0.1:1"),
    ([TINY, "--baseline", "variant=easy"], "matches no configuration"),
    ([TINY, "--variant", "hard", "--baseline", "variant=hard,variant=standard"], "--baseline gives variant twice"),
])
def test_bad_arguments_are_one_line(capsys, tmp_path, args, message):
    code, out, err = run(capsys, *args, "--out", str(tmp_path / "out"))
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_without_dask_it_says_how_to_install_it(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, _, err = run(capsys, TINY, "--out", str(tmp_path / "out"))
    assert code == 2 and err.strip() == "garrison: garrison sweep needs Dask's distributed scheduler: " \
                                        "pip install 'garrison[cluster]'"


def test_plot(capsys, tmp_path, scheduler):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "sweep.png"
    code, _, err = run(capsys, TINY, "--variant", "standard", "--variant", "hard", "--games", "6", "--plot",
                       str(picture), "--scheduler", scheduler, "--out", str(tmp_path / "out"))
    assert code == 0, err
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_ctrl_c_at_a_terminal_stops_the_cluster_and_keeps_what_finished(tmp_path):
    """SIGINT to the whole process group, as a terminal sends it: no traceback, no process left behind."""
    import os
    import signal
    import subprocess
    import time
    import psutil
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([sys.executable, "-m", "interpreter", "sweep", "postmen", "--games", "3000", "--chunk", "4",
                             "--workers", "2", "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while sum(len(p.read_text().splitlines()) for p in out.glob("results/*.jsonl")) < 8:
            assert time.monotonic() < deadline and proc.poll() is None, "no games recorded"
            time.sleep(0.2)
        family = psutil.Process(proc.pid).children(recursive=True)
        assert family, "the local cluster runs in worker processes"
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1, err
    assert "stopped: the games finished are kept" in err and "Traceback" not in err
    _, alive = psutil.wait_procs(family, timeout=30)
    assert alive == []
    rows = [json.loads(line) for p in out.glob("results/*.jsonl") for line in p.read_text().splitlines()]
    assert len(rows) >= 8 and len({r["seed"] for r in rows}) == len(rows)


def test_the_guides_sweeps_are_valid_grids(monkeypatch):
    """Every `garrison sweep` in docs/sweeps.md parses, and names variants and mods that exist."""
    import re
    import shlex
    from interpreter.cli import build_parser
    monkeypatch.chdir(REPO)
    guide = (REPO / "docs" / "sweeps.md").read_text(encoding="utf-8")
    shown = [line.strip() for block in re.findall(r"```sh\n(.*?)```", guide, re.S)
             for line in block.replace("\\\n", " ").splitlines() if line.strip().startswith("garrison sweep")]
    assert len(shown) >= 2
    for line in shown:
        args = build_parser().parse_args(shlex.split(line)[1:])
        grid = sweep.build_grid(sweep.GridSpec(args.pack, args.variant, args.mod, args.scenario, args.seats,
                                               args.bot, args.budget))
        assert len(grid) == max(1, len(args.variant)) * max(1, len(args.mod)) * max(1, len(args.seats))


def test_plot_without_matplotlib_is_refused_before_any_game(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, _, err = run(capsys, TINY, "--plot", str(tmp_path / "p.png"), "--out", str(tmp_path / "out"))
    assert code == 2 and err.strip() == "garrison sweep: --plot needs matplotlib: pip install 'garrison[plot]'"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("configurations", [{"x": 5}, {"x": {"game": "tiny"}}, {"x": {"game": "tiny", "mods": [1]}}])
def test_a_manifest_of_another_shape_is_refused_before_any_game(capsys, tmp_path, configurations):
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_text(json.dumps({"format": FORMAT, "configurations": configurations}))
    code, _, err = run(capsys, TINY, "--games", "2", "--out", str(out))
    assert code == 2 and "manifest.json is not a sweep manifest (damaged, or another tool's)" in err


def test_a_game_the_rules_fail_in_makes_the_exit_code_1(capsys, tmp_path, scheduler):
    pack = tmp_path / "flaky.rules"
    pack.write_text('game flaky "Flaky" { seats 1 home box }\nspace box\ndie d6 1..6\n'
                    'play {\n  if roll d6 == 6 { let x = nth([1], 5) }\n  end game\n}\n'
                    'result { score 1 outcome "Done" }\n')
    code, out, err = run(capsys, str(pack), "--games", "30", "--scheduler", scheduler, "--out", str(tmp_path / "out"),
                         "--json")
    assert code == 1, err
    assert json.loads(out)["configurations"][0]["figures"]["errors"] > 0
