"""The documentation's examples work.

* docs/tutorial.md: every ```rules block that is a whole game loads without warnings and plays
  to the end with a random bot (every variant too); the other ```rules blocks (additions) parse
  and appear word for word in the tutorial's final game.
* docs/modding.md: every ```rules-mod block loads as a mod on the game its header names and a
  game with it plays to the end; every ```rules-mod-error block is refused; a block named after
  a bundled file (```rules-mod content/postmen/mods/…) is that file's exact text.
* docs/language.md: every ```rules block parses.
* Every `garrison …` command in a ```sh block runs (simulations with 2 games, interactive play
  skipped) with the exit code its shown output implies, and where the output shown has errors,
  it reports the same error messages.
* Relative links between the documents lead to existing files.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

import interpreter
from dsl.parser import parse_file
from interpreter import RulesError
from interpreter.lab.bots import RandomBot, play_out

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
HEADER = re.compile(r'^\s*(mod|scenario)\s+"[^"]*"\s+for\s+(\w+)', re.M)
AFTER = re.compile(r"^#\s*Apply after:\s*(\S+)", re.M | re.I)
ERROR_LINE = re.compile(r"\berror: (.*)$", re.M)
RULES_PATH = re.compile(r"(?:[\w.\-]*/)*([\w\-]+\.rules)(?::\d+)?")


@dataclass
class Block:
    doc: str
    tag: str
    name: str | None
    code: str
    line: int
    start: int
    end: int

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}"


def blocks(doc: str) -> list[Block]:
    text = (DOCS / doc).read_text(encoding="utf-8")
    found = []
    for m in FENCE.finditer(text):
        info = m.group(1).split()
        found.append(Block(doc, info[0] if info else "", info[1] if len(info) > 1 else None,
                           m.group(2), text.count("\n", 0, m.start()) + 1, m.start(), m.end()))
    return found


def output_after(doc: str, block: Block) -> Block | None:
    """The ```text block right after `block` (only blank lines between), if there is one."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    for other in blocks(doc):
        if other.start > block.end:
            if other.tag == "text" and not text[block.end:other.start].strip():
                return other
            return None
    return None


def ids(items: list[Block]) -> list[str]:
    return [str(b) for b in items]


# ---- the tutorial ----------------------------------------------------------------------

TUTORIAL = [b for b in blocks("tutorial.md") if b.tag == "rules"]
GAMES = [b for b in TUTORIAL if "game " in b.code and "play" in b.code]
ADDITIONS = [b for b in TUTORIAL if b not in GAMES]


def test_the_tutorial_has_its_steps():
    assert len(GAMES) >= 4 and len(ADDITIONS) >= 4


def write_game(tmp_path: Path, code: str) -> Path:
    pack = tmp_path / "fort"
    pack.mkdir(exist_ok=True)
    (pack / "game.rules").write_text(code, encoding="utf-8")
    return pack


@pytest.mark.parametrize("block", GAMES, ids=ids(GAMES))
def test_each_tutorial_game_loads_and_plays_to_the_end(block, tmp_path):
    rules = interpreter.load_rules(write_game(tmp_path, block.code))
    assert rules.warnings == []
    for variant in [None, *rules.summary()["variants"]]:
        for seed in range(3):
            game = rules.new_game(seed=seed, variant=variant)
            play_out(game, RandomBot(seed))
            assert game.over and game.result.outcome


@pytest.mark.parametrize("block", ADDITIONS, ids=ids(ADDITIONS))
def test_each_tutorial_addition_parses_and_is_in_the_final_game(block):
    parse_file(str(block), block.code)
    assert block.code.strip() in GAMES[-1].code


# ---- the modding guide -----------------------------------------------------------------

MODDING = blocks("modding.md")
MODS = [b for b in MODDING if b.tag == "rules-mod"]
BROKEN = [b for b in MODDING if b.tag == "rules-mod-error"]


def test_the_modding_guide_has_its_examples():
    assert len(MODS) >= 8 and len(BROKEN) >= 4
    assert all(b.name for b in MODS + BROKEN), "every mod block names its file"


def materialize(root: Path) -> None:
    """Write the guide's own mod files under `root` (the bundled ones must match the guide)."""
    for b in MODS + BROKEN:
        if b.name.startswith("content/"):
            assert (REPO / b.name).read_text(encoding="utf-8").strip() == b.code.strip(), \
                f"{b}: the block differs from {b.name}"
        else:
            path = root / b.name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(b.code, encoding="utf-8")
    link = root / "content"
    if not link.exists():
        link.symlink_to(REPO / "content", target_is_directory=True)


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    materialize(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def header_game(block: Block) -> str:
    match = HEADER.search(block.code)
    assert match, f"{block}: no 'mod' or 'scenario' header"
    return match.group(2)


@pytest.mark.parametrize("block", MODS, ids=ids(MODS))
def test_each_mod_loads_on_its_game_and_a_game_plays_to_the_end(block, workdir):
    mods = AFTER.findall(block.code) + [block.name]
    rules = interpreter.load_rules(header_game(block), mods=mods)
    game = rules.new_game(seed=1)
    play_out(game, RandomBot(1))
    assert game.over and game.result.outcome


@pytest.mark.parametrize("block", BROKEN, ids=ids(BROKEN))
def test_each_broken_mod_is_refused(block, workdir):
    with pytest.raises(RulesError):
        interpreter.load_rules("postmen", mods=[block.name])


def test_the_python_example_runs(workdir):
    for b in (b for b in MODDING if b.tag == "python"):
        namespace: dict = {}
        exec(compile(b.code, str(b), "exec"), namespace)
        assert namespace["game"].decision is not None


# ---- the language reference ------------------------------------------------------------

LANGUAGE = [b for b in blocks("language.md") if b.tag == "rules"]


@pytest.mark.parametrize("block", LANGUAGE, ids=ids(LANGUAGE))
def test_each_language_reference_block_parses(block):
    assert parse_file(str(block), block.code)


# ---- the commands ----------------------------------------------------------------------

def commands(doc: str) -> list[tuple[Block, str]]:
    found = []
    for b in blocks(doc):
        if b.tag == "sh":
            found += [(b, line.strip()) for line in b.code.splitlines() if line.strip().startswith("garrison ")]
    return found


COMMANDS = [(doc, b, line) for doc in ("tutorial.md", "modding.md", "porting.md") for b, line in commands(doc)]


def quick(args: list[str]) -> list[str] | None:
    """The arguments to run in a test: simulations shortened, interactive games skipped."""
    if args[0] == "play" and "--bot" not in args:
        return None
    if args[0] == "sim":
        out, i = [], 0
        while i < len(args):
            if args[i] in ("--games", "--jobs"):
                out += [args[i], "2" if args[i] == "--games" else "1"]
                i += 2
            else:
                out.append(args[i])
                i += 1
        return out
    return args


def normalized_errors(text: str) -> list[str]:
    return sorted(RULES_PATH.sub(r"\1", m) for m in ERROR_LINE.findall(text))


@pytest.mark.parametrize("doc,block,line", COMMANDS, ids=[f"{b}:{line}" for _, b, line in COMMANDS])
def test_each_command_shown_works(doc, block, line, tmp_path, monkeypatch, capsys):
    from interpreter import cli
    args = quick(shlex.split(line)[1:])
    if args is None:
        pytest.skip("an interactive game")
    materialize(tmp_path)
    write_game(tmp_path, GAMES[-1].code)
    monkeypatch.chdir(tmp_path)
    shown = output_after(doc, block)
    expected = normalized_errors(shown.code) if shown is not None else []
    code = cli.main(args)
    out = capsys.readouterr()
    assert code == (1 if expected else 0), f"{line}: exit code {code}\n{out.err}"
    if expected:
        assert normalized_errors(out.err) == expected


# ---- links -----------------------------------------------------------------------------

LINK = re.compile(r"\]\(([^)#:\s]+)\)")


@pytest.mark.parametrize("doc", ["README.md", "docs/tutorial.md", "docs/modding.md", "docs/porting.md", "docs/sweeps.md",
                                 "docs/browser.md"])
def test_relative_links_lead_somewhere(doc):
    path = REPO / doc
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        assert (path.parent / target).exists(), f"{doc}: broken link {target}"


def test_the_readme_links_every_guide():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for guide in ("docs/tutorial.md", "docs/modding.md", "docs/porting.md", "docs/language.md", "docs/browser.md"):
        assert f"]({guide})" in readme
