"""Every keyword of the rules language and what it is; the parser's and the checker's word lists come from here."""
from __future__ import annotations

from dataclasses import dataclass

DECLARATION = "starts a declaration"
STATEMENT = "starts a statement"
VALUE = "stands for a value"
OPERATOR = "joins or tests expressions"
CLAUSE = "only inside a construct"


@dataclass(frozen=True)
class Keyword:
    word: str
    roles: tuple[str, ...]
    opens: str | None = None    # what a `{` on its line opens, as syntax errors name it ("the card started at line 3")
    misplaced: bool = False     # read as a plain name where a syntax error follows, it is reported as out of place
    reserved: bool = False      # cannot name anything: it starts a statement, stands for a value or joins expressions


def _keyword(word: str, *roles: str, opens: str | None = None, misplaced: bool = False,
             reserved: bool | None = None) -> Keyword:
    if reserved is None:
        reserved = any(role in (STATEMENT, VALUE, OPERATOR) for role in roles)
    return Keyword(word, roles, opens, misplaced, reserved)


KEYWORDS = [
    _keyword("game", DECLARATION, opens="game"),
    _keyword("enum", DECLARATION, opens="enum"),
    _keyword("die", DECLARATION),
    _keyword("token", DECLARATION),
    _keyword("kind", DECLARATION, opens="kind"),
    _keyword("space", DECLARATION, opens="space"),
    _keyword("deck", DECLARATION),
    _keyword("piece", DECLARATION, opens="piece"),
    _keyword("card", DECLARATION, opens="card"),
    _keyword("var", DECLARATION),
    # `quiet` only has a meaning before `var` or `effect` at the start of a declaration, where no
    # name can stand, so packs may go on using it as a name
    _keyword("quiet", DECLARATION),
    _keyword("function", DECLARATION, opens="function"),
    _keyword("procedure", DECLARATION, opens="procedure"),
    _keyword("action", DECLARATION, opens="action"),
    _keyword("phase", DECLARATION, STATEMENT, opens="phase"),
    _keyword("when", DECLARATION, opens="trigger"),
    _keyword("play", DECLARATION, opens="play"),
    _keyword("result", DECLARATION, opens="result"),
    _keyword("variant", DECLARATION, opens="variant"),
    _keyword("evaluate", DECLARATION),
    # `tally NAME` is also a statement, but the word came after the reserved words were settled
    # and packs may use it as a name
    _keyword("tally", DECLARATION, STATEMENT, reserved=False),
    _keyword("layout", DECLARATION),
    _keyword("mod", DECLARATION),
    _keyword("scenario", DECLARATION),
    _keyword("replace", DECLARATION),
    _keyword("change", DECLARATION),
    _keyword("const", DECLARATION),
    _keyword("table", DECLARATION, opens="table"),
    _keyword("grid", DECLARATION, CLAUSE, opens="grid"),
    _keyword("modifier", DECLARATION),
    _keyword("effect", DECLARATION, opens="effect"),
    _keyword("let", STATEMENT, VALUE),
    _keyword("set", STATEMENT),
    _keyword("move", STATEMENT),
    _keyword("shuffle", STATEMENT),
    _keyword("insert", STATEMENT),
    _keyword("add", STATEMENT),
    _keyword("remove", STATEMENT, DECLARATION),
    _keyword("if", STATEMENT, VALUE, opens="if"),
    _keyword("for", STATEMENT, CLAUSE, opens="for"),
    _keyword("repeat", STATEMENT, opens="repeat"),
    _keyword("while", STATEMENT, opens="while"),
    _keyword("break", STATEMENT),
    _keyword("continue", STATEMENT),
    _keyword("return", STATEMENT),
    _keyword("resolve", STATEMENT),
    _keyword("choose", STATEMENT, opens="choose"),
    _keyword("perform", STATEMENT),
    _keyword("as", STATEMENT, opens="seat block"),
    _keyword("log", STATEMENT),
    _keyword("end", STATEMENT),
    # lasting effects came after the reserved words were settled: packs may use these as names
    _keyword("start", STATEMENT, reserved=False),
    _keyword("stop", STATEMENT, reserved=False),
    _keyword("this", VALUE),
    _keyword("seat", VALUE, CLAUSE),
    _keyword("score", VALUE, CLAUSE),
    _keyword("true", VALUE),
    _keyword("false", VALUE),
    _keyword("none", VALUE),
    _keyword("roll", VALUE),
    _keyword("not", OPERATOR),
    _keyword("and", OPERATOR),
    _keyword("or", OPERATOR),
    _keyword("in", OPERATOR, CLAUSE),
    _keyword("is", OPERATOR),
    # the words that continue an `if` are reserved with it
    _keyword("elif", CLAUSE, opens="elif", misplaced=True, reserved=True),
    _keyword("else", CLAUSE, opens="else", misplaced=True, reserved=True),
    _keyword("then", CLAUSE, misplaced=True, reserved=True),
    _keyword("pass", CLAUSE, opens="pass", misplaced=True),
    _keyword("by", CLAUSE, misplaced=True),
    _keyword("desc", CLAUSE, misplaced=True),
    _keyword("among", CLAUSE, misplaced=True),
    _keyword("because", CLAUSE, misplaced=True),
    _keyword("award", CLAUSE, misplaced=True),
    _keyword("requires", CLAUSE, misplaced=True),
    _keyword("label", CLAUSE, misplaced=True),
    _keyword("group", CLAUSE, misplaced=True),
    _keyword("staged", CLAUSE),
    _keyword("does", CLAUSE, opens="effect"),
    _keyword("seats", CLAUSE),
    _keyword("home", CLAUSE),
    _keyword("turns", CLAUSE),
    _keyword("search", CLAUSE),
    _keyword("budget", CLAUSE),
    _keyword("look", CLAUSE),
    _keyword("past", CLAUSE),
    _keyword("ties", CLAUSE),
    _keyword("supply", CLAUSE),
    _keyword("list", CLAUSE),
    _keyword("enters", CLAUSE),
    _keyword("changes", CLAUSE),
    _keyword("outcome", CLAUSE),
    _keyword("to", CLAUSE),
    _keyword("from", CLAUSE),
    _keyword("into", CLAUSE),
    _keyword("of", CLAUSE),
    _keyword("at", CLAUSE),
    _keyword("up", CLAUSE),
    _keyword("all", CLAUSE),
    _keyword("bottom", CLAUSE),
    _keyword("order", CLAUSE),
    _keyword("region", CLAUSE),
    _keyword("row", CLAUSE),
    _keyword("show", CLAUSE),
    _keyword("short", CLAUSE),
    _keyword("track", CLAUSE),
    _keyword("x", CLAUSE),
    _keyword("until", CLAUSE, misplaced=True),
    _keyword("ends", CLAUSE),
    # rules text and rolls against a number came after the reserved words were settled
    _keyword("text", CLAUSE),
    _keyword("needs", CLAUSE),
    _keyword("style", CLAUSE),
]

RESERVED = frozenset(k.word for k in KEYWORDS if k.reserved)
MISPLACED = frozenset(k.word for k in KEYWORDS if k.misplaced)
# reserved words that only join or follow expressions: read as a name, one is where a value was left out
NEVER_VALUES = frozenset(k.word for k in KEYWORDS if k.reserved and not set(k.roles) & {STATEMENT, VALUE, DECLARATION})
CONSTRUCTS = {k.word: k.opens for k in KEYWORDS if k.opens}     # keyword -> what its `{` opens
