"""The `garrison` command line: check, play, replay, info, sim, sweep, new, fmt, schema, code, completion, lsp and serve."""
from __future__ import annotations

import argparse
import os
import sys
import textwrap
from importlib import metadata

from interpreter.runtime import UNNAMED_OUTCOME, GameError, RulesError, json_text

from .cli_common import (BUDGET_HELP, EXIT_ERRORS, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, LOOK_PAST_TIES_HELP, Once, named,
                         UsageError, budget_for, changes, failed, integer, look_past_ties, rules_failed)
from .cli_completion import add_completion_parser, autocomplete, cmd_completion
from .cli_sim import add_sim_parser, cmd_sim

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
    check.add_argument("--scenario", action=Once, metavar="FILE")
    check.add_argument("--quiet", action="store_true", help="do not print warnings")
    check.add_argument("--json", action="store_true",
                       help="print one JSON object: each pack, whether it loads, its errors and warnings")

    play = sub.add_parser("play", help="play a game (or let a bot play it)")
    play.add_argument("game", metavar="GAME", nargs="?", help="a bundled game or a pack's path (with --load of a "
                                                               "bundled game's save, it may be left out)")
    play.add_argument("--seed", type=integer, default=None, help="the game's seed (default 0); with --load and --bot, the bot's")
    play.add_argument("--variant", default=None)
    play.add_argument("--seats", type=integer, default=None, help="default 1")
    play.add_argument("--bot", default=None, help="let a bot play every seat: random, greedy or mcts")
    play.add_argument("--budget", type=integer, default=0, help=BUDGET_HELP)
    play.add_argument("--look-past-ties", type=integer, default=None, metavar="N", help=LOOK_PAST_TIES_HELP)
    play.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    play.add_argument("--mod", action="append", default=[], metavar="FILE")
    play.add_argument("--scenario", action=Once, metavar="FILE", help="start from a scenario file's position")
    play.add_argument("--load", metavar="FILE", help="resume the game saved in FILE")
    play.add_argument("--replay-under-new-rules", action="store_true",
                      help="with --load: if the rules changed since the save, replay its choices under them")
    play.add_argument("--save", metavar="FILE", help="autosave to FILE after every decision (with --bot: the game as it ends)")
    play.add_argument("--no-save", action="store_true", help="do not autosave")
    play.add_argument("--enter", action="store_true",
                      help="wait for Enter after an option number (by default, at a terminal, a number "
                           "no other option starts with takes effect at once)")

    replay = sub.add_parser("replay", help="re-run a saved game and check it reaches the same state")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--step", action="store_true", help="show every decision and the choice made")
    replay.add_argument("--game", type=named, metavar="PATH", help="the pack, if not the bundled game named in the save")
    replay.add_argument("--mod", action="append", default=[], metavar="FILE")
    replay.add_argument("--scenario", action=Once, metavar="FILE")
    replay.add_argument("--json", action="store_true",
                        help="print one JSON object: verified or not, decisions, what differs")

    info = sub.add_parser("info", help="summarise a game's compiled rules")
    info.add_argument("game", metavar="GAME")
    info.add_argument("--json", action="store_true")
    info.add_argument("--mod", action="append", default=[], metavar="FILE")
    info.add_argument("--scenario", action=Once, metavar="FILE")

    add_sim_parser(sub)

    from .lab.sweep_cli import add_parser as add_sweep
    add_sweep(sub, integer, named)

    new = sub.add_parser("new", help="create a small working game pack to start from")
    new.add_argument("path", metavar="NAME")

    fmt = sub.add_parser("fmt", help="lay out .rules files in the canonical style")
    fmt.add_argument("paths", nargs="+", metavar="PATH", help=".rules files or directories (searched recursively)")
    fmt.add_argument("--check", action="store_true", help="change nothing; list files that would change, exit 1 if any")

    sub.add_parser("schema", help="print the JSON Schema of the compiled rules model")

    add_completion_parser(sub)

    code = sub.add_parser("code", help="print the Python a game's rules are compiled to")
    code.add_argument("game", metavar="GAME")
    code.add_argument("--variant", default=None)
    code.add_argument("--mod", action="append", default=[], metavar="FILE")
    code.add_argument("--scenario", action=Once, metavar="FILE")

    lsp = sub.add_parser("lsp", help="run the language server for .rules files on stdin and stdout (for editors)")
    lsp.add_argument("--stdio", action="store_true", help="speak over stdin and stdout: what it always does "
                                                          "(accepted for editors that ask for it)")
    from .web.serve import add_parser
    add_parser(sub)
    return parser


def _version() -> str:
    try:
        return metadata.version("garrison")
    except metadata.PackageNotFoundError:     # run from a source tree that was never installed
        return "(not installed)"


def _quiet_interrupts(previous):
    """An unraisable hook around `previous`: a Ctrl-C that lands while Python finalizes an object
    (an event loop the prompt left) is the player stopping the game, not a traceback to show them."""
    def hook(unraisable) -> None:
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            previous(unraisable)
    hook.quiet_interrupts = True
    return hook


def main(argv=None) -> int:
    if not getattr(sys.unraisablehook, "quiet_interrupts", False):
        sys.unraisablehook = _quiet_interrupts(sys.unraisablehook)
    if sys.stdout is None:          # started with its output closed (`>&-`)
        print("garrison: standard output is closed: there is nowhere to write to", file=sys.stderr or sys.__stderr__)
        return EXIT_ERRORS
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):      # a terminal that cannot show a character gets '?', not an error
            stream.reconfigure(errors="replace")
    args = None
    try:
        parser = build_parser()
        autocomplete(parser)
        args = parser.parse_args(argv)
        if args.command is None:
            build_parser().print_help()
            return EXIT_USAGE
        return COMMANDS[args.command](args)
    except UsageError as err:
        failed(str(err), _wants_json(args, argv))
        return EXIT_USAGE
    except GameError as err:
        failed(f"garrison: {err}", _wants_json(args, argv))
        return EXIT_USAGE
    except BrokenPipeError:             # e.g. `garrison info GAME | head`
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as err:              # a file named that the system refuses (a name too long, a full disk)
        failed(f"garrison: {file_problem(err)}", _wants_json(args, argv))
        return EXIT_ERRORS
    except Exception as err:  # a bug in Garrison itself: say so in one line
        print(f"garrison: internal error ({type(err).__name__}: {err}); please report it", file=sys.stderr)
        return 3


def _wants_json(args, argv) -> bool:
    """Whether failures are also said as JSON: `--json` was given, even where the arguments around it could not be read."""
    if args is not None:
        return getattr(args, "json", False)
    given = sys.argv[1:] if argv is None else argv
    return any(len(a) >= len("--j") and "--json".startswith(a) for a in given)      # as abbreviated as argparse allows


def file_problem(err: OSError) -> str:
    """What the system said of a file, its name cut short where it is long."""
    name = str(err.filename) if err.filename is not None else ""
    if len(name) > 60:
        name = f"{name[:40]}…{name[-15:]}"
    said = err.strerror or str(err)
    return f"{said}: {name!r}" if name else said


def _load(name, mods):
    from interpreter.runtime import load_rules
    return load_rules(name, mods=mods)


def cmd_check(args) -> int:
    from interpreter.runtime import load_rules
    any_failed = False
    reports = []
    for pack in args.packs:
        try:
            rules = load_rules(pack, mods=changes(args))
            rules.compile_variants()
        except RulesError as err:
            any_failed = True
            if args.json:
                reports.append({"pack": pack, "ok": False, "diagnostics": [d.as_json() for d in err.diagnostics]})
            else:
                print(err.report(), file=sys.stderr)
            continue
        except GameError as err:        # no pack there (an unknown name, a mod file missing)
            if not args.json:
                raise
            any_failed = True
            reports.append({"pack": pack, "ok": False, "error": str(err), "diagnostics": []})
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
        print(json_text({"packs": reports}))
    return EXIT_ERRORS if any_failed else EXIT_OK


def _load_or_report(args):
    try:
        return _load(args.game, changes(args))
    except RulesError as err:
        rules_failed(err, getattr(args, "json", False))
        return None


def cmd_info(args) -> int:
    rules = _load_or_report(args)
    if rules is None:
        return EXIT_ERRORS
    summary = rules.summary()
    if args.json:
        print(json_text(summary))
        return EXIT_OK
    print(f"{summary['title']} ({summary['game']})")
    if summary["overview"]:
        print(textwrap.fill(summary["overview"], width=88, initial_indent="  ", subsequent_indent="  "))
    print(f"  seats: {summary['seats'][0]}..{summary['seats'][1]}")
    print("  decks: " + ", ".join(f"{k} ({v})" for k, v in summary["decks"].items()))
    print("  pieces: " + ", ".join(f"{k} ({v})" for k, v in summary["pieces"].items()))
    print(f"  spaces: {summary['spaces']}")
    print(f"  phases: {', '.join(summary['phases'])}")
    print(f"  variants: {', '.join(summary['variants']) or 'none'}")
    if summary["search_budget"] is not None:
        print(f"  search budget: {summary['search_budget']} iterations a decision")
    if summary["look_past_ties"] is not None:
        further = summary["look_past_ties"]
        print(f"  the greedy bot looks past ties: {further} decision{'' if further == 1 else 's'}" if further
              else "  the greedy bot does not look past ties")
    return EXIT_OK


def cmd_play(args) -> int:
    if args.bot is not None and not args.bot.strip():
        raise UsageError("garrison play: --bot needs a bot's name: random, greedy or mcts")
    if args.replay_under_new_rules and args.load is None:
        raise UsageError("garrison play: --replay-under-new-rules goes with --load FILE")
    from .lab.bots import budget_problem
    problem = budget_problem(args.budget)
    if problem:
        raise UsageError(f"garrison play: {problem}")
    if args.budget and not args.bot:
        raise UsageError("garrison play: --budget goes with --bot BOT")
    budget_for("play", args.budget, args.bot)
    look_past_ties("play", args.look_past_ties, args.bot)
    if args.no_save and args.save is not None:
        raise UsageError("garrison play: --save FILE and --no-save contradict each other; give one")
    if args.load is not None:
        from_save = [f"--{name}" for name in ("seed", "variant", "seats") if getattr(args, name) is not None
                     and not (name == "seed" and args.bot)]           # a bot playing on takes a seed of its own
        if from_save:
            verb, them = ("comes", "it") if len(from_save) == 1 else ("come", "them")
            raise UsageError(f"garrison play: {' and '.join(from_save)} {verb} from the saved game with --load; "
                             f"leave {them} out")
    args.seed = 0 if args.seed is None else args.seed
    args.seats = 1 if args.seats is None else args.seats
    resume_as = args.game           # how `garrison play GAME --load FILE` names the game
    if args.load is not None:
        from .saves.files import mods_to_apply, read_save
        saved = read_save(args.load)[1]
        if args.game is None:       # the bundled game itself, whatever folder here has its name
            from interpreter.runtime import bundled_pack
            resume_as = _saved_bundled_game(args.load, saved)
            args.game = str(bundled_pack(resume_as))
        # resume with the mods and scenario named here, else with the save's if they are bundled ones
        args.mod, args.scenario = mods_to_apply(args.load, saved, changes(args)), None
    elif args.game is None:
        raise UsageError("garrison play: name the GAME to play (or --load FILE to resume one)")
    rules = _load_or_report(args)
    if rules is None:
        return EXIT_ERRORS
    resume_as = _with_own_mods(resume_as, changes(args))
    if args.load is not None:
        game = _resume(rules, args.load, args.replay_under_new_rules)
    else:
        game = rules.new_game(seed=args.seed, variant=args.variant, seats=args.seats)
    autosave = _autosave_path(args, rules, typing=not args.bot)
    unsaved = False
    if args.bot:
        from .lab.bots import make_bot, play_out
        play_out(game, make_bot(args.bot, args.seed, args.budget, args.look_past_ties))
        if autosave:
            _save_once(game, autosave, args.load)
    else:
        from .terminal.prompt import play_in_terminal
        session = play_in_terminal(game, autosave, resume=resume_as, instant=not args.enter, loaded_from=args.load)
        if not session.finished:
            if session.unsaved:
                return EXIT_ERRORS
            return EXIT_INTERRUPTED if session.interrupted else EXIT_OK
        game, unsaved = session.game, session.unsaved       # `load` may have changed the game played
    summary = game_summary(game)
    if args.json:
        print(json_text(summary))
    else:
        if args.bot:
            for event in game.log[-12:]:
                print(event.text)
        score = "" if summary["score"] is None else f", score {summary['score']}"
        outcome = "game over" if summary["outcome"] == UNNAMED_OUTCOME else summary["outcome"]
        print(f"{rules.title}: {outcome}{score} after {summary['decisions']} decision{'' if summary['decisions'] == 1 else 's'}")
    return EXIT_ERRORS if unsaved else EXIT_OK


def _with_own_mods(game: str, mods: list) -> str:
    """How the resume hint names the game: with `--mod` for each mod a save cannot find again by
    itself (any that is not bundled)."""
    from interpreter.runtime import bundled_change
    from .saves.files import mod_options
    own = [m for m in mods if bundled_change(m) is None]
    return f"{game} {mod_options(own)}" if own else game


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


def _autosave_path(args, rules, typing: bool):
    """Where `play` saves: --save FILE, else the file resumed, else (for a person `typing` at a
    terminal) ./GAME.garrison-save.json; a usage error, before any play, where no save can be
    written. (An older save found there is kept as a .previous file when the game first saves.)"""
    from .saves.files import default_save_path, save_target_problem
    if args.no_save:
        return None
    if args.save is not None:
        path = args.save
    elif args.load is not None and typing:              # a bot never writes over the game it was given to play on
        path = args.load
    elif typing and sys.stdin.isatty():
        path = default_save_path(rules.name)
    else:
        return None
    problem = save_target_problem(path)
    if problem:
        raise UsageError(f"garrison play: cannot save to {path!r}: {problem}")
    return path


def _save_once(game, path: str, loaded_from: str | None) -> None:
    """Save a game a bot played to its end (an older save of another game there kept aside)."""
    from .saves.files import keep_previous, same_file, save_game
    try:
        kept = keep_previous(path) if not same_file(path, loaded_from) else None
        if kept:
            print(f"(the game saved before in {path} is kept as {kept})", file=sys.stderr)
        save_game(path, game.to_json())
    except OSError as err:
        raise GameError(f"could not save to {path}: {err.strerror or err}") from None


def cmd_replay(args) -> int:
    from .saves.replay import replay_file
    if args.json and args.step:
        raise UsageError("garrison replay: --step shows the game as it goes; it does not go with --json")
    return replay_file(args.file, args.game, changes(args), step=args.step, as_json=args.json)


def game_summary(game) -> dict:
    rules = game.rules
    turns_var = game.view.turn_variable
    result = game.result
    return {"game": rules.name, "variant": game.variant, "seed": game.seed, "seats": game.seats,
            "outcome": result.outcome if result else None, "score": result.score if result else None,
            "details": result.details if result else {},
            "turns": game.var(turns_var) if turns_var else None, "decisions": game.decisions_made}


def cmd_new(args) -> int:
    import shlex
    from .scaffold import create_pack
    if not args.path.strip():
        raise UsageError("garrison new: name the folder to create, e.g. garrison new my_game")
    for file in create_pack(args.path):
        print(f"wrote {file}")
    shown = f"./{args.path}" if args.path.startswith("-") else args.path     # never read as an option
    path = shlex.quote(shown)             # pasted into a shell as it is printed
    print(f"next: garrison check {path} && garrison play {path} --bot random && python -m pytest {path}")
    return EXIT_OK


def cmd_fmt(args) -> int:
    from dsl import files_to_format, printable
    try:
        files = files_to_format(args.paths)
    except ValueError as err:
        raise UsageError(f"garrison fmt: {err}") from None
    if not files:
        print(printable(f"garrison fmt: no .rules files in {', '.join(args.paths)}; nothing to format"), file=sys.stderr)
    outcomes = [_fmt_file(path, args.check) for path in files]
    return EXIT_ERRORS if "error" in outcomes or (args.check and "changed" in outcomes) else EXIT_OK


def _fmt_file(path, check: bool) -> str:
    """Format one file (or, with check, show how it would change): 'same', 'changed' or 'error'."""
    from dsl import MOST_BYTES, FormatError, SyntaxProblem, bare_carriage_return, format_text, printable, short_diff
    from .saves.files import write_atomically
    shown = printable(str(path))     # a file's name may hold escape sequences
    try:
        size = path.stat().st_size
        if size > MOST_BYTES:
            raise FormatError(f"the file has {size:,} bytes, more than a rules file may have ({MOST_BYTES:,})")
        raw = path.read_bytes()
        text = raw.decode("utf-8-sig").replace("\r\n", "\n")      # a byte order mark is kept aside
        lone = bare_carriage_return(text)
        if lone is not None:
            raise FormatError(f"line {lone[0]} ends in a carriage return alone (an old Mac line ending)")
        formatted = format_text(text, str(path))
    except SyntaxProblem as err:
        print(err.diagnostic.format(), file=sys.stderr)
        return "error"
    except (FormatError, UnicodeDecodeError, OSError) as err:
        reason = "not UTF-8 text" if isinstance(err, UnicodeDecodeError) else str(err)
        print(f"{shown}: error: {reason}; the file is left as it is", file=sys.stderr)
        return "error"
    if formatted == text:
        return "same"
    if check:
        print(f"{shown} would change")
        print(printable(short_diff(text, formatted, shown)))
    else:
        bom = "\ufeff" if raw.startswith("\ufeff".encode()) else ""
        try:
            if not os.access(path, os.W_OK):        # written by renaming over it, which a read-only file allows
                raise PermissionError("the file is read-only")
            write_atomically(path, bom + formatted, newline="\r\n" if b"\r\n" in raw else "\n")   # keep Windows line ends
        except OSError as err:
            print(f"{shown}: error: {err.strerror or err}; the file is left as it is", file=sys.stderr)
            return "error"
        print(f"formatted {shown}")
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


def cmd_sweep(args) -> int:
    from .lab.sweep_cli import cmd_sweep as sweep
    return sweep(args)


def cmd_lsp(args) -> int:
    from interpreter.lsp.command import run_language_server
    return run_language_server(_version())


COMMANDS = {"check": cmd_check, "play": cmd_play, "replay": cmd_replay, "info": cmd_info, "sim": cmd_sim,
            "sweep": cmd_sweep, "new": cmd_new, "schema": cmd_schema, "fmt": cmd_fmt, "code": cmd_code,
            "completion": cmd_completion, "lsp": cmd_lsp}


def cmd_serve(args) -> int:
    from .web.serve import INSTALL_HINT, cmd_serve as serve, web_stack_missing
    if web_stack_missing():
        raise UsageError(INSTALL_HINT)
    rules = _load_or_report(args)
    return EXIT_ERRORS if rules is None else serve(args, rules)


COMMANDS["serve"] = cmd_serve

if __name__ == "__main__":
    sys.exit(main())
