"""Draws a game's position with rich, following the layout its pack declares."""
from __future__ import annotations

import io
import re
import textwrap
from collections import Counter

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.style import Style
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from dsl import with_article

WIDTH = 80              # the narrowest terminal the board must fit
CELL_LINES = 6          # lines of content in one cell before it is summarised
TRACK_SPAN = 15         # a ranged variable with at most this many values is drawn as a track
ELSEWHERE_CHARS = 150   # how much of a pile the "Elsewhere" panel lists before counting the rest
NUMBER = re.compile(r"[-+]?\d")     # a value that reads as a number


# ---- consoles

def make_console(file=None, width: int | None = None, color: bool | None = None) -> Console:
    """A console for the board: colour if `color` is None and the terminal allows it (rich also
    honours NO_COLOR and TERM=dumb), always with True, never with False."""
    if color is False:
        return Console(file=file, width=width or WIDTH, color_system=None, no_color=True,
                       force_terminal=False, highlight=False, emoji=False, soft_wrap=False)
    if color is True:
        return Console(file=file, width=width or WIDTH, force_terminal=True, color_system="256",
                       highlight=False, emoji=False)
    return Console(file=file, width=width, highlight=False, emoji=False)


def render_text(game, width: int = WIDTH) -> str:
    """The board as plain text (no colour codes): for snapshots and non-colour output."""
    buffer = io.StringIO()
    make_console(buffer, width, color=False).print(board(game))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"


# ---- the whole board

def board(game, cell_lines: int | None = CELL_LINES) -> Group:
    """The status line, one panel per layout region, and what lies elsewhere; a cell holding more
    than `cell_lines` lines shows the top of its stack (None: every cell in full)."""
    layout = game.view.layout
    parts = [status_line(game, layout)] + track_lines(game) + effect_lines(game)
    placed: set[str] = set()
    if layout is not None:
        for region in game.regions_shown():
            parts.append(region_panel(game, region, cell_lines))
        placed.update(space for region in layout.regions for space in region.spaces)     # a hidden one's too
    others = elsewhere_lines(game, placed)
    if others:
        title = "Elsewhere" if layout is not None else "Board"
        parts.append(Panel(Group(*others), title=title, title_align="left", box=box.ROUNDED))
    return Group(*parts)


def status_line(game, layout) -> Text:
    """The status variables, ` │ ` between them; a new line rather than a separator where the
    next one would not fit in WIDTH."""
    names = game.status_shown() if layout is not None else game.view.variables
    return packed([variable_text(game, name) for name in names], Text(" │ ", style="dim"), WIDTH)


def packed(items: list[Text], gap: Text, width: int) -> Text:
    """The items in a row with `gap` between them, starting a new line instead of a gap where
    the next item would not fit in `width` columns."""
    text = Text()
    line = 0
    for i, item in enumerate(items):
        if i and line + gap.cell_len + item.cell_len > width:
            text.append("\n")
            line = 0
        elif i:
            text.append_text(gap)
            line += gap.cell_len
        text.append_text(item)
        line += item.cell_len
    return text


def track_lines(game) -> list[Text]:
    """The layout's marked tracks: `Title 6 5 [4] 4`."""
    lines = []
    for title, items, at in game.layout_tracks():
        text = Text(title + " ", style="bold")
        for i, item in enumerate(items, 1):
            if i > 1:
                text.append(" ")
            label = game.label(item)
            if i == at:
                text.append(f"[{label}]", style="bold reverse")
            else:
                text.append(label, style="dim")
        lines.append(text)
    return lines


def effect_lines(game) -> list[Text]:
    """The lasting effects in force, if any: `In force` and their labels (with their arguments)."""
    shown = game.effects_shown()
    if not shown:
        return []
    text = Text("In force ", style="bold")
    text.append(", ".join(shown))
    return [text]


def shown_value(game, value) -> str:
    """A status variable's value in words; a dash where it holds nothing (`condition —`, not `condition nothing`)."""
    return "—" if value is None else game.label(value)


def variable_text(game, name: str) -> Text:
    """`name value`, or for a short ranged number a track with the value marked: 0 1 [2] 3."""
    value = game.var(name)
    low, high = game.view.var_range(name)
    text = Text(words(name) + " ", style="bold")
    is_number = isinstance(value, int) and not isinstance(value, bool)
    if not is_number or low is None or high - low + 1 > TRACK_SPAN:
        text.append(shown_value(game, value))
        return text
    for step in range(low, high + 1):
        if step > low:
            text.append(" ")
        if step == value:
            text.append(f"[{step}]", style="bold reverse")
        else:
            text.append(str(step), style="dim")
    return text


# ---- regions and cells

def region_panel(game, region, cell_lines: int | None = CELL_LINES) -> Panel:
    """A region's rows, each its spaces' names over what lies on them, a thin rule between two rows
    (so that what lies on a space never stands next to the names of the row below)."""
    parts = []
    for i, row in enumerate(region.rows):
        if parts:
            parts.append(Rule(style="dim"))
        parts.append(row_table(game, row, region.shifted(i) if region.hexes else None, cell_lines))
    return Panel(Group(*parts), title=region.title, title_align="left", box=box.ROUNDED, padding=(0, 1))


def regions_titled(game, word: str) -> list:
    """The layout's regions whose title (or short title) contains the word, in any case."""
    layout = game.view.layout
    w = word.strip().lower()
    return [r for r in (layout.regions if layout else []) if w in r.title.lower() or w in (r.short or "").lower()]


def row_table(game, row, shift: bool | None = None, cell_lines: int | None = CELL_LINES) -> Table:
    """One layout row: the space names as headers, their contents below. A row of hexes (`shift`
    is not None) keeps half a space empty on its left when shifted, else on its right, so that
    rows of hexes interlock."""
    table = Table(box=None, show_header=False, expand=True, pad_edge=False, padding=(0, 1), collapse_padding=True)
    halves = 2 * len(row) + (shift is not None)
    width = max(8, (WIDTH - 6) * 2 // max(1, halves) - 1)
    bodies = [cell_body(game, cell.space, width, cell_lines, skip=cell.shows) for cell in row]
    headers = [cell_header(game, cell) for cell in row]
    if shift:
        table.add_column(ratio=1)
        bodies.insert(0, Text())
        headers.insert(0, Text())
    for _ in row:
        table.add_column(ratio=1 if shift is None else 2, overflow="fold", vertical="top")
    if shift is False:
        table.add_column(ratio=1)
        bodies.append(Text())
        headers.append(Text())
    table.add_row(*headers)
    if any(body.plain for body in bodies):
        table.add_row(*bodies)
    return table


def cell_header(game, cell) -> Text:
    """The space's name in the cell's style, followed by the style's colour in words."""
    style = cell_style(cell.style or value_style(game, cell.space, cell.shows))
    text = Text(cell.name or game.label(cell.space), style=style + Style(bold=True))
    tag = colour_word(cell.style)
    if tag:
        text.append(f" ·{tag}", style="dim")
    if cell.shows:
        text.append(f" {game.label(game.field(cell.space, cell.shows))}", style="italic")
    return text


def value_style(game, space: str, shows: str | None) -> str | None:
    """The layout's style for the value a grid shows on `space` (`style woods "on green"`), if any;
    the value is in the cell's name already, so the style needs no words of its own."""
    if shows is None:                   # only a grid's cell shows a value, so there is a layout
        return None
    styles = game.view.layout.value_styles
    if not styles:
        return None
    value = game.field(space, shows)
    return styles.get(value) if isinstance(value, str) else None      # styles are by enum value


def cell_body(game, space: str, width: int, cell_lines: int | None = CELL_LINES, skip: str | None = None) -> Text:
    """What lies on a space: its marks (but the attribute `skip`, which its header shows), then its
    pieces, the top of the stack only where they would take more than `cell_lines` lines."""
    lines = [Text(line, style="italic") for line in space_marks(game, space, skip)]
    room = None if cell_lines is None else cell_lines - len(lines)
    lines += [Text(line) for line in stack_lines(game, space, width, room)]
    return Text("\n").join(lines)


def stack_lines(game, space: str, width: int, room: int | None) -> list[str]:
    """The pieces on a space, bottom to top, identical ones counted; summarised if taller than `room` lines (None: never)."""
    stack = game.pieces_at(space)
    if not stack:
        return []
    if space in game.view.decks:
        return [count_words(game, stack)]
    entries = grouped(game, stack)
    if room is None or height([e for e, _ in entries], width) <= room:
        return [e for e, _ in entries]
    shown: list[tuple[str, int]] = []
    while entries and height([e for e, _ in [entries[-1]] + shown], width) < room:
        shown.insert(0, entries.pop())
    if not shown:
        return [count_words(game, stack)]
    hidden = len(stack) - sum(n for _, n in shown)
    return [f"(+{hidden} below)"] + [e for e, _ in shown]


def height(lines: list[str], width: int) -> int:
    """How many terminal lines the texts take when wrapped at word boundaries to `width`."""
    return sum(max(1, len(textwrap.wrap(line, width, break_on_hyphens=False))) for line in lines)


def grouped(game, pieces: list[str]) -> list[tuple[str, int]]:
    """(words, how many) for the pieces, in order of first appearance; identical ones as `name ×n`."""
    return [(label + (f" ×{n}" if n > 1 else "") + (f" ({marks})" if marks else ""), n)
            for (label, marks), n in counted([(game.label(p), piece_marks(game, p)) for p in pieces])]


def counted(keys: list) -> list[tuple[object, int]]:
    """Each distinct key with how many times it occurs, in order of first appearance."""
    return list(Counter(keys).items())     # a Counter keeps the order keys first came in


def piece_marks(game, piece: str) -> str:
    return ", ".join(token_words(game, piece) + field_words(game, piece, only_changed=True))


def space_marks(game, space: str, skip: str | None = None) -> list[str]:
    """The tokens on a space and its markers (changeable attributes but `skip`), as one line."""
    marks = token_words(game, space) + field_words(game, space, only_changed=False, skip=skip)
    return [", ".join(marks)] if marks else []


def token_words(game, obj: str) -> list[str]:
    label = game.view.token_label
    return [label(t) if n == 1 else f"{n} {label(t)}" for t, n in game.marks(obj).items()]


def field_words(game, obj: str, only_changed: bool, name_of=None, gap: str = " ", skip: str | None = None) -> list[str]:
    """Changeable attributes: yes/no ones when they differ from the start, others as `name value`
    (always for spaces, where they are markers; only when changed for pieces), but `skip`;
    `name_of` names an attribute (by default its name in words); `gap` goes between a one-word
    name and a number (`level3`), a space between any other name and value (`led by Albert`)."""
    name_of = name_of or words
    out = []
    for name, default in game.view.markers(obj).items():
        if name == skip:
            continue
        value = game.field(obj, name)
        if isinstance(value, bool):
            if value != default:
                out.append(name_of(name) if value else f"not {name_of(name)}")
        elif value != default or not only_changed:
            named, shown = name_of(name), game.label(value)
            out.append(named + (gap if NUMBER.match(shown) and " " not in named else " ") + shown)
    return out


def count_words(game, pieces: list[str]) -> str:
    cards = all(game.view.is_card(p) for p in pieces)
    noun = ("card" if cards else "piece") + ("" if len(pieces) == 1 else "s")
    return f"{len(pieces)} {noun}"


# ---- everything not placed by the layout

def elsewhere_lines(game, placed: set[str]) -> list[Text]:
    """One line per occupied or marked space outside the layout, then the token supplies."""
    out = []
    for space in game.view.spaces:
        if space in placed:
            continue
        line = pile_line(game, space)
        if line is not None:
            out.append(line)
    supply = [f"{n} {game.view.token_label(t)}" for t, n in game.token_supply_left().items()]
    if supply:
        out.append(Text.assemble(("Tokens left in supply: ", "bold"), ", ".join(supply)))
    return out


def pile_line(game, space: str) -> Text | None:
    stack = game.pieces_at(space)
    marks = space_marks(game, space)
    if not stack and not marks:
        return None
    text = Text.assemble((game.label(space), "bold"))
    if marks:
        text.append(f" [{marks[0]}]", style="italic")
    if not stack:
        return text
    if space in game.view.decks:
        return text.append(f": {count_words(game, stack)}")
    entries = [e for e, _ in grouped(game, stack)]
    listed = _clip(entries, ELSEWHERE_CHARS)
    head = f" ({count_words(game, stack)})" if len(stack) > 1 else ""
    rest = len(entries) - len(listed)
    return text.append(f"{head}: {', '.join(listed)}" + (f", … +{rest} more kinds" if rest else ""))


def _clip(entries: list[str], budget: int) -> list[str]:
    out, used = [], 0
    for entry in entries:
        if out and used + len(entry) > budget:
            break
        out.append(entry)
        used += len(entry) + 2
    return out


# ---- looking at one object

def inspect_lines(game, oid: str) -> list[str]:
    """Everything known about one space or piece: attributes, marks, where it is, the lasting
    effects that name it (quiet ones too: the log says nothing of those), what is on it."""
    view = game.view
    kind = words(view.kind_name(oid))
    lines = [f"{game.label(oid)} ({oid}), {with_article(kind)}"]
    text = view.rules_text(oid)
    if text:
        lines.append(textwrap.fill(text, width=WIDTH, initial_indent="  ", subsequent_indent="  "))
    if oid in view.pieces:
        lines.append(f"  at: {game.label(game.location(oid))}")
        if view.card_deck(oid):
            lines.append(f"  card of: {game.label(view.card_deck(oid))}")
    for name, value in view.attributes(oid).items():
        if value not in (None, [], False):
            lines.append(f"  {words(name)}: {game.label(value)}")
    for name in view.markers(oid):
        lines.append(f"  {words(name)}: {game.label(game.field(oid, name))}")
    marks = token_words(game, oid)
    if marks:
        lines.append(f"  tokens: {', '.join(marks)}")
    lines += [f"  in force: {line}" for line in effects_naming(game, oid)]
    if oid in view.spaces:
        stack = game.pieces_at(oid)
        if oid in view.decks:
            lines.append(f"  {count_words(game, stack)}, face down")
        else:
            lines.append(f"  holds (bottom to top): {', '.join(e for e, _ in grouped(game, stack)) or 'nothing'}")
    return lines


def effects_naming(game, oid: str) -> list[str]:
    """The lasting effects whose arguments name `oid`, one line each, with the other arguments of
    each instance: `Assigned to a battle this week (Rifle Team #902; Panzer II #201)`."""
    withs: dict[str, list[str]] = {}
    for effect, args in game.effects:
        if oid in args:
            others = ", ".join(game.label(a) for a in args if a != oid)
            withs.setdefault(effect, [])
            if others:
                withs[effect].append(others)
    return [game.label(effect) + (f" ({'; '.join(others)})" if others else "") for effect, others in withs.items()]


def find_objects(game, query: str) -> list[str]:
    """Objects whose id or label is the query (any case); failing that, whose label contains it."""
    view = game.view
    q = query.strip().lower()
    exact = [o for o in view.objects if o.lower() == q or view.label(o).lower() == q]
    if exact:
        return exact
    return [o for o in view.objects if q and q in view.label(o).lower()]


# ---- small helpers

def words(name: str) -> str:
    return name.replace("_", " ")


def colour_word(style: str | None) -> str:
    """A style's background colour in words ('white on dark_blue' → 'dark blue'), so that a cell
    whose colour means something reads the same without colour; '' for other styles."""
    if not style:
        return ""
    colour = Style.parse(style).bgcolor
    if colour is None or colour.name.startswith("#") or colour.name.startswith("rgb") or colour.name == "default":
        return ""
    return re.sub(r"\d+$", "", colour.name).replace("_", " ").strip()


def cell_style(style: str | None) -> Style:
    return Style.parse(style) if style else Style()
