"""`garrison sweep`: its arguments, and the command that plays a grid on a Dask cluster and summarises it."""
from __future__ import annotations

import os
import sys

from interpreter.runtime import GameError, RulesError, json_text

MOST_GAMES_A_CONFIGURATION = 10_000_000     # the summary reads every game's row into memory, about 400 bytes each

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def add_parser(sub, integer, named) -> None:
    sweep = sub.add_parser("sweep", help="play a grid of configurations on a Dask cluster and compare them",
                           description="Play every combination of the settings given (each of --variant, --mod, "
                                       "--scenario, --seats, --bot and --budget may be repeated) on the same seeds, "
                                       "on Dask's distributed scheduler; see docs/sweeps.md.")
    sweep.add_argument("pack", metavar="PACK", help="a bundled game or a pack's path")
    sweep.add_argument("--variant", action="append", default=[], metavar="V", help="a variant ('standard': none)")
    sweep.add_argument("--mod", action="append", default=[], metavar="FILE[,FILE...]",
                       help="mods applied together ('none': the pack as it is)")
    sweep.add_argument("--scenario", action="append", default=[], metavar="FILE", help="a scenario ('none': none)")
    sweep.add_argument("--seats", action="append", default=[], type=integer, metavar="N", help="seats (default 1)")
    sweep.add_argument("--bot", action="append", default=[], metavar="BOT", help="random (default), greedy or mcts")
    sweep.add_argument("--budget", action="append", default=[], type=integer, metavar="B",
                       help="options looked at (greedy) or search iterations (mcts) per decision")
    sweep.add_argument("--games", type=integer, default=100, metavar="N", help="games per configuration (default 100)")
    sweep.add_argument("--seed", type=integer, default=0, metavar="S", help="game i of every configuration uses seed S+i")
    sweep.add_argument("--workers", type=integer, default=os.cpu_count() or 1, metavar="N",
                       help="worker processes of the local cluster (default: one per core)")
    sweep.add_argument("--scheduler", type=named, metavar="ADDRESS",
                       help="use the Dask scheduler at ADDRESS (tcp://HOST:8786) and its workers instead")
    sweep.add_argument("--timeout", type=integer, default=10, metavar="SECONDS",
                       help="how long to wait for --scheduler to answer (default 10)")
    sweep.add_argument("--chunk", type=integer, default=0, metavar="N",
                       help="seeds per task (default: by bot, at most 100 random, 8 greedy, 2 mcts games)")
    sweep.add_argument("--out", type=named, metavar="DIR", help="the results folder (default ./sweep-GAME)")
    sweep.add_argument("--baseline", type=named, metavar="CONFIG",
                       help="the configuration others are compared with: its number, key, or SETTING=VALUE,... "
                            "(default: the first)")
    sweep.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sweep.add_argument("--plot", metavar="FILE.png", help="draw outcome shares and scores with their intervals")


def cmd_sweep(args) -> int:
    from interpreter.cli import UsageError
    from interpreter.cli_common import plot_path
    from . import sweep, sweep_cluster, sweep_report
    from .sweep_store import ResultsFolder
    sweep_cluster.require_dask()
    for name, least in (("games", 1), ("workers", 1), ("timeout", 1), ("chunk", 0)):
        if getattr(args, name) < least:
            raise UsageError(f"garrison sweep: --{name} must be at least {least}")
    if args.games > MOST_GAMES_A_CONFIGURATION:
        raise UsageError(f"garrison sweep: --games is at most {MOST_GAMES_A_CONFIGURATION:,} a configuration "
                         f"(the summary holds every game's result in memory)")
    spec = sweep.GridSpec(args.pack, args.variant, args.mod, args.scenario, args.seats, args.bot, args.budget)
    try:
        points = sweep.build_grid(spec)
    except RulesError as err:
        from interpreter.cli_common import rules_failed
        rules_failed(err, args.json)
        return EXIT_ERRORS
    except GameError as err:
        raise UsageError(f"garrison sweep: {err}") from None
    if args.scheduler:
        sweep_cluster.parse_scheduler(args.scheduler)
    if args.plot:
        args.plot = plot_path("sweep", args.plot)     # before the games, not after them
    baseline = sweep_report.choose_baseline(points, args.baseline)
    seeds = range(args.seed, args.seed + args.games)
    store = ResultsFolder(args.out or f"sweep-{points[0].game}")
    others = store.others(points)
    _note_others(others, store)
    recorded = {p.key: set(store.rows(p.key)) for p in points}
    played = sweep_cluster.Played()
    if any(s not in recorded[p.key] for p in points for s in seeds):
        played = _play(args, points, seeds, recorded, store)
    else:
        _say(f"all {len(points) * len(seeds)} games of {len(points)} configuration(s) are already in {store.path}")
    summary = sweep_report.summarise(points, store, seeds, baseline, played, others)
    store.write_summary(summary)
    if args.plot:
        sweep_report.plot(summary, args.plot)
    if args.json:
        print(json_text(summary))
    else:
        from rich.console import Console
        sweep_report.print_tables(summary, Console(width=None if sys.stdout.isatty() else 160))
        if args.plot:
            print(f"plot written to {args.plot}")
    if played.interrupted:
        _say(f"stopped: the games finished are kept in {store.path}; run the same command again to play the rest")
    failed = any(c["figures"]["errors"] for c in summary["configurations"])
    return EXIT_ERRORS if played.interrupted or failed else EXIT_OK


def _play(args, points, seeds, recorded, store):
    """Record the run, then play the seeds missing on the cluster, writing each task's rows as it finishes."""
    from . import sweep, sweep_cluster
    from .progress import progress_printer
    progress = progress_printer()

    def record(rows):
        store.append(rows[0]["config"], rows)
    try:
        with sweep_cluster.connect(args.scheduler, args.workers, args.timeout) as client:
            store.begin(points, seeds, _command(args))
            workers = len(client.scheduler_info().get("workers", {}))
            work = sweep.tasks(points, seeds, recorded, workers or args.workers, args.chunk)
            to_play = sum(len(s) for _, s in work)
            where = (f"the scheduler at {args.scheduler} ({workers} worker(s) now)" if args.scheduler
                     else f"a local cluster of {workers} process(es)")
            kept = len(points) * len(seeds) - to_play
            _say(f"{len(points)} configuration(s) × {len(seeds)} seeds: {to_play} games in {len(work)} tasks on {where}"
                 + (f" ({kept} already in {store.path})" if kept else "") + f"; results in {store.path}")
            return sweep_cluster.run(client, work, record, progress)
    finally:
        getattr(progress, "close", lambda: None)()
        store.close()


def _command(args) -> str:
    """The sweep as a command line, for the manifest's record of runs."""
    import shlex
    words = ["garrison", "sweep", args.pack]
    for name in ("variant", "mod", "scenario", "seats", "bot", "budget"):
        words += [w for value in getattr(args, name) for w in (f"--{name}", str(value))]
    words += ["--games", str(args.games), "--seed", str(args.seed)]
    return shlex.join(words)


def _note_others(others: list, store) -> None:
    changed = [o for o in others if o["changed"]]
    for o in changed:
        _say(f"note: the rules of {o['description']} changed since it was swept here; its {o['key']} results are "
             f"kept apart and not used")
    if len(others) > len(changed):
        _say(f"note: {store.path} also holds {len(others) - len(changed)} configuration(s) not in this grid "
             f"(listed in its manifest.json); they are not in this summary")


def _say(text: str) -> None:
    print(text, file=sys.stderr)
