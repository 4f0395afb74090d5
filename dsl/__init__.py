"""The rules language front end: parse, check and format .rules files. Its public API is the names below."""
from __future__ import annotations

import importlib

# name -> the module that defines it; loaded on first use, so `import dsl` costs nothing
_PUBLIC = {
    "ast": "dsl.ast",
    "Diagnostic": "dsl.errors", "RulesError": "dsl.errors", "Sources": "dsl.errors", "suggest": "dsl.errors", "did_you_mean": "dsl.errors", "printable": "dsl.errors",
    "SyntaxProblem": "dsl.errors",
    "load_pack": "dsl.loader", "bare_carriage_return": "dsl.loader", "MOST_BYTES": "dsl.limits", "rules_files": "dsl.files", "display_path": "dsl.files", "opening_text": "dsl.files",
    "parse_file": "dsl.parser", "MAX_LOOK_PAST_TIES": "dsl.limits",
    "MAX_SEARCH_BUDGET": "dsl.limits", "MAX_INT_BITS": "dsl.limits", "MAX_LIST": "dsl.limits",
    "Program": "dsl.program", "RESERVED": "dsl.keywords", "KEYWORDS": "dsl.keywords",
    "Workspace": "dsl.workspace", "ParsedFile": "dsl.workspace",
    "FileIndex": "dsl.index", "Span": "dsl.index", "Definition": "dsl.index", "Use": "dsl.index", "Symbol": "dsl.index",
    "Hierarchy": "dsl.types", "PSEUDO_FIELDS": "dsl.types",
    "Builtin": "dsl.builtins", "BUILTINS": "dsl.builtins", "BuiltinFault": "dsl.builtins",
    "FormatError": "dsl.formatter", "format_text": "dsl.formatter", "short_diff": "dsl.formatter",
    "files_to_format": "dsl.formatter",
    "locals_read": "dsl.reads", "conjuncts": "dsl.reads",
    "with_article": "dsl.words", "plural": "dsl.words",
    "Grid": "dsl.grids", "grid_of": "dsl.grids", "coordinates": "dsl.grids", "geometry": "dsl.geometry",
}
__all__ = sorted(_PUBLIC) + ["lazy_attributes"]


def lazy_attributes(package: str, public: dict):
    """A package's `__getattr__` that imports each public name from its module on first use
    (a name that is itself a module, such as `dsl.ast`, is that module)."""
    def __getattr__(name: str):
        module = public.get(name)
        if module is None:
            raise AttributeError(f"module '{package}' has no attribute '{name}'")
        if module == f"{package}.{name}":
            return importlib.import_module(module)
        return getattr(importlib.import_module(module), name)
    return __getattr__


__getattr__ = lazy_attributes("dsl", _PUBLIC)
