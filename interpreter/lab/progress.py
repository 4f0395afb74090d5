"""Progress of a batch of games on stderr: a rich bar at a terminal, a line every tenth otherwise."""
from __future__ import annotations

import sys


def progress_printer():
    """Progress on stderr: at a terminal, rich's progress bar with games/s and the time left;
    otherwise a line at every tenth of the run."""
    stream = sys.stderr
    if stream.isatty():
        return _RichProgress()
    state = {"tenth": 0}

    def show(done: int, total: int, seconds: float) -> None:
        tenth = done * 10 // total
        if tenth == state["tenth"] and done < total:
            return
        state["tenth"] = tenth
        rate = done / seconds if seconds else 0.0
        eta = (total - done) / rate if rate else 0.0
        stream.write(f"{done}/{total} games, {rate:.1f}/s, {eta:.0f}s left\n")
        stream.flush()
    return show


class _RichProgress:
    """A rich progress bar, started at the first game finished and stopped at the last."""

    def __init__(self):
        self.progress = self.task = None

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if self.progress is None:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)
            self.progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                                     TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                                     TextColumn("left"), TimeRemainingColumn(),
                                     console=Console(stderr=True), transient=False)
            self.task = self.progress.add_task("games", total=total, rate="")
            self.progress.start()
        rate = f"{done / seconds:.1f}/s" if seconds else ""
        self.progress.update(self.task, completed=done, rate=rate)
        if done >= total:
            self.close()

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()
