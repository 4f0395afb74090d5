"""An action's later parameters walked as generated Python: nested loops over their values, the
parameters as Python locals, each part of `requires` tested as soon as what it reads is chosen.
One function per action and step says whether a partly chosen action can be completed
(stopping at the first complete one), another lists (or draws) the ways to complete it.

Interchangeable pieces are merged only when listing: merging drops values equivalent to one
kept, so it cannot change whether some complete action exists."""
from __future__ import annotations

from .bindings import distinct as _distinct, kept_values as _kept_values
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
    name = c.code.fresh_name(f"{c.current_stem}_completable_from_{start}")
    lines = _loops(ac, parts, start, c, f"def {name}(g, e):", walk_name=None)
    if start < len(ac.params):
        lines.append("    return False")
    return c.code.define(name, "\n".join(lines))


def compile_walk(ac, parts: list[list], start: int, c):
    """A generator `fn(g, env, args, rng)`: with the parameters before `start` bound in env (their
    values `args`), every complete, allowed list of arguments that extends `args`, in the order of
    each parameter's values with twins merged, or (with `rng`) each parameter's values shuffled."""
    name = c.code.fresh_name(f"{c.current_stem}_walk_from_{start}")
    return c.code.define(name, "\n".join(_loops(ac, parts, start, c, f"def {name}(g, e, args, rng):", walk_name=name)))


def _loops(ac, parts: list[list], start: int, c, header: str, walk_name: str | None) -> list[str]:
    """Nested loops over the parameters from `start` on, each part of `requires` tested at the
    first level it can be; the innermost level returns True (in a walk, named `walk_name`: yields
    the arguments, each parameter's values kept while the position stands still, see `kept_values`)."""
    params = [p.name for p in ac.params]
    writer = ExpressionWriter(c, {name: local_name(name) for name in params})
    lines = [header, f"    # {comment(c.current_file)}:{ac.line}:{ac.col}"]
    lines += [f"    {local_name(p)} = e[{p!r}]" for p in params[:start]]
    indent, chosen = "    ", "args"
    for i in range(start, len(params)):
        _refuse_chance(ac.params[i], writer, c)
        values = f"each(g, {domain(ac.params[i], writer, c)})"
        if walk_name:        # twins merged (apart from values already chosen), kept while nothing changes
            distinct = c.code.name_of(("helper", "distinct"), "distinct", lambda: _distinct)
            kept = c.code.name_of(("helper", "kept_values"), "kept_values", lambda: _kept_values)
            lines.append(f"{indent}w{i} = {kept}(g, ({walk_name!r}, {i}), {chosen}, rng, "
                         f"lambda: {distinct}(g, {values}, {chosen}))")
            values = f"w{i}"
        lines.append(f"{indent}for {local_name(params[i])} in {values}:")
        indent += "    "
        chosen = f"{chosen} + [{local_name(params[i])}]"
        if parts[i + 1]:
            test = " and ".join(writer.write(part) for part in parts[i + 1])
            lines += [f"{indent}if not ({test}):", f"{indent}    continue"]
    lines.append(f"{indent}yield {chosen if start < len(params) else 'list(args)'}" if walk_name else f"{indent}return True")
    return lines


def _refuse_chance(param, writer: ExpressionWriter, c) -> None:
    """A parameter's choices are worked out again whenever the action's options are listed, drawn
    or checked: choices that roll dice or pick at random would differ each time (and move the dice)."""
    if param.domain is not None and not writer.leaves_dice_alone(param.domain):
        from dsl import Diagnostic

        from .errors import CompileProblem
        raise CompileProblem(Diagnostic(c.current_file, param.domain.line, param.domain.col,
                                        f"the choices of '{param.name}' roll dice or pick at random, but an action's "
                                        "choices are worked out again whenever its options are listed: roll before "
                                        "the perform and keep the result in a var"))


def domain(param, writer: ExpressionWriter, c) -> str:
    """The Python of the values a parameter may take."""
    if param.domain is not None:
        return writer.write(param.domain)
    type_name = param.type.name
    if type_name == "bool":
        return "[True, False]"
    values = c.enum_values[type_name] if type_name in c.enum_values else c.members(type_name)
    return c.code.name_of(("values", type_name), f"values_{type_name}", lambda: list(values))
