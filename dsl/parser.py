"""Parses a rules file into AST nodes, and puts a syntax error into words."""
from __future__ import annotations

import re
import unicodedata

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, VisitError

from . import ast as A
from .errors import Diagnostic, SyntaxProblem, printable, suggest
from .grammar import lark_parser
from .keywords import CONSTRUCTS, DECLARATION, KEYWORDS, MISPLACED, NEVER_VALUES, STATEMENT
from .depth import too_deep
from .to_ast import ToAst
from .words import with_article

__all__ = ["SyntaxProblem", "describe_syntax_error", "lark_parser", "parse_file", "parse_file_tree"]

TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a string", "COUNT": "a count such as x5",
    "COMP_OP": "a comparison", "ASSIGN_OP": "'=', '+=' or '-='", "MUL_OP": "'*', '/' or '%'",
    "ROOT_PIECE": "'piece'", "ROOT_SPACE": "'space'", "ROOT_CARD": "'card'", "PLUS": "'+'",
    "MINUS": "'-'", "ALL": "'all'", "DESC": "'desc'", "$END": "the end of the file",
    "GRID_SHAPE": "'hex' or 'square'",
}


def parse_file(path: str, text: str) -> list[A.AnyDecl]:
    """Parse one rules file; raises SyntaxProblem with a readable diagnostic."""
    return parse_file_tree(path, text)[1]


def parse_file_tree(path: str, text: str) -> tuple[Tree, list[A.AnyDecl]]:
    """Parse one rules file into its syntax tree (every token with its position) and its declarations;
    raises SyntaxProblem with a readable diagnostic."""
    try:
        tree = lark_parser().parse(text, start="start")
        unknown = unknown_escape(path, tree)
        if unknown is not None:
            raise SyntaxProblem(unknown)
        decls = ToAst(path).transform(tree)
    except UnexpectedInput as err:
        raise SyntaxProblem(describe_syntax_error(path, text, err)) from None
    except VisitError as err:
        cause = err.orig_exc
        while isinstance(cause, VisitError):          # a string inside an interpolation is transformed inside
            cause = cause.orig_exc
        if isinstance(cause, SyntaxProblem):
            raise cause from None
        if isinstance(cause, ValueError):             # e.g. a number with thousands of digits
            raise SyntaxProblem(Diagnostic(path, 1, 1, f"a value is too large to read ({cause})")) from None
        if isinstance(cause, RecursionError):
            raise SyntaxProblem(_nests_too_deeply(path, text, tree)) from None
        raise
    except RecursionError:
        raise SyntaxProblem(_nests_too_deeply(path, text)) from None
    deep = too_deep(path, decls)
    if deep is not None:
        raise SyntaxProblem(deep)
    return tree, decls


STRING_ESCAPES = 'nt"\\{}'      # what may follow a backslash in a string: \n, \t, \", \\, \{ and \}


def unknown_escape(path: str, tree: Tree) -> Diagnostic | None:
    """A backslash in a string before anything but the escapes the language has, said where it
    stands (a typo of one would otherwise lose its backslash unseen)."""
    for token in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "STRING"):
        for found in re.finditer(r"\\(.)", str(token)):
            if found.group(1) not in STRING_ESCAPES:
                return Diagnostic(path, token.line, token.column + found.start(),
                                  f"'\\{found.group(1)}' is no escape a string knows: write '\\\\' for a backslash "
                                  f"(the escapes are \\n, \\t, \\\", \\\\, \\{{ and \\}})")
    return None


def _nests_too_deeply(path: str, text: str, tree: Tree | None = None) -> Diagnostic:
    """The file nests too deeply to read: said at its deepest part, in its syntax tree where it was
    read whole, else where its brackets open deepest, else at its longest line (a long chain)."""
    message = "the file nests too deeply to read; split the expression with functions"
    if tree is not None:
        stack, deepest, where = [(tree, 0)], -1, (1, 1)
        while stack:
            node, depth = stack.pop()
            if depth > deepest and getattr(node.meta, "line", None):
                deepest, where = depth, (node.meta.line, node.meta.column)
            stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
        return Diagnostic(path, *where, message)
    depth, deepest, where = 0, 0, (1, 1)
    line, line_start = 1, 0
    for i, ch in enumerate(text):
        if ch == "\n":
            line, line_start = line + 1, i + 1
        elif ch in "([{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, (line, i - line_start + 1)
        elif ch in ")]}":
            depth -= 1
    if deepest < 50:
        lines = text.splitlines() or [""]
        where = (max(range(len(lines)), key=lambda i: len(lines[i])) + 1, 1)
    return Diagnostic(path, *where, message)


# ---- syntax errors in words -------------------------------------------------------------

def _terminal_word(name: str) -> str:
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    try:
        pattern = lark_parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    return f"'{pattern.value}'"


def _open_braces(text: str, upto: int) -> list[tuple[str, int]]:
    """The `{` still open at offset `upto`: (what it opened, line), innermost last."""
    stack: list[tuple[str, int]] = []
    line, i = 1, 0
    line_start = 0
    while i < upto and i < len(text):
        ch = text[i]
        if ch == "\n":
            line += 1
            line_start = i + 1
        elif ch == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif ch == '"':
            i += 1
            while i < len(text) and text[i] not in '"\n':
                i += 2 if text[i] == "\\" else 1
        elif ch == "{":
            words = re.findall(r"[^\W\d]\w*", text[line_start:i])
            stack.append((_construct(words), line))
        elif ch == "}" and stack:
            stack.pop()
        i += 1
    return stack


def _construct(words: list[str]) -> str:
    """What a `{` opens, named after the first keyword of its line that opens something."""
    return next((CONSTRUCTS[word] for word in words if word in CONSTRUCTS), "block")


def _offset(text: str, line: int, col: int) -> int:
    lines = text.split("\n")
    return sum(len(l) + 1 for l in lines[: line - 1]) + col - 1


def _unexpected_character(char: str) -> str:
    """A character no token starts with: a string left open, or one named by its code point where
    it may look like something else (a no-break space, a curly quote)."""
    if char == '"':
        return "this string is not closed: a string ends with '\"' on the line it starts"
    if char.isascii() and char.isprintable():
        return f"unexpected character '{char}'"
    name = unicodedata.name(char, "").lower()
    return f"unexpected character '{printable(char)}' (U+{ord(char):04X}{', ' + name if name else ''})"


def describe_syntax_error(path: str, text: str, err: UnexpectedInput) -> Diagnostic:
    line, col = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
    deep = _string_too_deep(text.split("\n")[line - 1]) if line <= text.count("\n") + 1 else None
    if deep is not None:
        return Diagnostic(path, line, deep, "this string is nested too deep: a string inside an interpolation "
                          "may interpolate, but not with strings inside (give the inner text a function of its own)")
    if isinstance(err, UnexpectedCharacters):
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        return Diagnostic(path, line, col, _unexpected_character(char))
    token = getattr(err, "token", None)
    at_end = isinstance(err, UnexpectedEOF) or (token is not None and token.type == "$END")
    if at_end:
        lines = text.split("\n")
        line, col = len(lines), len(lines[-1]) + 1
        while line > 1 and not lines[line - 1].strip():
            line -= 1
            col = len(lines[line - 1]) + 1
    expected = sorted(getattr(err, "expected", None) or getattr(err, "accepts", None) or [])
    history = [t for t in (getattr(err, "token_history", None) or []) if t is not None]
    if history and history[-1].type == "NAME" and str(history[-1]) in MISPLACED:
        prev = history[-1]
        return Diagnostic(path, prev.line, prev.column, f"'{prev}' cannot be used here")
    keyword = None if at_end else _keyword_read_as_name(text, token)
    if keyword is not None and str(keyword) in NEVER_VALUES:
        return Diagnostic(path, keyword.line, keyword.column, f"expected a value, found the keyword '{keyword}'")
    if keyword is not None:       # a declaration's first word, taken for the end of an unfinished expression
        end_line = keyword.line - 1
        while end_line > 1 and not _code(text, end_line):
            end_line -= 1
        return Diagnostic(path, end_line, len(_code(text, end_line)) + 1,
                          f"expected a value at the end of the line (line {keyword.line} starts a '{keyword}' declaration)")
    open_braces = _open_braces(text, len(text) if at_end else _offset(text, line, col))
    found = "the end of the file" if at_end else f"'{token}'"
    unexpected = "end of the file" if at_end else found
    if open_braces and (at_end or "RBRACE" in expected):
        what, opened = open_braces[-1]
        msg = f"expected '}}' to close the {what} started at line {opened}, found {found}"
        return Diagnostic(path, line, col, msg)
    words = [_terminal_word(e) for e in expected if not e.startswith("__")]
    words = sorted(set(words))
    if not words:
        return Diagnostic(path, line, col, f"unexpected {unexpected}")
    unknown = _unknown_statement(text, history, token, words)
    if unknown is not None:
        first = history[-1]
        return Diagnostic(path, first.line, first.column, unknown)
    keywords = [w[1:-1] for w in words if w.startswith("'") and w[1:-1].isidentifier()]
    meant = suggest(str(token), keywords) if token is not None and token.type == "NAME" else ""
    if len(words) > 8:
        return Diagnostic(path, line, col, f"unexpected {unexpected} here{meant}")
    listing = ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1]
    hint = ""
    if words == ["','", "'in'"] and token is not None and token.type in ("COMP_OP", "IN", "AND", "OR", "NOT"):
        hint = " (the value of a 'let' inside an expression is a sum at most: put a comparison in parentheses)"
    elif words == ["'{'"] and str(token) == "if" and re.search(r"\belse\s*$", text[:_offset(text, line, col)]):
        hint = " (after '}', a further test is written 'elif CONDITION {')"
    elif words == ["','", "'in'"] and _let_value_ends_in_else(text, _offset(text, line, col)):
        hint = (" (the 'in' after an 'if … else' value of a 'let' is read as a test of membership: "
                "put the 'if' in parentheses)")
    return Diagnostic(path, line, col, f"expected {listing}, found {found}{hint or meant}")


def _string_too_deep(code: str) -> int | None:
    """The column of a string inside an interpolation of a string that is itself inside an
    interpolation (deeper than strings may nest), or None."""
    open_ = []      # '"' for a string, '{' for an interpolation in one, innermost last
    i = 0
    while i < len(code):
        ch, inner = code[i], open_[-1] if open_ else None
        if inner == '"':
            if ch == "\\" or code.startswith("{{", i):
                i += 1
            elif ch == "{":
                open_.append("{")
            elif ch == '"':
                open_.pop()
        elif ch == "#" and inner is None:
            return None
        elif ch == '"':
            if open_.count('"') == 2:
                return i + 1
            open_.append('"')
        elif ch == "}" and inner == "{":
            open_.pop()
        i += 1
    return None


def _keyword_read_as_name(text: str, failed) -> Token | None:
    """The token before `failed` if the parser could only take it for a name: a word such as 'then'
    or 'in', where the value before it is missing (`if then 1`, `let y = in 3`), or a declaration's
    first word at the start of a line, where the line before it ends in an unfinished expression."""
    position = getattr(failed, "start_pos", None)
    if position is None:
        return None
    before = None
    try:
        for token in lark_parser().parse_interactive(text, start="start").iter_parse():
            if token.start_pos is None or token.start_pos >= position:
                break
            before = token
    except UnexpectedInput:
        pass
    if before is None or before.type != "NAME":
        return None
    if str(before) in NEVER_VALUES or (str(before) in DECLARATIONS and before.column == 1):
        return before
    return None


def _code(text: str, line: int) -> str:
    """Line `line` without its comment and trailing blanks."""
    code, in_string = text.split("\n")[line - 1], False
    for i, ch in enumerate(code):
        if ch == '"':
            in_string = not in_string
        elif ch == "#" and not in_string:
            code = code[:i]
            break
    return code.rstrip()


def _let_value_ends_in_else(text: str, upto: int) -> bool:
    """Whether the last `let` before `upto` has an `if … else` value, whose `else` took the `in`."""
    start = max(text.rfind("let ", 0, upto), 0)
    return re.search(r"\belse\b[^=]*\bin\b", text[start:upto]) is not None


DECLARATIONS = frozenset(k.word for k in KEYWORDS if DECLARATION in k.roles)
STATEMENT_WORDS = sorted(k.word for k in KEYWORDS if STATEMENT in k.roles)
CHANGE_BY = re.compile(r"^\s*(?P<verb>\w+)\s+(?P<target>[\w.]+)\s+by\s+(?P<amount>[^\s#]+)")
NEEDS_PARAMETERS = {"action", "function", "procedure"}     # declarations whose name is followed by '('
LOWERING = {"decrease", "reduce", "lower", "subtract", "lose", "drop"}


def _unknown_statement(text: str, history: list, token, words: list[str]) -> str | None:
    """A name where a statement starts, followed by something other than a call's '(': the words
    of a statement the language does not have, such as `increase score by 1`."""
    if words != ["'('"] or token is None or not history or history[-1].type != "NAME":
        return None
    first = history[-1]
    before = re.search(r"(\w+)\s+$", text.split("\n")[first.line - 1][:first.column - 1])
    if before is not None and before[1] in NEEDS_PARAMETERS:
        kind = before[1]
        return (f"expected '(' after the {kind}'s name: {with_article(kind)} lists its parameters in parentheses, "
                f"'{first}()' if it has none")
    message = f"'{first}' is not a statement" + suggest(str(first), STATEMENT_WORDS)
    change = CHANGE_BY.match(text.split("\n")[first.line - 1])
    if change is not None and change["verb"] == str(first):
        sign = "-" if change["verb"].lower() in LOWERING else "+"
        target, amount = change["target"], change["amount"]
        return message + f"; to change a number write 'set {target} = {target} {sign} {amount}' (or 'set {target} {sign}= {amount}')"
    return message + f"; a statement starts with a word such as 'set', 'move' or 'add', or calls a procedure: '{first}(…)'"
