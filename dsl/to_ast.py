"""Turns Lark's parse tree into AST nodes, declarations, statements and expressions, with their positions."""
from __future__ import annotations

import re

from lark import Token, Transformer, v_args
from lark.exceptions import UnexpectedInput

from . import ast as A
from .effect_nodes import EffectNodes
from .expression_nodes import ExpressionNodes
from .errors import CONTROL, Diagnostic, SyntaxProblem
from .grammar import lark_parser
from .limits import MAX_COPIES, MAX_DIGITS, MAX_INT_BITS, MAX_LOOK_PAST_TIES, MAX_SEARCH_BUDGET


def _pos(item) -> tuple[int, int]:
    if isinstance(item, Token):
        return (item.line, item.column)
    if isinstance(item, A.Node):
        return (item.line, item.col)
    return (item.line, item.column)


GAME_ITEMS = {"seats": "seats", "home": "home", "turns": "turns", "search_budget": "search budget",
              "look_past_ties": "look past ties"}     # what each item of a game block is written as
ONE_A_GAME = ("play", "result", "layout", "evaluate")     # declarations named by their kind alone
ESCAPES = {"n": "\n", "t": "\t"}      # \n and \t; a backslash before anything else keeps that character


def _unquote(token: Token) -> str:
    body = str(token)[1:-1]
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)), body)


class RulesText(str):
    """A declaration's `text "..."`: the strings joined by spaces, with where the clause starts."""
    line: int = 0
    col: int = 0


def _rules_text(items: list, path: str, owner: str):
    """The one rules text among a declaration's items (None when it has none)."""
    found = [i for i in items if isinstance(i, RulesText)]
    if len(found) > 1:
        raise SyntaxProblem(Diagnostic(path, found[1].line, found[1].col, f"{owner} has two 'text' clauses"))
    return str(found[0]) if found else None


def interpolation_end(raw: str, start: int) -> int:
    """Where the `}` closing the interpolation opened at `start` is, skipping strings inside it; -1 if none."""
    i = start + 1
    while i < len(raw):
        if raw[i] == '"':
            i += 1
            while i < len(raw) and raw[i] != '"':
                i += 2 if raw[i] == "\\" else 1
        elif raw[i] == "}":
            return i
        i += 1
    return -1


class _Nodes(Transformer):
    """What building every node needs: the file's path, positions, and strings with interpolations."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def INT(self, tok: Token) -> Token:
        """Every whole number written in rules stays within what the rules may compute with."""
        if len(tok) > MAX_DIGITS or int(tok).bit_length() > MAX_INT_BITS:
            raise SyntaxProblem(Diagnostic(self.path, tok.line, tok.column,
                                           f"the number {tok[:12]}{'…' if len(tok) > 12 else ''} is too large "
                                           f"(rules use whole numbers below 2^{MAX_INT_BITS})"))
        return tok

    def STRING(self, tok: Token) -> Token:
        """Rules text reaches players' terminals: no control characters in it but tabs (and `\\n`)."""
        found = CONTROL.search(tok)
        if found is not None:
            raise SyntaxProblem(Diagnostic(self.path, tok.line, tok.column + found.start(),
                                           f"a control character (U+{ord(found.group()):04X}) in a string; "
                                           "text may hold tabs and '\\n' for a new line, nothing else unprintable"))
        return tok

    def COUNT(self, tok: Token) -> Token:
        digits = tok[1:]
        if len(digits) > len(str(MAX_COPIES)) or int(digits) > MAX_COPIES:
            raise SyntaxProblem(Diagnostic(self.path, tok.line, tok.column,
                                           f"at most {MAX_COPIES} copies of one piece or card, not "
                                           f"{digits if len(digits) <= 12 else digits[:12] + '…'}"))
        return tok

    def _decl(self, cls, name_tok: Token, **fields):
        return cls.at(_pos(name_tok), file=self.path, name=str(name_tok), **fields)

    def text(self, tok: Token) -> A.Text:
        """A string token, with `{expr}` interpolations parsed in place."""
        raw = str(tok)[1:-1]
        parts: list = []
        buf, i = "", 0
        while i < len(raw):
            ch = raw[i]
            if ch == "\\" and i + 1 < len(raw):
                buf += ESCAPES.get(raw[i + 1], raw[i + 1])
                i += 2
            elif raw.startswith("{{", i) or raw.startswith("}}", i):
                buf += ch
                i += 2
            elif ch == "{":
                end = interpolation_end(raw, i)
                if end < 0:
                    raise SyntaxProblem(Diagnostic(self.path, tok.line, tok.column + i + 1,
                                                   "'{' in a string is not closed; write '{{' for a literal brace"))
                if buf:
                    parts.append(buf)
                    buf = ""
                parts.append(self._interpolated(raw[i + 1:end], tok.line, tok.column + i + 2))
                i = end + 1
            else:
                buf += ch
                i += 1
        if buf or not parts:
            parts.append(buf)
        return A.Text.at(_pos(tok), parts=parts)

    def _interpolated(self, source: str, line: int, col: int):
        if not source.strip():
            raise SyntaxProblem(Diagnostic(self.path, line, col, "'{}' in a string holds no expression; "
                                                                "write one inside, or '{{}}' for the braces themselves"))
        padded = "\n" * (line - 1) + " " * (col - 1) + source
        try:
            tree = lark_parser().parse(padded, start="expr")
        except UnexpectedInput as err:
            at = getattr(err, "column", col)
            at = at if isinstance(at, int) and at >= col else col      # an empty one ends before it starts
            raise SyntaxProblem(Diagnostic(self.path, line, at, f"cannot read '{source}' inside the string as an expression"))
        return self.transform(tree)

    def _at(self, cls, meta, **fields):
        return cls.at((meta.line, meta.column), **fields)


@v_args(meta=True)
class DeclarationNodes(_Nodes):
    """One method per declaration rule of the grammar."""

    def start(self, meta, children):
        return list(children)

    def rules_text(self, meta, c):
        text = RulesText(" ".join(_unquote(s).strip() for s in c).strip())
        text.line, text.col = meta.line, meta.column
        if not text:
            raise SyntaxProblem(Diagnostic(self.path, meta.line, meta.column, "the rules text is empty"))
        return text

    def _texts(self, meta, c):
        return ("text", c[0])

    game_text = action_text = _texts

    def kind_text(self, meta, c):
        return c[0]

    attr_text = kind_text

    def game_decl(self, meta, c):
        name, title, *items = c
        fields = {"title": _unquote(title)}
        fields["text"] = _rules_text([item[1] for item in items if item[0] == "text"], self.path, f"the game '{name}'")
        said = set()
        for kind, values, *where in items:
            if kind == "text":
                continue
            if kind in said:
                raise SyntaxProblem(Diagnostic(self.path, *where[0], f"the game block says '{GAME_ITEMS[kind]}' twice"))
            said.add(kind)
            fields.update(values)
        return self._decl(A.GameDecl, name, **fields)

    def game_seats(self, meta, c):
        low, high = c
        return ("seats", {"seats_min": int(low), "seats_max": int(high if high is not None else low)}, (meta.line, meta.column))

    def game_home(self, meta, c):
        return ("home", {"home": str(c[0])}, (meta.line, meta.column))

    def game_turns(self, meta, c):
        return ("turns", {"turns": str(c[0])}, (meta.line, meta.column))

    def game_search_budget(self, meta, c):
        budget = int(c[0])
        if not 1 <= budget <= MAX_SEARCH_BUDGET:
            raise SyntaxProblem(Diagnostic(self.path, c[0].line, c[0].column,
                                           f"a search budget is 1 to {MAX_SEARCH_BUDGET} iterations a decision, not {budget}"))
        return ("search_budget", {"search_budget": budget}, (meta.line, meta.column))

    def game_look_past_ties(self, meta, c):
        further = int(c[0])
        if not 0 <= further <= MAX_LOOK_PAST_TIES:
            raise SyntaxProblem(Diagnostic(self.path, c[0].line, c[0].column,
                                           f"looking past ties is 0 to {MAX_LOOK_PAST_TIES} decisions, not {further}"))
        return ("look_past_ties", {"look_past_ties": further}, (meta.line, meta.column))

    def enum_decl(self, meta, c):
        return self._decl(A.EnumDecl, c[0], values=list(c[1:]))

    def enum_item(self, meta, c):
        name, label, attrs = c
        values, does = self._split_attrs(attrs or [])
        if _rules_text(attrs or [], self.path, "") is not None:
            raise SyntaxProblem(Diagnostic(self.path, meta.line, meta.column,
                                           f"enum value '{name}' cannot have rules text; give the text to what uses it"))
        if does is not None:
            raise SyntaxProblem(Diagnostic(self.path, meta.line, meta.column,
                                           f"enum value '{name}' cannot have a 'does' effect; give it data only"))
        return A.EnumValue.at(_pos(name), name=str(name), label=_unquote(label) if label else None, attrs=values)

    def die_decl(self, meta, c):
        name, label, low, high = c
        return self._decl(A.DieDecl, name, label=_unquote(label) if label else None, low=int(low), high=int(high))

    def token_decl(self, meta, c):
        name, label, supply, text = c
        return self._decl(A.TokenDecl, name, label=_unquote(label) if label else None,
                          supply=int(supply) if supply is not None else None, text=text and str(text))

    def type_root(self, meta, c):
        return c[0]

    def kind_decl(self, meta, c):
        name, parent, *items = c
        fields = [i for i in items if isinstance(i, A.KindField)]
        does = [i for i in items if isinstance(i, list)]
        return self._decl(A.KindDecl, name, parent=str(parent), fields=fields,
                          does=does[-1] if does else None, text=_rules_text(items, self.path, f"the kind '{name}'"))

    def kind_attr(self, meta, c):
        return A.KindField.at(_pos(c[0]), name=str(c[0]), type=c[1], default=c[2], mutable=False)

    def kind_var(self, meta, c):
        return A.KindField.at(_pos(c[0]), name=str(c[0]), type=c[1], default=c[2], mutable=True)

    def kind_does(self, meta, c):
        return c[0]

    def attrs(self, meta, c):
        return list(c)

    def attr_value(self, meta, c):
        return A.AttrValue.at(_pos(c[0]), name=str(c[0]), value=c[1])

    def attr_does(self, meta, c):
        return c[0]

    def _split_attrs(self, attrs):
        attrs = attrs or []
        values = [a for a in attrs if isinstance(a, A.AttrValue)]
        does = [a for a in attrs if isinstance(a, list)]
        return values, (does[-1] if does else None)

    def space_decl(self, meta, c):
        _, name, label, kind, attrs = c
        values, does = self._split_attrs(attrs)
        if does is not None:
            raise SyntaxProblem(Diagnostic(self.path, name.line, name.column,
                                           "a space has no 'does' effect; only pieces and cards are resolved"))
        return self._decl(A.SpaceDecl, name, label=_unquote(label) if label else None,
                          kind=str(kind) if kind else None, attrs=values,
                          text=_rules_text(attrs or [], self.path, f"the space '{name}'"))

    def grid_decl(self, meta, c):
        name, label, kind, shape, (cols, rows), *attrs = c
        return self._decl(A.GridDecl, name, label=_unquote(label) if label else None, kind=str(kind),
                          shape=str(shape), cols=cols, rows=rows, attrs=attrs)

    def grid_size(self, meta, c):
        cols, rows = c
        return int(cols), int(str(rows).lstrip("x"))

    def grid_attr(self, meta, c):
        name, *rows = c
        return A.GridAttr.at(_pos(name), name=str(name), rows=rows)

    def grid_row(self, meta, c):
        return self._at(A.GridRow, meta, values=list(c))

    def grid_negative(self, meta, c):
        return A.IntLit.at(_pos(c[0]), value=-int(c[1]))

    def deck_decl(self, meta, c):
        name, label = c
        return self._decl(A.DeckDecl, name, label=_unquote(label) if label else None)

    def piece_decl(self, meta, c):
        word, body = c
        name, label, kind, count, deck, start, attrs = body
        values, does = self._split_attrs(attrs)
        return self._decl(A.PieceDecl, name, card=str(word) == "card",
                          label=_unquote(label) if label else None, kind=str(kind),
                          count=int(str(count)[1:]) if count else 1,
                          deck=str(deck) if deck else None, start=str(start) if start else None,
                          attrs=values, does=does, text=_rules_text(attrs or [], self.path, f"'{name}'"))

    def piece_body(self, meta, c):
        return c

    def signed(self, meta, c):
        sign, number = c
        return -int(number) if sign is not None else int(number)

    def quiet(self, meta, c):
        return True

    def var_decl(self, meta, c):
        quiet, name, label, type_, low, high, init = c
        return self._decl(A.VarDecl, name, type=type_, init=init, label=_unquote(label) if label else None,
                          low=int(low) if low is not None else None,
                          high=int(high) if high is not None else None, quiet=bool(quiet))

    def params(self, meta, c):
        return list(c)

    action_params = params

    def param(self, meta, c):
        return A.Param.at(_pos(c[0]), name=str(c[0]), type=c[1])

    def action_param(self, meta, c):
        return A.Param.at(_pos(c[0]), name=str(c[0]), type=c[1], domain=c[2],
                          prompt=self.text(c[3]) if c[3] is not None else None)

    def const_decl(self, meta, c):
        name, type_, value = c
        return self._decl(A.ConstDecl, name, type=type_, value=value)

    def table_decl(self, meta, c):
        name, params, returns, *rows = c
        others = [r for r in rows if not isinstance(r, A.TableRow)]
        if len(others) > 1:
            raise SyntaxProblem(Diagnostic(self.path, others[1].line, others[1].col,
                                           f"the table '{name}' has two 'else' rows"))
        return self._decl(A.TableDecl, name, params=params, returns=returns,
                          rows=[r for r in rows if isinstance(r, A.TableRow)], other=others[0] if others else None)

    def table_row(self, meta, c):
        *keys, value = c
        return self._at(A.TableRow, meta, keys=keys, value=value)

    def table_else(self, meta, c):
        return c[0]

    def key_number(self, meta, c):
        low, high = c
        return self._at(A.TableKey, meta, kind="number", low=low, high=low if high is None else high)

    def key_name(self, meta, c):
        if str(c[0]) == "_":
            return self._at(A.TableKey, meta, kind="any")
        return self._at(A.TableKey, meta, kind="name", name=str(c[0]))

    def key_true(self, meta, c):
        return self._at(A.TableKey, meta, kind="bool", value=True)

    def key_false(self, meta, c):
        return self._at(A.TableKey, meta, kind="bool", value=False)

    def key_text(self, meta, c):
        return self._at(A.TableKey, meta, kind="text", value=_unquote(c[0]))

    def function_decl(self, meta, c):
        name, params, returns, body = c
        return self._decl(A.FunctionDecl, name, params=params or [], returns=returns, body=body)

    def procedure_decl(self, meta, c):
        name, params, returns, body = c
        return self._decl(A.ProcedureDecl, name, params=params or [], returns=returns, body=body)

    def action_decl(self, meta, c):
        name, params, *clauses, body = c
        fields = {"label": None, "requires": None, "group": None, "text": None}
        for key, value in clauses:
            if fields[key] is not None:
                raise SyntaxProblem(Diagnostic(self.path, value.line, getattr(value, "col", getattr(value, "column", 1)),
                                               f"the action '{name}' has two '{key}' clauses"))
            fields[key] = value
        if fields["text"] is not None:
            fields["text"] = str(fields["text"])
        if fields["group"] is not None:
            fields["group"] = _unquote(fields["group"])
        return self._decl(A.ActionDecl, name, params=params or [], body=body, **fields)

    def action_label(self, meta, c):
        return ("label", self.text(c[0]))

    def action_requires(self, meta, c):
        return ("requires", c[0])

    def action_group(self, meta, c):
        return ("group", c[0])

    def phase_decl(self, meta, c):
        name, label, body = c
        return self._decl(A.PhaseDecl, name, label=_unquote(label) if label else None, body=body)

    def trigger_enters(self, meta, c):
        piece_var, kind, space_var, cond, body = c
        return A.EntersTrigger.at((meta.line, meta.column), file=self.path,
                                  name=f"when@{self.path}:{meta.line}", piece_var=str(piece_var),
                                  kind=kind, space_var=str(space_var), cond=cond, body=body)

    def trigger_changes(self, meta, c):
        var, cond, body = c
        return A.ChangesTrigger.at(_pos(var), file=self.path, name=f"when@{self.path}:{meta.line}",
                                   var=str(var), cond=cond, body=body)

    def play_decl(self, meta, c):
        return A.PlayDecl.at((meta.line, meta.column), file=self.path, name="play", body=c[0])

    def result_decl(self, meta, c):
        score, *outcomes = c
        return A.ResultDecl.at((meta.line, meta.column), file=self.path, name="result",
                               score=score, outcomes=outcomes)

    def outcome(self, meta, c):
        name, award, cond = c
        return A.Outcome.at((meta.line, meta.column), name=_unquote(name),
                            award=_unquote(award) if award else None, cond=cond)

    def layout_decl(self, meta, c):
        regions = [x for x in c if isinstance(x, A.LayoutRegion)]
        show = [name for x in c if isinstance(x, list) for name in x]
        tracks = [x for x in c if isinstance(x, A.LayoutTrack)]
        shorts = [x for x in c if isinstance(x, A.LayoutShort)]
        styles = [x for x in c if isinstance(x, A.LayoutStyle)]
        return A.LayoutDecl.at((meta.line, meta.column), file=self.path, name="layout",
                               regions=regions, show=show, tracks=tracks, shorts=shorts, styles=styles)

    def layout_short(self, meta, c):
        name, text = c
        return A.LayoutShort.at(_pos(name), name=str(name), text=_unquote(text))

    def layout_style(self, meta, c):
        value, style = c
        return A.LayoutStyle.at(_pos(value), value=str(value), style=_unquote(style))

    def layout_track(self, meta, c):
        title, values, position = c
        return A.LayoutTrack.at((meta.line, meta.column), title=_unquote(title), values=values, position=position)

    def layout_region(self, meta, c):
        title, short, shown_while, *rows = c
        grid = rows.pop() if rows and isinstance(rows[-1], A.LayoutGrid) else None
        return A.LayoutRegion.at((meta.line, meta.column), title=_unquote(title),
                                 short=_unquote(short) if short else None, rows=rows, grid=grid,
                                 shown_while=shown_while[1] if shown_while else None)

    def layout_while(self, meta, c):
        return ("while", c[0])

    def layout_grid(self, meta, c):
        name, shows = c
        return A.LayoutGrid.at(_pos(name), name=str(name), shows=str(shows) if shows else None)

    def layout_show(self, meta, c):
        *names, shown_while = c
        return [A.LayoutCell.at(_pos(t), space=str(t), shown_while=shown_while[1] if shown_while else None)
                for t in names]

    def layout_row(self, meta, c):
        return list(c)

    def layout_cell(self, meta, c):
        name, style = c
        return A.LayoutCell.at(_pos(name), space=str(name), style=_unquote(style) if style else None)

    def mod_header(self, meta, c):
        word, title, game = c
        return A.ModHeader.at(_pos(word), file=self.path, name="mod_header", scenario=str(word) == "scenario",
                              title=_unquote(title), game=str(game))

    def replace_decl(self, meta, c):
        new = c[0]
        return A.ReplaceDecl.at((meta.line, meta.column), file=self.path, name=new.name, new=new)

    def remove_decl(self, meta, c):
        category, name = c
        if name is None:
            if str(category) not in ONE_A_GAME:
                raise SyntaxProblem(Diagnostic(self.path, category.end_line, category.end_column,
                                               f"'remove {category}' needs the name of the {category} to remove"))
            name = category         # a game has one play block, result, layout, evaluate: its name is its kind
        return A.RemoveDecl.at(_pos(name), file=self.path, name=str(name), category=str(category))

    def change_decl(self, meta, c):
        category, name, count, attrs = c
        values, does = self._split_attrs(attrs)
        if does is not None:
            raise SyntaxProblem(Diagnostic(self.path, meta.line, meta.column,
                                           "'change' sets counts and attribute values; use 'replace' to give a new effect"))
        for a in values:
            a.file = self.path
        return A.ChangeDecl.at(_pos(name), file=self.path, name=str(name), category=str(category),
                               count=int(str(count)[1:]) if count else None, attrs=values,
                               text=_rules_text(attrs or [], self.path, f"the change of '{name}'"))

    def evaluate_decl(self, meta, c):
        return A.EvaluateDecl.at((meta.line, meta.column), file=self.path, name="evaluate", value=c[0])

    def tally_decl(self, meta, c):
        name, label = c
        return self._decl(A.TallyDecl, name, label=_unquote(label) if label else None)

    def variant_decl(self, meta, c):
        name, label, *decls = c
        return self._decl(A.VariantDecl, name, label=_unquote(label) if label else None, decls=decls)

    def type_name(self, meta, c):
        return A.TypeRef.at(_pos(c[0]), name=str(c[0]))

    def type_list(self, meta, c):
        return A.TypeRef.at((meta.line, meta.column), name="list", item=c[0])


@v_args(meta=True)
class StatementNodes(_Nodes):
    """One method per statement rule of the grammar."""

    def block(self, meta, c):
        return list(c)

    def let_stmt(self, meta, c):
        return self._at(A.Let, meta, name=str(c[0]), type=c[1], value=c[2])

    def set_stmt(self, meta, c):
        return self._at(A.Set, meta, target=c[0], op=str(c[1]), value=c[2])

    def to_bottom(self, meta, c):
        return True

    def move_stmt(self, meta, c):
        what, bottom, dest = c
        return self._at(A.Move, meta, what=what, dest=dest, bottom=bool(bottom))

    def shuffle_stmt(self, meta, c):
        target, into, among = c
        return self._at(A.Shuffle, meta, target=target, into=into, among_bottom=among)

    def insert_stmt(self, meta, c):
        return self._at(A.Insert, meta, what=c[0], into=c[1])

    def add_stmt(self, meta, c):
        count, token, target = c
        return self._at(A.AddTokens, meta, count=count, token=str(token), target=target)

    def remove_stmt(self, meta, c):
        count, token, target = c
        return self._at(A.RemoveTokens, meta, count=count, token=str(token), target=target)

    def remove_all_stmt(self, meta, c):
        _, token, target = c
        return self._at(A.RemoveTokens, meta, token=str(token), every_token=True, target=target)

    def if_stmt(self, meta, c):
        cond, body, *rest = c
        other = rest.pop() if rest and (rest[-1] is None or isinstance(rest[-1], list)) else None
        branches = [A.Branch.at(_pos(cond), cond=cond, body=body)] + rest
        return self._at(A.If, meta, branches=branches, other=other)

    def elif_clause(self, meta, c):
        return A.Branch.at((meta.line, meta.column), cond=c[0], body=c[1])

    def for_stmt(self, meta, c):
        return self._at(A.For, meta, var=str(c[0]), source=c[1], body=c[2])

    def repeat_stmt(self, meta, c):
        return self._at(A.Repeat, meta, count=c[0], body=c[1])

    def while_stmt(self, meta, c):
        return self._at(A.While, meta, cond=c[0], body=c[1])

    def break_stmt(self, meta, c):
        return self._at(A.Break, meta)

    def continue_stmt(self, meta, c):
        return self._at(A.Continue, meta)

    def return_stmt(self, meta, c):
        return self._at(A.Return, meta, value=c[0] if c else None)

    def call_stmt(self, meta, c):
        return self._at(A.CallStmt, meta, name=str(c[0]), args=c[1] or [])

    def resolve_stmt(self, meta, c):
        return self._at(A.Resolve, meta, what=c[0])

    def choose_stmt(self, meta, c):
        var, source, prompt, option_label, everyone, body, pass_clause = c
        label, pass_body = pass_clause if pass_clause else (None, None)
        return self._at(A.Choose, meta, var=str(var), source=source,
                        prompt=self.text(prompt) if prompt else None, body=body,
                        option_label=self.text(option_label) if option_label else None,
                        pass_label=label, pass_body=pass_body, everyone=bool(everyone))

    def option_label(self, meta, c):
        return c[0]

    def choose_many_stmt(self, meta, c):
        most, var, source, prompt, everyone, body = c
        return self._at(A.ChooseMany, meta, var=str(var), most=most, source=source,
                        prompt=self.text(prompt) if prompt else None, body=body, everyone=bool(everyone))

    def choose_between_stmt(self, meta, c):
        least, most, var, source, prompt, everyone, body = c
        return self._at(A.ChooseMany, meta, var=str(var), least=least, most=most, source=source,
                        prompt=self.text(prompt) if prompt else None, body=body, everyone=bool(everyone))

    def everyone(self, meta, c):
        return True

    def pass_clause(self, meta, c):
        return (self.text(c[0]), c[1])

    def staged(self, meta, c):
        return True

    def perform_target(self, meta, c):
        name, args = c
        return A.FixedArgs.at(_pos(name), action=str(name), args=args or [])

    def perform_stmt(self, meta, c):
        targets = [x for x in c if isinstance(x, A.FixedArgs)]
        rest = [x for x in c if not isinstance(x, A.FixedArgs)]
        staged, prompt, pass_clause = rest[0], rest[-2], rest[-1]
        label, pass_body = pass_clause if pass_clause else (None, None)
        return self._at(A.Perform, meta, actions=[t.action for t in targets], fixed=targets, staged=bool(staged),
                        prompt=self.text(prompt) if prompt else None, pass_label=label, pass_body=pass_body)

    def seat_stmt(self, meta, c):
        return self._at(A.AsSeat, meta, seat=c[0], body=c[1])

    def phase_stmt(self, meta, c):
        return self._at(A.RunPhase, meta, name=str(c[0]))

    def log_stmt(self, meta, c):
        return self._at(A.Log, meta, message=self.text(c[0]))

    def end_stmt(self, meta, c):
        outcome, reason = c
        return self._at(A.EndGame, meta, outcome=self.text(outcome) if outcome else None,
                        reason=self.text(reason) if reason else None)

    def count_stmt(self, meta, c):
        return self._at(A.Tally, meta, name=str(c[0]))


class ToAst(DeclarationNodes, StatementNodes, ExpressionNodes, EffectNodes):
    """Builds AST nodes; positions come from Lark's propagated metadata."""
