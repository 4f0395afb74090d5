"""The interpreter proper: compiles checked rules and runs games; applications use only what is named here."""
from __future__ import annotations

from dsl import RulesError

from .dice import seed_state
from .errors import GameError
from .events import Event
from .game import SAVE_FORMAT, Decision, Game, Option, Result
from .loading import load_rules
from .model import Rules, rules_schema
from .packs import bundled_names, find_pack
from .savecheck import check_trail

__all__ = ["load_rules", "Rules", "Game", "Decision", "Option", "Result", "Event", "RulesError", "GameError",
           "SAVE_FORMAT", "check_trail", "seed_state", "find_pack", "bundled_names", "rules_schema"]
