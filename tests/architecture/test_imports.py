"""The layers import one way: applications → the runtime's and dsl's public API; runtime → dsl; dsl → nothing of ours."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPLICATIONS = ("interpreter.terminal", "interpreter.lab", "interpreter.saves", "interpreter.scaffold", "interpreter.web",
                "interpreter.cli", "interpreter.__main__", "interpreter.lsp")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, the full name imported) for every import in the file, relative ones resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def layer(module: str) -> str:
    if module.startswith("dsl"):
        return "dsl"
    if module.startswith("interpreter.runtime"):
        return "runtime"
    if module.startswith(APPLICATIONS):
        return "application"
    return "top" if module == "interpreter" else "other"


def is_public(imported: str, package: str) -> bool:
    """The package itself, or `package.NAME` where NAME is a name it exports (not a module inside it)."""
    import importlib
    if imported == package:
        return True
    if not imported.startswith(package + "."):
        return False
    rest = imported[len(package) + 1:]
    return "." not in rest and rest in getattr(importlib.import_module(package), "__all__", ())


def violations() -> list[str]:
    out = []
    for path in python_files("dsl") + python_files("interpreter"):
        here = layer(module_name(path))
        for line, imported in imports_of(path):
            there = layer(imported)
            where = f"{path.relative_to(ROOT)}:{line} imports {imported}"
            if here == "dsl" and imported.startswith("interpreter"):
                out.append(f"{where}: the language front end depends on nothing of ours")
            elif here == "runtime" and there == "application":
                out.append(f"{where}: the runtime never imports an application")
            elif here == "runtime" and there == "dsl" and not is_public(imported, "dsl"):
                out.append(f"{where}: the runtime uses dsl's public API only (dsl/__init__.py)")
            elif here in ("application", "top") and there == "dsl" and not is_public(imported, "dsl"):
                out.append(f"{where}: applications use dsl's public API only")
            elif here in ("application", "top") and there == "runtime" and not is_public(imported, "interpreter.runtime"):
                out.append(f"{where}: applications use the runtime's public API only (interpreter/runtime/__init__.py)")
    return out


def test_layers_import_one_way():
    assert violations() == []


def test_the_rule_can_fail(tmp_path, monkeypatch):
    """A runtime module importing the terminal, or an application reaching into the checker, is caught."""
    bad = ROOT / "interpreter" / "runtime" / "_layering_probe.py"
    bad.write_text("from interpreter.terminal import render\nfrom dsl.checker import Program\n")
    probe = ROOT / "interpreter" / "lab" / "_layering_probe.py"
    probe.write_text("from dsl.checker import Program\nfrom interpreter.runtime.engine import Engine\n")
    try:
        found = violations()
    finally:
        bad.unlink()
        probe.unlink()
    assert any("runtime/_layering_probe.py:1" in v and "never imports an application" in v for v in found)
    assert any("runtime/_layering_probe.py:2" in v and "public API" in v for v in found)
    assert any("lab/_layering_probe.py:1" in v for v in found)
    assert any("lab/_layering_probe.py:2" in v for v in found)


@pytest.mark.parametrize("module", ["interpreter.terminal.render", "interpreter.terminal.compact",
                                    "interpreter.terminal.prompt", "interpreter.lab.sim", "interpreter.cli",
                                    "interpreter.web.views", "interpreter.web.sessions", "interpreter.web.app"])
def test_applications_do_not_read_the_syntax_tree(module):
    """Boards and reports read the runtime's view (`game.view`), never compiled tables or AST nodes."""
    path = ROOT / (module.replace(".", "/") + ".py")
    text = path.read_text()
    for reach in (".tables", ".program", "LayoutDecl", ".compiled("):
        assert reach not in text, f"{module} reaches into the rules' internals with '{reach}'"
