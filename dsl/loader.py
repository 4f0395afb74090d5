"""Reads a content pack (a directory of .rules files, or one file) and checks it as a whole."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from . import ast as A
from .checker import Checker, unreachable_cards, unused_warnings
from .program import Program
from .errors import Diagnostic, RulesError, Sources
from .files import display_path, rules_files
from .limits import MOST_BYTES
from .parser import SyntaxProblem, parse_file


def parse_pack(files: list[Path], sources: Sources) -> tuple[list[A.AnyDecl], list[Diagnostic]]:
    decls: list[A.AnyDecl] = []
    diags: list[Diagnostic] = []
    for f in files:
        shown = display_path(f)
        try:
            size = f.stat().st_size
            if size > MOST_BYTES:
                diags.append(Diagnostic(shown, 1, 1, f"the file has {size:,} bytes, more than a rules file may have "
                                                     f"({MOST_BYTES:,}); split it"))
                continue
            raw = f.read_bytes()
            text = raw.decode("utf-8-sig")        # a byte order mark some editors write is no part of the rules
        except UnicodeDecodeError as err:
            diags.append(_not_utf8(shown, err))
            continue
        except OSError as err:
            diags.append(Diagnostic(shown, 1, 1, f"cannot read the file: {err.strerror or err}"))
            continue
        sources.add(shown, text)
        lone = bare_carriage_return(text)
        if lone is not None:
            diags.append(Diagnostic(shown, *lone, "a line ends in a carriage return alone (an old Mac line "
                                                  "ending); save the file with LF or CRLF line endings"))
            continue
        try:
            decls.extend(parse_file(shown, text))
        except SyntaxProblem as problem:
            diags.append(problem.diagnostic)
    return decls, diags


def bare_carriage_return(text: str) -> tuple[int, int] | None:
    """The line and column of the first carriage return that no line feed follows, or None."""
    at = re.search(r"\r(?!\n)", text)
    if at is None:
        return None
    before = text[:at.start()]
    return before.count("\n") + 1, at.start() - before.rfind("\n")


def _not_utf8(shown: str, err: UnicodeDecodeError) -> Diagnostic:
    """Where a file stops being UTF-8 text: the line and column of the first byte that is not."""
    body, start = err.object, err.start         # the bytes decoded: after a byte order mark, where there is one
    before = body[:start]
    line = before.count(b"\n") + 1
    col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
    return Diagnostic(shown, line, col, f"the file is not UTF-8 text here (byte 0x{body[start]:02x}); "
                                        "save it as UTF-8")


def check_program(decls: list[A.AnyDecl]) -> list[Diagnostic]:
    """Check the base game and every variant; each problem is reported once."""
    base = Program(decls)
    variant_names = list(base.variants)
    checker = Checker(base)
    found = list(checker.run())
    used, sought, referenced = set(checker.used), set(checker.sought), set(checker.referenced)
    in_base = {(d.file, d.line, d.col, d.message) for d in found}
    for name in variant_names:
        vchecker = Checker(Program(decls, name))
        inside = _lines_of(base.variants[name], decls)
        for d in vchecker.run():
            brought_about = (d.severity == "error" and (d.file, d.line, d.col, d.message) not in in_base
                             and d.line not in inside.get(d.file, ()))      # by the variant, elsewhere than in it
            found.append(replace(d, message=f"{d.message} (with the variant '{name}')") if brought_about else d)
        used |= vchecker.used
        sought |= vchecker.sought
        referenced |= vchecker.referenced
    # a name an error suggests was most likely meant there: it is not reported as unused as well
    meant = {name for d in found if d.severity == "error" for part in SUGGESTED.findall(d.message)
             for name in re.findall(r"'([^']+)'", part)}
    found.extend(unused_warnings(base, used | meant))
    found.extend(unreachable_cards(base, referenced | meant, sought, checker.h))
    unique, seen = [], set()
    for d in found:
        key = (d.file, d.line, d.col, d.message)
        if key not in seen:
            seen.add(key)
            unique.append(d)
    return sorted(unique, key=lambda d: (d.file, d.line, d.col))


def _lines_of(variant: A.VariantDecl, decls: list) -> dict[str, range]:
    """The lines a variant's block spans in its file: up to the next declaration there, or the end."""
    after = [d.line for d in decls if d.file == variant.file and d.line > variant.line]
    return {variant.file: range(variant.line, min(after, default=10**9))}


MOST_FILES = 1_000       # .rules files in one pack, at most (a bundled game has about a dozen)
SUGGESTED = re.compile(r"\(did you mean ([^)]*)\?\)")
MOD_ONLY = {A.ReplaceDecl: "replace", A.RemoveDecl: "remove", A.ChangeDecl: "change"}
SINGLETONS = (A.PlayDecl, A.ResultDecl, A.LayoutDecl, A.EvaluateDecl)
CATEGORY_WORDS = {"card": "piece", "piece": "piece", "kind": "kind", "space": "space", "deck": "deck",
                  "var": "var", "function": "function", "procedure": "procedure", "action": "action",
                  "phase": "phase", "token": "token", "die": "die", "enum": "enum", "tally": "tally",
                  "variant": "variant", "play": "play", "result": "result", "layout": "layout",
                  "evaluate": "evaluate", "grid": "grid", "modifier": "modifier", "effect": "effect",
                  "const": "const", "table": "table"}


def _key(d) -> tuple[str, str]:
    return (getattr(d, "decl", ""), d.name)


class ModApplier:
    """Applies mod and scenario files to a game's declarations, reporting conflicts.

    A file headed `mod "Title" for GAME` must say what it does: new declarations are added (a
    name already in the game is an error), `replace`, `remove` and `change` must find their
    target. A `scenario "Title" for GAME` file, or a file without a header, may also redefine
    anything by declaring it again. Two files that replace the same thing are an error."""

    def __init__(self, decls: list[A.AnyDecl], game: str | None):
        self.decls = list(decls)
        self.game = game
        self.touched: dict[tuple[str, str], A.Decl] = {}
        self.diags: list[Diagnostic] = []

    def error(self, node, message: str) -> None:
        self.diags.append(Diagnostic(node.file, node.line, node.col, message))

    def find(self, key) -> int | None:
        return next((i for i, d in enumerate(self.decls) if _key(d) == key), None)

    def claim(self, key, node) -> bool:
        """Record that `node` changes `key`; a second file doing so is a conflict."""
        first = self.touched.get(key)
        if first is not None and first.file != node.file:
            self.error(node, f"'{key[1]}' is also changed by {first.file}:{first.line}; two mods cannot change the same thing")
            return False
        if first is not None:
            self.error(node, f"'{key[1]}' is already changed at line {first.line} of this file; "
                             "say what becomes of it once")
            return False
        self.touched[key] = node
        return True

    def apply(self, mod: list[A.AnyDecl]) -> None:
        header = mod[0] if mod and isinstance(mod[0], A.ModHeader) else None
        strict = header is not None and not header.scenario
        if header is not None and self.game is not None and header.game != self.game:
            self.error(header, f"this {'scenario' if header.scenario else 'mod'} is for the game '{header.game}', not '{self.game}'")
            return
        for d in mod:
            if isinstance(d, A.ModHeader):
                if d is not header:
                    self.error(d, "a second 'mod' or 'scenario' header")
            elif isinstance(d, A.ReplaceDecl):
                self.replace(d)
            elif isinstance(d, A.RemoveDecl):
                self.remove(d)
            elif isinstance(d, A.ChangeDecl):
                self.change(d)
            else:
                self.add(d, strict)

    def existing(self, name: str):
        return next((d for d in self.decls if d.name == name and not isinstance(d, (A.EntersTrigger, A.ChangesTrigger))), None)

    def add(self, d, strict: bool) -> None:
        key = _key(d)
        index = self.find(key)
        if index is not None and not isinstance(d, (A.EntersTrigger, A.ChangesTrigger)):
            if strict:
                what = f"a {d.decl} block" if isinstance(d, SINGLETONS) else f"'{d.name}'"
                where = self.decls[index]
                if where.file == d.file:
                    self.error(d, f"{what} is declared twice in this mod (first at {where.file}:{where.line}); "
                                  f"keep one of them")
                else:
                    self.error(d, f"the game already has {what} (at {where.file}:{where.line}); "
                                  f"write 'replace …' to change it")
                return
            if self.claim(key, d):
                self.decls[index] = d
            return
        other = self.existing(d.name) if not isinstance(d, SINGLETONS) else None
        if other is not None and strict:
            self.error(d, f"'{d.name}' is already a {other.decl} of the game (at {other.file}:{other.line})")
            return
        self.decls.append(d)

    def target(self, d, category: str, verb: str):
        cat = CATEGORY_WORDS.get(category)
        if cat is None:
            self.error(d, f"'{category}' is not something a mod can {verb}; try one of: "
                          + ", ".join(sorted(CATEGORY_WORDS)))
            return None, None
        key = (cat, d.name)
        index = self.find(key)
        removed = self.touched.get(key)
        if index is None and isinstance(removed, A.RemoveDecl):
            self.error(d, f"the {category} '{d.name}' is already removed (at {removed.file}:{removed.line})")
            return None, None
        if index is None:
            from .errors import suggest
            names = [x.name for x in self.decls if getattr(x, "decl", "") == cat]
            self.error(d, f"the game has no {category} '{d.name}' to {verb}" + suggest(d.name, names))
            return None, None
        return key, index

    def replace(self, d: A.ReplaceDecl) -> None:
        new = d.new
        category = new.decl if new.decl != "piece" else ("card" if new.card else "piece")
        key, index = self.target(A.RemoveDecl.at((new.line, new.col), file=d.file, name=new.name,
                                                 category=category), category, "replace")
        if key is not None and self.claim(key, d):
            self.decls[index] = new

    def remove(self, d: A.RemoveDecl) -> None:
        key, index = self.target(d, d.category, "remove")
        if key is not None and self.claim(key, d):
            del self.decls[index]

    def change(self, d: A.ChangeDecl) -> None:
        if d.category not in ("piece", "card"):
            self.error(d, f"'change' works on pieces and cards; use 'replace {d.category} …' instead")
            return
        if d.count is not None and d.count < 1:
            self.error(d, f"'change' needs at least one copy, not x{d.count}; "
                          f"to take it out of the game write 'remove {d.category} {d.name}'")
            return
        key, index = self.target(d, d.category, "change")
        if key is None or not self.claim(key, d):
            return
        old = self.decls[index]
        attrs = {a.name: a for a in old.attrs}
        attrs.update({a.name: a for a in d.attrs})
        self.decls[index] = old.model_copy(update={"count": d.count if d.count is not None else old.count,
                                                         "attrs": list(attrs.values()),
                                                         "text": d.text if d.text is not None else old.text})


def apply_mods(decls: list[A.AnyDecl], mods: list[list[A.AnyDecl]]) -> ModApplier:
    game = next((d.name for d in decls if isinstance(d, A.GameDecl)), None)
    applier = ModApplier(decls, game)
    for mod in mods:
        applier.apply(mod)
    return applier


CATEGORY_IN_WORDS = {"var": "variable", "const": "constant"}
UNKNOWN = re.compile(r"^unknown [\w ]+ '(?P<name>[^']+)'")


def traced_to_removals(diags: list[Diagnostic], removed: dict[str, A.RemoveDecl]) -> list[Diagnostic]:
    """The combined game's problems where a mod removed what the game still uses: each such error
    says which `remove` did it, and the `remove` line itself gets one error saying where the first
    use is and how many there are."""
    uses: dict[str, list[Diagnostic]] = {}
    traced = []
    for d in diags:
        found = UNKNOWN.match(d.message) if d.severity == "error" else None
        remover = removed.get(found["name"]) if found else None
        if remover is None:
            traced.append(d)
            continue
        uses.setdefault(found["name"], []).append(d)
        traced.append(replace(d, message=f"{found[0]}, which {remover.file}:{remover.line} removes"))
    at_removals = []
    for name, found in uses.items():
        r, first = removed[name], found[0]
        places = "1 place" if len(found) == 1 else f"{len(found)} places, the first"
        what = CATEGORY_IN_WORDS.get(r.category, r.category)
        at_removals.append(Diagnostic(r.file, r.line, r.col, f"the game still uses the {what} '{name}' that this removes "
                                      f"({places} at {first.file}:{first.line}:{first.col}); "
                                      "remove or replace what uses it too"))
    return at_removals + traced


def load_pack(path: Path, extra: list[Path] = ()) -> tuple[list[A.AnyDecl], Sources, list[Diagnostic]]:
    """Parse and check a pack plus mod files applied in order; raises RulesError on any error."""
    sources = Sources()
    decls, diags = parse_pack(_files_of(path, "pack", sources), sources)
    mods = []
    for mod in extra:
        mod_decls, mod_diags = parse_pack(_files_of(mod, "mod", sources), sources)
        mods.append((mod_decls, mod_diags))
    decls, diags = check_parsed(decls, diags, mods)
    if any(d.severity == "error" for d in diags):
        raise RulesError(diags, sources)
    return decls, sources, diags


def _files_of(path: Path, what: str, sources: Sources) -> list[Path]:
    """The .rules files of a pack or a mod (a folder or one file); RulesError if there are none or
    more than any pack has (a folder that is not one)."""
    files = rules_files(path)
    if path.is_file() and path.suffix.lower() == ".json":
        raise RulesError([Diagnostic(display_path(path), 1, 1, "a .json file holds no rules (a saved game "
                                                               "resumes with: garrison play --load FILE)")], sources)
    if not files and path.exists() and not (path.is_file() or path.is_dir()):
        raise RulesError([Diagnostic(display_path(path), 1, 1, "this is not a plain file or folder (a pipe or a "
                                                               "device): it is not read")], sources)
    if not files:
        raise RulesError([Diagnostic(display_path(path), 1, 1, "no .rules files found here")], sources)
    if len(files) > MOST_FILES:
        raise RulesError([Diagnostic(display_path(path), 1, 1, f"{len(files):,} .rules files are here, more than a "
                                     f"{what} may have ({MOST_FILES:,}): is this a {what}'s folder?")], sources)
    return files


def _variant_problems(variant: A.VariantDecl) -> list[Diagnostic]:
    return [Diagnostic(x.file, x.line, x.col, message) for x in variant.decls
            if (message := _not_in_a_variant(x, variant.name)) is not None]


def _not_in_a_variant(d, variant: str) -> str | None:
    """Why a declaration cannot stand inside a variant, if it cannot."""
    if isinstance(d, tuple(MOD_ONLY)):
        return (f"'{MOD_ONLY[type(d)]}' cannot be used in a variant: a variant declares again, in full, "
                f"what it changes (write the new declaration of '{d.name}')")
    if isinstance(d, A.VariantDecl):
        return f"a variant cannot hold another: declare '{d.name}' beside '{variant}', not inside it"
    if isinstance(d, (A.GameDecl, A.ModHeader)):
        return f"the game's own header cannot change in a variant; the variant '{variant}' changes declarations only"
    return None


def check_parsed(decls: list[A.AnyDecl], diags: list[Diagnostic],
                 mods: list[tuple[list[A.AnyDecl], list[Diagnostic]]]) -> tuple[list[A.AnyDecl], list[Diagnostic]]:
    """Check a parsed pack (its declarations and the problems met reading it) with its parsed mods
    applied in order: the game's declarations after the mods, and every error and warning found.
    Checking stops at the first stage that finds an error (reading, mods, then the whole game)."""
    diags = list(diags)
    header = next((d for d in decls if isinstance(d, A.ModHeader)), None)
    if header is not None:
        kind = "scenario" if header.scenario else "mod"
        diags.append(Diagnostic(header.file, header.line, header.col,
                                f"this is a {kind} for '{header.game}', not a game: use it with "
                                f"'--{kind if header.scenario else 'mod'} {header.file}' on the game '{header.game}'"))
        return decls, diags
    for d in decls:
        if isinstance(d, tuple(MOD_ONLY)):
            diags.append(Diagnostic(d.file, d.line, d.col,
                                    f"'{MOD_ONLY[type(d)]}' belongs in a mod or scenario file (one that starts "
                                    f"'mod \"Title\" for GAME'); a game's own files simply declare things"))
        elif isinstance(d, A.VariantDecl):
            diags += _variant_problems(d)
    if any(d.severity == "error" for d in diags):
        return decls, diags
    for mod_decls, mod_diags in mods:
        diags += mod_diags + [p for d in mod_decls if isinstance(d, A.VariantDecl) for p in _variant_problems(d)]
    applier = apply_mods(decls, [mod_decls for mod_decls, _ in mods])
    decls, diags = applier.decls, diags + applier.diags
    if not any(d.severity == "error" for d in diags):
        removed = {key[1]: d for key, d in applier.touched.items() if isinstance(d, A.RemoveDecl)}
        diags = diags + traced_to_removals(check_program(decls), removed)
    return decls, diags
