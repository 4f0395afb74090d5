"""Browser sessions' games kept on disk after every change, so that a restarted server gives each page its game back."""
from __future__ import annotations

import re
from pathlib import Path

from interpreter.runtime import GameError
from interpreter.saves.files import data_folder, load_saved, save_game

KEPT_MOST = 200          # games kept for one pack; past that the longest untouched is dropped
SESSION_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")      # what a session cookie holds (it names the file)


def kept_folder(game_name: str) -> Path:
    """Where a pack's browser games are kept: the user's data folder, in browser/GAME."""
    return data_folder("browser") / game_name


class Keeper:
    """The games of a pack's browser sessions, one save file each, named after the session's key."""

    def __init__(self, folder: Path):
        self.folder = folder

    def path(self, key: str) -> Path | None:
        return self.folder / f"{key}.json" if SESSION_KEY.fullmatch(key) else None

    def restored(self, rules, key: str):
        """The game kept for session `key`, or None (none kept, or one these rules cannot take back)."""
        path = self.path(key)
        if path is None or not path.is_file():
            return None
        try:
            return load_saved(rules, str(path))
        except GameError:           # made under other rules, or damaged: left where it is, a new game begins
            return None

    def keep(self, key: str, game) -> str | None:
        """Write the session's game; why it could not be, or None."""
        path = self.path(key)
        if path is None:
            return None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            save_game(path, game.to_json())
            self._drop_oldest(path)
        except OSError as err:
            return f"the game could not be kept on the server ({err.strerror or err}): save it to keep it"
        return None

    def _drop_oldest(self, kept: Path) -> None:
        files = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for old in files[:-KEPT_MOST]:
            if old != kept:
                old.unlink(missing_ok=True)
