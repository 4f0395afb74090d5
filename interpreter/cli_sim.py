"""`garrison sim`: run many bot games in parallel with a progress bar, then report and plot them."""
from __future__ import annotations

import os
import sys

from interpreter.runtime import RulesError, json_text

from .cli_common import (BUDGET_HELP, EXIT_ERRORS, EXIT_OK, LOOK_PAST_TIES_HELP, Once, UsageError, budget_for, changes,
                         integer, look_past_ties, plot_path, rules_failed)
from .lab.progress import progress_printer


def add_sim_parser(sub) -> None:
    sim = sub.add_parser("sim", help="simulate many games with a bot and summarise them")
    sim.add_argument("game", metavar="GAME")
    sim.add_argument("--games", type=integer, default=100)
    sim.add_argument("--bot", default="random", help="random, greedy or mcts")
    sim.add_argument("--budget", type=integer, default=0, help=BUDGET_HELP)
    sim.add_argument("--look-past-ties", type=integer, default=None, metavar="N", help=LOOK_PAST_TIES_HELP)
    sim.add_argument("--variant", default=None)
    sim.add_argument("--seats", type=integer, default=1)
    sim.add_argument("--mod", action="append", default=[], metavar="FILE")
    sim.add_argument("--scenario", action=Once, metavar="FILE")
    sim.add_argument("--seed", type=integer, default=0, help="game i uses seed SEED+i")
    sim.add_argument("--jobs", type=integer, default=cores(),
                     help="worker processes (default: one per core)")
    sim.add_argument("--texts", action="store_true",
                     help="compose every prompt, option label and log text, as play does, so an error "
                          "in one is reported (slower; by default a simulation composes none)")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--plot", metavar="FILE.png")
    sim.add_argument("--compare", metavar="KEY=VALUE,...",
                     help="also run a second configuration on the same seeds, e.g. variant=hard or bot=greedy")


def cores() -> int:
    """The cores this process may run on (fewer than the machine's under a CPU affinity mask)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


def cmd_sim(args) -> int:
    from .lab import sim
    from .lab.bots import BOTS
    from .lab.plot import write_plot
    if args.games < 1:
        raise UsageError("garrison sim: --games must be at least 1")
    if args.games > sim.MOST_GAMES:
        raise UsageError(f"garrison sim: --games is at most {sim.MOST_GAMES:,} (their results are kept in memory); "
                         f"garrison sweep plays more, keeping them on disk")
    if args.jobs < 1:
        raise UsageError("garrison sim: --jobs must be at least 1")
    from .lab.bots import budget_problem
    problem = budget_problem(args.budget)
    if problem:
        raise UsageError(f"garrison sim: {problem}")
    if args.plot is not None:
        args.plot = plot_path("sim", args.plot)
    args.jobs = min(args.jobs, args.games)      # a worker more than there are games would only start and stop
    if args.bot not in BOTS:
        from dsl import suggest
        raise UsageError(f"garrison sim: unknown bot '{args.bot}'{suggest(args.bot, BOTS)}; bots: {', '.join(BOTS)}")
    budget_for("sim", args.budget, args.bot)
    look_past_ties("sim", args.look_past_ties, args.bot)
    variant = args.variant
    base = sim.SimConfig(args.game, args.games, args.bot, variant, args.seats, tuple(changes(args)), args.seed, args.budget,
                         args.texts, args.look_past_ties, args.scenario)
    configs = [base] + ([sim.parse_compare(args.compare, base)] if args.compare is not None else [])
    for config in configs:
        try:
            rules = sim._rules(config)
        except RulesError as err:
            rules_failed(err, args.json)
            return EXIT_ERRORS
        rules.view(config.variant)
        if not rules.seats_min <= config.seats <= rules.seats_max:
            raise UsageError(f"garrison sim: {rules.title} takes {rules.seats_min}..{rules.seats_max} seats, not {config.seats}")
    runs = []
    for config in configs:
        progress = progress_printer()
        try:
            runs.append(sim.run(config, args.jobs, progress))
        finally:
            getattr(progress, "close", lambda: None)()      # a bar left by Ctrl-C gives the cursor back
    figures = [sim.report(r) for r in runs]
    plotted = args.plot and all(r.results for r in runs)        # an interrupted run may have no game to draw
    if plotted:
        write_plot(runs, figures, args.plot)
    if args.json:
        out = figures[0] if len(figures) == 1 else {"a": figures[0], "b": figures[1],
                                                     "differences": sim.compare(runs[0], runs[1])}
        print(json_text(out))
    else:
        for f in figures:
            print("\n".join(sim.text_report(f)))
        if len(runs) == 2:
            print("\n".join(sim.compare_text(sim.compare(runs[0], runs[1]), configs[0], configs[1])))
        if plotted:
            print(f"plot written to {args.plot}")
    failed = any(r.interrupted or any("error" in result for result in r.results) for r in runs)
    return EXIT_ERRORS if failed else EXIT_OK       # a game the rules failed in fails the run, as in a script
