"""The board in as few lines as a terminal has: short names, one line per layout row or region."""
from __future__ import annotations

import io
import re

from rich.cells import cell_len
from rich.console import Console, Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from . import render
from .shortnames import short_name, without_notes

KEEP = "\u00a0"        # a no-break space: between the words of one piece's marks or one pile's name


# ---- titles

def region_title(region) -> str:
    """The region's short title, else its title up to a colon or bracket."""
    return region.short or re.split(r"[:(]", region.title)[0].strip()


# ---- cells

def cell_text(game, cell, empty: bool, named: bool = True) -> Text | None:
    """`T1 Nowak HFG3 Crate×2`: the space's short name in its style (unless not `named`), then what
    is on it; None for an empty cell unless `empty` asks for it (then `name ·`)."""
    contents = contents_words(game, cell.space, skip=cell.shows)
    if not contents and not empty:
        return None
    style = render.cell_style(cell.style or render.value_style(game, cell.space, cell.shows))
    text = Text(short_name(game, cell.space) if named else "", style=style + Style(bold=True))
    if cell.shows:
        value = game.field(cell.space, cell.shows)
        shown = short_name(game, value) if isinstance(value, str) else game.label(value)    # a number, a list
        text.append(":" + shown, style="italic")
    text.append(" " if text.plain else "")
    text.append(" ".join(contents) if contents else "·", style="" if contents else "dim")
    return text


def region_cells(game, region, title: str, empty: bool) -> list[list[Text | None]]:
    """The cells of a region's rows; the first one without its name when that is the region's
    title, which stands just before it."""
    first = region.rows[0][0] if region.rows and region.rows[0] else None
    return [[cell_text(game, c, empty, named=not (c is first and short_name(game, c.space) == title)) for c in row]
            for row in region.rows]


def hex_rows(game, region, width: int) -> list[Text] | None:
    """A hex grid's rows with every cell padded to one width and every shifted row indented by
    half a cell, so that the rows interlock; None when a row would not fit in `width`."""
    cells = [[cell_text(game, c, True) for c in row] for row in region.rows]
    size = max(t.cell_len for row in cells for t in row)
    lines = []
    for i, row in enumerate(cells):
        line = Text(" " * ((size + 2) // 2) if region.shifted(i) else "")
        for j, text in enumerate(row):
            line.append_text(Text("  ") + text if j else text)
            line.append(" " * (size - text.cell_len))
        line.rstrip()
        if line.cell_len > width:
            return None
        lines.append(line)
    return lines


def map_rows(game, region, console: Console, width: int) -> list[Text]:
    """A grid's rows one after the other, each cell as wide as it needs, shifted rows indented."""
    lines = []
    for i, row in enumerate(region.rows):
        line = joined([cell_text(game, c, True) for c in row])
        lines += wrapped(Text("  ") + line if region.shifted(i) else line, console, width)
    return lines


def contents_words(game, space: str, skip: str | None = None) -> list[str]:
    """The marks of a space (but the attribute `skip`, which its cell already shows), then its
    pieces bottom to top by short name, identical ones counted."""
    marks = marks_short(game, space, only_changed=False, skip=skip)
    out = ["[" + ",".join(marks).replace(" ", KEEP) + "]"] if marks else []
    stack = game.pieces_at(space)
    if space in game.view.decks:
        return out + ([render.count_words(game, stack)] if stack else [])
    keys = [(short_name(game, p), ",".join(marks_short(game, p, only_changed=True)).replace(" ", KEEP)) for p in stack]
    return out + [name.replace(" ", "") + (f"×{n}" if n > 1 else "") + (f"({marks})" if marks else "")
                  for (name, marks), n in render.counted(keys)]


def marks_short(game, obj: str, only_changed: bool, skip: str | None = None) -> list[str]:
    """An object's tokens and changeable attributes, by short name: `2W`, `tired`, `level3`."""
    out = [short_name(game, t) if n == 1 else f"{n}{short_name(game, t)}" for t, n in game.marks(obj).items()]
    return out + render.field_words(game, obj, only_changed, name_of=lambda name: short_name(game, name), gap="",
                                    skip=skip)


# ---- the compact board

def compact_board(game, width: int, height: int | None) -> Group:
    """The status line, the tracks, then one entry per region: every layout row on its own line
    with empty spaces shown when `height` is None; else each region's occupied spaces as one
    paragraph, cut so that the whole takes at most `height` lines (one line per region at least)."""
    layout = game.view.layout
    tracks = render.track_lines(game) + render.effect_lines(game)
    head = [render.status_line(game, layout)] + ([render.packed(tracks, Text("  "), width)] if tracks else [])
    regions = game.regions_shown()
    titles = [region_title(r) for r in regions]
    title_width = max([len(t) for t in titles] + [len("Elsewhere")])
    console = measuring_console(width)
    inner = max(10, width - title_width - 1)
    entries: list[tuple[str, list[Text]]] = []
    packed_maps: dict[int, list[Text]] = {}     # a map's occupied hexes as a paragraph, if its rows must be cut
    for title, region in zip(titles, regions):
        grid = hex_rows(game, region, inner - 2) if region.hexes else None
        if region.hexes and height is not None:     # a map reads best row by row, its empty hexes too
            packed_maps[len(entries)] = occupied_paragraph(game, region, title, console, inner)
            entries.append((title, grid or map_rows(game, region, console, inner)))
        elif grid is not None:
            entries += [(title if i == 0 else "", [line]) for i, line in enumerate(grid)]
        elif height is None:
            for i, row in enumerate(region_cells(game, region, title, True)):
                line = joined(row)
                if region.shifted(i):       # too wide to interlock: shifted rows still stand out
                    line = Text("  ") + line
                entries.append((title if i == 0 else "", wrapped(line, console, inner)))
        else:
            entries.append((title, occupied_paragraph(game, region, title, console, inner)))
    placed = {space for region in (layout.regions if layout is not None else ()) for space in region.spaces}
    others = elsewhere_words(game, placed)
    if others and (height is None or not regions):
        entries.append(("Elsewhere" if regions else "Board", wrapped(joined(others, " · "), console, inner)))
    if height is not None:
        room = height - sum(lines_taken(part, width) for part in head)
        maps = {i for i, (title, region) in enumerate(zip(titles, regions)) if region.hexes}
        # a map cut short loses rows: its occupied hexes alone, as a paragraph, say more in the same lines
        entries = [(title, cut(packed_maps[i] if i in packed_maps and len(lines) > n else lines, n))
                   for i, ((title, lines), n) in enumerate(zip(entries, shares(entries, room, maps)))]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True, min_width=title_width)
    grid.add_column(no_wrap=True)
    for title, lines in entries:
        grid.add_row(title, spaced(Text("\n").join(lines)))
    return Group(*head, grid)


def shares(entries, room: int, first: set[int] = frozenset()) -> list[int]:
    """How many lines each entry may take: one each, then to the entries in `first` (maps, which a
    cut makes hard to read) as many more as they want and there is room for, then one more to
    each in turn while room is left."""
    wanted = [len(lines) for _, lines in entries]
    given = [1] * len(entries)
    room -= len(entries)
    for i in sorted(first):
        more = max(0, min(wanted[i] - given[i], room))
        given[i] += more
        room -= more
    while room > 0 and any(g < w for g, w in zip(given, wanted)):
        for i, want in enumerate(wanted):
            if room > 0 and given[i] < want:
                given[i] += 1
                room -= 1
    return given


def cut(lines: list[Text], n: int) -> list[Text]:
    """The first n lines, the last ending in … if some were left out."""
    if len(lines) <= n:
        return lines
    kept = [line.copy() for line in lines[:n]]
    kept[-1].append(" …", style="dim")
    return kept


def occupied_paragraph(game, region, title: str, console: Console, width: int) -> list[Text]:
    """A region's occupied spaces one after the other, in lines of `width`."""
    cells = [c for row in region_cells(game, region, title, False) for c in row]
    return wrapped(joined([c for c in cells if c is not None]), console, width)


def wrapped(text: Text, console: Console, width: int) -> list[Text]:
    """The text in lines of at most `width` - 2 (room for the ' …' a cut line may get), broken at
    spaces but never at the no-break spaces that hold one piece's words together."""
    limit = width - 2
    lines: list[Text] = []
    line = None
    for word in text.split(" ", allow_blank=True):
        if line is None:
            if not lines or word.plain:         # a broken line does not start with spaces
                line = word.copy()
        elif line.cell_len + 1 + word.cell_len > limit:
            lines.append(line + " ")            # the space stays with the word before, as rich wraps
            line = word.copy() if word.plain else None
        else:
            line = Text.assemble(line, " ", word)
    if line is not None:
        lines.append(line)
    too_long = [cell_len(one.plain.rstrip()) > limit for one in lines]
    return [piece for one, long in zip(lines, too_long) for piece in (one.wrap(console, limit) if long else [one])]


def spaced(text: Text) -> Text:
    """The text with its no-break spaces shown as spaces."""
    out = text.copy()
    out.plain = out.plain.replace(KEEP, " ")
    return out


def joined(parts: list[Text], separator: str = "  ") -> Text:
    return Text(separator).join(parts) if parts else Text("—", style="dim")


def elsewhere_words(game, placed: set[str]) -> list[Text]:
    """Each occupied space outside the layout with how many pieces it holds: `Game box (3)`."""
    out = []
    for space in game.view.spaces:
        stack = game.pieces_at(space)
        if space not in placed and stack:
            name = without_notes(game.label(space)).replace(" ", KEEP)
            out.append(Text.assemble((name, "bold"), f"{KEEP}({len(stack)})"))
    return out


# ---- fitting

def fitted_board(game, width: int, height: int):
    """The most detailed drawing of the board that takes at most `height` lines of `width`
    columns: the full board, else every layout row, else regions cut to fit."""
    drawing = render.board(game)
    if lines_taken(drawing, width) <= height:
        return drawing
    drawing = compact_board(game, width, None)
    if lines_taken(drawing, width) <= height:
        return drawing
    return compact_board(game, width, height)


def measuring_console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None, highlight=False, emoji=False)


def lines_taken(renderable, width: int) -> int:
    console = measuring_console(width)
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))
