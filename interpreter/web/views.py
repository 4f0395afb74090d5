"""The game as JSON for the page: the board from the pack's layout, the decision, the log, one object in full."""
from __future__ import annotations

import re
from functools import lru_cache

from rich.style import Style

from interpreter.runtime import UNNAMED_OUTCOME
from interpreter.terminal import compact, render
from interpreter.terminal.shortnames import short_name
from interpreter.terminal.choices import group_key, number_options

ELSEWHERE_COUNTERS = 24     # counters a space outside the layout shows before counting the rest
SUFFIX = re.compile(r"~\d+$")      # `key~2`: an option id told apart from another's


# ---- the board

def board_json(game, targets: frozenset = frozenset()) -> dict:
    """The status variables, tracks, effects in force, the layout's regions of cells, and a last
    region for what lies outside the layout (every space an option names among them)."""
    view = game.view
    layout = view.layout
    regions, placed = [], set()
    shown = game.regions_shown()
    for region in shown:
        rows = [{"shift": region.shifted(i), "cells": [cell_json(game, c.space, c.style, c.name, c.shows) for c in row]}
                for i, row in enumerate(region.rows)]
        regions.append({"title": region.title, "short": compact.region_title(region), "hex": region.hexes,
                        "rows": rows})
        placed.update(region.spaces)
    # a hidden region's spaces are not listed elsewhere, but for those an option names
    placed.update(space for region in (layout.regions if layout is not None else ()) if region not in shown
                  for space in region.spaces if space not in targets)
    others = [clipped_cell(cell_json(game, s), targets) for s in view.spaces
              if s not in placed and (game.pieces_at(s) or render.space_marks(game, s) or s in targets)]
    if others:
        title = "Elsewhere" if layout is not None else "Board"
        regions.append({"title": title, "short": title, "hex": False, "flow": True,
                        "rows": [{"shift": False, "cells": others}]})
    supply = [f"{n} {view.token_label(t)}" for t, n in game.token_supply_left().items()]
    return {"status": [variable_json(game, name) for name in (game.status_shown() if layout is not None else view.variables)],
            "tracks": [{"title": title, "items": [game.label(i) for i in items], "at": at}
                       for title, items, at in game.layout_tracks()],
            "effects": game.effects_shown(), "regions": regions, "supply": supply}


def clipped_cell(cell: dict, targets: frozenset) -> dict:
    """A space outside the layout with its first ELSEWHERE_COUNTERS counters (and any an option
    names), the rest counted: a pile of a hundred cards is not a page long."""
    counters = cell["counters"]
    if len(counters) <= ELSEWHERE_COUNTERS:
        return cell
    kept = [c for i, c in enumerate(counters) if i < ELSEWHERE_COUNTERS or targets.intersection(c["ids"])]
    left = sum(len(c["ids"]) for c in counters) - sum(len(c["ids"]) for c in kept)
    return dict(cell, counters=kept, more=f"and {left} more: the space's name lists them all")


def variable_json(game, name: str) -> dict:
    """A shown variable: its name in words, its value in words, and a short numeric range as a track."""
    value = game.var(name)
    low, high = game.view.var_range(name)
    number = isinstance(value, int) and not isinstance(value, bool)
    track = number and low is not None and high - low + 1 <= render.TRACK_SPAN
    return {"name": render.words(name), "value": render.shown_value(game, value),
            "track": list(range(low, high + 1)) if track else None, "at": value if track else None}


def cell_json(game, space: str, style: str | None = None, name: str | None = None, shows: str | None = None) -> dict:
    """One space: its name (short and full), its colours, its marks, and its counters (or a deck's count)."""
    view = game.view
    stack = game.pieces_at(space)
    deck = space in view.decks
    return {"space": space, "label": name or game.label(space),
            "short": short_name(game, space),
            "colour": render.colour_word(style), **css_colours(style or render.value_style(game, space, shows)),
            "shows": game.label(game.field(space, shows)) if shows else None,
            "marks": render.space_marks(game, space, skip=shows),     # what `shows` names is in the header
            "deck": deck, "count": render.count_words(game, stack) if deck and stack else None,
            "counters": [] if deck else counters_json(game, stack)}


def _family(view, piece: str) -> str:
    """The broadest kind a piece is of below `piece` and `card` (its declaration if it has no kind)."""
    return [k for k in view.kinds_of(piece) if k not in ("piece", "card")][-1]


@lru_cache(maxsize=16)
def _families(view) -> dict[str, int]:
    """Each family of the pack's pieces numbered, in the order of their names (cards, drawn alike, all 0)."""
    numbers = {f: i for i, f in enumerate(sorted({_family(view, p) for p in view.pieces if not view.is_card(p)}))}
    return {_family(view, p): numbers.get(_family(view, p), 0) for p in view.pieces}


def counters_json(game, stack: list[str]) -> list[dict]:
    """The pieces on a space bottom to top, identical ones (same name and marks) as one counter with a count;
    each with the number of its family (the broadest kind it is of), so that sides look apart."""
    families = _families(game.view)
    groups: dict[tuple, dict] = {}
    for piece in stack:
        key = (game.label(piece), render.piece_marks(game, piece))
        group = groups.get(key)
        if group is None:
            groups[key] = {"ids": [piece], "label": key[0], "marks": key[1],
                           "short": short_name(game, piece).replace(" ", ""),
                           "card": game.view.is_card(piece), "family": families[_family(game.view, piece)]}
        else:
            group["ids"].append(piece)
    return list(groups.values())


def css_colours(style: str | None) -> dict:
    """A cell's rich style ('white on dark_blue') as CSS colours: {'fg': '#ffffff', 'bg': '#000080'}."""
    if not style:
        return {"fg": None, "bg": None}
    parsed = Style.parse(style)
    return {"fg": _css(parsed.color), "bg": _css(parsed.bgcolor)}


def _css(colour) -> str | None:
    if colour is None or colour.is_default:
        return None
    return colour.get_truecolor().hex


# ---- the decision

def option_objects(option_id: str, objects) -> list[str]:
    """The pieces and spaces an option's id names (`attack:gdaniec:rifleman_3`, `[a,b]`, `gdaniec~2`)."""
    parts = SUFFIX.sub("", option_id).split(":")
    if len(parts) > 1:
        parts = parts[1:]               # the action's name
    names = [n for p in parts for n in p.strip("[]").split(",")]
    return [n for n in names if n in objects]


def decision_json(game, bots: dict) -> dict | None:
    """The question, who answers it, the steps chosen so far, and the options grouped by action."""
    decision = game.decision
    if decision is None:
        return None
    objects = frozenset(game.view.objects)
    options = [{"number": n, "id": o.id, "label": o.label, "group": render.words(group_key(o)),
                "objects": option_objects(o.id, objects)} for n, o in number_options(decision).numbered]
    return {"seat": decision.seat, "bot": bots.get(decision.seat), "prompt": decision.prompt,
            "chosen": list(decision.chosen), "picked": list(decision.picked), "step": decision.step, "options": options,
            "at": question_at(game)}


def question_at(game) -> str:
    """Which question is asked, as a page names it when it answers: the decisions made, then the
    steps chosen of this one (an answer sent for a question already answered is told apart)."""
    return f"{game.decisions_made}.{len(game.decision.chosen) if game.decision else 0}"


def targets_of(decision: dict | None) -> frozenset:
    return frozenset(o for option in (decision or {}).get("options", []) for o in option["objects"])


def result_json(game) -> dict | None:
    result = game.result
    if result is None:
        return None
    outcome = None if result.outcome == UNNAMED_OUTCOME else result.outcome
    return {"outcome": outcome, "score": result.score,
            "details": {render.words(k): game.label(v) for k, v in result.details.items()}}


def log_json(events) -> list[dict]:
    return [{"kind": e.kind, "text": e.text} for e in events]


# ---- one object

def inspect_json(game, oid: str) -> dict | None:
    """Everything known about a piece or space, as the terminal's `inspect` lists it."""
    if oid not in game.view.objects:
        return None
    lines = render.inspect_lines(game, oid)
    return {"id": oid, "title": lines[0], "lines": [line.strip() for line in lines[1:]]}
