"""Whole-pack checks and the format of diagnostics (beyond the golden snippets)."""
from __future__ import annotations

import re

import pytest

from dsl.errors import Diagnostic, Sources, suggest
from interpreter import RulesError, load_rules


def errors_of(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules(tmp_path)
    return info.value


def test_pack_without_game_or_play(tmp_path):
    err = errors_of(tmp_path, {"a.rules": "space box\n"})
    messages = [d.message for d in err.errors]
    assert "the pack has no 'game' declaration" in messages
    assert "the pack has no 'play' block saying how it runs; add 'play { ... }' to one of its files" in messages


def test_a_missing_play_block_is_reported_at_the_game(tmp_path):
    err = errors_of(tmp_path, {"a.rules": "space box\n", "b.rules": '\n\ngame g "G" { seats 1 home box }\n'})
    [problem] = err.errors
    assert (problem.file.endswith("b.rules"), problem.line, problem.col) == (True, 3, 6)
    assert problem.message.startswith("the game 'g' has no 'play' block")


@pytest.mark.parametrize("seats, shown", [("0", "0"), ("3..2", "3..2"), ("0..4", "0..4")])
def test_a_game_is_played_by_one_seat_or_more(tmp_path, seats, shown):
    err = errors_of(tmp_path, {"a.rules": f'game g "G" {{ seats {seats} home box }}\nspace box\nplay {{ }}\n'})
    [problem] = err.errors
    assert (problem.line, problem.message) == (1, f"'seats {shown}' is no number of players: seats go from 1 up "
                                                  "(`seats 1`, `seats 1..4`)")


@pytest.mark.parametrize("seats", ["17", "1..99999999999999999999"])
def test_a_game_is_played_by_sixteen_seats_at_most(tmp_path, seats):
    err = errors_of(tmp_path, {"a.rules": f'game g "G" {{ seats {seats} home box }}\nspace box\nplay {{ }}\n'})
    [problem] = err.errors
    assert problem.message == f"'seats {seats}' is more players than a game may have (at most 16)"


def test_turn_counter_must_be_a_variable(tmp_path):
    err = errors_of(tmp_path, {"a.rules": 'game g "G" { seats 1 home box turns turm }\nspace box\n'
                                          'var turn: int = 0\nplay { set turn = 1 }\n'})
    assert [(d.line, d.message) for d in err.errors] == [
        (1, "the turn counter 'turm' is not a variable (did you mean 'turn'?)")]


def test_piece_without_a_starting_place(tmp_path):
    err = errors_of(tmp_path, {"a.rules": 'game g "G" { seats 1 }\nspace box\nkind k: piece { }\n'
                                          'piece p: k\nplay { }\n'})
    assert [(d.line, d.message) for d in err.errors] == [
        (4, "'p' has no starting place: add 'at SPACE', or 'home SPACE' to the game")]


def test_duplicates_across_files_name_the_first(tmp_path):
    err = errors_of(tmp_path, {
        "a.rules": 'game g "G" { seats 1 home box }\nspace box\nvar v: int = 0\nplay { set v = 1 }\n',
        "b.rules": "\n\nvar v: int = 2\n"})
    [d] = err.errors
    assert d.file.endswith("b.rules") and d.line == 3
    assert re.fullmatch(r"'v' is defined twice \(first at \S*a\.rules:3:5\)", d.message)


def test_errors_from_every_file_and_variant_once(tmp_path):
    err = errors_of(tmp_path, {
        "a.rules": 'game g "G" { seats 1 home box }\nspace box\nplay { set x = 1 }\n',
        "b.rules": 'variant v1 { var y: int = true }\nvariant v2 { }\n'})
    got = [(d.file.rsplit("/", 1)[-1], d.line, d.message) for d in err.errors]
    assert got == [("a.rules", 3, "unknown variable 'x'"),
                   ("b.rules", 1, "the starting value of 'y' should be a number, but this is true/false")]


def test_empty_directory(tmp_path):
    with pytest.raises(RulesError, match="no .rules files found here"):
        load_rules(tmp_path)


def test_report_has_source_line_and_caret(tmp_path):
    err = errors_of(tmp_path, {"a.rules": 'game g "G" { seats 1 home box }\nspace box\n'
                                          'play {\n\tset  nope = 1\n}\n'})
    lines = err.report().splitlines()
    head = next(i for i, l in enumerate(lines) if ": error: unknown variable 'nope'" in l)
    assert re.match(r"^\S*a\.rules:4:7: error: ", lines[head])
    assert lines[head + 1] == "     set  nope = 1"            # tab expanded to one space
    assert lines[head + 2] == "    " + " " * 6 + "^"
    assert lines[-1] == "1 error found"


def test_diagnostic_format_with_code_and_without_source():
    d = Diagnostic("x.rules", 3, 5, "something", "warning", "W001")
    assert d.format() == "x.rules:3:5: warning[W001]: something"
    s = Sources()
    s.add("x.rules", "a\nb\nccccc\n")
    assert d.format(s).splitlines() == ["x.rules:3:5: warning[W001]: something", "    ccccc", "        ^"]
    assert Diagnostic("x.rules", 99, 1, "m").format(s) == "x.rules:99:1: error: m"


def test_suggest():
    assert suggest("moral", ["morale", "turn"]) == " (did you mean 'morale'?)"
    assert suggest("zzz", ["morale"]) == ""
    assert "'guard'" in suggest("guards", ["guard", "guardian"])


def test_unknown_field_type_names_the_file(tmp_path):
    err = errors_of(tmp_path, {"a.rules": 'game g "G" { seats 1 home box }\nspace box\n'
                                          'kind k: piece { n: integr }\npiece p: k { n 1 }\nplay { }\n'})
    [d] = [d for d in err.errors if "unknown type" in d.message]
    assert d.file.endswith("a.rules")


def test_unknown_deck_reported_once_at_the_card(tmp_path):
    err = errors_of(tmp_path, {"a.rules": 'game g "G" { seats 1 home box }\nspace box\ndeck raids\n'
                                          'kind c: card { }\ncard x: c in raid\nplay { shuffle raids }\n'})
    assert [(d.line, d.message) for d in err.errors] == [
        (5, "unknown deck 'raid' (did you mean 'raids'?)")]


def test_a_folder_of_thousands_of_rules_files_is_no_pack(tmp_path):
    for i in range(1001):
        (tmp_path / f"f{i}.rules").write_text("", encoding="utf-8")
    err = errors_of(tmp_path, {})
    [problem] = err.errors
    assert problem.message == "1,001 .rules files are here, more than a pack may have (1,000): is this a pack's folder?"


def test_a_rules_file_of_megabytes_is_refused_unread(tmp_path):
    err = errors_of(tmp_path, {"huge.rules": "# " + "x" * 2_000_000 + "\n"})
    [problem] = err.errors
    assert problem.message == "the file has 2,000,003 bytes, more than a rules file may have (2,000,000); split it"


def test_a_file_that_is_not_utf8_is_placed_at_its_first_bad_byte(tmp_path):
    (tmp_path / "a.rules").write_bytes(b'game g "G" { seats 1 home box }\nspace box "B\xe9"\nplay { }\n')
    err = errors_of(tmp_path, {})
    [problem] = err.errors
    assert (problem.line, problem.col) == (2, 13)
    assert problem.message == "the file is not UTF-8 text here (byte 0xe9); save it as UTF-8"


def test_a_file_with_old_mac_line_endings_is_refused_where_the_first_one_is(tmp_path):
    (tmp_path / "a.rules").write_bytes(b'game g "G" { seats 1 home box }\r\nspace box "B"\rplay { }\r')
    [problem] = errors_of(tmp_path, {}).errors
    assert (problem.line, problem.col) == (2, 14)
    assert problem.message.startswith("a line ends in a carriage return alone (an old Mac line ending)")


def test_a_byte_order_mark_is_no_part_of_the_rules(tmp_path):
    (tmp_path / "a.rules").write_bytes(b'\xef\xbb\xbfgame g "G" { seats 1 home box }\nspace box "B"\nplay { }\n')
    assert load_rules(tmp_path).title == "G"


def test_a_bad_byte_after_a_byte_order_mark_is_placed_in_the_text(tmp_path):
    (tmp_path / "a.rules").write_bytes(b"\xef\xbb\xbf# caf\xe9\n")
    [problem] = errors_of(tmp_path, {}).errors
    assert (problem.line, problem.col, problem.message) == (1, 6, "the file is not UTF-8 text here (byte 0xe9); "
                                                                  "save it as UTF-8")


def test_a_long_line_is_quoted_around_the_column_only():
    sources = Sources()
    sources.add("a.rules", "x" * 400 + "@" + "y" * 400 + "\n")
    quoted, caret = Diagnostic("a.rules", 1, 401, "unexpected character '@'").format(sources).splitlines()[1:]
    assert len(quoted) == 4 + 1 + 120 + 1 and quoted.startswith("    …") and quoted.endswith("…")
    assert quoted[caret.index("^")] == "@"


def test_a_json_file_checked_as_rules_says_how_a_save_is_resumed(tmp_path):
    save = tmp_path / "game.json"
    save.write_text('{"format": "garrison-save"}', encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules(save)
    [problem] = caught.value.errors
    assert problem.message == "a .json file holds no rules (a saved game resumes with: garrison play --load FILE)"


def test_a_backslash_before_no_escape_is_an_error_where_it_stands(tmp_path):
    err = errors_of(tmp_path, {"a.rules": 'game g "My\\qgame" { seats 1 home box }\nspace box\n'
                                          'play { log "a \\{b\\} \\"c\\" \\\\ d\\n" }\n'})
    [problem] = err.errors
    assert (problem.line, problem.col) == (1, 11)
    assert problem.message == ("'\\q' is no escape a string knows: write '\\\\' for a backslash "
                               "(the escapes are \\n, \\t, \\\", \\\\, \\{ and \\})")


@pytest.mark.parametrize("inside, col", [("", 13), ("1 +", 15)])     # the '}' of '{}'; the '+' left hanging
def test_an_interpolation_that_cannot_be_read_is_marked_where_it_stands(tmp_path, inside, col):
    errors = errors_of(tmp_path, {"game.rules": 'game t "T" { seats 1 home box }\nspace box\n'
                                                'play {\n    log "a {' + inside + '} b"\n}\n'})
    assert [(e.line, e.col) for e in errors.errors] == [(4, col)]


def test_a_string_left_open_is_said_so(tmp_path):
    err = errors_of(tmp_path, {"a.rules": 'game g "G" { seats 1 home box }\nspace box\nconst hi = "{\nplay { }\n'})
    assert [(d.line, d.col, d.message) for d in err.errors] == [
        (3, 12, "this string is not closed: a string ends with '\"' on the line it starts")]


def test_a_string_nested_deeper_than_strings_may_is_said_so(tmp_path):
    line = 'play { log "a {if true then "b {if true then "c {if true then "d" else "e"}" else "f"}" else "g"}" }\n'
    errors = errors_of(tmp_path, {"a.rules": 'game g "G" { seats 1 home box }\nspace box\n' + line})
    assert [(d.line, d.col, d.message) for d in errors.errors] == [
        (3, 46, "this string is nested too deep: a string inside an interpolation may interpolate, "
                "but not with strings inside (give the inner text a function of its own)")]


HEAD = 'game g "G" { seats 1 home box }\nspace box\nvar morale: int = 1\nplay { }\n'


@pytest.mark.parametrize("line, col, message", [
    ("function f() -> int = if then 1 else 2", 26, "expected a value, found the keyword 'then'"),
    ("function f() -> int = let y = in 3", 31, "expected a value, found the keyword 'in'"),
    ("function f() -> int = morale and or 2", 34, "expected a value, found the keyword 'or'"),
    ("function f() -> int = 1 + else", 27, "expected a value, found the keyword 'else'"),
    ("function f() -> int = morale +\n\nvar after: int = 0", 31,
     "expected a value at the end of the line (line 7 starts a 'var' declaration)"),
    ("procedure p() { if morale == 0 { } else if morale == 1 { } }", 41,
     "expected '{', found 'if' (after '}', a further test is written 'elif CONDITION {')"),
])
def test_a_keyword_where_a_value_was_left_out_is_named(tmp_path, line, col, message):
    err = errors_of(tmp_path, {"a.rules": HEAD + line + "\n"})
    [problem] = err.errors
    assert (problem.line, problem.col, problem.message) == (5, col, message)


def test_printable_escapes_a_file_names_bytes_that_are_not_utf8():
    from dsl import printable
    assert printable("bad\udcffpack") == "bad\\xffpack"
    assert printable("x\ud800y\x1b[2J") == "x\ufffdy\ufffd[2J"
