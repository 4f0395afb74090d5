"""Writes each modifier as a Python function of the engine and its arguments: the sum of what the
clauses of the effects in force add to it (0 when none does)."""
from __future__ import annotations

from .expressions import ExpressionWriter, modifier_name
from .pycode import comment, local_name


def compile_modifiers(c) -> None:
    """Every modifier of the compiled game `c`, from the clauses that add to it, effect by effect."""
    p = c.program
    clauses: dict[str, list] = {name: [] for name in p.by_cat["modifier"]}
    for effect in p.by_cat["effect"].values():
        for clause in effect.clauses:
            clauses[clause.modifier].append((effect, clause))
    for m in p.by_cat["modifier"].values():
        c.at(m)
        write_modifier(m, clauses[m.name], c)


def write_modifier(m, clauses: list, c) -> None:
    params = [f"a_{i}" for i in range(len(m.params))]
    lines = [(f"def {modifier_name(m.name)}({', '.join(['g'] + params)}):", None),
             (f"    # {comment(c.current_file)}:{m.line}:{m.col}", None)]
    if not clauses:
        c.code.define_located(modifier_name(m.name), lines + [("    return 0", None)])
        return
    # a clause may ask for its own modifier again: bounded like a function calling itself
    lines += [("    if g.call_depth >= MAX_CALL_DEPTH:", None), (f"        too_deep({m.name!r})", None),
              ("    g.call_depth += 1", None),
              ("    r = 0", None), ("    for x in g.effects:", None), ("        n = x['name']", None)]
    by_effect: dict[str, list] = {}
    for effect, clause in clauses:
        by_effect.setdefault(effect.name, []).append((effect, clause))
    for i, (name, own) in enumerate(by_effect.items()):
        effect = own[0][0]
        lines.append((f"        {'if' if i == 0 else 'elif'} n == {name!r}:", None))
        if effect.params:
            lines.append(("            a = x['args']", None))
            lines += [(f"            {local_name(prm.name)} = a[{k}]", None) for k, prm in enumerate(effect.params)]
        for _, clause in own:
            lines += clause_lines(effect, clause, params, c)
    lines += [("    g.call_depth -= 1", None), ("    return r", None)]
    c.code.define_located(modifier_name(m.name), lines)


def clause_lines(effect, clause, params: list[str], c) -> list:
    """One clause: its value added to (or taken from) the sum, if its condition holds."""
    scope = {prm.name: local_name(prm.name) for prm in effect.params}
    scope.update(zip(clause.names, params))
    writer = ExpressionWriter(c, scope, in_function=True)
    where = f"{effect.file}:{clause.line}:{clause.col}"
    value = writer.write(clause.value)
    change = f"r = plus(g, r, {value})" if clause.op == "+=" else f"r = minus(r, {value})"
    if clause.cond is None:
        return [(f"            {change}", where)]
    return [(f"            if {writer.write(clause.cond)}:", where), (f"                {change}", where)]
