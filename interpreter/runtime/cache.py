"""Checked and compiled packs kept on disk between processes, keyed by the rules' text and the engine's code.

An entry is found by a hash of every rules file (its name as messages show it, and its text),
the engine's own source files and the Python running it: change any of them and the entry is
simply not found. Each entry is checked when read; a damaged or unreadable one is removed and
built again, and entries unused for a month are removed. An entry is read only if it is the user's own file and nobody else can write it:
reading one runs what it holds. `GARRISON_CACHE` names another folder, or `off` to keep nothing."""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import re
import sys
import tempfile
import time
from pathlib import Path

CACHE_FORMAT = 1
ENTRY_NAME = re.compile(r"[0-9a-f]{32}\.(rules|base|variant-.+)\.pickle")     # the names `_path` gives
STALE_AFTER = 30 * 24 * 3600          # seconds: entries unused this long are removed when another is written
_ENGINE_PACKAGES = ("dsl", "interpreter/runtime")


def cache_folder() -> Path | None:
    """Where entries are kept: GARRISON_CACHE, else the user's cache folder; None when caching is off."""
    setting = os.environ.get("GARRISON_CACHE", "")
    if setting.lower() == "off":
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "garrison"


@functools.cache
def engine_version() -> str:
    """The engine's code as it is now: any change to a source file of the compiler or runtime gives a new value."""
    root = Path(__file__).resolve().parents[2]
    digest = hashlib.sha256(f"{CACHE_FORMAT} {sys.implementation.cache_tag} {sys.version}".encode())
    for package in _ENGINE_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            stat = path.stat()
            digest.update(f"{path.relative_to(root)} {stat.st_size} {stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:16]


class PackCache:
    """The entries of one pack as loaded (with its mods): its checked summary and each compiled variant."""

    def __init__(self, folder: Path, key: str):
        self.folder, self.key = folder, key

    @classmethod
    def for_files(cls, files: list[tuple[str, str]]) -> "PackCache | None":
        """The entries for these (shown name, text) files in load order, or None when caching is off."""
        folder = cache_folder()
        if folder is None:
            return None
        digest = hashlib.sha256(engine_version().encode())
        for name, text in files:
            digest.update(f"{name}\0{text}\0".encode("utf-8", "surrogatepass"))   # a name may hold undecodable bytes
        return cls(folder, digest.hexdigest()[:32])

    def summary(self) -> dict | None:
        """What `load_rules` found when it checked the pack, if kept."""
        return self._read("rules")

    def keep_summary(self, summary: dict) -> None:
        self._write("rules", summary)

    def compiled(self, variant: str | None):
        """A compiled variant, if kept (and readable)."""
        from .stored import load_compiled
        data = self._read(self._variant_part(variant))
        if data is None:
            return None
        try:
            return load_compiled(data)
        except Exception:        # a damaged entry is not an error: it is built again
            self._remove(self._variant_part(variant))
            return None

    def keep_compiled(self, variant: str | None, compiled) -> None:
        from .stored import dump_compiled
        try:
            data = dump_compiled(compiled)
        except (pickle.PicklingError, TypeError, AttributeError):     # kept only if it can be
            return
        self._write(self._variant_part(variant), data)

    # ---- files
    @staticmethod
    def _variant_part(variant: str | None) -> str:
        return f"variant-{variant}" if variant is not None else "base"

    def _path(self, part: str) -> Path:
        return self.folder / f"{self.key}.{part}.pickle"

    def _read(self, part: str):
        path = self._path(part)
        try:
            with open(path, "rb") as f:
                if not _trusted(os.fstat(f.fileno())):
                    return None          # someone else's file: reading it could run their code
                entry = pickle.load(f)
            if entry["format"] == CACHE_FORMAT and entry["key"] == self.key and entry["part"] == part:
                return entry["data"]
        except FileNotFoundError:
            return None
        except Exception:        # unreadable or damaged: drop it
            pass
        self._remove(part)
        return None

    def _write(self, part: str, data) -> None:
        """Write an entry whole or not at all; a cache that cannot be written is only slower."""
        entry = {"format": CACHE_FORMAT, "key": self.key, "part": part, "data": data}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=self.folder, prefix=".writing-")
            try:
                with os.fdopen(fd, "wb") as f:
                    pickle.dump(entry, f, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(temporary, self._path(part))
            except BaseException:
                os.unlink(temporary)
                raise
        except (OSError, pickle.PicklingError):
            return
        self._remove_stale()

    def _remove_stale(self) -> None:
        """Entries of older engines or rules are never read again: drop those unused for a month."""
        now = time.time()
        try:
            for path in self.folder.glob("*.pickle"):
                if not ENTRY_NAME.fullmatch(path.name):
                    continue            # not an entry: someone else's file, left alone
                if now - max(path.stat().st_atime, path.stat().st_mtime) > STALE_AFTER:
                    path.unlink()
        except OSError:
            pass

    def _remove(self, part: str) -> None:
        try:
            self._path(part).unlink()
        except OSError:
            pass


def _trusted(stat) -> bool:
    """Whether an entry is the user's own and nobody else may have changed it."""
    if not hasattr(os, "getuid"):
        return True
    return stat.st_uid == os.getuid() and not stat.st_mode & 0o022
