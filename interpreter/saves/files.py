"""Save files on disk: written atomically, read back with clear errors, older ones kept aside."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from interpreter.runtime import SAVE_FORMAT, GameError, check_trail


def write_atomically(path, text: str, newline: str = "\n") -> None:
    """Write the whole text or nothing: to a temporary file beside the target, then renamed over it."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


SAVE_KEYS = ("game", "seed", "variant", "seats", "trail", "state")


def default_save_path(game_name: str) -> str:
    """Where a game is saved when no file is named: in the current folder, after the game."""
    return f"{game_name}.{SAVE_FORMAT}.json"


def read_save(path) -> tuple[str, dict]:
    """The text and data of a save file; GameError in one line if it cannot be a saved game."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameError(f"cannot load {path}: there is no such file") from None
    except OSError as err:
        raise GameError(f"cannot load {path}: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise GameError(f"cannot load {path}: this is not a saved game (not text)") from None
    if not text.strip():
        raise GameError(f"cannot load {path}: the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise GameError(f"cannot load {path}: the file is damaged or cut short "
                        f"(not valid JSON at line {err.lineno}, column {err.colno})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise GameError(f"cannot load {path}: this is not a Garrison saved game")
    missing = [k for k in SAVE_KEYS if k not in data]
    if missing:
        raise GameError(f"cannot load {path}: the saved game is incomplete (missing {', '.join(missing)})")
    if not isinstance(data["game"], str) or not isinstance(data["seed"], int) or not isinstance(data["seats"], int):
        raise GameError(f"cannot load {path}: the saved game is damaged (its game, seed or seats)")
    data["trail"] = check_trail(data["trail"])
    mods = data.get("mods") or []
    if not (isinstance(mods, list) and all(isinstance(m, str) and m.endswith(".rules") for m in mods)):
        raise GameError(f"cannot load {path}: the saved game is damaged (its mods must be .rules files)")
    return text, data


def load_saved(rules, path: str):
    """A game of `rules` saved in a file, or GameError with one clear line saying what is wrong."""
    text, data = read_save(path)
    if data.get("game") != rules.name:
        raise GameError(f"cannot load {path}: it is a game of '{data.get('game')}', not '{rules.name}'")
    try:
        return rules.load_game(text)
    except GameError as err:
        raise GameError(f"cannot load {path}: {err}") from None


def keep_previous(path) -> str | None:
    """Move an existing file aside to `<path>.previous` (so a new game never overwrites an old
    one unseen); the new name, or None if there was nothing to keep."""
    target = Path(path)
    if not target.is_file():
        return None
    kept = target.with_name(target.name + ".previous")
    os.replace(target, kept)
    return str(kept)
