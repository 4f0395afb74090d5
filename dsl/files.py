"""Which files make up a pack, how a file is named in messages, and a file's opening read for its header."""
from __future__ import annotations

from pathlib import Path


def rules_files(path: Path) -> list[Path]:
    """A pack's .rules files in load order (its mods and scenarios are not part of it), or the one file."""
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*.rules") if "mods" not in p.relative_to(path).parts
                  and "scenarios" not in p.relative_to(path).parts and p.is_file())     # never a pipe or a device


def display_path(path: Path) -> str:
    """A path as messages show it: relative to the working folder when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def opening_text(path: Path, size: int = 100_000) -> str:
    """The first `size` characters of a plain file (where its header is), or "" for anything else:
    a pipe is never opened (it would wait), an unreadable file reads as empty."""
    if not path.is_file():
        return ""
    try:
        with path.open(encoding="utf-8", errors="replace") as opened:
            return opened.read(size)
    except (OSError, ValueError):
        return ""
