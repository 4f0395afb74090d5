"""What every `garrison` command shares: exit codes and the one-line usage error."""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from dsl import printable
from interpreter.runtime import json_text

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130      # stopped by Ctrl-C, as a shell reports a command SIGINT ended


class UsageError(Exception):
    """Bad arguments: reported in one line, exit code 2."""


def failed(message: str, as_json: bool = False, diagnostics=None, summary: str | None = None) -> None:
    """Say why a command failed: on stderr always, and with `--json` also as one JSON object on stdout
    (`{"error": summary or message}`, with the rules' diagnostics where they are why), so that a
    program reading the output is never left with nothing."""
    print(printable(message), file=sys.stderr)      # a file's name or a save's text may hold escape sequences
    if as_json:
        found = {"error": summary or message}
        if diagnostics is not None:
            found["diagnostics"] = [d.as_json() for d in diagnostics]
        try:
            print(json_text(found))
        except OSError:         # the output cannot be written (a full disk): what stderr said stands
            pass


def rules_failed(err, as_json: bool = False) -> None:
    """Say that the rules did not load, every diagnostic with it."""
    report = err.report()
    failed(report, as_json, err.diagnostics, summary=f"the rules do not load: {report.splitlines()[-1]}")


def changes(args) -> list:
    """The mod files, then the scenario file, in the order they apply; a usage error for a file given twice."""
    scenario = getattr(args, "scenario", None)
    given = list(args.mod) + ([scenario] if scenario is not None else [])
    seen = set()
    for path in given:
        real = os.path.realpath(path)
        if real in seen:
            raise UsageError(f"garrison: {path} is given twice; give each mod once")
        seen.add(real)
    if scenario is not None and _headed_as_mod(scenario):
        raise UsageError(f"garrison: {scenario} is a mod (its header says 'mod'), not a scenario: give it with --mod")
    return given


def _headed_as_mod(path: str) -> bool:
    """Whether a file's header makes it a mod (`mod "…" for GAME`); False for anything unreadable,
    which loading then names."""
    from dsl import opening_text
    return re.search(r'^\s*mod\s+"', opening_text(Path(path)), re.MULTILINE) is not None


BUDGET_HELP = ("options looked at (greedy; where a staged decision has more whole actions, that many drawn) "
               "or search iterations (mcts) per decision, at most 10,000; 0: the pack's or the bot's default")


LOOK_PAST_TIES_HELP = ("decisions the greedy bot plays on past a tie, 0 to 8 (0: none), instead of the pack's "
                       "`look past ties` or the bot's default")


def budget_for(command: str, budget: int, bot) -> None:
    """A usage error where `--budget` is given to the random bot, which looks at nothing it could count."""
    if budget and bot == "random":
        raise UsageError(f"garrison {command}: --budget goes with --bot greedy or mcts (the random bot looks at nothing)")


def look_past_ties(command: str, value, bot) -> None:
    """A usage error where `--look-past-ties` is out of range or given without the greedy bot."""
    if value is None:
        return
    from dsl import MAX_LOOK_PAST_TIES
    if not 0 <= value <= MAX_LOOK_PAST_TIES:
        raise UsageError(f"garrison {command}: --look-past-ties must be 0 to {MAX_LOOK_PAST_TIES}, not {value}")
    if bot != "greedy":
        raise UsageError(f"garrison {command}: --look-past-ties goes with --bot greedy")


def plot_path(command: str, plot: str) -> str:
    """The file `--plot` names, checked before any game is played (see `lab.plot.plot_target`)."""
    from interpreter.runtime import GameError
    from .lab.plot import plot_target
    try:
        return plot_target(plot)
    except GameError as err:
        raise UsageError(f"garrison {command}: {err}") from None


class Once(argparse.Action):
    """An option that may be given once: a second value is refused rather than kept over the first."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest, None) is not None:
            parser.error(f"{option_string} is given twice; give it once")
        setattr(namespace, self.dest, values)


def named(text: str) -> str:
    """A name or address an option takes: never empty (an empty value would read as the option not given)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty value names nothing")
    return text


def integer(text: str) -> int:
    """A whole number written in ASCII digits, optionally signed, at most 18 digits (a seed fits in 64 bits)."""
    digits = text.strip()
    shown = printable(digits if len(digits) <= 40 else digits[:40] + "…")
    if not re.fullmatch(r"[+-]?[0-9]+", digits):
        raise argparse.ArgumentTypeError(f"'{shown}' is not a whole number")
    if len(digits.lstrip("+-").lstrip("0")) > 18:
        raise argparse.ArgumentTypeError(f"'{shown}' has more than 18 digits")
    return int(digits)
