"""Errors raised while a game runs."""
from __future__ import annotations


class GameError(Exception):
    """A rule failed while the game ran (names the rules line), or an API call was invalid."""


class CompileProblem(GameError):
    """A value the rules fix before play cannot be worked out (a constant divided by zero): `diagnostic` says where."""

    def __init__(self, diagnostic):
        self.diagnostic = diagnostic
        super().__init__(f"{diagnostic.file}:{diagnostic.line}:{diagnostic.col}: error: {diagnostic.message}")


class RuleFault(Exception):
    """A rule went wrong at run time; the statement running it adds the rules position."""


class GameEnded(Exception):
    """Raised by rules run at once after `end game`, to leave every block still running."""


class RulesChanged(GameError):
    """A saved game was made under other rules (another fingerprint) and was not replayed under these."""


# Python errors a rule can provoke (a wrong type met at run time, a missing key): reported as the rule's fault
PYTHON_FAULTS = (TypeError, KeyError, IndexError, ValueError, AttributeError, RecursionError, OverflowError)
