"""Reads a content pack (a directory of .rules files, or one file) and checks it as a whole."""
from __future__ import annotations

from pathlib import Path

from . import ast as A
from .checker import Checker, Program, unused_warnings
from .errors import Diagnostic, RulesError, Sources
from .parser import SyntaxProblem, parse_file


def rules_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*.rules") if "mods" not in p.relative_to(path).parts
                  and "scenarios" not in p.relative_to(path).parts)


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def parse_pack(files: list[Path], sources: Sources) -> tuple[list[A.AnyDecl], list[Diagnostic]]:
    decls: list[A.AnyDecl] = []
    diags: list[Diagnostic] = []
    for f in files:
        shown = display_path(f)
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            diags.append(Diagnostic(shown, 1, 1, f"cannot read the file: {err}"))
            continue
        sources.add(shown, text)
        try:
            decls.extend(parse_file(shown, text))
        except SyntaxProblem as problem:
            diags.append(problem.diagnostic)
    return decls, diags


def check_program(decls: list[A.AnyDecl]) -> list[Diagnostic]:
    """Check the base game and every variant; each problem is reported once."""
    base = Program(decls)
    variant_names = list(base.variants)
    checker = Checker(base)
    found = list(checker.run())
    used = set(checker.used)
    for name in variant_names:
        vchecker = Checker(Program(decls, name))
        found.extend(vchecker.run())
        used |= vchecker.used
    found.extend(unused_warnings(base, used))
    unique, seen = [], set()
    for d in found:
        key = (d.file, d.line, d.col, d.message)
        if key not in seen:
            seen.add(key)
            unique.append(d)
    return sorted(unique, key=lambda d: (d.file, d.line, d.col))


def apply_mod(decls: list[A.AnyDecl], mod: list[A.AnyDecl]) -> list[A.AnyDecl]:
    """A mod's declarations replace those of the same name and category; others are added."""
    out = list(decls)
    index = {(getattr(d, "decl", ""), d.name): i for i, d in enumerate(out)}
    for d in mod:
        key = (getattr(d, "decl", ""), d.name)
        if key in index and not isinstance(d, (A.EntersTrigger, A.ChangesTrigger)):
            out[index[key]] = d
        else:
            out.append(d)
    return out


def load_pack(path: Path, extra: list[Path] = ()) -> tuple[list[A.AnyDecl], Sources, list[Diagnostic]]:
    """Parse and check a pack plus mod files applied in order; raises RulesError on any error."""
    sources = Sources()
    files = rules_files(path)
    if not files:
        raise RulesError([Diagnostic(display_path(path), 1, 1, "no .rules files found here")], sources)
    decls, diags = parse_pack(files, sources)
    for mod in extra:
        mod_decls, mod_diags = parse_pack(rules_files(mod), sources)
        decls = apply_mod(decls, mod_decls)
        diags += mod_diags
    if not any(d.severity == "error" for d in diags):
        diags = diags + check_program(decls)
    if any(d.severity == "error" for d in diags):
        raise RulesError(diags, sources)
    return decls, sources, diags
