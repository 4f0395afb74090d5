"""Option labels: composed from the state as it is when they are read, whether or not they read anything that changes."""
from __future__ import annotations

from interpreter import load_rules

RULES = '''game g "G" { seats 1 home box }
space box
kind crate: space { var load: int = 0, size: int }
space a "Crate A": crate { size 2 }
space b "Crate B": crate { size 3 }
var stock: int = 5
action fill(c: crate) label "Fill {c} (size {c.size})" { set c.load += 1  set stock -= 1 }
action count_on(c: crate) label "Count {c}: {c.load} of {stock}" { set stock -= 1 }
play {
    repeat 2 { perform fill "Fill which?" }
    repeat 2 { perform count_on "Count which?" }
}
'''


def labels(game) -> list[str]:
    return [o.label for o in game.decision.options]


def test_labels_follow_the_state_and_fixed_ones_read_the_same_each_time(tmp_path):
    path = tmp_path / "game.rules"
    path.write_text(RULES, encoding="utf-8")
    game = load_rules(path).new_game()
    assert labels(game) == ["Fill Crate A (size 2)", "Fill Crate B (size 3)"]
    game.choose("fill:a")
    assert labels(game) == ["Fill Crate A (size 2)", "Fill Crate B (size 3)"]
    game.choose("fill:a")
    assert labels(game) == ["Count Crate A: 2 of 3", "Count Crate B: 0 of 3"]
    game.choose("count_on:b")
    assert labels(game) == ["Count Crate A: 2 of 2", "Count Crate B: 0 of 2"]
    chosen = [e.data["option"] for e in game.log if e.kind == "choice"]
    assert chosen == ["Fill Crate A (size 2)", "Fill Crate A (size 2)", "Count Crate B: 0 of 3"]


def test_a_label_reading_a_variable_is_composed_anew_in_every_game(tmp_path):
    path = tmp_path / "game.rules"
    path.write_text(RULES.replace("var stock: int = 5", "die d6 1..6\nvar stock: int = roll d6"), encoding="utf-8")
    rules = load_rules(path)
    seen = set()
    for seed in range(12):
        game = rules.new_game(seed=seed)
        game.choose("fill:b")
        game.choose("fill:b")
        seen.add(labels(game)[1])
    assert len(seen) > 1 and all(label.startswith("Count Crate B: 2 of ") for label in seen)


PIECES = '''game g "G" { seats 1 home camp }
space camp "Camp"
space north "North gate"
space south "South gate"
kind soldier: piece { }
piece guard_1 "Guard": soldier at north
piece guard_2 "Guard": soldier at south
piece captain "Captain": soldier at north
play { choose s from objects(soldier) "Who reports?" { log "{s} reports" } }
'''


def test_pieces_told_apart_by_place_make_every_piece_of_the_list_say_where_it_is(tmp_path):
    path = tmp_path / "game.rules"
    path.write_text(PIECES, encoding="utf-8")
    game = load_rules(path).new_game()
    assert labels(game) == ["Guard at North gate", "Guard at South gate", "Captain at North gate"]
