"""Going to a name's declaration, finding everywhere it is used, a file's outline, and formatting."""
from __future__ import annotations

import logging
from pathlib import Path

from lsprotocol import types as T

from dsl import FormatError, Symbol, SyntaxProblem, format_text

from .analysis import Analysis
from .positions import Lines

log = logging.getLogger(__name__)

SYMBOL_KINDS = {
    "game": T.SymbolKind.Module, "enum": T.SymbolKind.Enum, "enum value": T.SymbolKind.EnumMember,
    "die": T.SymbolKind.Constant, "token": T.SymbolKind.Constant, "kind": T.SymbolKind.Class,
    "attribute": T.SymbolKind.Field, "space": T.SymbolKind.Object, "deck": T.SymbolKind.Array,
    "grid": T.SymbolKind.Module, "piece": T.SymbolKind.Object, "card": T.SymbolKind.Object,
    "var": T.SymbolKind.Variable, "const": T.SymbolKind.Constant, "table": T.SymbolKind.Function,
    "function": T.SymbolKind.Function, "procedure": T.SymbolKind.Function, "action": T.SymbolKind.Method,
    "phase": T.SymbolKind.Event, "variant": T.SymbolKind.Namespace, "modifier": T.SymbolKind.Function,
    "effect": T.SymbolKind.Event, "tally": T.SymbolKind.Number, "trigger": T.SymbolKind.Event,
}


def location(analysis: Analysis, lines_of, item) -> T.Location:
    """An editor's location of a declaration or use (`lines_of(path)` gives a file's Lines)."""
    path = Path(item.file)
    return T.Location(uri=path.as_uri(), range=lines_of(path).range(item.span))


def definition(analysis: Analysis, lines_of, path: Path, line: int, col: int) -> list[T.Location] | None:
    target = analysis.target(path, line, col)
    if target is None:
        return None
    found = analysis.definitions(path, target)
    return [location(analysis, lines_of, d) for d in found] or None


def references(analysis: Analysis, lines_of, path: Path, line: int, col: int, declarations: bool) -> list[T.Location] | None:
    target = analysis.target(path, line, col)
    if target is None:
        return None
    return [location(analysis, lines_of, u) for u in analysis.references(path, target, declarations)]


def document_symbols(analysis: Analysis, lines: Lines, path: Path) -> list[T.DocumentSymbol]:
    index = analysis.index(path)
    return [_symbol(s, lines) for s in index.outline] if index is not None else []


def _symbol(s: Symbol, lines: Lines) -> T.DocumentSymbol:
    whole = lines.range(s.whole)
    chosen = lines.range(s.span)
    return T.DocumentSymbol(name=s.name, detail=s.what, kind=SYMBOL_KINDS.get(s.what.split()[-1], T.SymbolKind.Key),
                            range=whole, selection_range=chosen, children=[_symbol(c, lines) for c in s.children])


def formatting(lines: Lines, text: str, path: Path) -> list[T.TextEdit] | None:
    """The whole file laid out as `garrison fmt` would, or None (changing nothing) if it cannot be."""
    try:
        laid_out = format_text(text, str(path))
    except SyntaxProblem as problem:
        log.info("not formatting %s: it does not parse (%s)", path, problem.diagnostic.message)
        return None
    except FormatError as err:
        log.warning("not formatting %s: %s", path, err)
        return None
    if laid_out == text:
        return []
    return [T.TextEdit(range=T.Range(T.Position(0, 0), lines.end()), new_text=laid_out)]
