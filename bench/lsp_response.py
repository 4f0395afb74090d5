"""Measures how fast `garrison lsp` answers while a Postmen file is edited: the first diagnostics after
opening it, diagnostics after each change (the time from sending the change to receiving the pack's
diagnostics, the server's wait for typing to pause included), and each kind of request.

Run: python bench/lsp_response.py [FILE] [--changes N]   (default: content/postmen/defense.rules, 20 changes)
"""
from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from lsp_client import ROOT, Session

from dsl import Workspace, rules_files


def timed(call) -> tuple[float, object]:
    started = time.perf_counter()
    answer = call()
    return (time.perf_counter() - started) * 1000, answer


def place(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    before = text[: text.index(needle) + offset]
    return before.count("\n"), len(before) - (before.rfind("\n") + 1)


def work_per_change(path: Path, changes: int) -> tuple[float, float]:
    """The processor time (ms, median) the server spends on a change, measured in this process:
    reading the changed file again, and checking the whole pack."""
    workspace = Workspace()
    files = [(str(p), p.read_text(encoding="utf-8")) for p in rules_files(path.parent)]
    workspace.check(files)
    parse, check = [], []
    for i in range(changes):
        edited = [(p, t.replace("function fresh(", f"function fresh{i}(", 1) if p == str(path) else t) for p, t in files]
        started = time.process_time()
        workspace.parse(str(path), dict(edited)[str(path)])
        parsed = time.process_time()
        workspace.check(edited)
        parse.append((parsed - started) * 1000)
        check.append((time.process_time() - parsed) * 1000)
    return statistics.median(parse), statistics.median(check)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(ROOT / "content" / "postmen" / "defense.rules"))
    parser.add_argument("--changes", type=int, default=20)
    args = parser.parse_args()
    path = Path(args.file).resolve()
    text = path.read_text(encoding="utf-8")
    session = Session()
    try:
        ms, _ = timed(lambda: session.wait_for_diagnostics(session.open(path)))
        uri = path.as_uri()
        print(f"{path.name} ({text.count(chr(10))} lines; pack of {len(list(path.parent.glob('*.rules')))} files)")
        print(f"  open, first diagnostics (parsing the whole pack): {ms:7.1f} ms")
        latencies, broken = [], 0
        for i in range(args.changes):
            # each change is new text (the file is read again); every other one breaks a name
            edited = text.replace("function fresh(", f"function fresh{i}(", 1) if i % 2 else text + f"# edit {i}\n"
            ms, found = timed(lambda: (session.change(uri, edited), session.wait_for_diagnostics(uri))[1])
            latencies.append(ms)
            broken += bool(found)
        print("  each change (ms):", " ".join(f"{ms:.0f}" for ms in latencies))
        print(f"  change -> diagnostics over {args.changes} changes ({broken} with errors): "
              f"median {statistics.median(latencies):.1f} ms, worst {max(latencies):.1f} ms")
        session.change(uri, text)
        session.wait_for_diagnostics(uri)
        line, col = place(text, "tokens(d, disrupted)", 2)
        requests = {
            "hover (builtin)": lambda: session.hover(uri, line, col),
            "hover (declaration)": lambda: session.hover(uri, *place(text, "on_board(d)", 2)),
            "definition": lambda: session.definition(uri, *place(text, "on_board(d)", 2)),
            "references": lambda: session.references(uri, *place(text, "function fresh(", 10)),
            "completion": lambda: session.completion(uri, line, col),
            "document symbols": lambda: session.symbols(uri),
            "formatting": lambda: session.formatting(uri),
        }
        for name, call in requests.items():
            times = [timed(call)[0] for _ in range(5)]
            print(f"  {name:<22} median {statistics.median(times):6.1f} ms")
    finally:
        session.close()
    parse, check = work_per_change(path, args.changes)
    print(f"  work per change, processor time in one process: reading the file {parse:.1f} ms, "
          f"checking the pack {check:.1f} ms")
    print(f"  (load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
