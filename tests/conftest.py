"""Makes the shared test helpers (harness.py, paths.py) importable from every test folder."""
from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.append(str(TESTS))          # appended, so the real `interpreter` package wins
