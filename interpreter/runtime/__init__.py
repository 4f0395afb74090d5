"""The interpreter proper: compiles checked rules and runs games; applications use only what is named here."""
from __future__ import annotations

from dsl import lazy_attributes

# name -> the module that defines it; loaded on first use, so a command that needs little loads little
_PUBLIC = {
    "GameError": "interpreter.runtime.errors", "RulesChanged": "interpreter.runtime.errors",
    "RulesError": "dsl.errors",
    "load_rules": "interpreter.runtime.loading",
    "Rules": "interpreter.runtime.model", "rules_schema": "interpreter.runtime.model",
    "Game": "interpreter.runtime.game", "Decision": "interpreter.runtime.game", "Option": "interpreter.runtime.game",
    "Result": "interpreter.runtime.game", "SAVE_FORMAT": "interpreter.runtime.game", "SAVE_VERSION": "interpreter.runtime.savecheck",
    "Event": "interpreter.runtime.events", "UNNAMED_OUTCOME": "interpreter.runtime.events",
    "RulesView": "interpreter.runtime.view",
    "check_trail": "interpreter.runtime.savecheck", "valid_unicode": "interpreter.runtime.savecheck", "whole": "interpreter.runtime.savecheck",
    "parse_save": "interpreter.runtime.savecheck", "short_line": "interpreter.runtime.savecheck",
    "printable_path": "interpreter.runtime.savecheck", "json_text": "interpreter.runtime.jsontext",
    "seed_state": "interpreter.runtime.dice",
    "find_pack": "interpreter.runtime.packs", "bundled_names": "interpreter.runtime.packs",
    "bundled_pack": "interpreter.runtime.packs", "bundled_change": "interpreter.runtime.packs",
}
__all__ = sorted(_PUBLIC)
__getattr__ = lazy_attributes("interpreter.runtime", _PUBLIC)
