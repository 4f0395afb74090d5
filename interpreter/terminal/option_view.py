"""How a decision's numbered options are laid out: grids per action, the count of those left out, a summary by action."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text

from dsl import printable

from . import render
from .choices import group_options, number_runs, shows_id
from .render import words

MULTI_COLUMN_LIST = 6    # a list of at least this many short options is laid out in columns
MAX_COLUMNS = 3


def options_view(numbered, headed: bool = False) -> list:
    """The options in a grid per action, under the action's name when `headed` and there are several."""
    groups = group_options(numbered)
    named = headed and sum(1 for name, _ in groups if name) > 1
    out = []
    for name, members in groups:
        if named and name:
            out.append(Text(f"  {words(name)}:", style="dim"))
        out.append(option_grid([(f"{n}.", Text() if option.label == str(n) else option_text(option))
                                for n, option in members]))
    return out


def more_note(numbered, shown: int) -> Text:
    """The line under the first `shown` options: how many are left out, by their numbers (which a
    question asked again keeps, so they need not run on from those shown)."""
    hidden = sorted(n for n, _ in numbered[shown:])
    return Text(f"  … {len(hidden)} more ({number_runs(hidden, at_most=4)}): 'all' lists every option, a word finds some",
                style="dim")


def summary_view(numbered) -> list:
    """How many options each action has (an action with at most three listed in full)."""
    out = [Text(f"  {len(numbered)} options; type a word to see the matching ones (a name, a place), or 'all':")]
    for name, members in group_options(numbered):
        if len(members) <= 3:
            out += options_view(members)
        else:
            numbers = number_runs(sorted(n for n, _ in members), at_most=2)
            out.append(option_grid([(numbers, f"{words(name) or 'choices'}: {len(members)} options")]))
    return out


def option_text(option) -> Text:
    """The option's label, then its id dimmed when the id is more than the label in other words."""
    text = Text(printable(option.label))
    if shows_id(option):
        text.append(f" {printable(option.id)}", style="dim")
    return text


def option_grid(rows: list[tuple[str, str | Text]]) -> Table:
    """Numbers in a right-aligned column, labels wrapped beside them; several such columns side by
    side (filled downwards) when there are many options with short labels."""
    longest = max(len(number) + len(label) for number, label in rows) + 2      # a Text's len is its length
    columns = 1 if len(rows) < MULTI_COLUMN_LIST else max(1, min(MAX_COLUMNS, render.WIDTH // (longest + 6)))
    per_column = -(-len(rows) // columns)
    grid = Table.grid(padding=(0, 1))
    for _ in range(columns):
        grid.add_column(justify="right", min_width=6 if columns == 1 else 4, style="bold")
        grid.add_column(overflow="fold")
    for i in range(per_column):
        cells = []
        for number, label in rows[i::per_column]:
            cells += [number, label if isinstance(label, Text) else Text(printable(label))]
        grid.add_row(*cells)
    return grid
