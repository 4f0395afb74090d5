"""A sweep's results folder: a manifest of the configurations and runs, and one JSON Lines file of games per configuration."""
from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path

from interpreter.runtime import GameError, json_text, valid_unicode, whole

from ..saves.files import write_atomically

FORMAT = 1


class ResultsFolder:
    """`manifest.json` names every configuration ever swept here (by key) and each run's grid;
    `results/KEY.jsonl` holds one row per game, appended as games finish, so a stopped sweep
    resumes from what it holds. Rows of different configurations never share a file."""

    def __init__(self, path):
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise GameError(f"--out {path} is a file, not a folder")
        self.manifest = self._read_manifest()
        self._open: dict = {}

    @property
    def manifest_path(self) -> Path:
        return self.path / "manifest.json"

    def results_path(self, key: str) -> Path:
        return self.path / "results" / f"{key}.jsonl"

    def _read_manifest(self) -> dict:
        if not self.manifest_path.exists():
            if self.path.exists() and any(self.path.iterdir()) and not (self.path / "results").is_dir():
                raise GameError(f"{self.path} holds other files and no sweep: name an empty or new folder with --out")
            return {"format": FORMAT, "configurations": {}, "runs": []}
        try:
            data = json.loads(self.manifest_path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT or not _well_formed(data):
                raise ValueError("not a manifest")
        except (OSError, ValueError, AttributeError, RecursionError):
            raise GameError(f"{self.manifest_path} is not a sweep manifest (damaged, or another tool's)") from None
        data.setdefault("runs", [])
        return data

    def rows(self, key: str) -> dict[int, dict]:
        """The games recorded for one configuration, by seed (a line cut short by a crash, or changed
        into something no game writes, is left out: that game is played again)."""
        path = self.results_path(key)
        found: dict[int, dict] = {}
        if not path.exists():
            return found
        with path.open(encoding="utf-8") as f:
            for line in f:
                try:
                    row = json.loads(line)
                except (ValueError, RecursionError):
                    continue
                if _row_well_formed(row, key):
                    found.setdefault(row["seed"], row)
        return found

    def others(self, points) -> list[dict]:
        """The configurations recorded here that are not in this grid; `changed` marks the ones whose
        settings match one of the grid but whose rules text differs (a mod edited since)."""
        keys = {p.key for p in points}
        mine = {json.dumps(_settings(p.manifest_entry())) for p in points}
        return [{**entry, "changed": json.dumps(_settings(entry)) in mine}
                for key, entry in self.manifest["configurations"].items() if key not in keys]

    def begin(self, points, seeds: range, command: str) -> None:
        """Record the grid and this run in the manifest before the first game is played."""
        try:
            (self.path / "results").mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise GameError(f"cannot write the results to {self.path}: {err.strerror or err}") from None
        for p in points:
            self.manifest["configurations"][p.key] = {**p.manifest_entry(), "file": f"results/{p.key}.jsonl"}
        self.manifest["runs"] = self.manifest["runs"][-99:] + [{
            "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "seeds": [seeds.start, seeds.stop], "configurations": [p.key for p in points], "command": command}]
        write_atomically(self.manifest_path, json_text(self.manifest, indent=1) + "\n")

    def append(self, key: str, rows: list[dict]) -> None:
        """Add rows to a configuration's file and flush them, so they survive a stop right after."""
        f = self._open.get(key)
        if f is None:
            path = self.results_path(key)
            _cut_partial_line(path)
            f = self._open[key] = path.open("a", encoding="utf-8")
        f.write("".join(json_text(r) + "\n" for r in rows))
        f.flush()

    def write_summary(self, summary: dict) -> None:
        if self.path.is_dir():
            write_atomically(self.path / "summary.json", json_text(summary, indent=1) + "\n")

    def close(self) -> None:
        for f in self._open.values():
            f.close()
        self._open.clear()


def _row_well_formed(row, key: str) -> bool:
    """Whether a results line is one game of configuration `key` as `sim.play_one` writes it."""
    if not (isinstance(row, dict) and row.get("config") == key and whole(row.get("seed")) and valid_unicode(row)):
        return False
    if "error" in row:
        return isinstance(row["error"], str)
    counts = (row.get("cards"), row.get("tallies"))
    return (isinstance(row.get("outcome"), str) and (row.get("score") is None or whole(row["score"]))
            and whole(row.get("decisions")) and (row.get("turns") is None or whole(row["turns"]))
            and all(isinstance(c, dict) and all(whole(n) for n in c.values()) for c in counts))


def _well_formed(data: dict) -> bool:
    """Whether a manifest read back has the shape this module writes (each configuration's settings, the runs)."""
    entries = data.get("configurations")
    return isinstance(entries, dict) and isinstance(data.get("runs", []), list) and all(
        isinstance(e, dict) and isinstance(e.get("game"), str) and isinstance(e.get("mods"), list)
        and all(isinstance(m, str) for m in e["mods"]) and isinstance(e.get("scenario"), (str, type(None)))
        and all(key in e for key in ("variant", "seats", "bot", "budget")) for e in entries.values())


def _settings(entry: dict) -> list:
    """A configuration's settings without its rules text: the same mods by name, variant, seats, bot."""
    return [entry["game"], [Path(m).name for m in entry["mods"]], Path(entry["scenario"]).name if entry["scenario"] else None,
            entry["variant"], entry["seats"], entry["bot"], entry["budget"]]


def _cut_partial_line(path: Path) -> None:
    """A file a crash left mid-line is cut back to its last whole row before more are added."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as f:
            f.truncate(data.rfind(b"\n") + 1)
        print(f"note: {path} ended in a row cut short; it was dropped", file=sys.stderr)
