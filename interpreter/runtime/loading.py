"""Loads a pack: finds it, reads it from the cache or has the language front end check it, and wraps it as Rules."""
from __future__ import annotations

import hashlib
from pathlib import Path

from dsl import RulesError, display_path, rules_files

from .cache import PackCache
from .errors import CompileProblem
from .model import Rules
from .packs import find_change, find_pack


SUMMARY_KEYS = {"name", "title", "seats_min", "seats_max", "fingerprint", "warnings", "variants", "variant_titles",
                "diagnostics"}


def _well_formed(summary) -> bool:
    """Whether a kept summary has the shape `load_rules` writes (else the pack is checked again)."""
    return (isinstance(summary, dict) and summary.keys() == SUMMARY_KEYS
            and all(isinstance(summary[key], str) for key in ("name", "title", "fingerprint"))
            and all(isinstance(summary[key], int) for key in ("seats_min", "seats_max"))
            and all(isinstance(summary[key], list) for key in ("warnings", "variants", "diagnostics"))
            and isinstance(summary["variant_titles"], dict))


def load_rules(name_or_path, mods=()) -> Rules:
    """Load, check and compile a pack; raises RulesError listing every error found."""
    path = find_pack(name_or_path)
    mod_paths = [find_change(m) for m in mods]
    where = {"source": str(path), "mods": [str(m.resolve()) for m in mod_paths]}
    files = _read_files([path] + mod_paths)
    cache = PackCache.for_files(files) if files is not None else None
    summary = cache.summary() if cache is not None else None
    if _well_formed(summary):
        return Rules(**summary, **where, cache=cache)
    from dsl import load_pack
    decls, sources, diags = load_pack(path, extra=mod_paths)
    game = next(d for d in decls if getattr(d, "decl", None) == "game")
    warnings = [d for d in diags if d.severity == "warning"]
    variants = [d for d in decls if getattr(d, "decl", None) == "variant"]
    summary = {"name": game.name, "title": game.title, "seats_min": game.seats_min, "seats_max": game.seats_max,
               "fingerprint": fingerprint(sources.texts.values()), "warnings": [d.format(sources) for d in warnings],
               "variants": [d.name for d in variants], "variant_titles": {d.name: d.label or d.name for d in variants},
               "diagnostics": warnings}
    rules = Rules(**summary, **where, declarations=decls, cache=cache)
    try:
        rules.compiled(None)
    except CompileProblem as problem:
        raise RulesError(warnings + [problem.diagnostic], sources) from None
    if cache is not None:
        cache.keep_summary(summary)
    return rules


def fingerprint(texts) -> str:
    """A hash of the rules text, file by file in load order (paths are left out: they depend on where you stand)."""
    digest = hashlib.sha256()
    for lines in texts:
        digest.update("\n".join(lines).encode())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _read_files(packs: list[Path]) -> list[tuple[str, str]] | None:
    """Every rules file of the pack and its mods, as (shown name, text); None if one cannot be read
    or a pack or mod has none (loading it the long way then reports why)."""
    files = []
    for pack in packs:
        found = rules_files(pack)
        if not found:
            return None
        for path in found:
            try:
                files.append((display_path(path), path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError):
                return None
    return files
