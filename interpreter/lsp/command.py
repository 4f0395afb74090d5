"""`garrison lsp`: runs the language server on stdin and stdout until the editor ends it."""
from __future__ import annotations

import logging
import re
import sys
from pathlib import Path

INSTALL_HINT = "garrison lsp: the language server needs pygls; install it with: pip install 'garrison[lsp]'"
MAX_MESSAGE = 64 * 1024 * 1024      # bytes in one message from the editor, at most (a pack's files are far less)
CONTENT_LENGTH = re.compile(rb"Content-Length:\s*(\d+)", re.IGNORECASE)


class BoundedInput:
    """The editor's side of the conversation, read as the server reads it; a message announced as
    longer than MAX_MESSAGE, or with a length that is not a number, ends it (said in one line)
    instead of being read into memory or dropped unsaid."""

    def __init__(self, raw):
        self.raw = raw

    def readline(self, *args) -> bytes:
        line = self.raw.readline(*args)
        found = CONTENT_LENGTH.match(line)
        if found is None and line[:15].lower() == b"content-length:":
            logging.getLogger("interpreter.lsp").error(
                "a message's Content-Length is not a number of bytes (%r); stopping", line[:60].decode("utf-8", "replace"))
            return b""
        if found and int(found.group(1)) > MAX_MESSAGE:
            logging.getLogger("interpreter.lsp").error(
                "a message of %s bytes is more than the %s a message may have; stopping", found.group(1).decode(), MAX_MESSAGE)
            return b""
        return line

    def read(self, *args) -> bytes:
        return self.raw.read(*args)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class OneLine(logging.Filter):
    """A fault logged with its traceback (a message that is not JSON, params that do not fit) is
    written as one line: the message, then the fault."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            err = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(err).__name__}: {err})"
            record.args, record.exc_info, record.exc_text = None, None, None
        elif "Traceback (most recent call last)" in (said := record.getMessage()):
            lines = [line.strip(" |+-^") for line in said.strip().splitlines()]       # a traceback written into the text
            fault = next((line for line in reversed(lines) if ": " in line), lines[-1])
            record.msg, record.args = f"{lines[0]} ({fault})", None
        return True


def bundled_folder(name: str) -> Path | None:
    """The bundled game `name`'s folder, for a mod file kept outside a pack that names it in its header."""
    from interpreter.runtime import GameError, bundled_pack
    try:
        return bundled_pack(name)
    except GameError:
        return None


def run_language_server(version: str) -> int:
    try:
        from .server import build_server
    except ImportError as err:
        if (err.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="garrison lsp: %(levelname)s %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(OneLine())
    logging.getLogger("interpreter.lsp").setLevel(logging.INFO)
    build_server(version, bundled_folder).start_io(BoundedInput(sys.stdin.buffer))
    return 0
