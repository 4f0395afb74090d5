"""What every `garrison` command shares: exit codes and the one-line usage error."""
from __future__ import annotations

import argparse

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad arguments: reported in one line, exit code 2."""


def changes(args) -> list:
    """The mod files, then the scenario file, in the order they apply."""
    return list(args.mod) + ([args.scenario] if getattr(args, "scenario", None) else [])


BUDGET_HELP = "options looked at (greedy) or search iterations (mcts) per decision; 0: the pack's or the bot's default"


def integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
