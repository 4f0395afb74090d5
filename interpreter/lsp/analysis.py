"""What the server knows of the packs being edited: each file's text (the editor's, if open), the checker's
findings for a whole pack, and every file's declarations and names."""
from __future__ import annotations

import logging
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from dsl import MOST_BYTES, Definition, Diagnostic, FileIndex, ParsedFile, Use, Workspace, ast as A

from .packs import PackFiles, pack_of

log = logging.getLogger(__name__)
PACK_SECONDS = 2.0


@dataclass
class Target:
    """What a name at a place stands for: a declaration of the pack, a local name, an attribute or a builtin."""
    name: str
    role: str                       # "global", "local" or "attribute"
    local: Definition | None = None


class Analysis:
    """Reads files through `unsaved(path)` (the editor's text, or None to read the disk) and keeps the
    last good reading of each file, so names still resolve while the file being typed does not parse."""

    def __init__(self, unsaved: Callable[[Path], str | None], bundled: Callable[[str], Path | None] = lambda n: None):
        self.unsaved = unsaved
        self.bundled = bundled
        self.workspace = Workspace()
        self.last_good: dict[Path, ParsedFile] = {}
        self._packs: dict[Path, tuple[float, str, PackFiles]] = {}

    def text(self, path: Path) -> str:
        """The file's text: the editor's, else the disk's where it is a plain file no larger than a
        rules file may be (never a device, a pipe or a huge file, which would hang or fill memory);
        else none. A document larger than that is not looked at either."""
        text = self.unsaved(path)
        if text is not None:
            return text if len(text) <= MOST_BYTES else ""
        try:
            found = path.stat()
            if not stat.S_ISREG(found.st_mode) or found.st_size > MOST_BYTES:
                return ""
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError):       # ValueError: a NUL in the name
            return ""

    def pack(self, path: Path) -> PackFiles:
        """The files `path` is checked with; looked for again at most every PACK_SECONDS (files come and go)."""
        text = self.text(path)
        known = self._packs.get(path)
        if known is not None and known[1] == text and time.monotonic() - known[0] < PACK_SECONDS:
            return known[2]
        pack = pack_of(path, text, self.bundled)
        self._packs[path] = (time.monotonic(), text, pack)
        return pack

    def parsed(self, path: Path) -> ParsedFile:
        parsed = self.workspace.parse(str(path), self.text(path))
        if parsed.tree is not None:
            self.last_good[path] = parsed
        return parsed

    def check(self, path: Path) -> tuple[PackFiles, list[Diagnostic]]:
        """Every error and warning of the pack `path` belongs to, with the editor's unsaved text."""
        pack = self.pack(path)
        for p in pack.all():
            self.parsed(p)
        files = [(str(p), self.text(p)) for p in pack.files]
        mods = [[(str(pack.change), self.text(pack.change))]] if pack.change is not None else []
        too_long = [Diagnostic(str(p), 1, 1, f"the file has {len(text):,} characters, more than a rules file may "
                                             f"have ({MOST_BYTES:,}): it is not read; split it")
                    for p in pack.all() if (text := self.unsaved(p)) is not None and len(text) > MOST_BYTES]
        return pack, too_long + self.workspace.check(files, mods)

    # ---- names ----------------------------------------------------------------------------

    def index(self, path: Path) -> FileIndex | None:
        """The file's names as now, or as last read when it does not parse now."""
        parsed = self.parsed(path)
        if parsed.index is None and path in self.last_good:
            return self.last_good[path].index
        return parsed.index

    def indexes(self, path: Path) -> list[FileIndex]:
        """The names of every file of `path`'s pack (with the mod or scenario being edited)."""
        return [ix for p in self.pack(path).all() if (ix := self.index(p)) is not None]

    def declarations(self, path: Path) -> list[A.AnyDecl]:
        """The declarations of every file of the pack that reads (as last read, for one that does not now)."""
        out = []
        for p in self.pack(path).all():
            parsed = self.parsed(p)
            out.extend(parsed.decls if parsed.tree is not None else self.last_good.get(p, parsed).decls)
        return out

    def target(self, path: Path, line: int, col: int) -> Target | None:
        """What the name at (line, col) of `path` stands for."""
        index = self.index(path)
        found = index.at(line, col) if index is not None else None
        if found is None:
            return None
        if isinstance(found, Use):
            if found.role == "global" and not self.is_global(path, found.name) and self.is_attribute(path, found.name):
                return Target(found.name, "attribute")         # e.g. a field given a short name in a layout
            return Target(found.name, found.role, found.local)
        if found in index.locals:
            return Target(found.name, "local", found)
        return Target(found.name, "attribute" if found in index.attributes else "global")

    def is_global(self, path: Path, name: str) -> bool:
        return any(d.name == name for ix in self.indexes(path) for d in ix.globals)

    def is_attribute(self, path: Path, name: str) -> bool:
        return any(d.name == name for ix in self.indexes(path) for d in ix.attributes + ix.uses
                   if d in ix.attributes or d.role == "attribute")

    def definitions(self, path: Path, target: Target) -> list[Definition]:
        if target.role == "local":
            return [target.local] if target.local is not None else []
        indexes = self.indexes(path)
        if target.role == "global":
            return [d for ix in indexes for d in ix.globals if d.name == target.name]
        declared = [d for ix in indexes for d in ix.attributes if d.name == target.name]
        if declared:
            return declared
        given = [u for ix in indexes for u in ix.uses if u.role == "attribute" and u.name == target.name]
        return [Definition(u.name, "attribute", u.file, u.span, u.span) for u in given[:1]]

    def references(self, path: Path, target: Target, declarations: bool) -> list[Use | Definition]:
        """Every place the target is named: its uses, and with `declarations` where it is declared."""
        if target.role == "local":
            index = self.index(path)
            uses = [u for u in index.uses if u.local is target.local] if index is not None else []
            return ([target.local] if declarations and target.local else []) + uses
        out: list[Use | Definition] = []
        indexes = self.indexes(path)
        names = {d.name for ix in indexes for d in ix.globals}
        for ix in indexes:
            if target.role == "global":
                out += [u for u in ix.uses if u.role == "global" and u.name == target.name]
                out += [d for d in ix.globals if declarations and d.name == target.name]
            else:
                out += [u for u in ix.uses if u.name == target.name and
                        (u.role == "attribute" or (u.role == "global" and u.name not in names))]
                out += [d for d in ix.attributes if declarations and d.name == target.name]
        return sorted(out, key=lambda x: (x.file, x.span.line, x.span.col))
