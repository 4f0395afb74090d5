"""Typed syntax tree of the rules language; every node keeps its line and column."""
from __future__ import annotations

from typing import Literal, Optional, Union

from pydantic import BaseModel, ConfigDict


class Node(BaseModel):
    model_config = ConfigDict(extra="forbid")
    line: int = 0
    col: int = 0

    @classmethod
    def at(cls, pos, **fields):
        """Build a node without validation (the parser already guarantees the shape)."""
        line, col = pos
        return cls.model_construct(line=line, col=col, **fields)


# ---- types ------------------------------------------------------------------------------

class TypeRef(Node):
    name: str                       # int, bool, text, kind, a kind name, an enum name, or "list"
    item: Optional[TypeRef] = None  # element type of a list


# ---- expressions ------------------------------------------------------------------------

class IntLit(Node):
    node: Literal["int"] = "int"
    value: int


class Text(Node):
    """A string literal; `parts` mixes literal text with interpolated expressions."""
    node: Literal["text"] = "text"
    parts: list[Union[str, "Expr"]]


class BoolLit(Node):
    node: Literal["bool"] = "bool"
    value: bool


class NoneLit(Node):
    node: Literal["none"] = "none"


class Special(Node):
    """`this`, `seat` or `score`."""
    node: Literal["special"] = "special"
    name: Literal["this", "seat", "score"]


class Name(Node):
    node: Literal["name"] = "name"
    name: str
    ref: Optional[str] = None    # filled by the checker: local, var, object, enum, kind, token, variant


class FieldRef(Node):
    node: Literal["field"] = "field"
    obj: "Expr"
    name: str
    on_enum: bool = False        # filled by the checker: an enum value's attribute, fixed before play


class Call(Node):
    node: Literal["call"] = "call"
    func: str
    args: list["Expr"]
    ref: Optional[str] = None    # filled by the checker: builtin or function


class ListLit(Node):
    node: Literal["list"] = "list"
    items: list["Expr"]


class SortKey(Node):
    """One key of `order by`: items compare by the first key, ties by the next, and so on."""
    value: "Expr"
    descending: bool = False


class Comprehension(Node):
    node: Literal["comprehension"] = "comprehension"
    elem: "Expr"
    var: str
    source: "Expr"
    cond: Optional["Expr"] = None
    order: list[SortKey] = []


class Lambda(Node):
    """`x -> EXPR`, an argument of builtins that work out a value per item (a sort key, a cost)."""
    node: Literal["lambda"] = "lambda"
    param: str
    body: "Expr"


class TupleLit(Node):
    """`(a, b)`: a key of several parts, compared part by part (a sort key's ties broken in order)."""
    node: Literal["tuple"] = "tuple"
    items: list["Expr"]


class LetBinding(Node):
    name: str
    value: "Expr"


class LetExpr(Node):
    """`let a = X, b = Y in BODY`: local names inside an expression, each seeing the ones before it."""
    node: Literal["let"] = "let"
    bindings: list[LetBinding]
    body: "Expr"


class Roll(Node):
    """`roll d6` gives one number; `roll N d6` gives a list of N numbers; with `needs T` (or
    `needs at most T`) either gives the number of dice that show at least (at most) T: the hits."""
    node: Literal["roll"] = "roll"
    die: str
    count: Optional["Expr"] = None
    needs: Optional["Expr"] = None
    at_most: bool = False


class IfExpr(Node):
    node: Literal["if"] = "if"
    cond: "Expr"
    then: "Expr"
    other: "Expr"


class BinOp(Node):
    node: Literal["binop"] = "binop"
    op: str      # + - * / % == != < <= > >= and or in notin ..
    left: "Expr"
    right: "Expr"


class UnaryOp(Node):
    node: Literal["unary"] = "unary"
    op: Literal["not", "-"]
    operand: "Expr"


class IsKind(Node):
    node: Literal["is"] = "is"
    operand: "Expr"
    kind: str


Expr = Union[IntLit, Text, BoolLit, NoneLit, Special, Name, FieldRef, Call, ListLit,
             Comprehension, Roll, IfExpr, BinOp, UnaryOp, IsKind, Lambda, TupleLit, LetExpr]


# ---- statements -------------------------------------------------------------------------

class Let(Node):
    stmt: Literal["let"] = "let"
    name: str
    type: Optional[TypeRef] = None     # `let x: T = ...` declares the type; else it is inferred
    value: Expr


class Set(Node):
    stmt: Literal["set"] = "set"
    target: Expr
    op: Literal["=", "+=", "-="]
    value: Expr


class Move(Node):
    stmt: Literal["move"] = "move"
    what: Expr
    dest: Expr
    bottom: bool = False


class Shuffle(Node):
    """`shuffle D`, or `shuffle X into D [among bottom N]`."""
    stmt: Literal["shuffle"] = "shuffle"
    target: Expr
    into: Optional[Expr] = None
    among_bottom: Optional[Expr] = None


class Insert(Node):
    """`insert X into D`: each piece goes to a random position of D; the rest keep their order."""
    stmt: Literal["insert"] = "insert"
    what: Expr
    into: Expr


class AddTokens(Node):
    stmt: Literal["add"] = "add"
    token: str
    token_is_local: bool = False     # filled by the checker: `token` names a parameter holding a token
    count: Optional[Expr] = None
    target: Expr


class RemoveTokens(Node):
    stmt: Literal["remove"] = "remove"
    token: str
    token_is_local: bool = False
    count: Optional[Expr] = None     # None with every_token False means one
    every_token: bool = False
    target: Expr


class Branch(Node):
    cond: Expr
    body: list["Stmt"]


class If(Node):
    stmt: Literal["if"] = "if"
    branches: list[Branch]
    other: Optional[list["Stmt"]] = None


class For(Node):
    stmt: Literal["for"] = "for"
    var: str
    source: Expr
    body: list["Stmt"]


class Repeat(Node):
    stmt: Literal["repeat"] = "repeat"
    count: Expr
    body: list["Stmt"]


class While(Node):
    stmt: Literal["while"] = "while"
    cond: Expr
    body: list["Stmt"]


class Break(Node):
    stmt: Literal["break"] = "break"


class Continue(Node):
    stmt: Literal["continue"] = "continue"


class Return(Node):
    stmt: Literal["return"] = "return"
    value: Optional[Expr] = None        # a procedure that declares its result returns one


class CallStmt(Node):
    stmt: Literal["call"] = "call"
    name: str
    args: list[Expr]


class Resolve(Node):
    stmt: Literal["resolve"] = "resolve"
    what: Expr


class Choose(Node):
    stmt: Literal["choose"] = "choose"
    var: str
    source: Expr
    prompt: Optional[Text] = None
    body: list["Stmt"]
    option_label: Optional[Text] = None     # `label "..."`: each option's words, the name bound to its value
    pass_label: Optional[Text] = None
    pass_body: Optional[list["Stmt"]] = None
    everyone: bool = False              # `for all seats`: a question for all the players together


class ChooseMany(Node):
    """`choose up to M xs from L` (at least none) or `choose N..M xs from L` (at least N)."""
    stmt: Literal["choose_many"] = "choose_many"
    var: str
    least: Optional[Expr] = None        # None: nothing need be chosen
    most: Expr
    source: Expr
    prompt: Optional[Text] = None
    body: list["Stmt"]
    everyone: bool = False


class FixedArgs(Node):
    """`attack(u)` in a perform: the values given to the action's leading parameters."""
    action: str
    args: list[Expr] = []


class Perform(Node):
    stmt: Literal["perform"] = "perform"
    actions: list[str]
    fixed: list[FixedArgs] = []         # one per listed action, in order (its `args` empty when none are given)
    staged: bool = False                # the parameters are chosen one step at a time
    prompt: Optional[Text] = None
    pass_label: Optional[Text] = None
    pass_body: Optional[list["Stmt"]] = None

    def fixed_args(self) -> list[list]:
        """The arguments given to each listed action, in order (an empty list for one named alone)."""
        given = {i: f.args for i, f in enumerate(self.fixed)}
        return [given.get(i, []) for i in range(len(self.actions))]


class AsSeat(Node):
    stmt: Literal["as_seat"] = "as_seat"
    seat: Expr
    body: list["Stmt"]


class RunPhase(Node):
    stmt: Literal["phase"] = "phase"
    name: str


class Log(Node):
    stmt: Literal["log"] = "log"
    message: Text


class Tally(Node):
    """`tally breaches`: counts one event the pack marks as interesting, for simulations."""
    stmt: Literal["tally"] = "tally"
    name: str


class EndGame(Node):
    stmt: Literal["end"] = "end"
    outcome: Optional[Text] = None
    reason: Optional[Text] = None


class StartEffect(Node):
    """`start E [until …]`: E names an effect (`name`, `name(args)`) or is a value of type effect."""
    stmt: Literal["start"] = "start"
    effect: Expr
    until_var: Optional[str] = None      # `until VAR changes`
    until_phase: Optional[str] = None    # `until PHASE ends`
    until_this_phase: bool = False       # `until phase ends`: the phase running when it starts


class StopEffect(Node):
    """`stop E`: E as in `start`; a name alone stops every instance of the effect."""
    stmt: Literal["stop"] = "stop"
    effect: Expr


Stmt = Union[Let, Set, Move, Shuffle, Insert, AddTokens, RemoveTokens, If, For, Repeat, While, Break,
             Continue, Return, CallStmt, Resolve, Choose, ChooseMany, Perform, AsSeat, RunPhase,
             Log, Tally, EndGame, StartEffect, StopEffect]


# ---- declarations -----------------------------------------------------------------------

class Decl(Node):
    file: str = ""
    name: str = ""
    text: Optional[str] = None          # rules text: what it means for the players (`text "..."`)


class GameDecl(Decl):
    decl: Literal["game"] = "game"
    title: str
    seats_min: int = 1
    seats_max: int = 1
    home: Optional[str] = None       # where pieces start unless they say otherwise
    turns: Optional[str] = None      # the variable that counts turns, for summaries
    search_budget: Optional[int] = None     # the search bot's iterations per decision unless told otherwise
    look_past_ties: Optional[int] = None    # decisions the greedy bot plays on beyond a tie unless told otherwise


class EnumValue(Node):
    name: str
    label: Optional[str] = None
    attrs: list["AttrValue"] = []      # data every value of the enum carries, such as a terrain's cover


class EnumDecl(Decl):
    decl: Literal["enum"] = "enum"
    values: list[EnumValue]


class DieDecl(Decl):
    decl: Literal["die"] = "die"
    label: Optional[str] = None
    low: int
    high: int


class TokenDecl(Decl):
    decl: Literal["token"] = "token"
    label: Optional[str] = None
    supply: Optional[int] = None


class KindField(Node):
    name: str
    type: TypeRef
    default: Optional[Expr] = None
    mutable: bool = False


class KindDecl(Decl):
    decl: Literal["kind"] = "kind"
    parent: str
    fields: list[KindField]
    does: Optional[list[Stmt]] = None


class AttrValue(Node):
    name: str
    value: Expr
    file: Optional[str] = None     # set when a mod's `change` supplies the value


class SpaceDecl(Decl):
    decl: Literal["space"] = "space"
    label: Optional[str] = None
    kind: Optional[str] = None
    attrs: list[AttrValue] = []


class GridRow(Node):
    """`row V V V`: one value for each space of a row of a grid, left to right."""
    values: list[Expr]


class GridAttr(Node):
    """`NAME { row ... row ... }`: an attribute's values for the spaces of a grid, row by row."""
    name: str
    rows: list[GridRow]


class GridDecl(Decl):
    """`grid NAME "Label": KIND hex|square COLS x ROWS { ATTR { row ... } ... }`: spaces in a grid."""
    decl: Literal["grid"] = "grid"
    label: Optional[str] = None
    kind: str
    shape: Literal["hex", "square"]
    cols: int
    rows: int
    attrs: list[GridAttr] = []


class DeckDecl(Decl):
    decl: Literal["deck"] = "deck"
    label: Optional[str] = None


class PieceDecl(Decl):
    decl: Literal["piece"] = "piece"
    card: bool = False
    label: Optional[str] = None
    kind: str
    count: int = 1
    deck: Optional[str] = None       # the deck a card belongs to (`in DECK`); it starts there
    start: Optional[str] = None      # where it starts (`at SPACE`), if not its deck or the home
    attrs: list[AttrValue] = []
    does: Optional[list[Stmt]] = None


class VarDecl(Decl):
    decl: Literal["var"] = "var"
    label: Optional[str] = None         # what the game log calls it
    type: TypeRef
    init: Expr
    low: Optional[int] = None
    high: Optional[int] = None
    quiet: bool = False                 # its changes are not written to the game log


class Param(Node):
    name: str
    type: TypeRef
    domain: Optional[Expr] = None
    prompt: Optional[Text] = None       # an action's: the question its step asks, when performed staged


class ConstDecl(Decl):
    """`const NAME = VALUE`: a fixed value, worked out before play."""
    decl: Literal["const"] = "const"
    type: Optional[TypeRef] = None
    value: Expr


class TableKey(Node):
    """One key of a table row: a number or range (`low`..`high`), a name, true/false, a text, or `_` (any)."""
    kind: Literal["number", "name", "bool", "text", "any"]
    low: Optional[int] = None
    high: Optional[int] = None
    name: Optional[str] = None
    value: Union[bool, str, None] = None


class TableRow(Node):
    keys: list[TableKey]
    value: Expr


class TableDecl(Decl):
    """`table NAME(PARAMS) -> TYPE { KEYS: VALUE ... else: VALUE }`: a chart read by its keys."""
    decl: Literal["table"] = "table"
    params: list["Param"]
    returns: TypeRef
    rows: list[TableRow]
    other: Optional[Expr] = None       # the value when no row matches


class FunctionDecl(Decl):
    decl: Literal["function"] = "function"
    params: list[Param]
    returns: TypeRef
    body: Expr


class ProcedureDecl(Decl):
    decl: Literal["procedure"] = "procedure"
    params: list[Param]
    returns: Optional[TypeRef] = None   # `-> T`: `let x = name(...)` takes the value its `return` gives
    body: list[Stmt]


class ActionDecl(Decl):
    decl: Literal["action"] = "action"
    params: list[Param]
    label: Optional[Text] = None
    requires: Optional[Expr] = None
    group: Optional[str] = None         # a staged perform's first step offers the action under this title
    body: list[Stmt]


class PhaseDecl(Decl):
    decl: Literal["phase"] = "phase"
    label: Optional[str] = None
    body: list[Stmt]


class EntersTrigger(Decl):
    """`when P: KIND enters S [if COND] {...}`; `name` is a generated unique key."""
    decl: Literal["when_enters"] = "when_enters"
    piece_var: str
    kind: TypeRef
    space_var: str
    cond: Optional[Expr] = None
    body: list[Stmt]


class ChangesTrigger(Decl):
    decl: Literal["when_changes"] = "when_changes"
    var: str
    cond: Optional[Expr] = None
    body: list[Stmt]


class PlayDecl(Decl):
    decl: Literal["play"] = "play"
    body: list[Stmt]


class Outcome(Node):
    name: str
    award: Optional[str] = None
    cond: Optional[Expr] = None


class ResultDecl(Decl):
    decl: Literal["result"] = "result"
    score: Expr
    outcomes: list[Outcome]


class EvaluateDecl(Decl):
    """`evaluate EXPR`: how good a position is for the players, for bots that look ahead."""
    decl: Literal["evaluate"] = "evaluate"
    value: Expr


class TallyDecl(Decl):
    """`tally NAME "Label"`: an event kind simulations count per game."""
    decl: Literal["tally"] = "tally"
    label: Optional[str] = None


class LayoutTrack(Node):
    """`track "Title" LIST at POSITION`: a row of values with one marked (position from 1)."""
    title: str
    values: Expr
    position: Expr


class LayoutDecl(Decl):
    """How the board is drawn: titled regions of rows of spaces, and the variables to show."""
    decl: Literal["layout"] = "layout"
    regions: list[LayoutRegion] = []
    show: list[LayoutCell] = []      # variables shown above the board
    tracks: list[LayoutTrack] = []   # marked tracks shown under them
    shorts: list[LayoutShort] = []   # abbreviations for the compact board
    styles: list[LayoutStyle] = []   # how a grid's spaces are drawn by the value they show


class ModHeader(Decl):
    """`mod "Title" for GAME` or `scenario "Title" for GAME`: what a file changes."""
    decl: Literal["mod_header"] = "mod_header"
    scenario: bool = False
    title: str
    game: str


class ReplaceDecl(Decl):
    """`replace DECLARATION`: a mod's new version of an existing declaration."""
    decl: Literal["replace"] = "replace"
    new: "AnyDecl"


class RemoveDecl(Decl):
    """`remove CATEGORY NAME`: a mod takes a declaration out of the game."""
    decl: Literal["remove"] = "remove"
    category: str


class ChangeDecl(Decl):
    """`change piece NAME [xN] { attr value ... }`: new count or attribute values for pieces or cards."""
    decl: Literal["change"] = "change"
    category: str
    count: Optional[int] = None
    attrs: list[AttrValue] = []


class ModifierDecl(Decl):
    """`modifier NAME(params) -> int`: a number that is the sum of what active effects add to it."""
    decl: Literal["modifier"] = "modifier"
    params: list[Param]
    returns: TypeRef


class EffectClause(Node):
    """`modifier(names) += value [if cond]` in an effect: `names` stand for the modifier's parameters."""
    modifier: str
    names: list[str]
    op: Literal["+=", "-="]
    value: Expr
    cond: Optional[Expr] = None


class EffectDecl(Decl):
    """`effect NAME(params) "Label" { clauses }`: a kind of lasting effect."""
    decl: Literal["effect"] = "effect"
    params: list[Param]
    label: Optional[str] = None
    clauses: list[EffectClause] = []
    quiet: bool = False                 # its start and end are not written to the game log


class VariantDecl(Decl):
    decl: Literal["variant"] = "variant"
    label: Optional[str] = None
    decls: list["AnyDecl"]


AnyDecl = Union[ConstDecl, TableDecl, GridDecl, GameDecl, EnumDecl, DieDecl, TokenDecl, KindDecl, SpaceDecl, DeckDecl, PieceDecl,
                VarDecl, FunctionDecl, ProcedureDecl, ActionDecl, PhaseDecl, EntersTrigger,
                ChangesTrigger, PlayDecl, ResultDecl, VariantDecl, EvaluateDecl, TallyDecl, LayoutDecl,
                ModHeader, ReplaceDecl, RemoveDecl, ChangeDecl, ModifierDecl, EffectDecl]

from .ast_layout import LayoutCell, LayoutGrid, LayoutRegion, LayoutShort, LayoutStyle  # noqa: E402  (they build on Node)


def walk(node):
    """Every node under `node` (itself included), depth first."""
    yield node
    for value in node.__dict__.values():
        for child in (value if isinstance(value, list) else [value]):
            if isinstance(child, Node):
                yield from walk(child)


for _model in list(globals().values()):
    if isinstance(_model, type) and issubclass(_model, Node) and _model is not Node:
        _model.model_rebuild()
