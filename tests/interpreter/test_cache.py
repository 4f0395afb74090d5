"""The on-disk cache of compiled packs: used by a new process, checked before use, rebuilt when stale or damaged."""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time

import pytest

import interpreter
from interpreter.runtime import GameError
from paths import REPO

TINY = REPO / "tests" / "fixtures" / "tiny"
ERROR_PROGRAM = REPO / "tests" / "programs" / "error_in_straight_loop.rules"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("GARRISON_CACHE", str(folder))
    return folder


def entries(folder) -> list[str]:
    return sorted(p.name for p in folder.glob("*.pickle")) if folder.exists() else []


def random_game(rules, seed: int):
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.choose(game.draw(rng))
    return game


def test_a_new_process_loads_a_cached_pack_without_the_parser_or_the_checker(cache):
    script = ("import sys, interpreter; rules = interpreter.load_rules('postmen'); rules.new_game(seed=3).decision; "
              "print(sorted(m for m in ('lark', 'pydantic', 'dsl.ast', 'dsl.checker') if m in sys.modules))")
    env = dict(os.environ, GARRISON_CACHE=str(cache))
    first = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    second = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert first.stdout.strip() == "['dsl.ast', 'dsl.checker', 'lark', 'pydantic']"     # built, then kept
    assert second.stdout.strip() == "[]"                                                 # read back
    assert len(entries(cache)) == 2                       # the checked summary and the base game


@pytest.mark.parametrize("pack", ["postmen", "westerplatte", "tigerleader"])
def test_games_from_the_cache_play_exactly_as_freshly_compiled_ones(cache, pack):
    fresh = interpreter.load_rules(pack)
    cached = interpreter.load_rules(pack)
    assert type(cached.compiled()).__name__ == "CompiledGame"       # the stored runtime tables, no compiler
    assert cached.fingerprint == fresh.fingerprint and cached.warnings == fresh.warnings
    for seed in range(3):
        a, b = random_game(fresh, seed), random_game(cached, seed)
        assert a.log_data == b.log_data and a.result == b.result


def test_a_cached_pack_reports_errors_at_the_same_rules_line(cache):
    for _ in range(2):                                   # compiled, then read from the cache
        game = interpreter.load_rules(ERROR_PROGRAM).new_game()
        with pytest.raises(GameError, match=r"error_in_straight_loop.rules:9:13: error: position 4 is outside"):
            game.decision


def test_a_variant_is_cached_on_its_own(cache):
    interpreter.load_rules(TINY)
    assert len(entries(cache)) == 2
    rules = interpreter.load_rules(TINY)
    rules.new_game(variant="hard").decision
    assert len(entries(cache)) == 3
    assert type(interpreter.load_rules(TINY).compiled("hard")).__name__ == "CompiledGame"


def test_damaged_entries_are_rebuilt(cache):
    expected = random_game(interpreter.load_rules("westerplatte"), 1).log_data
    for path in cache.glob("*.pickle"):
        path.write_bytes(b"not a cache entry")
    rules = interpreter.load_rules("westerplatte")
    assert random_game(rules, 1).log_data == expected
    for path in cache.glob("*.pickle"):
        path.write_bytes(path.read_bytes()[:100])            # cut short
    assert random_game(interpreter.load_rules("westerplatte"), 1).log_data == expected
    assert type(interpreter.load_rules("westerplatte").compiled()).__name__ == "CompiledGame"   # written again


def test_changed_rules_are_compiled_again(cache, tmp_path):
    pack = tmp_path / "tiny"
    shutil.copytree(TINY, pack)
    before = interpreter.load_rules(pack)
    game = pack / "game.rules"
    game.write_text(game.read_text(encoding="utf-8").replace('"Tiny Siege"', '"Tinier Siege"'), encoding="utf-8")
    after = interpreter.load_rules(pack)
    assert (before.title, after.title) == ("Tiny Siege", "Tinier Siege")
    assert before.fingerprint != after.fingerprint
    assert len(entries(cache)) == 4


def test_mods_are_part_of_the_key(cache):
    plain = interpreter.load_rules("postmen")
    modded = interpreter.load_rules("postmen", mods=[REPO / "content" / "postmen" / "mods" / "green_riflemen.rules"])
    assert plain.fingerprint != modded.fingerprint
    assert interpreter.load_rules("postmen").fingerprint == plain.fingerprint


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("GARRISON_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    interpreter.load_rules(TINY).new_game().decision
    assert list(tmp_path.rglob("*.pickle")) == []


def test_an_unwritable_cache_only_costs_time(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("GARRISON_CACHE", str(blocked / "cache"))
    assert interpreter.load_rules(TINY).new_game().decision is not None


def test_an_entry_others_could_have_written_is_not_read(cache):
    interpreter.load_rules(TINY)
    for path in cache.glob("*.pickle"):
        path.chmod(0o666)
    assert type(interpreter.load_rules(TINY).compiled()).__name__ == "Compiled"     # compiled again, not read
    assert all(path.stat().st_mode & 0o777 == 0o600 for path in cache.glob("*.pickle"))   # and written afresh


def test_entries_unused_for_a_month_are_removed_when_another_is_written(cache):
    interpreter.load_rules(TINY)
    old = sorted(cache.glob("*.pickle"))
    month_ago = time.time() - 31 * 24 * 3600
    for path in old:
        os.utime(path, (month_ago, month_ago))
    interpreter.load_rules("westerplatte")
    assert not any(path.exists() for path in old)
    assert len(entries(cache)) == 2


def test_old_files_that_are_not_entries_are_left_alone(cache):
    cache.mkdir()
    precious = cache / "model.pickle"
    precious.write_text("someone's own pickle")
    month_ago = time.time() - 31 * 24 * 3600
    os.utime(precious, (month_ago, month_ago))
    interpreter.load_rules(TINY)
    assert precious.read_text() == "someone's own pickle"


def test_a_kept_summary_of_the_wrong_shape_is_checked_again(cache):
    import pickle
    interpreter.load_rules(TINY)
    (summary,) = cache.glob("*.rules.pickle")
    entry = pickle.loads(summary.read_bytes())
    entry["data"] = {"name": 3}
    summary.write_bytes(pickle.dumps(entry))
    assert interpreter.load_rules(TINY).title == "Tiny Siege"


def test_a_pack_in_a_folder_whose_name_is_not_utf8_loads(cache, tmp_path):
    folder = tmp_path / os.fsdecode(b"odd\xffname")
    shutil.copytree(TINY, folder)
    assert interpreter.load_rules(folder).title == "Tiny Siege"
