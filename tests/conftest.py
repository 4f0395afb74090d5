"""Makes the shared test helpers (harness.py, paths.py) importable from every test folder, and gives the suite its
own cache and data folder."""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.append(str(TESTS))          # appended, so the real `interpreter` package wins

# Compiled packs are kept in a cache of the suite's own, so a run neither reads nor fills the
# user's (subprocesses inherit the setting); tests of the cache itself choose their own folder.
if "GARRISON_CACHE" not in os.environ:
    os.environ["GARRISON_CACHE"] = tempfile.mkdtemp(prefix="garrison-test-cache-")
    atexit.register(shutil.rmtree, os.environ["GARRISON_CACHE"], ignore_errors=True)

# Games rescued from a save file that could not be written go to the user's data folder: the
# suite's own, so that a run never writes into the user's.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="garrison-test-data-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], ignore_errors=True)
