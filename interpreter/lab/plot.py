"""`garrison sim --plot`: score distributions on shared numeric bins and outcome shares, each
configuration's bars side by side with their 95% intervals."""
from __future__ import annotations

import math
import os

from dsl import printable
from interpreter.runtime import GameError

from . import stats

MAX_BINS = 24          # more distinct scores than this are grouped into bins of several


def score_bins(scores: list[list[int]]) -> list[tuple[int, int]]:
    """Shared bins (first, last score, both included) over every configuration's scores: one per
    score when there are few, else equal ranges of whole numbers."""
    every = [s for run in scores for s in run]
    if not every:
        return []
    low, high = min(every), max(every)
    width = max(1, math.ceil((high - low + 1) / MAX_BINS))
    return [(start, start + width - 1) for start in range(low, high + 1, width)]


def shares_with_intervals(values: list[int], bins: list[tuple[int, int]]):
    """Per bin: the share of the games in it, and how far below and above it its 95% interval reaches."""
    n = len(values)
    shares, below, above = [], [], []
    for first, last in bins:
        count = sum(1 for v in values if first <= v <= last)
        share = count / n if n else 0.0
        low, high = stats.wilson(count, n)
        shares.append(share)
        below.append(max(0.0, share - low))       # never below 0 through rounding
        above.append(max(0.0, high - share))
    return shares, below, above


def pyplot():
    """matplotlib's pyplot drawing to files, or a one-line error saying how to install it."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise GameError("--plot needs matplotlib: pip install 'garrison[plot]'") from None
    return plt


def plot_target(plot: str) -> str:
    """The file `--plot` names, checked before any game is played (GameError if it cannot be one):
    a bare name gets .png; a folder that does not exist or cannot be written in, a device or pipe,
    a kind of picture matplotlib cannot draw, or a file that is there and is not an earlier plot
    (which drawing would destroy) is refused."""
    if not plot.strip() or os.path.isdir(plot) or not os.path.isdir(os.path.dirname(os.path.abspath(plot))):
        raise GameError(f"--plot needs a file in a folder that exists, not {plot!r}")
    given = plot
    if not os.path.splitext(plot)[1]:
        plot += ".png"                          # the picture's kind goes by the name's suffix
    for name in dict.fromkeys((given, plot)):   # `--plot /dev/null` names no file to draw beside
        if os.path.lexists(name) and not os.path.isfile(name):
            raise GameError(f"--plot needs a file, not {name!r}, which is a device, pipe or link to nothing")
    folder = os.path.dirname(os.path.abspath(plot))
    if not os.access(folder, os.W_OK):
        raise GameError(f"--plot cannot write in {folder}: the folder is not writable")
    suffix = os.path.splitext(plot)[1].lstrip(".").lower()
    if suffix not in plot_formats():
        raise GameError(f"--plot cannot draw a .{suffix} file; name a .png, .svg or .pdf one")
    if os.path.lexists(plot) and not _drawn_before(plot):
        raise GameError(f"--plot would write over {plot}, which is not a plot drawn before; name another file")
    problem = _cannot_write(plot)
    if problem:
        raise GameError(f"--plot cannot write {plot}: the system refuses ({problem})")
    return plot


def _cannot_write(path: str) -> str | None:
    """Why the system would refuse to write `path`, found by trying (what a folder's permissions
    say is not all: some folders refuse new files whoever asks); None if it would not."""
    try:
        if os.path.lexists(path):
            with open(path, "ab"):          # opened to add to: nothing of it is lost
                pass
            return None
        with open(path, "xb"):
            pass
    except OSError as err:
        return (err.strerror or str(err)).lower()
    try:
        os.remove(path)
    except OSError:
        pass        # an empty file is left where the plot goes, which drawing writes over
    return None


def _drawn_before(path: str) -> bool:
    """Whether a file is a picture matplotlib drew (its PNG and SVG files name it near their start,
    its PDF files near their end), or empty: nothing is lost in drawing over either."""
    try:
        if os.path.isfile(path) and os.path.getsize(path) == 0:
            return True
        with open(path, "rb") as f:
            head = f.read(4096)
            f.seek(max(0, os.path.getsize(path) - 4096))
            return os.path.isfile(path) and (b"atplotlib" in head or b"atplotlib" in f.read())
    except OSError:
        return False


def plot_formats() -> set[str]:
    """The file suffixes a plot can be written as (png, svg, pdf, ...)."""
    plt = pyplot()
    fig = plt.figure()
    try:
        return set(fig.canvas.get_supported_filetypes())
    finally:
        plt.close(fig)


def write_plot(runs: list, figures: list[dict], path: str) -> None:
    """Draw the runs' scores and outcomes into a PNG (or any format matplotlib knows by the suffix)."""
    plt = pyplot()
    scores = [[r["score"] for r in run.results if "error" not in r and r["score"] is not None] for run in runs]
    bins = score_bins(scores)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5), gridspec_kw={"width_ratios": [3, 2]})
    count = len(runs)
    if bins:
        step = bins[0][1] - bins[0][0] + 1
        bar = 0.8 * step / count
        for i, (values, f) in enumerate(zip(scores, figures)):
            shares, below, above = shares_with_intervals(values, bins)
            centres = [(first + last) / 2 + (i - (count - 1) / 2) * bar for first, last in bins]
            left.bar(centres, shares, width=bar, yerr=[below, above], capsize=2, label=_name(f, i, count),
                     error_kw={"elinewidth": 0.8, "alpha": 0.7})
        if step == 1:
            from matplotlib.ticker import MaxNLocator
            left.xaxis.set_major_locator(MaxNLocator(integer=True))
        else:
            left.set_xticks([(first + last) / 2 for first, last in bins],
                            [f"{first} to {last}" for first, last in bins], rotation=45, ha="right")
        left.set_xlabel("score" + (f" (bins of {step})" if step > 1 else ""))
        left.set_ylabel("share of games")
    else:
        left.text(0.5, 0.5, "no scores", ha="center", va="center", transform=left.transAxes)
    left.set_title("Score")
    names = list(dict.fromkeys(name for f in figures for name in f["outcome_shares"]))
    bar = 0.8 / count
    for i, f in enumerate(figures):
        got = [f["outcome_shares"].get(name, {"share": 0.0, "ci95": [0.0, 0.0]}) for name in names]
        shares = [g["share"] for g in got]
        errors = [[max(0.0, g["share"] - g["ci95"][0]) for g in got], [max(0.0, g["ci95"][1] - g["share"]) for g in got]]
        right.bar([k + (i - (count - 1) / 2) * bar for k in range(len(names))], shares, width=bar,
                  yerr=errors, capsize=3, label=_name(f, i, count))
    right.set_xticks(range(len(names)), names, rotation=20, ha="right")
    right.set_ylim(0, 1)
    right.set_ylabel("share of games")
    right.set_title("Outcomes (95% intervals)")
    for axes in (left, right):
        axes.grid(axis="y", alpha=0.3)
    if count > 1:
        handles, labels = right.get_legend_handles_labels()
        fig.legend(handles, labels, loc="upper center", ncol=1, fontsize=8, frameon=False)
    else:
        fig.suptitle(_name(figures[0], 0, 1), fontsize=9)
    fig.tight_layout(rect=(0, 0, 1, 0.88 if count > 1 else 0.95))
    try:
        fig.savefig(path, dpi=110)
    except (OSError, ValueError) as err:
        said = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise GameError(f"cannot write the plot to {path}: {said}") from None
    finally:
        plt.close(fig)


def _name(figures: dict, index: int, count: int) -> str:
    prefix = "AB"[index] + ": " if count > 1 else ""
    return printable(f"{prefix}{figures['config']} ({figures['finished']} games)")    # a path's bytes that are not UTF-8 escaped
