"""The index of a file's names: declarations, local names and where they are seen, uses, attributes, outline."""
from __future__ import annotations

from dsl import Workspace

TEXT = '''var morale: int = 3
kind soldier: piece { morale: int, var ready: bool = true }
piece guard "Guard": soldier { morale 2 }
function best(xs: list[soldier]) -> int = max([s.morale for s in xs if s.ready])
procedure rally(morale: int) {
    let guards = [g for g in objects(soldier)]
    log "{morale} and {guard.label}"
    set guard.ready = true
}
'''


def index():
    return Workspace().parse("t.rules", TEXT).index


def place(needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    at = -1
    for _ in range(nth + 1):
        at = TEXT.index(needle, at + 1)
    before = TEXT[:at + offset]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def test_declarations_and_attributes():
    ix = index()
    assert [(d.name, d.what) for d in ix.globals] == [("morale", "var"), ("soldier", "kind"), ("guard", "piece"),
                                                      ("best", "function"), ("rally", "procedure")]
    assert [d.name for d in ix.attributes] == ["morale", "ready"]
    assert ix.globals[2].span.line == 3 and ix.globals[2].span.col == len("piece ") + 1


def test_a_parameter_hides_the_variable_of_its_name():
    ix = index()
    use = ix.at(*place("{morale}", offset=1))
    assert use.role == "local" and use.local.what == "parameter" and use.local.span.line == 5
    var_use = [u for u in ix.uses if u.name == "morale" and u.role == "global"]
    assert var_use == []                        # `morale 2` and `s.morale` are attributes
    assert sorted(u.role for u in ix.uses if u.name == "morale") == ["attribute", "attribute", "local"]


def test_a_comprehension_item_is_seen_inside_it_only():
    ix = index()
    s = next(d for d in ix.locals if d.name == "s")
    assert s.whole.holds(*place("s.morale")) and not s.whole.holds(*place("rally"))
    assert ix.at(*place("s.ready")).local is s
    assert ix.at(*place("xs if", offset=0)).local.what == "parameter"
    names = {d.name for d in ix.locals_at(*place("set guard"))}
    assert names == {"morale", "guards"}          # `g` ended with its comprehension


def test_names_inside_strings_are_found_at_their_place():
    ix = index()
    use = ix.at(*place("guard.label", offset=2))
    assert use.name == "guard" and use.role == "global"
    assert ix.at(*place("guard.label", offset=7)).role == "attribute"


def test_the_outline():
    ix = index()
    assert [(s.name, s.what) for s in ix.outline] == [("morale", "var"), ("soldier", "kind"), ("guard", "piece"),
                                                      ("best", "function"), ("rally", "procedure")]
    assert [c.name for c in ix.outline[1].children] == ["morale", "ready"]
    assert ix.outline[4].whole.line == 5 and ix.outline[4].whole.end_line == 9


def test_a_chosen_name_is_seen_in_its_label_and_its_block():
    text = 'play {\n    choose s from [1, 2] "Which?" label "{s} points" {\n        log "{s}"\n    }\n}\n'
    ix = Workspace().parse("c.rules", text).index
    assert "s" in {d.name for d in ix.locals_at(3, 15)}          # in the block
    assert "s" in {d.name for d in ix.locals_at(2, 45)}          # in the label
