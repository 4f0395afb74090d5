"""Between the checker's places (lines and columns from 1, in characters) and an editor's (from 0, in the
units the client and server agreed on, UTF-16 by default)."""
from __future__ import annotations

import re

from lsprotocol import types as T
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from dsl import Span

WORD = re.compile(r"[^\W\d]\w*")


class Lines:
    """One file's lines, to turn the checker's places into an editor's and back."""

    def __init__(self, text: str, codec: PositionCodec):
        self.lines = text.splitlines(keepends=True) or [""]
        self.codec = codec

    def line(self, line: int) -> str:
        """Line `line` (from 1) without its end, or '' past the end of the file."""
        return self.lines[line - 1].rstrip("\r\n") if 1 <= line <= len(self.lines) else ""

    def position(self, line: int, col: int) -> T.Position:
        line = max(1, min(line, len(self.lines)))
        col = max(1, min(col, len(self.line(line)) + 1))
        return self.codec.position_to_client_units(self.lines, ServerTextPosition(line - 1, col - 1))

    def range(self, span: Span) -> T.Range:
        return T.Range(self.position(span.line, span.col), self.position(span.end_line, span.end_col))

    def place(self, position: T.Position) -> tuple[int, int]:
        """The checker's (line, col) of an editor's position."""
        if position.line >= len(self.lines):
            return len(self.lines) + 1, 1
        at = self.codec.position_from_client_units(self.lines, position)
        return at.line + 1, at.character + 1

    def word_span(self, line: int, col: int) -> Span:
        """The name starting at (line, col), or the one character there: how wide to mark a problem."""
        text = self.line(line)
        found = WORD.match(text, col - 1) if col - 1 < len(text) else None
        if found is not None:
            return Span(line, col, line, found.end() + 1)
        if col - 1 >= len(text):               # past the end of the line: mark its last character
            return Span(line, max(1, len(text)), line, len(text) + 1)
        return Span(line, col, line, col + 1)

    def word_at(self, line: int, col: int) -> str:
        """The name the place (line, col) is in or just after, or ''."""
        text = self.line(line)
        for found in WORD.finditer(text):
            if found.start() < col <= found.end() + 1:
                return found.group()
        return ""

    def end(self) -> T.Position:
        return self.position(len(self.lines), len(self.line(len(self.lines))) + 1)
