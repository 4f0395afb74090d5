"""The first pass: every declared name, its type and what it refers to, and the kind hierarchy."""
from __future__ import annotations

from .. import ast as A
from ..errors import suggest
from ..types import ANY, DECK, EFFECT, KIND, ROOTS, SPACE, TOKEN, FieldInfo, Named, Type
from .state import Pass


class SymbolTables(Pass):
    """Fills the shared tables: global names, enums, kinds with their fields."""

    def declare(self) -> None:
        p, h = self.p, self.h
        for table in p.by_cat.values():
            for d in table.values():
                self.at(d)
                self.reserved(d, d.name)
        for e in p.by_cat["enum"].values():
            h.enums[e.name] = [v.name for v in e.values]
            for v in e.values:
                if v.name in self.globals:
                    self.at(e)
                    self.error(v, f"enum value '{v.name}' is already defined")
                self.bind(v.name, Named(e.name), "enum")
            self.clashing_values(e)
        h.parent.update(p.kind_parents())
        self.used.update(k.parent for k in p.by_cat["kind"].values())
        for k in p.by_cat["kind"].values():
            self.at(k)
            h.fields[k.name] = {f.name: FieldInfo(self.type_of(f.type), f.mutable) for f in k.fields}
        for k in p.by_cat["kind"].values():
            self.at(k)
            if not (k.parent in ROOTS or k.parent in p.by_cat["kind"]):
                self.error(k, f"unknown parent kind '{k.parent}'" + suggest(k.parent, self.kind_names()))
            elif k.name in h.ancestors(k.parent):
                self.error(k, f"kind '{k.name}' is its own ancestor")
        for s in p.by_cat["space"].values():
            self.bind(s.name, Named(s.kind) if s.kind else SPACE, "object")
        for d in p.by_cat["deck"].values():
            self.bind(d.name, DECK, "object")
        for pc in p.by_cat["piece"].values():
            if pc.count == 1:
                self.bind(pc.name, Named(pc.name), "object")
            else:
                self.bind(pc.name, KIND, "kind")
        for k in p.by_cat["kind"].values():
            self.bind(k.name, KIND, "kind")
        for v in p.by_cat["var"].values():
            self.at(v)
            self.bind(v.name, self.type_of(v.type), "var")
        for t in p.by_cat["token"].values():
            self.bind(t.name, TOKEN, "token")
        for c in p.by_cat["const"].values():      # typed when checked (see DeclarationChecks.check_consts)
            self.at(c)
            self.bind(c.name, self.type_of(c.type) if c.type is not None else ANY, "const")
        for e in p.by_cat["effect"].values():
            if not e.params:            # only an effect without parameters is a value
                self.bind(e.name, EFFECT, "effect")

    def clashing_values(self, e: A.EnumDecl) -> None:
        """Enum values share one namespace with every declaration, the enum itself included."""
        for v in e.values:
            found = self.p.find(v.name)
            if found is None:
                continue
            decl = found[1]
            if (e.file, v.line, v.col) < (decl.file, decl.line, decl.col):
                self.defined_twice(decl.file, decl, v.name, f"{e.file}:{v.line}:{v.col}")
            else:
                self.defined_twice(e.file, v, v.name, f"{decl.file}:{decl.line}:{decl.col}")

    def bind(self, name: str, t: Type, ref: str) -> None:
        """`name` is usable as a value of type `t`; `ref` says what it is (see ast.Name.ref)."""
        self.globals[name] = t
        self.name_refs[name] = ref
