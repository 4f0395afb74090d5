"""Which files an open .rules file is checked with: the pack it belongs to, or the game a mod changes."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from dsl import rules_files

CHANGE_FOLDERS = ("mods", "scenarios")
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
    hold .rules files too), or, for a file in a pack's mods/ or scenarios/ folder, or one whose header
    names a bundled game (`bundled(name)` gives its folder, or None), that game with the file on it."""
    path = path.resolve()
    parts = path.parent.parts
    for folder in CHANGE_FOLDERS:
        if folder in parts:
            root = Path(*parts[: len(parts) - 1 - parts[::-1].index(folder)])
            if any(root.glob("*.rules")):
                return PackFiles(root, rules_files(root), path)
    header = HEADER.search(text)
    if header is not None and bundled is not None:
        root = bundled(header.group(1))
        if root is not None:
            return PackFiles(root, rules_files(root), path)
    root = path.parent
    while root.parent != root and root.parent.name not in CHANGE_FOLDERS and any(root.parent.glob("*.rules")):
        root = root.parent
    files = rules_files(root)
    if path not in files:                       # e.g. a file in a folder named mods with no game above it
        return PackFiles(path.parent, [path])
    return PackFiles(root, files)
