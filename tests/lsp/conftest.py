"""Makes bench/lsp_client.py (the client that talks to `garrison lsp`) importable from these tests."""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = str(Path(__file__).resolve().parents[2] / "bench")
if BENCH not in sys.path:
    sys.path.append(BENCH)
