"""bench/search_game_times.py: its arguments are checked before any game is played."""
from __future__ import annotations

import pytest

from search_game_times import main


@pytest.mark.parametrize("flag", ["--seeds", "--runs", "--jobs"])
def test_counts_below_one_are_refused(flag, capsys):
    with pytest.raises(SystemExit) as stop:
        main([flag, "0"])
    assert stop.value.code == 2
    assert "--seeds, --runs and --jobs must be at least 1" in capsys.readouterr().err
