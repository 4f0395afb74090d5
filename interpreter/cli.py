"""The `garrison` command line: check, play, replay, info, sim, new, fmt, schema, code and serve."""
from __future__ import annotations

import argparse
import json
import os
import sys
from importlib import metadata

from interpreter.runtime import GameError, RulesError

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """argparse that reports bad arguments in one line and exits 2, never with a traceback."""

    def error(self, message):
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> Parser:
    parser = Parser(prog="garrison", description="Play and check rules-as-data board games.")
    parser.add_argument("--version", action="version", version=f"garrison {_version()}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    check = sub.add_parser("check", help="check rules packs and report every error")
    check.add_argument("packs", nargs="+", metavar="PATH_OR_NAME")
    check.add_argument("--mod", action="append", default=[], metavar="FILE")
    check.add_argument("--scenario", metavar="FILE")
    check.add_argument("--quiet", action="store_true", help="do not print warnings")
    check.add_argument("--json", action="store_true",
                       help="print one JSON object: each pack, whether it loads, its errors and warnings")

    play = sub.add_parser("play", help="play a game (or let a bot play it)")
    play.add_argument("game", metavar="GAME", nargs="?", help="a bundled game or a pack's path (with --load of a "
                                                               "bundled game's save, it may be left out)")
    play.add_argument("--seed", type=_integer, default=0)
    play.add_argument("--variant", default=None)
    play.add_argument("--seats", type=_integer, default=1)
    play.add_argument("--bot", default=None, help="let a bot play every seat: random, greedy or mcts")
    play.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    play.add_argument("--mod", action="append", default=[], metavar="FILE")
    play.add_argument("--scenario", metavar="FILE", help="start from a scenario file's position")
    play.add_argument("--load", metavar="FILE", help="resume the game saved in FILE")
    play.add_argument("--replay-under-new-rules", action="store_true",
                      help="with --load: if the rules changed since the save, replay its choices under them")
    play.add_argument("--save", metavar="FILE", help="autosave to FILE after every decision")
    play.add_argument("--no-save", action="store_true", help="do not autosave")
    play.add_argument("--enter", action="store_true",
                      help="wait for Enter after an option number (by default, at a terminal, a number "
                           "no other option starts with takes effect at once)")

    replay = sub.add_parser("replay", help="re-run a saved game and check it reaches the same state")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--step", action="store_true", help="show every decision and the choice made")
    replay.add_argument("--game", metavar="PATH", help="the pack, if not the bundled game named in the save")
    replay.add_argument("--mod", action="append", default=[], metavar="FILE")
    replay.add_argument("--scenario", metavar="FILE")
    replay.add_argument("--json", action="store_true",
                        help="print one JSON object: verified or not, decisions, what differs")

    info = sub.add_parser("info", help="summarise a game's compiled rules")
    info.add_argument("game", metavar="GAME")
    info.add_argument("--json", action="store_true")
    info.add_argument("--mod", action="append", default=[], metavar="FILE")
    info.add_argument("--scenario", metavar="FILE")

    sim = sub.add_parser("sim", help="simulate many games with a bot and summarise them")
    sim.add_argument("game", metavar="GAME")
    sim.add_argument("--games", type=_integer, default=100)
    sim.add_argument("--bot", default="random", help="random, greedy or mcts")
    sim.add_argument("--budget", type=_integer, default=0, help="options looked at (greedy) or search iterations (mcts) per decision")
    sim.add_argument("--variant", default=None)
    sim.add_argument("--seats", type=_integer, default=1)
    sim.add_argument("--mod", action="append", default=[], metavar="FILE")
    sim.add_argument("--scenario", metavar="FILE")
    sim.add_argument("--seed", type=_integer, default=0, help="game i uses seed SEED+i")
    sim.add_argument("--jobs", type=_integer, default=os.cpu_count() or 1,
                     help="worker processes (default: one per core)")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--plot", metavar="FILE.png")
    sim.add_argument("--compare", metavar="KEY=VALUE,...",
                     help="also run a second configuration on the same seeds, e.g. variant=hard or bot=greedy")

    new = sub.add_parser("new", help="create a small working game pack to start from")
    new.add_argument("path", metavar="NAME")

    fmt = sub.add_parser("fmt", help="lay out .rules files in the canonical style")
    fmt.add_argument("paths", nargs="+", metavar="PATH", help=".rules files or directories (searched recursively)")
    fmt.add_argument("--check", action="store_true", help="change nothing; list files that would change, exit 1 if any")

    sub.add_parser("schema", help="print the JSON Schema of the compiled rules model")

    code = sub.add_parser("code", help="print the Python a game's rules are compiled to")
    code.add_argument("game", metavar="GAME")
    code.add_argument("--variant", default=None)
    code.add_argument("--mod", action="append", default=[], metavar="FILE")
    code.add_argument("--scenario", metavar="FILE")

    from .web.serve import add_parser
    add_parser(sub)
    return parser


def _version() -> str:
    try:
        return metadata.version("garrison")
    except metadata.PackageNotFoundError:     # run from a source tree that was never installed
        return "(not installed)"


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            build_parser().print_help()
            return EXIT_USAGE
        return COMMANDS[args.command](args)
    except UsageError as err:
        print(err, file=sys.stderr)
        return EXIT_USAGE
    except GameError as err:
        print(f"garrison: {err}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:             # e.g. `garrison info GAME | head`
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except Exception as err:  # a bug in Garrison itself: say so in one line
        print(f"garrison: internal error ({type(err).__name__}: {err}); please report it", file=sys.stderr)
        return 3


def _changes(args) -> list:
    """The mod files, then the scenario file, in the order they apply."""
    return list(args.mod) + ([args.scenario] if getattr(args, "scenario", None) else [])


def _load(name, mods):
    from interpreter.runtime import load_rules
    return load_rules(name, mods=mods)


def cmd_check(args) -> int:
    from interpreter.runtime import load_rules
    failed = False
    reports = []
    for pack in args.packs:
        try:
            rules = load_rules(pack, mods=_changes(args))
        except RulesError as err:
            failed = True
            if args.json:
                reports.append({"pack": pack, "ok": False, "diagnostics": [d.as_json() for d in err.diagnostics]})
            else:
                print(err.report(), file=sys.stderr)
            continue
        if args.json:
            reports.append({"pack": pack, "ok": True, "title": rules.title,
                            "diagnostics": [d.as_json() for d in rules.warning_diagnostics]})
            continue
        if not args.quiet:
            for w in rules.warnings:
                print(w, file=sys.stderr)
        print(f"{pack}: ok ({rules.title}; {len(rules.warnings)} warning{'s' if len(rules.warnings) != 1 else ''})")
    if args.json:
        print(json.dumps({"packs": reports}, ensure_ascii=False))
    return EXIT_ERRORS if failed else EXIT_OK


def _load_or_report(args):
    try:
        return _load(args.game, _changes(args))
    except RulesError as err:
        print(err.report(), file=sys.stderr)
        return None


def cmd_info(args) -> int:
    rules = _load_or_report(args)
    if rules is None:
        return EXIT_ERRORS
    summary = rules.summary()
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return EXIT_OK
    print(f"{summary['title']} ({summary['game']})")
    print(f"  seats: {summary['seats'][0]}..{summary['seats'][1]}")
    print("  decks: " + ", ".join(f"{k} ({v})" for k, v in summary["decks"].items()))
    print("  pieces: " + ", ".join(f"{k} ({v})" for k, v in summary["pieces"].items()))
    print(f"  spaces: {summary['spaces']}")
    print(f"  phases: {', '.join(summary['phases'])}")
    print(f"  variants: {', '.join(summary['variants']) or 'none'}")
    return EXIT_OK


def cmd_play(args) -> int:
    if args.replay_under_new_rules and not args.load:
        raise UsageError("garrison play: --replay-under-new-rules goes with --load FILE")
    if args.load:
        from .saves.files import mods_to_apply, read_save
        saved = read_save(args.load)[1]
        args.game = args.game or _saved_bundled_game(args.load, saved)
        # resume with the mods and scenario named here, else with the save's if they are bundled ones
        args.mod, args.scenario = mods_to_apply(args.load, saved, _changes(args)), None
    elif args.game is None:
        raise UsageError("garrison play: name the GAME to play (or --load FILE to resume one)")
    rules = _load_or_report(args)
    if rules is None:
        return EXIT_ERRORS
    if args.load:
        game = _resume(rules, args.load, args.replay_under_new_rules)
    else:
        game = rules.new_game(seed=args.seed, variant=args.variant, seats=args.seats)
    if args.bot:
        from .lab.bots import make_bot, play_out
        play_out(game, make_bot(args.bot, args.seed))
        if args.save and not args.no_save:
            from .saves.files import save_game
            save_game(args.save, game.to_json())
    else:
        from .terminal.prompt import play_in_terminal
        if not play_in_terminal(game, _autosave_path(args, rules), resume=args.game, instant=not args.enter):
            return EXIT_OK
    summary = game_summary(game)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        if args.bot:
            for event in game.log[-12:]:
                print(event.text)
        score = "" if summary["score"] is None else f", score {summary['score']}"
        print(f"{rules.title}: {summary['outcome']}{score} after {summary['decisions']} decisions")
    return EXIT_OK


def _saved_bundled_game(path: str, saved: dict) -> str:
    """The game a save names, if it is a bundled one: a save never names a path to be read."""
    from interpreter.runtime import bundled_names
    name = saved.get("game")
    if name in bundled_names():
        return name
    raise UsageError(f"garrison play: {path} is not a save of a bundled game; name its pack: "
                     f"garrison play PATH --load {path}")


def _resume(rules, path: str, replay_under_new_rules: bool):
    """The game saved in `path`; one line says so if it was replayed under rules changed since."""
    from interpreter.runtime import RulesChanged
    from .saves.files import load_saved
    try:
        game = load_saved(rules, path, replay_under_new_rules)
    except RulesChanged as err:
        raise GameError(f"{err}; add --replay-under-new-rules to replay its choices under the rules of now") from None
    if game.replayed_under_new_rules:
        print(f"(the rules have changed since {path} was saved: its {game.decisions_made} decisions "
              f"were replayed under the rules of now)", file=sys.stderr)
    return game


def _autosave_path(args, rules):
    """Where `play` autosaves: --save FILE, else the file resumed, else (for a person typing at a
    terminal) ./GAME.garrison-save.json, keeping an older save there as a .previous file."""
    if args.no_save:
        return None
    if args.save or args.load:
        return args.save or args.load
    if not sys.stdin.isatty():
        return None
    from .saves.files import default_save_path, keep_previous
    path = default_save_path(rules.name)
    kept = keep_previous(path)
    if kept:
        print(f"(the game saved before in {path} is kept as {kept}; resume it with --load {kept})")
    return path


def cmd_replay(args) -> int:
    from .saves.replay import replay_file
    if args.json and args.step:
        raise UsageError("garrison replay: --step shows the game as it goes; it does not go with --json")
    return replay_file(args.file, args.game, _changes(args), step=args.step, as_json=args.json)


def game_summary(game) -> dict:
    rules = game.rules
    turns_var = game.view.turn_variable
    result = game.result
    return {"game": rules.name, "variant": game.variant, "seed": game.seed, "seats": game.seats,
            "outcome": result.outcome if result else None, "score": result.score if result else None,
            "details": result.details if result else {},
            "turns": game.var(turns_var) if turns_var else None, "decisions": game.decisions_made}


def cmd_sim(args) -> int:
    from .lab import sim
    from .lab.bots import BOTS
    if args.games < 1:
        raise UsageError("garrison sim: --games must be at least 1")
    if args.jobs < 1:
        raise UsageError("garrison sim: --jobs must be at least 1")
    if args.budget < 0:
        raise UsageError("garrison sim: --budget cannot be negative")
    if args.bot not in BOTS:
        from dsl import suggest
        raise UsageError(f"garrison sim: unknown bot '{args.bot}'{suggest(args.bot, BOTS)}; bots: {', '.join(BOTS)}")
    variant = args.variant
    base = sim.SimConfig(args.game, args.games, args.bot, variant, args.seats, tuple(_changes(args)), args.seed, args.budget)
    configs = [base] + ([sim.parse_compare(args.compare, base)] if args.compare else [])
    for config in configs:
        try:
            rules = sim._rules(config)
        except RulesError as err:
            print(err.report(), file=sys.stderr)
            return EXIT_ERRORS
        rules.view(config.variant)
        if not rules.seats_min <= config.seats <= rules.seats_max:
            raise UsageError(f"garrison sim: {rules.title} takes {rules.seats_min}..{rules.seats_max} seats, not {config.seats}")
    runs = []
    for config in configs:
        progress = _progress_printer()
        try:
            runs.append(sim.run(config, args.jobs, progress))
        finally:
            getattr(progress, "close", lambda: None)()      # a bar left by Ctrl-C gives the cursor back
    figures = [sim.report(r) for r in runs]
    if args.plot:
        sim.plot(figures, args.plot)
    if args.json:
        out = figures[0] if len(figures) == 1 else {"a": figures[0], "b": figures[1],
                                                     "differences": sim.compare(runs[0], runs[1])}
        print(json.dumps(out, ensure_ascii=False))
    else:
        for f in figures:
            print("\n".join(sim.text_report(f)))
        if len(runs) == 2:
            print("\n".join(sim.compare_text(sim.compare(runs[0], runs[1]), configs[0], configs[1])))
        if args.plot:
            print(f"plot written to {args.plot}")
    return EXIT_ERRORS if any(r.interrupted for r in runs) else EXIT_OK


def _progress_printer():
    """Progress on stderr: at a terminal, rich's progress bar with games/s and the time left;
    otherwise a line at every tenth of the run."""
    stream = sys.stderr
    if stream.isatty():
        return _RichProgress()
    state = {"tenth": 0}

    def show(done: int, total: int, seconds: float) -> None:
        tenth = done * 10 // total
        if tenth == state["tenth"] and done < total:
            return
        state["tenth"] = tenth
        rate = done / seconds if seconds else 0.0
        eta = (total - done) / rate if rate else 0.0
        stream.write(f"{done}/{total} games, {rate:.1f}/s, {eta:.0f}s left\n")
        stream.flush()
    return show


class _RichProgress:
    """A rich progress bar, started at the first game finished and stopped at the last."""

    def __init__(self):
        self.progress = self.task = None

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if self.progress is None:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)
            self.progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                                     TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                                     TextColumn("left"), TimeRemainingColumn(),
                                     console=Console(stderr=True), transient=False)
            self.task = self.progress.add_task("games", total=total, rate="")
            self.progress.start()
        rate = f"{done / seconds:.1f}/s" if seconds else ""
        self.progress.update(self.task, completed=done, rate=rate)
        if done >= total:
            self.close()

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def cmd_new(args) -> int:
    from .scaffold import create_pack
    for file in create_pack(args.path):
        print(f"wrote {file}")
    print(f"next: garrison check {args.path} && garrison play {args.path} --bot random && python -m pytest {args.path}")
    return EXIT_OK


def cmd_fmt(args) -> int:
    from dsl import files_to_format
    try:
        files = files_to_format(args.paths)
    except ValueError as err:
        raise UsageError(f"garrison fmt: {err}") from None
    outcomes = [_fmt_file(path, args.check) for path in files]
    return EXIT_ERRORS if "error" in outcomes or (args.check and "changed" in outcomes) else EXIT_OK


def _fmt_file(path, check: bool) -> str:
    """Format one file (or, with check, show how it would change): 'same', 'changed' or 'error'."""
    from dsl import FormatError, format_text, short_diff
    from dsl import SyntaxProblem
    from .saves.files import write_atomically
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8").replace("\r\n", "\n")
        formatted = format_text(text, str(path))
    except SyntaxProblem as err:
        print(err.diagnostic.format(), file=sys.stderr)
        return "error"
    except (FormatError, UnicodeDecodeError, OSError) as err:
        reason = "not UTF-8 text" if isinstance(err, UnicodeDecodeError) else str(err)
        print(f"{path}: error: {reason}; the file is left as it is", file=sys.stderr)
        return "error"
    if formatted == text:
        return "same"
    if check:
        print(f"{path} would change")
        print(short_diff(text, formatted, str(path)))
    else:
        write_atomically(path, formatted, newline="\r\n" if b"\r\n" in raw else "\n")   # keep Windows line ends
        print(f"formatted {path}")
    return "changed"


def cmd_code(args) -> int:
    rules = _load_or_report(args)
    if rules is None:
        return EXIT_ERRORS
    sys.stdout.write(rules.python_source(args.variant))
    return EXIT_OK


def cmd_schema(args) -> int:
    from .runtime import rules_schema
    sys.stdout.write(rules_schema())
    return EXIT_OK


COMMANDS = {"check": cmd_check, "play": cmd_play, "replay": cmd_replay, "info": cmd_info, "sim": cmd_sim, "new": cmd_new, "schema": cmd_schema}
COMMANDS["fmt"] = cmd_fmt
COMMANDS["code"] = cmd_code


def cmd_serve(args) -> int:
    from .web.serve import INSTALL_HINT, cmd_serve as serve, web_stack_missing
    if web_stack_missing():
        raise UsageError(INSTALL_HINT)
    rules = _load_or_report(args)
    return EXIT_ERRORS if rules is None else serve(args, rules)


COMMANDS["serve"] = cmd_serve

if __name__ == "__main__":
    sys.exit(main())
