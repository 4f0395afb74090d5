"""Diagnostics for rules files: `path:line:col: error: message`, the source line and a caret."""
from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    col: int
    message: str
    severity: str = "error"          # "error" or "warning"
    code: str = ""                   # short code for lint warnings, e.g. W001

    def as_json(self) -> dict:
        """The diagnostic as data, for tools (`garrison check --json`)."""
        return {"file": self.file, "line": self.line, "col": self.col, "severity": self.severity,
                "code": self.code, "message": self.message}

    def format(self, sources: "Sources | None" = None) -> str:
        tag = f"{self.severity}[{self.code}]" if self.code else self.severity
        head = printable(f"{self.file}:{self.line}:{self.col}: {tag}: {self.message}")
        text = sources.line(self.file, self.line) if sources else None
        if text is None:
            return head
        text, col = _window(text.expandtabs(1), self.col)
        caret = " " * (col - 1) + "^"
        return f"{head}\n    {printable(text)}\n    {caret}"


QUOTED_MOST = 120       # characters of a line a diagnostic quotes, around its column


def _window(text: str, col: int) -> tuple[str, int]:
    """A long line cut to QUOTED_MOST characters around column `col` ('…' where it is cut), and
    the column in what is left: a file of one long line (minified, or not rules at all) is not
    quoted whole."""
    if len(text) <= QUOTED_MOST:
        return text, col
    start = max(0, min(col - 1 - QUOTED_MOST // 2, len(text) - QUOTED_MOST))
    before = "…" if start else ""
    after = "…" if start + QUOTED_MOST < len(text) else ""
    return before + text[start:start + QUOTED_MOST] + after, col - start + len(before)


class BuiltinFault(Exception):
    """A builtin was given values it cannot work with; the runtime reports it at the rules line."""


def printable(text: str) -> str:
    """The text with every control character but newline and tab shown as '\ufffd', so that quoting
    a hostile file or label never sends a terminal an escape sequence; a file name's bytes that are
    not UTF-8 (as Python reads them) shown as \\xNN, so that any output can take it."""
    return SURROGATE.sub(_byte_escape, CONTROL.sub("\ufffd", text))


def _byte_escape(found) -> str:
    code = ord(found[0])
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else "\ufffd"     # else half a pair, no byte


CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")     # Unicode's control characters, but tab and newline
SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass
class Sources:
    """The text of every rules file read, so diagnostics can quote the offending line."""
    texts: dict[str, list[str]] = field(default_factory=dict)

    def add(self, path: str, text: str) -> None:
        self.texts[path] = text.splitlines()

    def line(self, path: str, line: int) -> str | None:
        lines = self.texts.get(path)
        if lines is None or not 1 <= line <= len(lines):
            return None
        return lines[line - 1]


class SyntaxProblem(Exception):
    """A file could not be parsed; `diagnostic` says where and why."""

    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic


class RulesError(Exception):
    """A rules pack failed to load; `diagnostics` holds every error (and warning) found."""

    def __init__(self, diagnostics: list[Diagnostic], sources: Sources | None = None):
        self.diagnostics = diagnostics
        self.sources = sources
        super().__init__(self.report())

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def report(self) -> str:
        lines = [d.format(self.sources) for d in self.diagnostics]
        n = len(self.errors)
        lines.append(f"{n} error{'s' if n != 1 else ''} found")
        return "\n".join(lines)


def suggest(name: str, candidates) -> str:
    """A ` (did you mean 'x'?)` suffix naming the closest candidates, or ''."""
    import difflib

    return did_you_mean(difflib.get_close_matches(name, sorted(set(candidates)), n=3, cutoff=0.7))


def did_you_mean(names) -> str:
    """A ` (did you mean 'x' or 'y'?)` suffix naming these, or '' for none."""
    return " (did you mean " + " or ".join(f"'{c}'" for c in names) + "?)" if names else ""
