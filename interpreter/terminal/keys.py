"""Reads the player's answer at a terminal key by key, so that an option number needs no Enter."""
from __future__ import annotations

import codecs
import os
import select
import sys

try:
    import termios
    import tty
except ImportError:          # not a POSIX terminal: answers are read as whole lines
    termios = tty = None

ENTER = ("\r", "\n")
ERASE = ("\x7f", "\b")
ERASE_LINE = "\x15"          # Ctrl-U
END = "\x04"                 # Ctrl-D
ESCAPE = "\x1b"
SEQUENCE_WAIT = 0.05         # seconds to wait for the rest of an arrow key's escape sequence


def line_reader(instant: bool = True):
    """`read(prompt, ready, empty)`: at a terminal (and when `instant`), a reader that returns as soon as
    `ready(text typed so far)` says the answer is complete; otherwise `input`, which waits for Enter."""
    if instant and termios is not None and sys.stdin.isatty():
        return KeyReader(sys.stdin.fileno(), sys.stdout).read
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:
        pass
    return lambda prompt, ready=None, empty=False: input(prompt)


class KeyReader:
    """Reads keys in cbreak mode, echoing them itself; Backspace, Ctrl-U and Ctrl-D work as in a
    line; Ctrl-C still interrupts; Enter on an empty line is ignored (unless `empty`: a pause
    that waits for Enter)."""

    def __init__(self, fd: int, out):
        self.fd = fd
        self.out = out
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def read(self, prompt: str, ready=None, empty: bool = False) -> str:
        self.write(prompt)
        saved = termios.tcgetattr(self.fd)
        typed = ""
        try:
            tty.setcbreak(self.fd, termios.TCSANOW)     # not the default TCSAFLUSH: keys typed ahead are kept
            while True:
                key = self.key()
                if key in ENTER:
                    if typed or empty:
                        self.write("\n")
                        return typed
                elif key == END and not typed:
                    self.write("\n")
                    raise EOFError
                elif key in ERASE and typed:
                    typed = typed[:-1]
                    self.write("\b \b")
                elif key == ERASE_LINE:
                    self.write("\b \b" * len(typed))
                    typed = ""
                elif key == ESCAPE:
                    self.skip_sequence()
                elif key.isprintable():
                    typed += key
                    self.write(key)
                    if ready is not None and ready(typed):
                        self.write("\n")
                        return typed
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def key(self) -> str:
        """One character (several bytes for a non-ASCII one)."""
        while True:
            data = os.read(self.fd, 1)
            if not data:
                raise EOFError
            text = self.decoder.decode(data)
            if text:
                return text

    def skip_sequence(self) -> None:
        """Drop the rest of an escape sequence such as an arrow key's (ESC [ A)."""
        introducer = self.next_byte()
        if introducer not in (b"[", b"O"):
            return
        while True:
            byte = self.next_byte()
            if not byte or 0x40 <= byte[0] <= 0x7E:     # the sequence's final byte
                return

    def next_byte(self) -> bytes:
        ready = select.select([self.fd], [], [], SEQUENCE_WAIT)[0]
        return os.read(self.fd, 1) if ready else b""

    def write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()
