"""Where each name of a rules file is declared and used: declarations, local names with the stretch of
text they are visible in, references, attributes, and the file's outline, read from its syntax tree."""
from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree
from lark.exceptions import LarkError

from .checker.scope import Scope
from .grammar import lark_parser
from .to_ast import interpolation_end

# rule -> (which child names the declaration, what it declares)
DECLARES = {
    "game_decl": (0, "game"), "enum_decl": (0, "enum"), "enum_item": (0, "enum value"), "die_decl": (0, "die"),
    "token_decl": (0, "token"), "kind_decl": (0, "kind"), "space_decl": (1, "space"), "deck_decl": (0, "deck"),
    "grid_decl": (0, "grid"), "var_decl": (1, "var"), "const_decl": (0, "const"), "table_decl": (0, "table"),
    "function_decl": (0, "function"), "procedure_decl": (0, "procedure"), "action_decl": (0, "action"),
    "phase_decl": (0, "phase"), "variant_decl": (0, "variant"), "modifier_decl": (1, "modifier"),
    "effect_decl": (1, "effect"), "tally_decl": (0, "tally"),
}
# rule -> which child is an attribute's name (declared in a kind, or given a value)
ATTRIBUTE_DEFINED = {"kind_attr": 0, "kind_var": 0}
ATTRIBUTE_GIVEN = {"attr_value": 0, "grid_attr": 0}
# rule -> which child is a local name it binds, and what it is called
BINDS = {"param": (0, "parameter"), "action_param": (0, "parameter"), "let_stmt": (0, "local"),
         "for_stmt": (0, "loop variable"), "choose_stmt": (0, "chosen item"), "choose_many_stmt": (1, "chosen items"),
         "choose_between_stmt": (2, "chosen items"), "comprehension": (1, "item"), "let_bind": (0, "local"),
         "lambda_arg": (0, "item"), "trigger_enters": (0, "piece entering")}
NOT_NAMES = {"remove_decl": {0}, "change_decl": {0}, "mod_header": {2}}     # a category word; the game's name
# declarations whose parameters are visible in all of them
PARAMETRISED = {"function_decl", "procedure_decl", "table_decl", "modifier_decl", "effect_decl", "action_decl",
                "trigger_enters"}
# rules whose children from the `n`th on see the name the rule binds
BODY_AFTER = {"for_stmt": 2, "choose_stmt": 3, "choose_many_stmt": 4, "choose_between_stmt": 5, "lambda_arg": 1}
UNNAMED = {"play_decl": "play", "result_decl": "result", "layout_decl": "layout", "evaluate_decl": "evaluate",
           "trigger_changes": "when", "trigger_enters": "when", "mod_header": "mod", "remove_decl": "remove",
           "change_decl": "change", "replace_decl": "replace"}
TOP_LEVEL = set(DECLARES) - {"enum_item"} | set(UNNAMED) | {"piece_decl"}


@dataclass(frozen=True)
class Span:
    """From (line, col) up to (end_line, end_col), 1-based, the end just past the last character."""
    line: int
    col: int
    end_line: int
    end_col: int

    def holds(self, line: int, col: int) -> bool:
        return (self.line, self.col) <= (line, col) <= (self.end_line, self.end_col)

    @classmethod
    def of(cls, item) -> "Span":
        if isinstance(item, Token):
            return cls(item.line, item.column, item.end_line, item.end_column)
        m = item.meta
        return cls(m.line, m.column, m.end_line, m.end_column)


@dataclass
class Definition:
    name: str
    what: str                  # "piece", "space", "kind attribute", "parameter", …
    file: str
    span: Span                 # the name where it is declared
    whole: Span                # the whole declaration (for a local name: where it can be used)
    tree: Tree | None = None   # the declaration's syntax tree (globals only)
    variant: str | None = None # declared inside this variant


@dataclass
class Use:
    name: str
    role: str                  # "global", "local" or "attribute"
    file: str
    span: Span
    local: Definition | None = None


@dataclass
class Symbol:
    """One entry of a file's outline."""
    name: str
    what: str
    whole: Span
    span: Span
    children: list["Symbol"] = field(default_factory=list)


@dataclass
class FileIndex:
    path: str
    globals: list[Definition] = field(default_factory=list)
    attributes: list[Definition] = field(default_factory=list)
    locals: list[Definition] = field(default_factory=list)
    uses: list[Use] = field(default_factory=list)
    outline: list[Symbol] = field(default_factory=list)

    def at(self, line: int, col: int) -> Definition | Use | None:
        """The name at (line, col): a use, or a name where it is declared."""
        for item in [*self.uses, *self.globals, *self.attributes, *self.locals]:
            if item.span.holds(line, col):
                return item
        return None

    def locals_at(self, line: int, col: int) -> list[Definition]:
        """The local names visible at (line, col), innermost first."""
        seen, out = set(), []
        for d in sorted((d for d in self.locals if d.whole.holds(line, col)),
                        key=lambda d: (d.whole.line, d.whole.col), reverse=True):
            if d.name not in seen:
                seen.add(d.name)
                out.append(d)
        return out


def index_file(path: str, tree: Tree) -> FileIndex:
    """Every declaration, local name and use of a name in one parsed file."""
    return _Indexer(path).run(tree)


class _Indexer:
    def __init__(self, path: str):
        self.index = FileIndex(path)
        self.variant: str | None = None
        self.owner: Tree | None = None       # the declaration whose parameters are being read

    def run(self, tree: Tree) -> FileIndex:
        for decl in tree.children:
            if isinstance(decl, Tree):
                symbol = self.outline(decl)
                if symbol is not None:
                    self.index.outline.append(symbol)
                self.visit(decl, Scope(), decl)
        return self.index

    # ---- the outline ----------------------------------------------------------------------

    def outline(self, decl: Tree) -> Symbol | None:
        rule = str(decl.data)
        if rule == "piece_decl":
            body = decl.children[1]
            name = body.children[0]
            return Symbol(str(name), "card" if decl.children[0].type == "ROOT_CARD" else "piece",
                          Span.of(decl), Span.of(name))
        if rule == "replace_decl":
            inner = self.outline(decl.children[0])
            return inner and Symbol(inner.name, f"replace {inner.what}", Span.of(decl), inner.span, inner.children)
        if rule in DECLARES:
            at, what = DECLARES[rule]
            name = decl.children[at]
            symbol = Symbol(str(name), what, Span.of(decl), Span.of(name))
            if rule == "enum_decl":
                symbol.children = [Symbol(str(v.children[0]), "enum value", Span.of(v), Span.of(v.children[0]))
                                   for v in decl.children[1:] if isinstance(v, Tree)]
            elif rule == "kind_decl":
                symbol.children = [Symbol(str(f.children[0]), "attribute", Span.of(f), Span.of(f.children[0]))
                                   for f in decl.children[2:] if isinstance(f, Tree) and str(f.data) in ATTRIBUTE_DEFINED]
            elif rule == "variant_decl":
                symbol.children = [s for d in decl.children[2:] if isinstance(d, Tree) and (s := self.outline(d))]
            return symbol
        if rule in UNNAMED:
            words = [str(c) for c in decl.children if isinstance(c, Token) and c.type == "NAME"]
            title = UNNAMED[rule] + (" " + " ".join(words) if words and rule != "trigger_enters" else "")
            if rule == "trigger_enters":
                title = f"when {words[0]} enters {words[1]}"
            elif rule == "trigger_changes":
                title = f"when {words[0]} changes"
            return Symbol(title, rule.removesuffix("_decl"), Span.of(decl), Span.of(decl))
        return None

    # ---- names ----------------------------------------------------------------------------

    def visit(self, node: Tree, scope: Scope, top: Tree) -> None:
        rule = str(node.data)
        if rule in TOP_LEVEL:
            top = node
        if rule in PARAMETRISED:
            outer, self.owner = self.owner, node
            self.children(node, Scope(parent=scope), top, rule)
            self.owner = outer
            return
        if rule == "variant_decl":
            outer, self.variant = self.variant, str(node.children[0])
            self.children(node, scope, top, rule)
            self.variant = outer
            return
        if rule == "block":
            scope = Scope(parent=scope)
        if rule in BODY_AFTER:
            self.binding_rule(node, scope, top, rule)
            return
        if rule == "comprehension":
            self.comprehension(node, scope, top)
            return
        if rule == "effect_clause":
            self.effect_clause(node, scope, top)
            return
        if rule == "let_expr":
            self.let_expr(node, scope, top)
            return
        self.children(node, scope, top, rule)

    def children(self, node: Tree, scope: Scope, top: Tree, rule: str) -> None:
        for i, child in enumerate(node.children):
            if isinstance(child, Tree):
                self.visit(child, scope, top)
                if str(child.data) == "let_stmt":
                    self.bind(child.children[0], "local", scope, self.rest_of(node, child))
            elif isinstance(child, Token):
                self.token(child, i, node, rule, scope, top)

    def token(self, tok: Token, i: int, node: Tree, rule: str, scope: Scope, top: Tree) -> None:
        if tok.type == "STRING":
            self.interpolations(tok, scope, top)
            return
        if tok.type != "NAME" or i in NOT_NAMES.get(rule, ()):
            return
        if rule == "piece_body" and i == 0:
            self.declare(tok, "card" if top.children[0].type == "ROOT_CARD" else "piece", top)
        elif rule in DECLARES and DECLARES[rule][0] == i:
            self.declare(tok, DECLARES[rule][1], node)
        elif ATTRIBUTE_DEFINED.get(rule) == i:
            self.index.attributes.append(Definition(str(tok), "attribute", self.index.path, Span.of(tok), Span.of(node)))
        elif ATTRIBUTE_GIVEN.get(rule) == i or (rule == "field" and i == 1):
            self.index.uses.append(Use(str(tok), "attribute", self.index.path, Span.of(tok)))
        elif rule in BINDS and BINDS[rule][0] == i:
            if rule in ("param", "action_param", "trigger_enters"):
                self.bind(tok, BINDS[rule][1], scope, Span.of(self.owner or top))
        elif rule == "clause_names":
            return
        else:
            self.use(tok, scope)

    def declare(self, tok: Token, what: str, tree: Tree) -> None:
        self.index.globals.append(Definition(str(tok), what, self.index.path, Span.of(tok), Span.of(tree),
                                             tree, self.variant))

    def bind(self, tok: Token, what: str, scope: Scope, visible: Span) -> None:
        d = Definition(str(tok), what, self.index.path, Span.of(tok), visible)
        self.index.locals.append(d)
        scope.names[str(tok)] = d

    def use(self, tok: Token, scope: Scope) -> None:
        local = scope.lookup(str(tok))
        self.index.uses.append(Use(str(tok), "local" if local else "global", self.index.path, Span.of(tok), local))

    @staticmethod
    def rest_of(block: Tree, stmt: Tree) -> Span:
        """From a `let` to the end of its block."""
        return Span(stmt.meta.line, stmt.meta.column, block.meta.end_line, block.meta.end_column)

    # ---- constructs that bind names -------------------------------------------------------

    def binding_rule(self, node: Tree, scope: Scope, top: Tree, rule: str) -> None:
        at, what = BINDS[rule]
        after = BODY_AFTER[rule]
        inner = Scope(parent=scope)
        # a choose's name is seen in its label and its block: the whole statement (its label may be left out)
        span = Span.of(node) if rule in ("lambda_arg", "choose_stmt") else Span.of(node.children[after] or node)
        for i, child in enumerate(node.children):
            if i == at:
                self.bind(child, what, inner, span)
            elif isinstance(child, Tree):
                self.visit(child, inner if i >= after and str(child.data) != "pass_clause" else scope, top)
            elif isinstance(child, Token) and child.type == "STRING":
                self.interpolations(child, scope, top)

    def comprehension(self, node: Tree, scope: Scope, top: Tree) -> None:
        elem, var, source, *rest = node.children
        self.visit(source, scope, top)
        inner = Scope(parent=scope)
        self.bind(var, "item", inner, Span.of(node))
        for child in [elem, *rest]:
            if isinstance(child, Tree):
                self.visit(child, inner, top)
            elif isinstance(child, Token):
                self.token(child, -1, node, "comprehension", inner, top)

    def let_expr(self, node: Tree, scope: Scope, top: Tree) -> None:
        """`let a = X, b = Y in BODY`: each name is seen by the values after it and by the body."""
        inner = Scope(parent=scope)
        for child in node.children:
            if isinstance(child, Tree) and str(child.data) == "let_bind":
                name, value = child.children
                self.visit(value, inner, top)
                self.bind(name, "local", inner, Span(child.meta.line, child.meta.column,
                                                     node.meta.end_line, node.meta.end_column))
            elif isinstance(child, Tree):
                self.visit(child, inner, top)

    def effect_clause(self, node: Tree, scope: Scope, top: Tree) -> None:
        inner = Scope(parent=scope)
        names = node.children[1]
        if isinstance(names, Tree):
            for tok in names.children:
                self.bind(tok, "parameter", inner, Span.of(node))
        self.use(node.children[0], scope)
        for child in node.children[2:]:
            if isinstance(child, Tree):
                self.visit(child, inner, top)

    def interpolations(self, tok: Token, scope: Scope, top: Tree) -> None:
        """The names inside a string's `{…}` interpolations, at their places in the file."""
        raw, i = str(tok)[1:-1], 0
        if "{" not in raw or tok.line != tok.end_line:
            return
        while i < len(raw):
            if raw[i] == "\\" or raw.startswith("{{", i) or raw.startswith("}}", i):
                i += 2
                continue
            if raw[i] == "{":
                end = interpolation_end(raw, i)
                if end < 0:
                    return
                padded = "\n" * (tok.line - 1) + " " * (tok.column + i + 1) + raw[i + 1:end]
                try:
                    tree = lark_parser().parse(padded, start="expr")
                except LarkError:
                    tree = None
                if isinstance(tree, Tree):
                    self.visit(tree, scope, top)
                elif isinstance(tree, Token) and tree.type == "NAME":
                    self.use(tree, scope)
                i = end
            i += 1
