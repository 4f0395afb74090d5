"""Whether a partly chosen action can be completed, written as Python: nested loops over the later
parameters' values, the parameters as Python locals, each part of `requires` tested as soon as
what it reads is chosen, stopping at the first complete action.

Interchangeable pieces are not merged here: merging only drops values equivalent to one kept,
so it cannot change whether some complete action exists."""
from __future__ import annotations

from .expressions import ExpressionWriter
from .pycode import comment, local_name


def requirement_parts(ac) -> list[list]:
    """The parts of an action's `requires`, placed at the first step after which all they read
    is chosen; parts keep their written order (a part may rely on the ones before it)."""
    from dsl import conjuncts, locals_read
    parts = [[] for _ in range(len(ac.params) + 1)]
    if ac.requires is not None:
        position = {prm.name: i for i, prm in enumerate(ac.params)}
        bound = 0
        for part in conjuncts(ac.requires):
            bound = max([bound] + [position[name] + 1 for name in locals_read(part) if name in position])
            parts[bound].append(part)
    return parts


def compile_completable(ac, parts: list[list], start: int, c):
    """A function `fn(g, env)`: with the parameters before `start` bound in env (and the parts of
    `requires` they decide already true), whether some values of the rest make an allowed action."""
    params = [p.name for p in ac.params]
    scope = {name: local_name(name) for name in params}
    writer = ExpressionWriter(c, scope)
    name = c.code.fresh_name(f"{c.current_stem}_completable_from_{start}")
    lines = [f"def {name}(g, e):", f"    # {comment(c.current_file)}:{ac.line}:{ac.col}"]
    lines += [f"    {local_name(p)} = e[{p!r}]" for p in params[:start]]
    indent = "    "
    for i in range(start, len(params)):
        lines.append(f"{indent}for {local_name(params[i])} in each(g, {domain(ac.params[i], writer, c)}):")
        indent += "    "
        if parts[i + 1]:
            test = " and ".join(writer.write(part) for part in parts[i + 1])
            lines += [f"{indent}if not ({test}):", f"{indent}    continue"]
    lines += [f"{indent}return True"]
    if start < len(params):
        lines.append("    return False")
    return c.code.define(name, "\n".join(lines))


def domain(param, writer: ExpressionWriter, c) -> str:
    """The Python of the values a parameter may take."""
    if param.domain is not None:
        return writer.write(param.domain)
    type_name = param.type.name
    if type_name == "bool":
        return "[True, False]"
    values = c.enum_values[type_name] if type_name in c.enum_values else c.members(type_name)
    return c.code.name_of(("values", type_name), f"values_{type_name}", lambda: list(values))
