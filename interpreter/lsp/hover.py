"""What hovering over a name shows: a builtin's arguments and doc from the builtin registry; a declaration's
kind, label, attributes and rules text; a local name's declaration; a keyword's role."""
from __future__ import annotations

from pathlib import Path

from lark import Token, Tree

from dsl import BUILTINS, KEYWORDS, Definition, Span

from .analysis import Analysis, Target

MAX_LINES = 25
TYPES = {"int": "a whole number", "bool": "true or false", "text": "text", "kind": "a kind of piece, card or space",
         "list": "a list of values of one type", "effect": "a lasting effect", "token": "a token", "deck": "a deck"}


def hover_markdown(analysis: Analysis, path: Path, line: int, col: int, word: str) -> str | None:
    target = analysis.target(path, line, col)
    if target is None:
        return keyword_hover(word) or builtin_hover(word)
    if target.role == "local":
        return local_hover(analysis, target.local) if target.local is not None else None
    definitions = analysis.definitions(path, target)
    if target.role == "attribute":
        return attribute_hover(analysis, target.name, definitions)
    if definitions:
        return declaration_hover(analysis, path, definitions)
    return builtin_hover(target.name) or type_hover(target.name)


def builtin_hover(name: str) -> str | None:
    builtin = BUILTINS.get(name)
    if builtin is None:
        return None
    return f"```rules\n{name}(…)\n```\n**builtin** `{name}` — takes {builtin.takes}\n\n{builtin.doc}"


def keyword_hover(word: str) -> str | None:
    keyword = next((k for k in KEYWORDS if k.word == word), None)
    if keyword is None:
        return None
    roles = "; ".join(keyword.roles)
    reserved = " (reserved: it cannot name anything)" if keyword.reserved else ""
    return f"**keyword** `{word}` — {roles}{reserved}"


def type_hover(name: str) -> str | None:
    return f"**type** `{name}` — {TYPES[name]}" if name in TYPES else None


def source(analysis: Analysis, file: str, span: Span, limit: int = MAX_LINES) -> str:
    """The text of `span` in `file`, at most `limit` lines (an ellipsis says more follow)."""
    lines = analysis.text(Path(file)).splitlines()[span.line - 1: span.end_line]
    if not lines:
        return ""
    if len(lines) == 1:
        return lines[0][span.col - 1: span.end_col - 1]
    lines[-1] = lines[-1][: span.end_col - 1]
    indent = span.col - 1
    lines = [lines[0][indent:]] + [ln[indent:] if ln[:indent].strip() == "" else ln for ln in lines[1:]]
    return "\n".join(lines[:limit] + (["…"] if len(lines) > limit else []))


def comment_above(analysis: Analysis, file: str, line: int) -> str:
    """The `#` comment lines right above a declaration: what it is, in the pack's own words."""
    lines = analysis.text(Path(file)).splitlines()
    found = []
    i = line - 2
    while 0 <= i < len(lines) and lines[i].lstrip().startswith("#"):
        words = lines[i].lstrip()[1:].strip()
        if words.startswith("--"):          # a heading over a section of the file, not about this declaration
            break
        found.append(words)
        i -= 1
    return " ".join(reversed(found))


def label_of(tree: Tree) -> str | None:
    """A declaration's label: the first string among its (or its body's) direct children."""
    for child in tree.children:
        if isinstance(child, Token) and child.type == "STRING":
            return str(child)[1:-1]
        if isinstance(child, Tree) and str(child.data) == "piece_body":
            return label_of(child)
    return None


def parts(tree: Tree, rule: str) -> list[Tree]:
    """The subtrees of one rule directly inside a declaration (through its body and attribute block)."""
    out = []
    for child in tree.children:
        if isinstance(child, Tree):
            if str(child.data) == rule:
                out.append(child)
            elif str(child.data) in ("piece_body", "attrs"):
                out += parts(child, rule)
    return out


def declaration_hover(analysis: Analysis, path: Path, definitions: list[Definition]) -> str:
    d = next((d for d in definitions if d.variant is None), definitions[0])
    label = label_of(d.tree) if d.tree is not None else None
    head = f"**{d.what}** `{d.name}`" + (f" — {label}" if label else "")
    if d.variant:
        head += f" (in the variant `{d.variant}`)"
    out = [head]
    comment = comment_above(analysis, d.file, d.whole.line)
    if comment:
        out.append(comment)
    if d.tree is not None:
        attrs = parts(d.tree, "attr_value")
        if attrs:
            out.append("attributes: " + ", ".join(f"`{source(analysis, d.file, Span.of(a), 1).rstrip(',')}`" for a in attrs))
        does = parts(d.tree, "attr_does")
        body = source(analysis, d.file, Span.of(does[0])) if does else source(analysis, d.file, d.whole)
        out.append(f"```rules\n{body}\n```")
        if not does and d.what in ("piece", "card"):
            out += kind_does(analysis, path, d.tree)
    others = [o for o in definitions if o is not d]
    for o in others:
        out.append(f"also declared at {Path(o.file).name}:{o.span.line}"
                   + (f" (in the variant `{o.variant}`)" if o.variant else ""))
    return "\n\n".join(out)


def kind_does(analysis: Analysis, path: Path, tree: Tree) -> list[str]:
    """What a piece or card does when resolved, if its kind (or a kind above it) says: its rules text."""
    body = next((c for c in tree.children if isinstance(c, Tree) and str(c.data) == "piece_body"), None)
    kind = str(body.children[2]) if body is not None else None
    seen = set()
    while kind and kind not in seen:
        seen.add(kind)
        found = [d for d in analysis.definitions(path, Target(kind, "global")) if d.what == "kind" and d.tree is not None]
        if not found:
            return []
        k = found[0]
        does = [c for c in k.tree.children if isinstance(c, Tree) and str(c.data) == "kind_does"]
        if does:
            return [f"its kind `{kind}` does:", f"```rules\n{source(analysis, k.file, Span.of(does[0]))}\n```"]
        parent = k.tree.children[1]
        kind = str(parent.children[0]) if isinstance(parent, Tree) else None
    return []


def local_hover(analysis: Analysis, d: Definition) -> str:
    line = analysis.text(Path(d.file)).splitlines()[d.span.line - 1].strip()
    return f"**{d.what}** `{d.name}` (line {d.span.line})\n\n```rules\n{line}\n```"


def attribute_hover(analysis: Analysis, name: str, definitions: list[Definition]) -> str:
    out = [f"**attribute** `{name}`"]
    for d in definitions:
        text = source(analysis, d.file, d.whole, 1).rstrip(",")
        owner = owner_kind(analysis, d)
        out.append(f"- {'of kind `' + owner + '`: ' if owner else ''}`{text}` ({Path(d.file).name}:{d.span.line})")
    return "\n".join(out)


def owner_kind(analysis: Analysis, d: Definition) -> str | None:
    """The kind whose attribute `d` declares."""
    index = analysis.index(Path(d.file))
    for k in index.globals if index is not None else []:
        if k.what == "kind" and k.whole.holds(d.span.line, d.span.col):
            return k.name
    return None
