"""A compiled variant as bytes and back: the generated module's code by marshal, everything else by pickle.

Functions of the generated module and builtin implementations are stored by name and found
again in the module run from the stored code, so loading needs neither the parser nor the checker."""
from __future__ import annotations

import io
import marshal
import pickle
from types import FunctionType

from . import support


class _Pickler(pickle.Pickler):
    def __init__(self, file, namespace: dict):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.namespace = namespace

    def persistent_id(self, obj):
        if obj is self.namespace:
            return ("module",)
        if isinstance(obj, FunctionType):
            if obj.__globals__ is self.namespace:
                return ("generated", obj.__name__)
            name = support.builtin_name(obj)
            if name is not None:
                return ("builtin", name)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, namespace: dict):
        super().__init__(file)
        self.namespace = namespace

    def persistent_load(self, pid):
        kind = pid[0]
        if kind == "module":
            return self.namespace
        if kind == "generated":
            return self.namespace[pid[1]]
        if kind == "builtin":
            return support.builtin_function(pid[1])
        raise pickle.UnpicklingError(f"unknown stored reference {pid!r}")


def dump_compiled(c) -> bytes:
    """A compiled variant (see compiler.Compiled, finished) as bytes."""
    namespace = c.code.namespace
    tables = io.BytesIO()
    _Pickler(tables, namespace).dump(c)
    return pickle.dumps((namespace["__name__"], marshal.dumps(c.code.code_object), tables.getvalue()),
                        protocol=pickle.HIGHEST_PROTOCOL)


def load_compiled(data: bytes):
    """The compiled variant `dump_compiled` gave `data` for; raises on damaged data."""
    module_name, code, tables = pickle.loads(data)
    code_object = marshal.loads(code)
    namespace = dict(support.NAMES, __name__=module_name)
    exec(code_object, namespace)
    c = _Unpickler(io.BytesIO(tables), namespace).load()
    c.code.code_object = code_object
    return c
