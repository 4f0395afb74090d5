"""Reads the player's answers: at a terminal with prompt_toolkit (completion, history, a toolbar
that keeps the question in view, an option number taking effect without Enter); otherwise one
plain line at a time, so that games can be scripted."""
from __future__ import annotations

import sys
from typing import Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.styles import Style
from prompt_toolkit.utils import is_dumb_terminal
from prompt_toolkit.validation import Validator

TOOLBAR_ROWS = 2
MENU_ROWS = 8           # rows a completion menu opens with (the screen scrolls to make room)
NOT_EMPTY = Validator.from_callable(lambda text: bool(text.strip()), error_message="")   # Enter alone does nothing
ANY_LINE = Validator.from_callable(lambda text: True)      # a pause: Enter alone goes on (None keeps the session's)


class Asker(Protocol):
    """What the reader asks of the play loop while a question waits."""

    def ready(self, typed: str) -> bool:
        """Whether the text typed so far is a complete answer (an option number no other starts with)."""

    def toolbar(self, typed: str) -> list[list[tuple[str, str]]]:
        """The toolbar's lines as (style, text) fragments, given what is typed so far."""

    def completions(self) -> list[tuple[str, str]]:
        """(word, what it is) for everything that may be typed: commands, option ids, names."""


def answer_reader(instant: bool = True):
    """A `read(prompt, asker)`: prompt_toolkit's when stdin and stdout are a terminal, else
    `input`, which reads one line and shows nothing but the prompt."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return PromptReader(instant)
    return PlainReader()


class PlainReader:
    """One line of input per answer, as a script gives them (with readline's line editing when a
    person types them while the output goes elsewhere)."""
    toolbar_rows = 0

    def __init__(self):
        if sys.stdin.isatty():
            try:
                import readline  # noqa: F401  (line editing and history for input())
            except ImportError:
                pass

    def __call__(self, prompt: str, asker: Asker | None = None, empty: bool = False) -> str:
        return input(prompt)


class PromptReader:
    """prompt_toolkit's prompt with the play loop's completions, toolbar and instant numbers."""

    def __init__(self, instant: bool = True):
        self.instant = instant
        self.toolbar_rows = 0 if is_dumb_terminal() else TOOLBAR_ROWS     # a dumb terminal shows no toolbar
        self.asker: Asker | None = None
        self.session = PromptSession(
            history=InMemoryHistory(), completer=AnswerCompleter(self), complete_while_typing=False,
            bottom_toolbar=self.toolbar, reserve_space_for_menu=MENU_ROWS, complete_in_thread=False,
            validator=NOT_EMPTY, validate_while_typing=False,
            style=Style.from_dict({"bottom-toolbar": "noreverse bg:#303030 #e4e4e4",
                                   "bottom-toolbar.question": "bold", "bottom-toolbar.dim": "#a8a8a8",
                                   "bottom-toolbar.waiting": "bold #ffd75f"}))
        self.session.default_buffer.on_text_changed += self.changed

    def __call__(self, prompt: str, asker: Asker | None = None, empty: bool = False) -> str:
        """A line typed; Enter alone is refused unless `empty` (a pause that waits for Enter)."""
        self.asker = asker
        return self.session.prompt(prompt, validator=ANY_LINE if empty else NOT_EMPTY)

    def changed(self, buffer) -> None:
        """Accept an option number as soon as no other option's number starts with it."""
        if self.instant and self.asker is not None and self.asker.ready(buffer.text):
            buffer.validate_and_handle()

    def toolbar(self):
        if self.asker is None:
            return []
        lines = self.asker.toolbar(self.session.default_buffer.text)
        fragments: list[tuple[str, str]] = []
        for i, line in enumerate(lines):
            if i:
                fragments.append(("", "\n"))
            fragments += [(f"class:bottom-toolbar.{style}" if style else "", text) for style, text in line]
        return fragments


class AnswerCompleter(Completer):
    """Completes the word under the cursor from the asker's words, those starting with it first,
    then those containing it."""

    def __init__(self, reader: PromptReader):
        self.reader = reader

    def get_completions(self, document, complete_event):
        if self.reader.asker is None:
            return
        word = document.get_word_before_cursor(WORD=True)
        low = word.lower()
        choices = self.reader.asker.completions()
        starting = [(w, meta) for w, meta in choices if w.lower().startswith(low)]
        inside = [(w, meta) for w, meta in choices if low and low in w.lower() and not w.lower().startswith(low)]
        for text, meta in starting + inside:
            yield Completion(text, start_position=-len(word), display_meta=meta)
