"""`garrison fmt`: the canonical layout, its safety checks and the command line."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from dsl import formatter
from dsl.formatter import FormatError, format_text
from dsl.parser import SyntaxProblem
from interpreter.cli import main
from paths import FIXTURES, REPO

SHIPPED = sorted((REPO / "content").rglob("*.rules")) + [FIXTURES / "tiny" / "game.rules"]


def shipped_ids():
    return [str(p.relative_to(REPO)) for p in SHIPPED]


def tokens(text: str) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in formatter._tokens(formatter.token_parser().parse(text))]


def comments(text: str) -> list[str]:
    return [c.text for c in formatter._comments(text, formatter._tokens(formatter.token_parser().parse(text)))]


# ---- the shipped content -----------------------------------------------------------------

def test_shipped_content_is_formatted(capsys):
    code = main(["fmt", "--check", str(REPO / "content"), str(FIXTURES / "tiny")])
    assert code == 0, capsys.readouterr().out


@pytest.mark.parametrize("path", SHIPPED, ids=shipped_ids())
def test_idempotent_and_meaning_kept_on_shipped_files(path):
    text = path.read_text(encoding="utf-8")
    once = format_text(text, str(path))
    assert format_text(once, str(path)) == once
    assert tokens(once) == tokens(text)
    assert comments(once) == [c.rstrip() for c in comments(text)]


@pytest.mark.parametrize("path", SHIPPED, ids=shipped_ids())
def test_shifted_and_untidy_copies_format_back(path):
    """Extra indentation, trailing blanks and doubled blank lines all disappear again."""
    text = path.read_text(encoding="utf-8")
    untidy = "\n\n" + "\n".join(("   " + line + " \t") if line.strip() else "\n" for line in text.split("\n"))
    assert format_text(untidy, str(path)) == format_text(text, str(path))


def jostled(text: str, rng: random.Random) -> str:
    """The same tokens with random spaces between them, new indents and extra blank lines."""
    out, last = [], 0
    for t in formatter._tokens(formatter.token_parser().parse(text)):
        gap = text[last:t.pos]
        if "\n" in gap:
            lines = gap.split("\n")
            lines[-1] = " " * rng.randint(0, 12) if rng.random() < 0.5 else lines[-1]
            gap = "\n".join(lines[:1] + [" "] * (rng.random() < 0.2) + lines[1:])
        elif last and rng.random() < 0.3:
            gap += rng.choice([" ", "  ", "\t"])
        out.append(gap + t.text)
        last = t.pos + len(t.text)
    return "".join(out) + text[last:]


@pytest.mark.parametrize("path", SHIPPED, ids=shipped_ids())
def test_jostled_copies_keep_meaning_and_format_idempotently(path):
    text = path.read_text(encoding="utf-8")
    messy = jostled(text, random.Random(path.name))
    once = format_text(messy, str(path))
    assert format_text(once, str(path)) == once
    assert tokens(once) == tokens(text)
    assert comments(once) == comments(text)


# ---- canonical layout --------------------------------------------------------------------

def test_indentation_follows_braces():
    text = 'play {\nif 1 == 1 {\n      log "a"\n  } else {\n log "b"\n        }\n}\n'
    assert format_text(text) == 'play {\n    if 1 == 1 {\n        log "a"\n    } else {\n        log "b"\n    }\n}\n'


def test_continuation_lines_keep_their_offset_from_the_item():
    text = ("  function f() -> int =\n"
            "      if 1 > 2 then 1\n"
            "      else 2\n"
            "function g(a: int,\n"
            "           b: int) -> int = a + b\n")
    assert format_text(text) == ("function f() -> int =\n"
                                 "    if 1 > 2 then 1\n"
                                 "    else 2\n"
                                 "function g(a: int,\n"
                                 "           b: int) -> int = a + b\n")


def test_a_closing_bracket_line_lines_up_with_its_opening_line():
    text = "var xs: list[int] = [\n        1,\n        2\n            ]\n"
    assert format_text(text) == "var xs: list[int] = [\n        1,\n        2\n]\n"


@pytest.mark.parametrize("before, after", [
    ("var x:int=1+2*3-4/5%6", "var x: int = 1 + 2 * 3 - 4 / 5 % 6"),
    ("var x : list[ int ] = [ 1,2 ,3 ]", "var x: list[int] = [1, 2, 3]"),
    ("var m: int in -3 .. 3 = - 1", "var m: int in -3..3 = -1"),
    ("function f( a:int , b:int )->bool=a>=b and not(a==-b)",
     "function f(a: int, b: int) -> bool = a >= b and not (a == -b)"),
    ("function f(p: piece) -> int = 2 - -p . hits", "function f(p: piece) -> int = 2 - -p.hits"),
    ('kind k:piece{a:int=0,var b:bool=false}', 'kind k: piece { a: int = 0, var b: bool = false }'),
    ("kind e: piece {   }", "kind e: piece {}"),
    ('play{set x+=1 set y -=2 move p to bottom of s}', 'play { set x += 1 set y -= 2 move p to bottom of s }'),
    ('play { add (n+1) alarm to s  set x = roll (2)d6 }', 'play { add (n + 1) alarm to s set x = roll (2) d6 }'),
    ('var xs: list[int] = [x*2 for x in 1..(n-1) if x>0 order by x desc]',
     'var xs: list[int] = [x * 2 for x in 1..(n - 1) if x > 0 order by x desc]'),
    ("quiet   var a:unit=none", "quiet var a: unit = none"),
    ('play { perform staged attack( u ),move(u,2) "p" choose 1 .. n+1 xs from l { } }',
     'play { perform staged attack(u), move(u, 2) "p" choose 1..n + 1 xs from l {} }'),
])
def test_spacing(before, after):
    assert format_text(before + "\n") == after + "\n"      # only the syntax matters, not the names


def test_blank_lines_trailing_whitespace_and_final_newline():
    text = "\n\n\nplay {   \n\n\n    break\t\n\n\n\n    break\n\n}\n\n\n\nvar x: int = 0"
    assert format_text(text) == "play {\n    break\n\n    break\n}\n\nvar x: int = 0\n"


def test_empty_and_comment_only_files():
    assert format_text("") == ""
    assert format_text("\n  \n") == ""
    assert format_text("\n   # only a comment   \n\n\n") == "# only a comment\n"


def test_strings_are_untouched():
    text = 'play {  log   "  two  spaces {x+1}, a # not a comment, {{braces}} \\"q\\"  "  }\n'
    assert format_text(text) == 'play { log "  two  spaces {x+1}, a # not a comment, {{braces}} \\"q\\"  " }\n'


# ---- comments ----------------------------------------------------------------------------

def test_every_comment_is_kept_and_indented_with_its_code():
    text = ("# head\n"
            "play {   # after brace\n"
            "# before a statement\n"
            "      break    # trailing\n"
            "        # before the closing brace\n"
            "}\n"
            "   # at the end\n")
    out = format_text(text)
    assert out == ("# head\n"
                   "play {  # after brace\n"
                   "    # before a statement\n"
                   "    break  # trailing\n"
                   "    # before the closing brace\n"
                   "}\n"
                   "# at the end\n")
    assert comments(out) == comments(text)


def test_trailing_comments_on_neighbouring_lines_line_up():
    text = ("var a: int = 0 # one\n"
            "var longer_name: int = 0    # two\n"
            "var b: int = 0\n"
            "\n"
            "var c: int = 0       # alone\n")
    assert format_text(text) == ("var a: int = 0            # one\n"
                                 "var longer_name: int = 0  # two\n"
                                 "var b: int = 0\n"
                                 "\n"
                                 "var c: int = 0  # alone\n")


def test_a_grids_rows_of_values_line_up_in_columns():
    laid_out = ("grid field \"F\": cell hex 3x2 {\n"
                "    height {\n"
                "        row 1  -2 10  # first\n"
                "        row -3 4  \"five\"\n"
                "    }\n"
                "    terrain { row a b c row d e f }\n"
                "}\n")
    squeezed = "".join(" ".join(line.split()) + "\n" for line in laid_out.splitlines())
    assert format_text(squeezed) == format_text(laid_out) == laid_out


# ---- Unicode, errors and the safety check ------------------------------------------------

def test_unicode_survives():
    text = 'game g "Gdańsk"{seats 1}\nspace s "Ząbek"   # Młyński\npiece p "Młyński": piece at s\n'
    out = format_text(text)
    assert out == 'game g "Gdańsk" { seats 1 }\nspace s "Ząbek"  # Młyński\npiece p "Młyński": piece at s\n'


def test_syntax_error_is_a_syntax_problem():
    with pytest.raises(SyntaxProblem) as info:
        format_text("play {\n    set x = \n}\n", "bad.rules")
    assert info.value.diagnostic.line == 3


def test_a_change_of_meaning_is_refused(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(formatter, "_gap", lambda prev, cur, unary: "")     # would glue `let x` together
    with pytest.raises(FormatError):
        format_text("play { let x = 1 }\n")
    path = tmp_path / "a.rules"
    path.write_text("play {  let x = 1 }\n", encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == "play {  let x = 1 }\n"
    assert "left as it is" in capsys.readouterr().err


# ---- the command line --------------------------------------------------------------------

def test_check_reports_and_changes_nothing_then_fmt_rewrites(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    messy, tidy = tmp_path / "sub" / "a.rules", tmp_path / "b.rules"
    messy.write_text('space s "Ząbek"   \nvar x:int=1\n', encoding="utf-8")
    tidy.write_text("var y: int = 2\n", encoding="utf-8")
    assert main(["fmt", "--check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{messy} would change" in out and str(tidy) not in out
    assert "-var x:int=1" in out and "+var x: int = 1" in out
    assert messy.read_text(encoding="utf-8") == 'space s "Ząbek"   \nvar x:int=1\n'

    assert main(["fmt", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == f"formatted {messy}"
    assert messy.read_text(encoding="utf-8") == 'space s "Ząbek"\nvar x: int = 1\n'
    assert main(["fmt", "--check", str(tmp_path), str(tidy)]) == 0
    assert capsys.readouterr().out == ""


def test_windows_line_ends_are_kept(tmp_path, capsys):
    crlf, lf = tmp_path / "crlf.rules", tmp_path / "lf.rules"
    crlf.write_bytes(b"var x:int=1\r\n# note\r\n")
    lf.write_bytes(b"var y:int=2\n")
    assert main(["fmt", str(tmp_path)]) == 0
    assert crlf.read_bytes() == b"var x: int = 1\r\n# note\r\n"
    assert lf.read_bytes() == b"var y: int = 2\n"
    assert main(["fmt", "--check", str(tmp_path)]) == 0


def test_a_syntax_error_is_reported_and_other_files_still_formatted(tmp_path, capsys):
    bad, good = tmp_path / "bad.rules", tmp_path / "good.rules"
    bad.write_text("var x: int =\n", encoding="utf-8")
    good.write_text("var y:int=2\n", encoding="utf-8")
    assert main(["fmt", str(bad), str(good)]) == 1
    captured = capsys.readouterr()
    [line] = captured.err.strip().split("\n")
    assert re.fullmatch(rf"{re.escape(str(bad))}:\d+:\d+: error: .+", line)
    assert good.read_text(encoding="utf-8") == "var y: int = 2\n"
    assert bad.read_text(encoding="utf-8") == "var x: int =\n"


@pytest.mark.parametrize("name", ["missing", "notes.md"])
def test_bad_paths_exit_2_with_one_line(tmp_path, capsys, name):
    (tmp_path / "notes.md").write_text("# notes\n", encoding="utf-8")
    assert main(["fmt", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("garrison fmt: ") and "\n" not in err


def test_a_file_nested_past_laying_out_is_an_error_and_left_alone(tmp_path, capsys):
    deep = tmp_path / "deep.rules"
    deep.write_text("function f() -> int = " + "(" * 1000 + "1" + ")" * 1000 + "\n", encoding="utf-8")
    before = deep.read_bytes()
    assert main(["fmt", str(deep)]) == 1
    assert "deep.rules: error: it is nested too deeply to lay out; the file is left as it is" in capsys.readouterr().err
    assert deep.read_bytes() == before
    lone = tmp_path / "mac.rules"
    lone.write_bytes(b"# a comment\rspace box\r")
    assert main(["fmt", str(lone)]) == 1
    assert "line 1 ends in a carriage return alone" in capsys.readouterr().err


def test_a_directory_that_cannot_be_read_is_said_to_be(tmp_path, capsys, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "game.rules").write_text("var y: int = 2\n", encoding="utf-8")
    monkeypatch.setattr("os.access", lambda path, mode: Path(path) != locked)      # as for a user other than root
    assert main(["fmt", str(locked)]) == 2
    assert capsys.readouterr().err.strip() == f"garrison fmt: cannot read the directory '{locked}' (permission denied)"


def test_a_read_only_file_is_left_as_it_is(tmp_path, capsys, monkeypatch):
    locked = tmp_path / "game.rules"
    locked.write_text("var y:int=2\n", encoding="utf-8")
    monkeypatch.setattr("os.access", lambda path, mode: Path(path) != locked)      # as for a user other than root
    assert main(["fmt", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == f"{locked}: error: the file is read-only; the file is left as it is"
    assert locked.read_text(encoding="utf-8") == "var y:int=2\n"
