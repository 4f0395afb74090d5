"""Checking packs from text in memory finds what `garrison check` finds, reading again only what changed."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl import RulesError, SyntaxProblem, Workspace, load_pack, parse_file, rules_files

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


ALL_RULES = sorted(CONTENT.rglob("*.rules")) + sorted((CONTENT.parent / "tests").rglob("*.rules"))


def test_reading_declaration_by_declaration_gives_what_reading_the_file_does():
    from dsl.parser import parse_file_tree
    compared = 0
    for path in ALL_RULES:
        text = path.read_text(encoding="utf-8")
        try:
            tree, decls = parse_file_tree(str(path), text)
        except SyntaxProblem as problem:
            assert Workspace().parse(str(path), text).problem == problem.diagnostic, path
            continue
        parsed = Workspace().parse(str(path), text)
        assert parsed.decls == decls and parsed.tree.children == tree.children, path
        compared += 1
    assert compared > 20


def test_a_syntax_error_is_the_one_reading_the_whole_file_gives():
    text = (CONTENT / "postmen" / "defense.rules").read_text(encoding="utf-8")
    for broken in (text.replace("function fresh(d: defender) -> bool =", "function fresh(d: defender) -> bool ="
                                                                          " and", 1),
                   text.replace("phase defense_phase \"Defense Phase\" {", "phase defense_phase \"Defense Phase\" {{", 1),
                   text + "\nvar tail: int =\n"):
        with pytest.raises(SyntaxProblem) as err:
            parse_file("defense.rules", broken)
        assert Workspace().parse("defense.rules", broken).problem == err.value.diagnostic


def test_an_edit_reads_again_only_the_declaration_it_is_in():
    from dsl.workspace import declaration_chunks
    text = (CONTENT / "postmen" / "defense.rules").read_text(encoding="utf-8")
    workspace = Workspace()
    workspace.parse("defense.rules", text)
    before = set(workspace._chunks)
    workspace.parse("defense.rules", text.replace("function fresh(", "function fresher(", 1))
    assert len(set(workspace._chunks) - before) == 1 and len(declaration_chunks(text)) > 30
