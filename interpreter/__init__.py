"""Garrison's generic interpreter: load a rules pack and play it through one API."""
from __future__ import annotations

from . import runtime

__all__ = ["load_rules", "Rules", "Game", "Decision", "Option", "Result", "RulesError", "GameError", "RulesChanged"]


def __getattr__(name: str):
    if name in __all__:
        return getattr(runtime, name)
    raise AttributeError(f"module 'interpreter' has no attribute '{name}'")
