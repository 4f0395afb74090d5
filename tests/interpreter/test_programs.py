"""Runs every program in tests/programs/ and compares its log with the `# expect:` lines it states.

The conventions are described in tests/programs/README.md. In short: a program is a complete
one-file game; `# expect: TEXT` lines, in file order, give the lines its log must hold (the
output of `log` statements and the closing `Game over: …` line); `# choose: ID` answers the
decisions in order; `# rolls: 4, 6` forces dice; `# expect error: MESSAGE` marks the line
where a runtime error must stop the game.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from interpreter import GameError, RulesError, load_rules

from paths import REPO, TESTS

PROGRAMS = TESTS / "programs"

# Log events compared unless a program asks for more with `# events:`: the output of `log`
# statements and the line that closes the game.
ALWAYS_COMPARED = ("note", "end")
EVENT_KINDS = ("roll", "move", "tokens", "var", "shuffle", "shuffle_in", "phase", "resolve",
               "choice", "auto", "skip", "tally", "effect")

DIRECTIVES = ("expect", "expect error", "expect award", "choose", "options", "labels",
              "rolls", "seed", "seats", "variant", "events")
# A string as the grammar reads it (interpolations may hold strings), or a comment.
STRING_OR_COMMENT = re.compile(r'"(\\.|\{\{|\{([^{}"\n]|"(\\.|[^"\\\n])*")*\}|[^"\\\n])*"|#.*')
# a directive is a whole comment: `# NAME: VALUE`; the longest names are tried first
DIRECTIVE = re.compile(r"#\s*(" + "|".join(sorted(map(re.escape, DIRECTIVES), key=len, reverse=True))
                       + r"):(.*)$")
LOOKS_LIKE_DIRECTIVE = re.compile(r"#\s*(expect \w+|[a-z]+):")      # to catch misspelt directives


def comment(line: str) -> str | None:
    """The comment on a line of rules, if any (a `#` inside a string starts none)."""
    for match in STRING_OR_COMMENT.finditer(line):
        if match.group(0).startswith("#"):
            return match.group(0)
    return None


@dataclass
class Choice:
    line: int
    id: str
    options: list[str] | None = None        # from a `# options:` line before it
    labels: list[str] | None = None         # from a `# labels:` line before it
    options_line: int = 0
    labels_line: int = 0


@dataclass
class Program:
    path: Path
    expects: list[tuple[int, str]] = field(default_factory=list)
    error: tuple[int, str] | None = None
    award: tuple[int, str] | None = None
    choices: list[Choice] = field(default_factory=list)
    rolls: list[int] = field(default_factory=list)
    seed: int = 0
    seats: int = 1
    variant: str | None = None
    events: tuple[str, ...] = ()
    problems: list[str] = field(default_factory=list)


def shown(path: Path) -> str:
    """How problems name a program: from the repository root when it lives there."""
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return path.name


def read_program(path: Path) -> Program:
    """Collect a program's directives; mistakes in them become problems."""
    program = Program(path)
    pending_options: tuple[int, list[str]] | None = None
    pending_labels: tuple[int, list[str]] | None = None

    def problem(line: int, message: str) -> None:
        program.problems.append(f"{shown(path)}:{line}: {message}")

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = comment(line)
        match = DIRECTIVE.match(text) if text else None
        if match is None:
            near = LOOKS_LIKE_DIRECTIVE.match(text) if text else None
            meant = difflib.get_close_matches(near.group(1), DIRECTIVES, n=1, cutoff=0.75) if near else []
            if meant:
                problem(number, f"'# {near.group(1)}:' is not a directive; did you mean '# {meant[0]}:'?")
            continue
        name, value = match.group(1), match.group(2).strip()
        if name == "expect":
            program.expects.append((number, value))
        elif name == "expect error":
            if program.error is not None:
                problem(number, "a program can expect one runtime error only")
            program.error = (number, value)
        elif name == "expect award":
            program.award = (number, value)
        elif name == "choose":
            choice = Choice(number, value)
            if pending_options is not None:
                choice.options_line, choice.options = pending_options
            if pending_labels is not None:
                choice.labels_line, choice.labels = pending_labels
            pending_options = pending_labels = None
            program.choices.append(choice)
        elif name == "options":
            pending_options = (number, [v.strip() for v in value.split(",")])
        elif name == "labels":
            pending_labels = (number, [v.strip() for v in value.split("|")])
        elif name == "rolls":
            try:
                program.rolls += [int(v) for v in value.split(",")]
            except ValueError:
                problem(number, f"'# rolls:' takes whole numbers separated by commas, not {value!r}")
        elif name in ("seed", "seats"):
            if not value.isdigit():
                problem(number, f"'# {name}:' takes a whole number, not {value!r}")
            else:
                setattr(program, name, int(value))
        elif name == "variant":
            program.variant = value
        elif name == "events":
            kinds = tuple(v.strip() for v in value.split(","))
            unknown = [k for k in kinds if k not in EVENT_KINDS]
            if unknown:
                problem(number, f"unknown event kind(s) {unknown}; the kinds are {', '.join(EVENT_KINDS)}")
            program.events += kinds
    if pending_options is not None or pending_labels is not None:
        problem((pending_options or pending_labels)[0], "'# options:' or '# labels:' without a '# choose:' after it")
    if not program.expects and program.error is None:
        problem(1, "the program states no '# expect:' line")
    return program


def compare_lines(program: Program, actual: list[str]) -> list[str]:
    """Problems, each naming the file and the line of the expectation that does not hold."""
    name = shown(program.path)
    problems = []
    for i, (line, expected) in enumerate(program.expects):
        if i >= len(actual):
            problems.append(f"{name}:{line}: expected {expected!r}, but the log has no more lines")
            break
        if actual[i] != expected:
            problems.append(f"{name}:{line}: expected {expected!r}, but the log says {actual[i]!r}")
            break
    else:
        extra = actual[len(program.expects):]
        if extra:
            after = f"line {program.expects[-1][0]}" if program.expects else "the start"
            problems.append(f"{name}: the log goes on after the expectation at {after}: {extra[0]!r}"
                            + (f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""))
    if problems:
        diff = difflib.unified_diff([e for _, e in program.expects], actual, "expected", "logged", lineterm="", n=2)
        problems.append("\n".join(diff))
    return problems


def run_program(path: Path) -> list[str]:
    """Run one program; return its problems (an empty list when everything it states holds)."""
    program = read_program(path)
    name = shown(path)
    if program.problems:
        return program.problems
    try:
        rules = load_rules(path)
    except RulesError as err:
        return [f"{name}: does not check:\n{err}"]
    problems = [f"{name}: warning: {w}" for w in rules.warnings]
    try:
        game = rules.new_game(seed=program.seed, variant=program.variant, seats=program.seats)
    except GameError as err:
        return problems + [f"{name}: cannot start: {err}"]
    if program.rolls:
        game.force_rolls(program.rolls)
    error: GameError | None = None
    choices = list(program.choices)
    try:
        while not game.over:
            decision = game.decision
            offered = [o.id for o in decision.options]
            if not choices:
                problems.append(f"{name}: the game asks {decision.prompt!r} (options {', '.join(offered)}), "
                                f"but no '# choose:' line is left")
                break
            choice = choices.pop(0)
            if choice.options is not None and choice.options != offered:
                problems.append(f"{name}:{choice.options_line}: expected the options {', '.join(choice.options)}, "
                                f"but {decision.prompt!r} offers {', '.join(offered)}")
            labels = [o.label for o in decision.options]
            if choice.labels is not None and choice.labels != labels:
                problems.append(f"{name}:{choice.labels_line}: expected the labels {' | '.join(choice.labels)}, "
                                f"but {decision.prompt!r} reads {' | '.join(labels)}")
            if choice.id not in offered:
                problems.append(f"{name}:{choice.line}: {choice.id!r} is not an option of {decision.prompt!r}; "
                                f"the options are {', '.join(offered)}")
                break
            game.choose(choice.id)
    except GameError as err:
        error = err
    if program.error is not None:
        line, expected = program.error
        if error is None:
            problems.append(f"{name}:{line}: expected the runtime error {expected!r}, but the game ran without one")
        else:
            problems += check_error(program, str(error))
    elif error is not None:
        problems.append(f"{name}: unexpected runtime error: {error}")
    kinds = ALWAYS_COMPARED + program.events
    problems += compare_lines(program, [e.text for e in game.log if e.kind in kinds])
    if error is None and program.error is None and game.over:
        if choices:
            problems.append(f"{name}:{choices[0].line}: '# choose: {choices[0].id}' was never needed")
        if game.pending_rolls:
            problems.append(f"{name}: forced rolls never used: {', '.join(map(str, game.pending_rolls))}")
        award = game.result.details.get("award")
        if program.award is None and award is not None:
            problems.append(f"{name}: the result has the award {award!r}, but no '# expect award:' line")
        elif program.award is not None and award != program.award[1]:
            problems.append(f"{name}:{program.award[0]}: expected the award {program.award[1]!r}, "
                            f"but the result has {award!r}")
    return problems


def check_error(program: Program, message: str) -> list[str]:
    """The error must name this file and the line of `# expect error:`, with that message (a
    message ending in '...' need only begin the same way)."""
    line, expected = program.error
    match = re.match(r"(.*):(\d+):(\d+): error: (.*)", message, re.S)
    where = f"{shown(program.path)}:{line}"
    if match is None or Path(match.group(1)).name != program.path.name:
        return [f"{where}: expected the runtime error {expected!r}, but the error does not name this file: {message}"]
    if int(match.group(2)) != line:
        return [f"{where}: expected the runtime error on this line, but it names line {match.group(2)}: {message}"]
    actual = match.group(4).strip()
    same = actual.startswith(expected[:-3]) if expected.endswith("...") else actual == expected
    if not same:
        return [f"{where}: expected the runtime error {expected!r}, but it says {actual!r}"]
    return []


def all_programs() -> list[Path]:
    return sorted(PROGRAMS.glob("*.rules"))


@pytest.mark.parametrize("path", all_programs(), ids=lambda p: p.stem)
def test_program(path):
    problems = run_program(path)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_there_are_programs_for_the_whole_language():
    assert len(all_programs()) >= 30


# ---- the runner itself must notice every kind of mismatch ---------------------------------

GOOD = '''\
# rolls: 4
game t "T" { seats 1 home box }
space box
die d6 1..6
play {
    log "{1 + 2}"                 # expect: 3
    # choose: 20
    choose n from [10, 20] "Pick" { log "picked {n}" }   # expect: picked 20
    log "{roll d6}"               # expect: 4
}
result {
    score 1
    outcome "Win" award "Cup" if score > 0
    outcome "Loss"
}
# expect: Game over: Win, score 1
# expect award: Cup
'''


def problems_of(tmp_path, text: str, name: str = "bad.rules") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return "\n".join(run_program(path))


def test_a_correct_program_has_no_problems(tmp_path):
    assert problems_of(tmp_path, GOOD) == ""


@pytest.mark.parametrize("change, reported", [
    # a wrong expectation names the file and the line of the expectation, with a diff
    (("# expect: 3", "# expect: 4"),
     "bad.rules:6: expected '4', but the log says '3'\n--- expected\n+++ logged"),
    # an expectation the log never reaches
    (("# expect award: Cup", "# expect: more\n# expect award: Cup"),
     "bad.rules:17: expected 'more', but the log has no more lines"),
    # a log line nobody expected
    (("# expect: Game over: Win, score 1", ""),
     "bad.rules: the log goes on after the expectation at line 9: 'Game over: Win, score 1'"),
    # choices: not offered, missing, left over
    (("# choose: 20", "# choose: 30"), "bad.rules:7: '30' is not an option of 'Pick'; the options are 10, 20"),
    (("# choose: 20", ""), "the game asks 'Pick' (options 10, 20), but no '# choose:' line is left"),
    (("# choose: 20", "# choose: 20\n# choose: 10"), "bad.rules:8: '# choose: 10' was never needed"),
    (("# choose: 20", "# options: 10, 30\n# choose: 20"),
     "bad.rules:7: expected the options 10, 30, but 'Pick' offers 10, 20"),
    (("# choose: 20", "# labels: 10 | 2O\n# choose: 20"),
     "bad.rules:7: expected the labels 10 | 2O, but 'Pick' reads 10 | 20"),
    # forced dice that are never rolled
    (("# rolls: 4", "# rolls: 4, 5"), "bad.rules: forced rolls never used: 5"),
    # the award
    (("# expect award: Cup", "# expect award: Medal"), "bad.rules:17: expected the award 'Medal', but the result has 'Cup'"),
    (("# expect award: Cup", ""), "bad.rules: the result has the award 'Cup', but no '# expect award:' line"),
    # runtime errors: expected and missing, unexpected, on another line, with another message
    (("# expect: 4", "# expect: 4\n    log \"fine\"  # expect error: position 2 is outside the list (1 to 1)"),
     "bad.rules:10: expected the runtime error 'position 2 is outside the list (1 to 1)', but the game ran without one"),
    (('log "{1 + 2}"', 'log "{nth([1], 2)}"'),
     "bad.rules: unexpected runtime error: "),
    (('log "{1 + 2}"                 # expect: 3', 'log "{nth([1], 2)}"\n# expect error: position 2 is outside the list (1 to 1)'),
     "bad.rules:7: expected the runtime error on this line, but it names line 6"),
    (('log "{1 + 2}"                 # expect: 3', 'log "{nth([1], 2)}"  # expect error: position 3 is outside'),
     "bad.rules:6: expected the runtime error 'position 3 is outside', but it says 'position 2 is outside the list (1 to 1)'"),
    # a misspelt directive, and a program that expects nothing
    (("# expect: 3", "# expct: 3"), "bad.rules:6: '# expct:' is not a directive; did you mean '# expect:'?"),
    (("# rolls: 4", "# rolls: four"), "bad.rules:1: '# rolls:' takes whole numbers separated by commas, not 'four'"),
    (("# events: tally", "# events: tallies"), "unknown event kind(s) ['tallies']"),
    # a warning of the checker
    (("space box", "space box\nvar unused: int = 0"), "bad.rules: warning: "),
])
def test_the_runner_reports_mismatches(tmp_path, change, reported):
    old, new = change
    text = GOOD if old in GOOD else GOOD.replace("# rolls: 4", f"# rolls: 4\n{old}")
    assert old in text
    problems = problems_of(tmp_path, text.replace(old, new, 1))
    assert reported in problems, problems


def test_a_program_must_expect_something(tmp_path):
    problems = problems_of(tmp_path, 'game t "T" { seats 1 home box }\nspace box\nplay { log "x" }\n')
    assert "bad.rules:1: the program states no '# expect:' line" in problems


def test_a_hash_inside_a_string_starts_no_directive(tmp_path):
    text = GOOD.replace('log "{1 + 2}"                 # expect: 3',
                        'log "# expect: 9 {"#"}"        # expect: # expect: 9 #')
    assert problems_of(tmp_path, text) == ""
