"""The compact board's short names: what each stands for, and finding objects by them (as `inspect` does)."""
from __future__ import annotations

import textwrap

from dsl import suggest

from . import render
from .shortnames import closing_number, plain_label, short_name


def short_names(game) -> dict[str, str]:
    """Every space's and piece's short name as the compact board writes it (a piece's without spaces)."""
    view = game.view
    return {oid: short_name(game, oid) if oid in view.spaces else short_name(game, oid).replace(" ", "")
            for oid in view.objects}


def by_short_name(game, text: str) -> list[str]:
    """Objects whose short name is the text (any case); failing that, those whose short name
    starts with it and goes on with a number (`MG1` finds MG1/1/1 and MG1/2/1)."""
    wanted = text.strip().replace(" ", "").lower()
    if not wanted:
        return []
    names = short_names(game)
    found = [o for o, short in names.items() if short.replace(" ", "").lower() == wanted] or [
        o for o, short in names.items()
        if short.lower().startswith(wanted) and not short[len(wanted)].isalpha() and wanted[-1].isdigit()]
    shown = set(board_objects(game))
    return [o for o in found if o in shown] or found       # those the board shows, if any


def find(game, query: str) -> list[str]:
    """Objects whose id or label is the query, else whose short name is (or, numbered, starts
    with) it, else whose label contains it."""
    view = game.view
    q = query.strip().lower()
    exact = [o for o in view.objects if o.lower() == q or view.label(o).lower() == q]
    return exact or by_short_name(game, query) or render.find_objects(game, query)


# ---- the legend

def entries(game) -> list[tuple[str, str]]:
    """(short name, what it stands for) for the names the compact board shows that differ from the
    words they shorten: the spaces the layout draws and the pieces on them, their tokens and attributes;
    numbered ones are merged: `LS…` for every `Light soldier N`."""
    view = game.view
    seen: dict[str, str] = {}
    shown = shown_objects(game)
    names = short_names(game)
    for oid in shown:
        add(seen, names[oid], plain_label(view, oid))
    for token in dict.fromkeys(t for oid in shown for t in game.marks(oid)):
        add(seen, short_name(game, token), view.token_label(token))
    for name in dict.fromkeys(n for oid in shown for n in view.markers(oid)):
        short, full = short_name(game, name), render.words(name)
        if short.lower() not in full.lower().split():       # `by` for `led by` says itself
            add(seen, short, full)
    return sorted(seen.items(), key=lambda item: item[0].lower())


def add(seen: dict, short: str, label: str) -> None:
    number = closing_number(label.split())
    if number and short == number:
        return              # a space named by its number (a grid's `3,2`): the region says the rest
    if number and short.endswith(number) and len(short) > len(number):
        short, label = short[: -len(number)] + "…", label[: -len(number)].strip()
    if short.lower() == label.lower():
        return
    if short in seen:       # one short name for several labels: the words they share
        shared = shared_words(seen[short], label)
        seen[short] = shared if shared and shared.lower() != short.lower() else join_labels(seen[short], label)
    else:
        seen[short] = label


def join_labels(labels: str, label: str) -> str:
    """`a / b`: the labels one short name stands for, each once."""
    return labels if label in labels.split(" / ") else f"{labels} / {label}"


def shared_words(a: str, b: str) -> str:
    """The words two labels begin with, else those they end with ('' if none)."""
    for direction in (1, -1):
        shared = []
        for x, y in zip(a.split()[::direction], b.split()[::direction]):
            if x != y:
                break
            shared.append(x)
        if shared:
            return " ".join(shared[::direction])
    return ""


def symbols(game) -> list[str]:
    """What the marks in the board's cells mean: each value an attribute the cells show can take
    (`terrain: . open, T trees`), then the empty space and region."""
    view = game.view
    if view.layout is None or not view.layout.regions:
        return []
    out, done = [], set()
    for region in view.layout.regions:
        for cell in (c for row in region.rows for c in row if c.shows and c.shows not in done):
            done.add(cell.shows)
            values = view.values_like(game.field(cell.space, cell.shows))
            if values:
                out.append(f"{render.words(cell.shows)}: " + ", ".join(f"{short_name(game, v)} {game.label(v)}"
                                                                      for v in values))
    return out + ["· an empty space, — an empty region"]


def legend_lines(game, width: int) -> list[str]:
    """The legend as lines at most `width` long: what the cells' marks mean, then
    `short full · short full …` (just `full` when it starts with `short`: `2A Tank Company`)."""
    lines = [line for part in symbols(game) for line in textwrap.wrap(part, width, subsequent_indent="  ")]
    line = ""
    for short, full in entries(game):
        item = full if full.startswith(short + " ") else f"{short} {full}"
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line} · {item}" if line else item
    return lines + ([line] if line else [])


# ---- what the board shows

def shown_objects(game) -> list[str]:
    """The spaces the layout draws and the pieces on them, in board order."""
    view = game.view
    spaces = [cell.space for region in (view.layout.regions if view.layout else ()) for row in region.rows
              for cell in row]
    return list(dict.fromkeys(spaces + [p for s in spaces if s not in view.decks for p in game.pieces_at(s)]))


def board_objects(game) -> list[str]:
    """The spaces the board shows (the layout's, then every other occupied one) and the pieces on
    them, in board order."""
    view = game.view
    shown = shown_objects(game)
    drawn = set(shown)
    spaces = [s for s in view.spaces if s not in drawn and game.pieces_at(s)]
    out = shown + spaces + [p for s in spaces if s not in view.decks for p in game.pieces_at(s)]
    return list(dict.fromkeys(out))


def inspect_text(game, query: str) -> list[str]:
    """What `inspect` prints: one object in full, copies summarised, or a did-you-mean."""
    view = game.view
    matches = find(game, query)
    if not matches:
        names = list(view.objects) + [view.label(o).lower() for o in view.objects]
        return [f"Nothing is called '{query}'{suggest(query.lower(), names)}."]
    labels = list(dict.fromkeys(view.label(m) for m in matches))
    if len(labels) > 1:
        listed = ", ".join(f"{game.label(m)} ({m})" for m in matches[:12])
        more = f" and {len(matches) - 12} more" if len(matches) > 12 else ""
        return [f"'{query}' could be: {listed}{more}. Which one?"]
    lines = render.inspect_lines(game, matches[0])
    if len(matches) > 1:
        places = [game.label(game.location(m)) for m in matches if m in view.pieces]
        where = ", ".join(f"{p} ×{places.count(p)}" if places.count(p) > 1 else p for p in dict.fromkeys(places))
        lines.insert(0, f"{len(matches)} copies of {labels[0]}: {where}. The first:")
    return lines
