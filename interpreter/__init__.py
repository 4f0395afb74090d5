"""Garrison's generic interpreter: load a rules pack and play it through one API."""
from __future__ import annotations

from .runtime import Decision, Game, GameError, Option, Result, Rules, RulesError, load_rules

__all__ = ["load_rules", "Rules", "Game", "Decision", "Option", "Result", "RulesError", "GameError"]
