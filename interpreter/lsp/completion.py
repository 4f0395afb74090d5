"""What completion offers: after `.` the attributes the value before it has; elsewhere the keywords, the
builtins, the pack's declarations and the local names in scope."""
from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types as T

from dsl import BUILTINS, KEYWORDS, PSEUDO_FIELDS, ast as A

from .analysis import Analysis

ITEM_KINDS = {
    "piece": T.CompletionItemKind.Constant, "card": T.CompletionItemKind.Constant, "space": T.CompletionItemKind.Constant,
    "deck": T.CompletionItemKind.Constant, "kind": T.CompletionItemKind.Class, "enum": T.CompletionItemKind.Enum,
    "enum value": T.CompletionItemKind.EnumMember, "var": T.CompletionItemKind.Variable,
    "const": T.CompletionItemKind.Constant, "function": T.CompletionItemKind.Function,
    "procedure": T.CompletionItemKind.Function, "action": T.CompletionItemKind.Method,
    "phase": T.CompletionItemKind.Event, "table": T.CompletionItemKind.Function, "modifier": T.CompletionItemKind.Function,
    "effect": T.CompletionItemKind.Event, "token": T.CompletionItemKind.Constant, "die": T.CompletionItemKind.Constant,
    "grid": T.CompletionItemKind.Module, "variant": T.CompletionItemKind.Module, "tally": T.CompletionItemKind.Value,
    "game": T.CompletionItemKind.Module,
}
AFTER_DOT = re.compile(r"([^\W\d]\w*)?\s*\.\s*\w*$")


def completions(analysis: Analysis, path: Path, line: int, col: int, before: str) -> list[T.CompletionItem]:
    """The items for the place (line, col) of `path`; `before` is its line's text up to there."""
    dot = AFTER_DOT.search(before)
    if dot is not None and not before[: dot.start()].rstrip().endswith("."):
        return attribute_items(analysis, path, dot.group(1), line, col)
    items = [T.CompletionItem(label=k.word, kind=T.CompletionItemKind.Keyword, detail="; ".join(k.roles))
             for k in KEYWORDS]
    items += [T.CompletionItem(label=b.name, kind=T.CompletionItemKind.Function, detail=f"builtin: {b.takes}",
                               documentation=b.doc) for b in BUILTINS.values()]
    seen: set[str] = set()
    for ix in analysis.indexes(path):
        for d in ix.globals:
            if d.name not in seen:
                seen.add(d.name)
                items.append(T.CompletionItem(label=d.name, kind=ITEM_KINDS.get(d.what, T.CompletionItemKind.Text),
                                              detail=d.what))
    index = analysis.index(path)
    for d in index.locals_at(line, col) if index is not None else []:
        items.append(T.CompletionItem(label=d.name, kind=T.CompletionItemKind.Variable, detail=d.what,
                                      sort_text=f"0{d.name}"))
    return items


def attribute_items(analysis: Analysis, path: Path, owner: str | None, line: int, col: int) -> list[T.CompletionItem]:
    """The attributes of what is before the `.`: of its kind (and the kinds above it) when the name is a
    declared piece, card, space or kind, or an enum value; else every attribute of the pack."""
    decls = analysis.declarations(path)
    kinds = {d.name: d for d in decls if isinstance(d, A.KindDecl)}
    fields: dict[str, str] = {}
    kind = kind_of(decls, owner) if owner else None
    if owner is not None and kind is None:
        kind = local_kind(analysis, path, owner, line, col)
    if kind is not None and kind in kinds:
        while kind in kinds:
            for f in kinds[kind].fields:
                fields.setdefault(f.name, f"{'var ' if f.mutable else ''}{f.name}: {type_text(f.type)} (of {kind})")
            kind = kinds[kind].parent
    else:
        enum = next((e for e in decls if isinstance(e, A.EnumDecl) and any(v.name == owner for v in e.values)), None)
        if enum is not None:
            for v in enum.values:
                for a in v.attrs:
                    fields.setdefault(a.name, f"attribute of the enum {enum.name}")
            return [T.CompletionItem(label=n, kind=T.CompletionItemKind.Field, detail=d) for n, d in fields.items()]
        for k in kinds.values():
            for f in k.fields:
                fields.setdefault(f.name, f"{f.name}: {type_text(f.type)} (of {k.name})")
        for e in decls:
            if isinstance(e, A.EnumDecl):
                for v in e.values:
                    for a in v.attrs:
                        fields.setdefault(a.name, f"attribute of the enum {e.name}")
    for name, t in PSEUDO_FIELDS.items():
        fields.setdefault(name, f"{name}: {t.describe()} (every object has it)")
    return [T.CompletionItem(label=n, kind=T.CompletionItemKind.Field, detail=d) for n, d in fields.items()]


def local_kind(analysis: Analysis, path: Path, name: str, line: int, col: int) -> str | None:
    """The type a parameter is declared with (`u: unit`), or the kind whose `does` holds a `this`."""
    index = analysis.index(path)
    if index is None:
        return None
    if name == "this":
        owner = next((d for d in index.globals if d.what in ("kind", "piece", "card") and d.whole.holds(line, col)), None)
        return kind_of(analysis.declarations(path), owner.name) if owner is not None else None
    local = next((d for d in index.locals_at(line, col) if d.name == name), None)
    if local is None:
        return None
    text = analysis.text(path).splitlines()[local.span.line - 1]
    declared = re.match(r"\s*:\s*([^\W\d]\w*)", text[local.span.end_col - 1:])
    return declared.group(1) if declared else None


def kind_of(decls: list, name: str) -> str | None:
    """The kind of the piece, card or space `name`, or `name` itself if it is a kind."""
    for d in decls:
        if d.name == name:
            if isinstance(d, A.KindDecl):
                return d.name
            if isinstance(d, (A.PieceDecl, A.SpaceDecl)):
                return d.kind
    return None


def type_text(t: A.TypeRef) -> str:
    return f"list[{type_text(t.item)}]" if t.name == "list" and t.item is not None else t.name
