"""Finds content packs: a bundled pack by name, or a directory or file given by path."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from dsl import suggest
from .errors import GameError


def bundled_root() -> Path:
    """The bundled packs' folder, found without importing it (nothing is compiled into it)."""
    spec = importlib.util.find_spec("content")
    if spec is None or not spec.submodule_search_locations:
        raise GameError("the bundled games are missing: reinstall garrison")
    return Path(list(spec.submodule_search_locations)[0])


def bundled_names() -> list[str]:
    root = bundled_root()
    return sorted(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.rules")))


def find_pack(name_or_path) -> Path:
    """A directory or .rules file path as given, else a bundled pack of that name."""
    if not str(name_or_path).strip():
        raise GameError(f"name a game: a bundled one ({', '.join(bundled_names()) or 'none'}) or a pack's folder or file")
    path = Path(name_or_path)
    bundled = str(name_or_path) in bundled_names()
    if path.exists() and (_holds_rules(path) or not bundled):
        return path
    if bundled:         # a folder or file here by that name that is no pack does not hide the bundled game
        return bundled_root() / str(name_or_path)
    names = bundled_names()
    raise GameError(f"unknown game '{name_or_path}'{suggest(str(name_or_path), names)}: "
                    f"not a directory or file, nor a bundled game ({', '.join(names) or 'none'})")


def _holds_rules(path: Path) -> bool:
    """Whether a path is a pack: a .rules file, or a folder with rules files (as the loader finds them)."""
    from dsl import rules_files
    try:
        return path.suffix == ".rules" if not path.is_dir() else bool(rules_files(path))
    except OSError:
        return False


def find_change(path) -> Path:
    """A mod's or scenario's file (or folder of them), as given: never a bundled game's name."""
    if not str(path).strip():
        raise GameError("a mod or scenario is a .rules file: name one")
    found = Path(path)
    if not found.exists():
        raise GameError(f"there is no mod or scenario file '{path}'")
    return found


def bundled_pack(name: str) -> Path:
    """The bundled pack called `name`, and never a path: what a save names is looked up among
    the bundled games only."""
    names = bundled_names()
    if name not in names:
        raise GameError(f"'{name}' is not a bundled game ({', '.join(names) or 'none'})")
    return bundled_root() / name


CHANGE_FOLDERS = ("mods", "scenarios")      # where a bundled pack keeps its mods and scenarios


def bundled_change(recorded: str) -> Path | None:
    """The bundled mod or scenario a recorded path ends in (…/GAME/mods/FILE.rules or
    …/GAME/scenarios/FILE.rules), or None: only files shipped with the games are found, wherever
    the path recorded pointed."""
    parts = Path(recorded).parts
    if len(parts) < 3:
        return None
    game, folder, file = parts[-3:]
    if folder not in CHANGE_FOLDERS or not file.endswith(".rules") or game not in bundled_names():
        return None
    candidate = bundled_root() / game / folder / file
    return candidate if file in {p.name for p in candidate.parent.glob("*.rules")} else None
