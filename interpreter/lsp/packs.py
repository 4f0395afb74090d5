"""Which files an open .rules file is checked with: the pack it belongs to, or the game a mod changes."""
from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from dsl import opening_text

log = logging.getLogger(__name__)

CHANGE_FOLDERS = ("mods", "scenarios")
MOST_FOLDERS = 500          # a pack with more folders than this is not one (say, a .rules file in the home folder)
GAME = re.compile(r'^\s*game\s+[^\W\d]\w*\s+"', re.MULTILINE)
HEADER = re.compile(r'^\s*(?:mod|scenario)\s+"(?:\\.|[^"\\])*"\s+for\s+([^\W\d]\w*)', re.MULTILINE)


@dataclass
class PackFiles:
    """The game's own files in load order, and the mod or scenario file checked on it, if any."""
    root: Path
    files: list[Path] = field(default_factory=list)
    change: Path | None = None

    def all(self) -> list[Path]:
        return self.files + ([self.change] if self.change is not None else [])


def pack_of(path: Path, text: str = "", bundled=None) -> PackFiles:
    """The pack `path` is part of: the folder of .rules files holding it (climbing past folders that
    hold .rules files too, up to the one declaring the game), or, for a file in a pack's mods/ or
    scenarios/ folder, or one whose header names a bundled game (`bundled(name)` gives its folder,
    or None), that game with the file on it."""
    if not path.is_file():                      # a new file never saved: checked alone
        return PackFiles(path.parent, [path])
    path = path.resolve()
    parts = path.parent.parts
    for folder in CHANGE_FOLDERS:
        if folder in parts:
            root = Path(*parts[: len(parts) - 1 - parts[::-1].index(folder)])
            if any(root.glob("*.rules")):
                return PackFiles(root, pack_files(root), path)
    header = HEADER.search(text)
    if header is not None and bundled is not None:
        root = bundled(header.group(1))
        if root is not None:
            return PackFiles(root, pack_files(root), path)
    root = path.parent
    while (root.parent != root and root.parent.name not in CHANGE_FOLDERS and not holds_game(root)
           and any(root.parent.glob("*.rules"))):
        root = root.parent
    files = pack_files(root)
    if path not in files:                       # e.g. a file in a folder named mods with no game above it
        return PackFiles(path.parent, [path])
    return PackFiles(root, files)


def holds_game(folder: Path) -> bool:
    """Whether a .rules file directly in `folder` declares the game: the pack's own folder, above
    which no file of the pack lies (a stray file beside several packs joins none of them)."""
    return any(GAME.search(opening_text(file)) for file in folder.glob("*.rules"))


def pack_files(root: Path) -> list[Path]:
    """The pack's .rules files in load order, as `garrison check` reads them (those in mods/ and
    scenarios/ left out); only the folder's own files if it holds too many folders to be a pack."""
    found, folders = [], 0
    for folder, subfolders, names in os.walk(root):
        folders += 1
        if folders > MOST_FOLDERS:
            log.warning("%s holds more than %d folders: reading only the .rules files directly in it", root, MOST_FOLDERS)
            return sorted(p for p in root.glob("*.rules") if p.is_file())
        subfolders[:] = [d for d in subfolders if d not in CHANGE_FOLDERS]
        found += [Path(folder) / n for n in names if n.endswith(".rules")]
    return sorted(found)
