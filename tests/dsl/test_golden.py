"""Golden error tests in the starlark style.

Each file under golden/ holds small rules programs separated by lines `---`.  An expected
diagnostic is written on the offending line as a trailing comment `### "substring"` (several
may follow each other on one line).  The test loads each snippet as its own pack and checks
that

* every expectation is met by a diagnostic on that line whose message contains the substring;
* there are no other errors (and, in lint.golden, no other warnings either).

A small game header is put *on the same first line* as the snippet, so snippet line N is file
line N and messages that quote line numbers ("started at line 3") read naturally.  Unless the
snippet has its own `play` block, a `play {}` is appended after the snippet (never before).
syntax.golden gets no trailer, so an unclosed brace is reported at the snippet's real end.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from interpreter import RulesError, load_rules

GOLDEN = Path(__file__).with_name("golden")
HEADER = 'game g "Golden" { seats 1..2 home box } space box '
TRAILER = "\nplay {}\n"
NO_TRAILER = {"syntax.golden"}
STRICT_WARNINGS = {"lint.golden"}
EXPECT = re.compile(r'###\s*"((?:[^"\\]|\\.)*)"')


@dataclass
class Snippet:
    file: str
    start: int            # line in the golden file where the snippet starts
    text: str

    @property
    def id(self) -> str:
        return f"{self.file}:{self.start}"

    def expectations(self) -> list[tuple[int, str]]:
        out = []
        for n, line in enumerate(self.text.split("\n"), 1):
            for m in EXPECT.finditer(line):
                out.append((n, re.sub(r"\\(.)", r"\1", m.group(1))))
        return out

    def source(self) -> str:
        src = HEADER + self.text
        if self.file not in NO_TRAILER and not re.search(r"^\s*play\s*\{", self.text, re.M):
            src += TRAILER
        return src


def read_golden(path: Path) -> list[Snippet]:
    snippets, buf, start = [], [], 1
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line.strip() == "---":
            snippets.append(Snippet(path.name, start, "\n".join(buf)))
            buf, start = [], n + 1
        else:
            buf.append(line)
    if any(l.strip() for l in buf):
        snippets.append(Snippet(path.name, start, "\n".join(buf).rstrip("\n")))
    return [s for s in snippets if s.text.strip()]


ALL = [s for p in sorted(GOLDEN.glob("*.golden")) for s in read_golden(p)]
XFAIL = re.compile(r"^#\s*xfail:\s*(.+)$", re.M)


def _param(s: Snippet):
    """A snippet with a `# xfail: reason` line documents a known engine bug (strict xfail)."""
    m = XFAIL.search(s.text)
    marks = [pytest.mark.xfail(reason=m.group(1), strict=True)] if m else []
    return pytest.param(s, id=s.id, marks=marks)


def diagnostics_of(snippet: Snippet, tmp_path: Path):
    path = tmp_path / "snippet.rules"
    path.write_text(snippet.source(), encoding="utf-8")
    try:
        rules = load_rules(path)
    except RulesError as err:
        return err.diagnostics, path
    # no errors: warnings are kept as formatted text only; re-run the checker for objects
    from dsl.loader import load_pack
    _decls, _sources, diags = load_pack(path)
    assert len(diags) == len(rules.warnings)
    return diags, path


@pytest.mark.parametrize("snippet", [_param(s) for s in ALL])
def test_golden(snippet: Snippet, tmp_path):
    diags, path = diagnostics_of(snippet, tmp_path)
    expected = snippet.expectations()
    problems = []
    matched: set[int] = set()
    for line, want in expected:
        hits = [i for i, d in enumerate(diags) if d.line == line and want in d.message]
        if not hits:
            at_line = [f"{d.severity}: {d.message}" for d in diags if d.line == line]
            problems.append(f"line {line}: expected a diagnostic containing {want!r}; "
                            f"found at that line: {at_line or 'nothing'}")
        matched.update(hits)
    strict = snippet.file in STRICT_WARNINGS
    for i, d in enumerate(diags):
        if i in matched:
            continue
        if d.severity == "error" or strict:
            problems.append(f"line {d.line}: unexpected {d.severity}: {d.message}")
    for d in diags:
        assert Path(d.file).name == path.name, d
        assert d.line >= 1 and d.col >= 1, d
    assert not problems, f"{snippet.id}\n" + "\n".join(problems) + "\n--- source ---\n" + snippet.source()


def test_golden_files_present_and_nontrivial():
    names = {p.name for p in GOLDEN.glob("*.golden")}
    assert {"resolve.golden", "syntax.golden", "types.golden", "control.golden", "lint.golden"} <= names
    per_file: dict[str, int] = {}
    for s in ALL:
        per_file[s.file] = per_file.get(s.file, 0) + len(s.expectations())
    assert all(n >= 5 for n in per_file.values()), per_file


def test_syntax_snippets_each_expect_exactly_one_error():
    # the parser stops at the first syntax error of a file
    for s in ALL:
        if s.file == "syntax.golden":
            assert len(s.expectations()) == 1, s.id


def test_runner_detects_a_missing_expectation(tmp_path):
    """The runner must fail when an expected error does not occur (tests can fail)."""
    clean = Snippet("x.golden", 1, 'var v: int = 1 ### "no such error"\nplay { set v = 2 }')
    with pytest.raises(AssertionError):
        test_golden(clean, tmp_path)


def test_runner_detects_an_unexpected_error(tmp_path):
    bad = Snippet("x.golden", 1, "var v: int = true")
    with pytest.raises(AssertionError, match="unexpected error"):
        test_golden(bad, tmp_path)
