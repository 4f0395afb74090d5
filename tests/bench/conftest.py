"""Makes the benchmark scripts in bench/ importable from this folder."""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = str(Path(__file__).resolve().parents[2] / "bench")
if BENCH not in sys.path:
    sys.path.append(BENCH)
