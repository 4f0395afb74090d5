"""What every `garrison` command shares: exit codes and the one-line usage error."""
from __future__ import annotations

import argparse
import os
import re

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad arguments: reported in one line, exit code 2."""


HEADER = re.compile(r'^\s*(mod|scenario)\s+"', re.MULTILINE)       # a change file's first line says what it is


def changes(args) -> list:
    """The mod files, then the scenario file, in the order they apply; a usage error for a file
    given twice, or given as what its header says it is not (a scenario as a mod, or the reverse)."""
    scenario = getattr(args, "scenario", None)
    given = [(m, "mod") for m in args.mod] + ([(scenario, "scenario")] if scenario else [])
    seen = set()
    for path, option in given:
        real = os.path.realpath(path)
        if real in seen:
            raise UsageError(f"garrison: {path} is given twice; give each mod once")
        seen.add(real)
        kind = _header_kind(path)
        if kind is not None and kind != option:
            raise UsageError(f"garrison: {path} is a {kind} (its header says so); give it with --{kind} {path}")
    return [path for path, _ in given]


def split_changes(paths: list[str]) -> tuple[list[str], str | None]:
    """Change files as the options that give them: the mods, and the scenario (the one whose header says so)."""
    scenarios = [p for p in paths if _header_kind(p) == "scenario"]
    return [p for p in paths if p not in scenarios], (scenarios[-1] if scenarios else None)


def _header_kind(path: str) -> str | None:
    """'mod' or 'scenario' as the file's header says, or None (no header, or the file cannot be read: loading says why)."""
    try:
        with open(path, encoding="utf-8") as f:
            found = HEADER.search(f.read(4096))
    except (OSError, UnicodeDecodeError):
        return None
    return found.group(1) if found else None


BUDGET_HELP = "options looked at (greedy) or search iterations (mcts) per decision; 0: the pack's or the bot's default"


def integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
