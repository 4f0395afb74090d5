"""The Python module one compiled pack runs as: its source, the names it uses, and its functions."""
from __future__ import annotations

import linecache
import re
from types import FunctionType

from . import support

HEADER = ("# Generated from the rules of {title}: its functions, the expressions its statements\n"
          "# evaluate, and the bodies that run at once. Each function names the rules line it comes from.\n\n\n")


POSITION_COMMENT = re.compile(r"\s*# (.+?):(\d+)(?::(\d+))?$")     # the rules position atop a generated function


def comment(text: str) -> str:
    """Text from the rules (a file name, a title) as it may appear in a comment: on one line, escaped."""
    return repr(text)[1:-1]


def identifier(name: str) -> str:
    """A rules name as part of a Python identifier: itself when it is plain ASCII, else spelled out
    in hexadecimal (Python folds look-alike Unicode names together, which rules do not)."""
    return name if name.isascii() else "u" + name.encode("utf-8").hex()


def local_name(name: str) -> str:
    """The Python local holding a rules parameter or loop variable."""
    return f"v_{identifier(name)}"


def _not_ready(*args):
    raise RuntimeError("the rules' Python module is still being written")


class PackCode:
    """Collects generated functions while a pack is compiled, then runs their source once.

    Statements are compiled before the module exists, so each generated function is handed out
    at once as a placeholder; `finish` gives every placeholder its real code."""

    def __init__(self, title: str):
        self.title = title
        self.namespace: dict = dict(support.NAMES, __name__=f"garrison_rules_{id(self):x}")
        self.sources: list[str] = []
        self.placeholders: dict[str, FunctionType] = {}
        self.values: dict[object, str] = {}      # a value the code refers to -> its name in the module
        self.counts: dict[str, int] = {}
        self.located: dict[int, list] = {}      # source number -> (line in it, rules position) of its statements
        self.positions: dict[int, str] = {}     # line of the module -> the rules statement it runs
        self.filename = ""
        self.finished = False

    def fresh_name(self, stem: str) -> str:
        stem = identifier(stem)
        n = self.counts.get(stem, 0) + 1
        self.counts[stem] = n
        return f"{stem}_{n}"

    def name_of(self, key, stem: str, make) -> str:
        """The module name of a shared value (a field table, a kind's members), made on first use."""
        name = self.values.get(key)
        if name is None:
            name = self.values[key] = self.fresh_name(stem)
            self.namespace[name] = make()
        return name

    def define(self, name: str, source: str) -> FunctionType:
        """Add a function's source; returns the function (working once the module is finished)."""
        if self.finished:
            raise RuntimeError("the rules' Python module is already finished")
        self.sources.append(source)
        fn = self.placeholders[name] = FunctionType(_not_ready.__code__, self.namespace, name)
        self.namespace[name] = fn
        return fn

    def define_located(self, name: str, lines: list) -> FunctionType:
        """`define` from (line, rules position or None) pairs: errors on those lines name the position."""
        fn = self.define(name, "\n".join(text for text, _ in lines))
        self.located[len(self.sources) - 1] = [(i, where) for i, (_, where) in enumerate(lines) if where]
        return fn

    def where_in(self, traceback) -> str | None:
        """The rules position of the innermost generated statement a traceback passes through."""
        found = None
        while traceback is not None:
            if traceback.tb_frame.f_code.co_filename == self.filename:
                found = self.positions.get(traceback.tb_lineno, found)
            traceback = traceback.tb_next
        return found

    def raised_in(self, traceback) -> bool:
        """Whether the innermost frame of a traceback is generated code."""
        last = None
        while traceback is not None:
            last, traceback = traceback, traceback.tb_next
        return last is not None and last.tb_frame.f_code.co_filename == self.filename

    def evaluate(self, source: str, engine):
        """The value of one expression of the module's names, at once, run against `engine` as `g`."""
        # a function of `g`, so that comprehensions and lambdas inside see it too (eval's locals they would not)
        return eval(compile(f"lambda g: ({source})", "<rules constant>", "eval"), self.namespace)(engine)

    def finish(self) -> None:
        source = self.source()
        self.filename = f"<rules of {self.title}, {self.namespace['__name__']}>"
        try:
            self.code_object = compile(source, self.filename, "exec")
        except (SyntaxError, RecursionError, MemoryError) as err:     # nesting the checker's bounds let through
            raise _too_deep_to_compile(source, getattr(err, "lineno", None)) from None
        self._show_in_tracebacks()
        exec(self.code_object, self.namespace)
        line = HEADER.count("\n") + 1
        for number, source in enumerate(self.sources):
            for offset, where in self.located.get(number, ()):
                self.positions[line + offset] = where
            line += source.count("\n") + 3
        for name, placeholder in self.placeholders.items():
            placeholder.__code__ = self.namespace[name].__code__
            self.namespace[name] = placeholder       # generated calls and statements share one function
        self.placeholders = {}
        self.finished = True

    def _show_in_tracebacks(self) -> None:
        source = self.source()
        linecache.cache[self.filename] = (len(source), None, source.splitlines(True), self.filename)

    # ---- kept on disk (see stored.py): the module's names are the values the code refers to
    def __getstate__(self) -> dict:
        state = {k: v for k, v in self.__dict__.items() if k not in ("placeholders", "code_object")}
        state["stored"] = {name: self.namespace[name] for name in self.values.values()}
        return state

    def __setstate__(self, state: dict) -> None:
        """`namespace` is the module already run from the stored code object; it gets the values back."""
        state["namespace"].update(state.pop("stored"))
        self.__dict__.update(state, placeholders={})
        self._show_in_tracebacks()

    def source(self) -> str:
        return HEADER.format(title=comment(self.title)) + "\n\n\n".join(self.sources) + "\n"


def _too_deep_to_compile(source: str, lineno: int | None):
    """The error for generated code Python cannot compile, at the rules position of the function it is in."""
    from dsl import Diagnostic

    from .errors import CompileProblem
    lines = source.splitlines()[:lineno or 0]
    found = next((m for m in map(POSITION_COMMENT.match, reversed(lines)) if m), None)
    file, line, col = (found.group(1), int(found.group(2)), int(found.group(3) or 1)) if found else ("rules", 1, 1)
    return CompileProblem(Diagnostic(file, line, col, "this nests too deeply for the rules to be compiled; "
                                                      "split it with functions or procedures"))
