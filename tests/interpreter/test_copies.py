"""Copies of a game share its stacks and fields until one of them changes: neither sees the other's changes."""
from __future__ import annotations

import json
import random

import pytest

import interpreter

# Three cards face down in a pile, and the rounds played as the score.
SCORED_BY_ROUNDS = """
evaluate rounds
result { score rounds  outcome "Done" }
kind face: card { }
card one "One": face in pile { }
card two "Two": face in pile { }
card three "Three": face in pile { }
"""

# Two pawns, each with a changeable field, and a deck: every answer moves, marks and shuffles.
SHUFFLE_AND_MARK = """
game shuffler "Shuffler" { seats 1 home left }
space left "Left"
space right "Right"
deck pile "Pile"
kind pawn: piece { var marked: bool = false }
piece red "Red": pawn at left
piece blue "Blue": pawn at left
card four "Four": face in pile { }
var rounds: int = 0

play {
    repeat 3 {
        choose p from [red, blue] "Which pawn crosses?" {
            move p to (if p.location == left then right else left)
            set p.marked = not p.marked
            move top(pile) to (if p == red then left else right)
            shuffle pile
            set rounds += 1
        }
    }
}
""" + SCORED_BY_ROUNDS


# The first thing an answer does with the deck is put a card on it, before anything reads it.
DISCARD_FIRST = """
game discard "Discard" { seats 1 home table }
space table "Table"
deck pile "Pile"
card four "Four": face at table { }
var rounds: int = 0

play {
    shuffle pile
    choose n from [1, 2] "How many rounds?" {
        move four to pile
        move top(pile) to table
        set rounds += n
    }
}
""" + SCORED_BY_ROUNDS


# Each answer changes one thing first: a deck shuffled, nothing shuffled into it, a card put in
# at random or drawn, a field set.
EVERY_CHANGE = """
game changes "Changes" { seats 1 home table }
space table "Table"
space hand "Hand"
deck pile "Pile"
kind pawn: piece { var marked: bool = false }
piece scout "Scout": pawn at table
card four "Four": face at table { }
var rounds: int = 0

play {
    repeat 6 {
        choose what from ["shuffle", "nothing in", "insert", "draw", "mark"] "What changes?" {
            if what == "shuffle" { shuffle pile }
            if what == "nothing in" { shuffle pieces_at(hand) into pile }
            if what == "insert" { insert four into pile }
            if what == "draw" { move top(pile) to hand }
            if what == "mark" { set scout.marked = not scout.marked }
            set rounds += 1
        }
    }
}
""" + SCORED_BY_ROUNDS
ANSWERS = ["shuffle", "nothing in", "insert", "draw", "mark"]


def pack(tmp_path, name: str, text: str):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "game.rules").write_text(text)
    return interpreter.load_rules(folder)


def state_of(game) -> str:
    return json.dumps(json.loads(game.to_json())["state"], sort_keys=True)


def test_a_copy_and_its_original_change_apart(tmp_path):
    game = pack(tmp_path, "shuffler", SHUFFLE_AND_MARK).new_game(seed=5)
    before = state_of(game)
    copy = game.clone()
    copy.choose("red")
    assert state_of(game) == before                      # the copy's changes stay in the copy
    after_copy = state_of(copy)
    game.choose("blue")
    assert state_of(copy) == after_copy                  # and the original's in the original
    assert game.field("red", "marked") is False and copy.field("red", "marked") is True
    assert game.location("blue") == "right" and copy.location("blue") == "left"
    again = game.clone()
    again.choose("blue")
    game.choose("red")
    assert again.location("blue") == "left" and game.location("blue") == "right"


@pytest.mark.parametrize("pack, seats", [("postmen", 1), ("westerplatte", 2)])
def test_looking_ahead_leaves_the_game_as_it_was(pack, seats):
    rules = interpreter.load_rules(pack)
    for seed in range(3):
        game = rules.new_game(seed=seed, seats=seats)
        game.mute()
        rng = random.Random(seed)
        while not game.over:
            before = state_of(game)
            for option in game.whole_action_ids()[:6]:
                game.peek(option, rng.getrandbits(32))
                game.determinized(rng.getrandbits(32)).choose(option)
            assert state_of(game) == before
            game.choose(game.draw(rng))


def test_a_look_ahead_that_first_puts_a_card_on_a_deck_leaves_the_real_deck_alone(tmp_path):
    rules = pack(tmp_path, "discard", DISCARD_FIRST)
    for seed in range(20):
        game = rules.new_game(seed=seed)
        before = state_of(game)
        for reseed in range(5):
            game.peek("1", reseed)
        assert state_of(game) == before


@pytest.mark.parametrize("first", ANSWERS)
def test_whichever_side_changes_first_the_other_stays_as_it_was(tmp_path, first):
    rules = pack(tmp_path, "changes", EVERY_CHANGE)
    for then in ANSWERS:
        game = rules.new_game(seed=3)
        game.choose("draw")                      # the original has changed things before the copy
        copy = game.clone()
        copied = state_of(copy)
        game.choose(first)                       # the original changes first
        assert state_of(copy) == copied
        changed = state_of(game)
        copy.choose(then)
        assert state_of(game) == changed
        grandchild = copy.clone(reseed=7)        # a copy of a copy, with its own dice
        held = state_of(copy)
        grandchild.choose(first)
        grandchild.choose(then)
        assert state_of(copy) == held
