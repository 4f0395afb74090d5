"""Loads a pack: finds it, has the language front end check it, and wraps it as Rules."""
from __future__ import annotations

import hashlib

from dsl import load_pack

from .model import Rules
from .packs import find_pack


def load_rules(name_or_path, mods=()) -> Rules:
    """Load, check and compile a pack; raises RulesError listing every error found."""
    path = find_pack(name_or_path)
    mod_paths = [find_pack(m) for m in mods]
    decls, sources, diags = load_pack(path, extra=mod_paths)
    game = next(d for d in decls if getattr(d, "decl", None) == "game")
    digest = hashlib.sha256()
    for file, lines in sources.texts.items():        # in load order; paths left out (they depend on where you stand)
        digest.update("\n".join(lines).encode())
        digest.update(b"\0")
    rules = Rules.model_construct(
        name=game.name, title=game.title, seats_min=game.seats_min, seats_max=game.seats_max,
        source=str(path), fingerprint=digest.hexdigest()[:16], declarations=decls,
        mods=[str(m.resolve()) for m in mod_paths],
        warnings=[d.format(sources) for d in diags if d.severity == "warning"])
    rules._diagnostics = [d for d in diags if d.severity == "warning"]
    rules.compiled(None)
    return rules
