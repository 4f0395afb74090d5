"""Checking packs from text in memory finds what `garrison check` finds, reading again only what changed."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl import RulesError, Workspace, load_pack, rules_files

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.mark.parametrize("pack", ["postmen", "westerplatte"])
def test_a_bundled_pack_checks_as_from_its_files(pack):
    files = [(str(p), p.read_text(encoding="utf-8")) for p in rules_files(CONTENT / pack)]
    _, _, expected = load_pack(CONTENT / pack)
    assert Workspace().check(files) == expected


def test_a_broken_text_gives_the_errors_the_files_would(tmp_path):
    files = [(str(p), p.read_text(encoding="utf-8")) for p in rules_files(CONTENT / "postmen")]
    broken = [(p, t.replace("function fresh(", "function fresh2(")) for p, t in files]
    for p, t in broken:
        (tmp_path / Path(p).name).write_text(t, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        load_pack(tmp_path)
    found = Workspace().check([(str(tmp_path / Path(p).name), t) for p, t in broken])
    assert [(Path(d.file).name, d.line, d.col, d.message) for d in found] == \
        [(Path(d.file).name, d.line, d.col, d.message) for d in err.value.diagnostics]
    assert any("unknown" in d.message and "fresh" in d.message for d in found)


def test_only_a_changed_file_is_read_again():
    workspace = Workspace()
    files = [(str(p), p.read_text(encoding="utf-8")) for p in rules_files(CONTENT / "westerplatte")]
    first = [workspace.parse(p, t) for p, t in files]
    edited = files[:1] + [(files[1][0], files[1][1] + "\n# a comment\n")] + files[2:]
    workspace.check(edited)
    again = [workspace.parse(p, t) for p, t in edited]
    assert [a is b for a, b in zip(first, again)] == [i != 1 for i in range(len(files))]


def test_a_mod_is_checked_on_its_game():
    files = [(str(p), p.read_text(encoding="utf-8")) for p in rules_files(CONTENT / "postmen")]
    mod = CONTENT / "postmen" / "mods" / "no_howitzer.rules"
    assert Workspace().check(files, [[(str(mod), mod.read_text())]]) == load_pack(CONTENT / "postmen", [mod])[2]
    found = Workspace().check(files, [[(str(mod), 'mod "M" for postmen\nremove piece nobody\n')]])
    assert [d.message for d in found] == ["the game has no piece 'nobody' to remove"]
