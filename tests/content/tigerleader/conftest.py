"""Makes tiger_support.py (the helpers of the Tiger Leader tests) importable from this folder."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.append(HERE)
