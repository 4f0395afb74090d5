"""The compact board's short names: what each stands for, and finding objects by them."""
from __future__ import annotations

from . import compact, render


def short_names(game) -> dict[str, str]:
    """Every space's and piece's short name as the compact board writes it (without spaces)."""
    view = game.view
    names = {}
    for oid in view.objects:
        if oid in view.spaces:
            names[oid] = view.short_names.get(oid) or compact.short_name(game, oid)
        else:
            names[oid] = compact.short_name(game, oid).replace(" ", "")
    return names


def by_short_name(game, text: str) -> list[str]:
    """Objects whose short name is the text (any case); failing that, those whose short name
    starts with it and goes on with a number (`MG1` finds MG1/1/1 and MG1/2/1)."""
    wanted = text.strip().replace(" ", "").lower()
    if not wanted:
        return []
    names = short_names(game)
    found = [o for o, short in names.items() if short.lower() == wanted] or [
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


def entries(game) -> list[tuple[str, str]]:
    """(short name, what it stands for) for the names the compact board uses that differ from
    the words they shorten; numbered ones are merged: `LS…` for every `Light soldier N`."""
    view = game.view
    seen: dict[str, str] = {}
    for oid in board_objects(game):
        add(seen, compact.short_name(game, oid).replace(" ", ""), plain_label(game, oid))
    for token in token_names(game):
        add(seen, compact.short_name(game, token), view.token_label(token))
    for oid in board_objects(game):
        for name in view.markers(oid):
            add(seen, compact.short_name(game, name), render.words(name))
    return sorted(seen.items(), key=lambda item: item[0].lower())


def add(seen: dict, short: str, label: str) -> None:
    number = compact.closing_number(label.split())
    if number and short.endswith(number) and len(short) > len(number):
        short, label = short[: -len(number)] + "…", label[: -len(number)].strip()
    if short.lower() == label.lower():
        return
    if short in seen:       # one short name for several labels: the words they share
        seen[short] = shared_words(seen[short], label) or seen[short]
    else:
        seen[short] = label


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


def plain_label(game, oid: str) -> str:
    return compact.NOTES.sub("", game.label(oid)).strip() or game.label(oid)


def board_objects(game) -> list[str]:
    """The spaces the board shows and the pieces on them, in board order."""
    view = game.view
    layout = view.layout
    spaces = [cell.space for region in (layout.regions if layout else []) for row in region.rows for cell in row]
    spaces += [s for s in view.spaces if s not in spaces and game.pieces_at(s)]
    out = list(dict.fromkeys(spaces))
    for space in spaces:
        if space not in view.decks:
            out += game.pieces_at(space)
    return list(dict.fromkeys(out))


def token_names(game) -> list[str]:
    names: dict[str, None] = {}
    for oid in board_objects(game):
        names.update(dict.fromkeys(game.marks(oid)))
    names.update(dict.fromkeys(game.token_supply_left()))
    return list(names)


def legend_lines(game, width: int) -> list[str]:
    """The legend as lines of `short full · short full …` at most `width` long."""
    lines, line = [], ""
    for short, full in entries(game):
        item = f"{short} {full}"
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line} · {item}" if line else item
    return lines + ([line] if line else [])
