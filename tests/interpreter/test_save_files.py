"""Save files on disk: an interrupted save leaves the last good one, and its leftovers are cleared."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from interpreter import load_rules
from interpreter.runtime import bundled_change
from interpreter.saves.files import load_saved, save_game, temporary_name

from paths import FIXTURES, REPO

# names beside a save `g.json` that are not its temporary files, and so are never removed
NOT_ITS_TEMPORARIES = [".other.json.abcd1234", "g.json.previous", ".g.json.previous.abcd1234",
                       ".g.json.abc1234", ".g.json.abcd1234.bak", "g.json.abcd1234"]


def killed_while_saving(target, text: str) -> None:
    """Start saving `text` to `target` in another process and kill -9 it before the save is renamed into place."""
    script = ("import os, time\n"
              "from interpreter.saves import files\n"
              "def stuck(fd):\n"
              "    print('writing', flush=True)\n"
              "    time.sleep(600)\n"
              "os.fsync = stuck\n"
              f"files.save_game({str(target)!r}, {text!r})\n")
    child = subprocess.Popen([sys.executable, "-c", script], cwd=REPO, stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        assert child.stdout.readline().strip() == "writing"
    finally:
        child.kill()            # SIGKILL: nothing runs after it
        child.wait()
        child.stdout.close()


def test_a_save_killed_midway_keeps_the_last_good_save_and_the_next_save_clears_its_leftover(tmp_path):
    target = tmp_path / "g.json"
    save_game(target, '{"good": 1}')
    killed_while_saving(target, '{"half')
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "g.json"]
    assert len(leftovers) == 1 and temporary_name("g.json").fullmatch(leftovers[0]), leftovers
    assert target.read_text() == '{"good": 1}'
    for name in NOT_ITS_TEMPORARIES:
        (tmp_path / name).write_text("keep")
    save_game(target, '{"good": 2}')
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(NOT_ITS_TEMPORARIES + ["g.json"])
    assert target.read_text() == '{"good": 2}'


def test_loading_a_save_clears_the_leftovers_of_its_interrupted_saves(tmp_path):
    rules = load_rules(FIXTURES / "tiny")
    game = rules.new_game(seed=1)
    game.choose(game.decision.options[0].id)
    target = tmp_path / "g.json"
    save_game(target, game.to_json())
    killed_while_saving(target, "{")
    assert len(list(tmp_path.iterdir())) == 2
    assert load_saved(rules, str(target)).to_json() == game.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


@pytest.mark.parametrize("recorded, found", [
    ("/anywhere/postmen/mods/no_howitzer.rules", "content/postmen/mods/no_howitzer.rules"),
    ("C/postmen/scenarios/battered_upper_floors.rules", "content/postmen/scenarios/battered_upper_floors.rules"),
    ("/anywhere/postmen/mods/no_such_mod.rules", None),
    ("/anywhere/postmen/cards.rules", None),
    ("/anywhere/chess/mods/no_howitzer.rules", None),
    ("postmen/mods/../../../../etc/passwd.rules", None),
    ("/anywhere/mods/no_howitzer.rules", None),
    ("no_howitzer.rules", None),
])
def test_a_recorded_mod_is_found_among_the_bundled_ones_only(recorded, found):
    result = bundled_change(recorded)
    assert (result and result.resolve()) == (found and (REPO / found).resolve())


def test_a_save_an_editor_gave_a_byte_order_mark_loads_and_one_without_its_log_says_so(tmp_path):
    import json
    from interpreter import GameError
    rules = load_rules(FIXTURES / "tiny")
    game = rules.new_game(seed=3)
    game.choose(game.decision.options[0].id)
    text = game.to_json()
    marked = tmp_path / "marked.json"
    marked.write_text("\ufeff" + text, encoding="utf-8")
    assert load_saved(rules, str(marked)).decisions_made == 1
    data = json.loads(text)
    del data["log"]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameError, match=r"the saved game is incomplete \(missing log\)"):
        load_saved(rules, str(cut))


def test_a_mod_whose_path_is_not_utf8_is_saved_and_loaded_again(tmp_path):
    mod = tmp_path / os.fsdecode(b"wall\xff.rules")
    mod.write_text('mod "Bigger" for tiny\nchange card big_raid x2\n', encoding="utf-8")
    rules = load_rules(FIXTURES / "tiny", mods=[str(mod)])
    game = rules.new_game(seed=3)
    game.choose(game.decision.options[0].id)
    target = tmp_path / "g.json"
    save_game(target, game.to_json())                      # the path's byte kept as a \u escape
    again = load_saved(rules, str(target))
    assert again.trail == game.trail and again.rules.mods == [str(mod)]


@pytest.mark.parametrize("mods, damage", [
    (["x/postmen/mods/no_howitzer.rules", "y/postmen/mods/no_howitzer.rules"], "its mods name one bundled mod twice"),
    (["x/westerplatte/mods/heavy_air_raids.rules"], "its mods are another game's"),
])
def test_a_save_whose_mods_were_edited_is_damaged(tmp_path, mods, damage):
    from interpreter.saves.files import mods_to_apply
    with pytest.raises(Exception, match=rf"^cannot load g.json: the saved game is damaged \({damage}\)$"):
        mods_to_apply("g.json", {"game": "postmen", "mods": mods}, None)
