"""Staged performs through the public API: steps, what has been chosen, backing out, whole action ids, saves and twins."""
from __future__ import annotations

import json

import pytest

from interpreter import GameError, load_rules

from paths import TESTS

RULES = load_rules(TESTS / "fixtures" / "staged" / "game.rules")


def ids(game) -> list[str]:
    return [o.id for o in game.decision.options]


def test_each_step_is_a_decision_that_says_where_it_is():
    game = RULES.new_game(seed=1)
    d = game.decision
    assert (d.step, d.chosen, d.prompt, ids(game)) == (1, (), "Orders", ["send", "stack", "pass"])
    game.choose("send")
    d = game.decision
    assert (d.step, d.chosen, d.prompt, ids(game)) == (2, ("Send",), "Who goes?", ["runner", "walker"])
    game.choose("runner")
    d = game.decision
    assert (d.step, d.chosen, d.prompt) == (3, ("Send", "Runner"), "Where does Runner go?")
    assert [(o.id, o.label) for o in d.options] == [("north", "Send Runner to North"), ("south", "Send Runner to South")]
    game.choose("south")
    assert game.location("runner") == "south"
    assert game.decision.step == 1 and game.decisions_made == 3
    assert [e.text for e in game.log if e.kind == "choice"] == ["Seat 1: Orders → Send Runner to South"]


def test_a_step_offers_only_what_a_legal_action_follows_from():
    game = RULES.new_game(seed=1)
    game.choose("send")
    game.choose("walker")                     # the walker cannot reach the south post: north is the one way on
    assert game.location("walker") == "north"


def test_backing_out_is_not_a_decision_and_leaves_the_game_as_it_was():
    game = RULES.new_game(seed=1)
    start = game.to_json()
    game.choose("send")
    game.choose("runner")
    game.back()
    assert game.decision.step == 2 and ids(game) == ["runner", "walker"] and game.decisions_made == 1
    game.back()
    assert game.to_json() == start
    with pytest.raises(GameError, match="no partly made choice to back out of"):
        game.back()


def test_steps_with_one_way_on_are_taken_without_asking():
    game = RULES.new_game(seed=1)
    game.choose("send:runner:south")
    game.choose("send")                       # only the walker is left, and only north is open to him
    assert game.location("walker") == "north" and game.decision.step == 1
    assert [e.text for e in game.log if e.kind == "choice"][-1] == "Seat 1: Orders → Send Walker to North"


def test_a_whole_action_id_answers_every_step_left():
    game = RULES.new_game(seed=1)
    game.choose("send:runner:south")
    assert game.location("runner") == "south" and game.decision.step == 1
    game = RULES.new_game(seed=1)
    game.choose("send")
    with pytest.raises(GameError, match="'stack:crate#1:crate#2' is not an option here"):
        game.choose("stack:crate#1:crate#2")  # not the group chosen so far
    with pytest.raises(GameError, match="is not an option here"):
        RULES.new_game(seed=1).choose("send:walker:south")    # not allowed


def test_twins_are_offered_once_but_a_chosen_piece_stays_apart_from_its_twins():
    game = RULES.new_game(seed=1)
    assert [o.id for o in game.whole_actions() if o.id.startswith("stack")] == ["stack:crate#1:crate#2"]
    game.choose("stack")                      # one crate of three, then one of the two others: no real choice
    assert game.pieces_at("north") == ["crate#1", "crate#2"]
    assert "stack" not in ids(game)           # one crate left cannot be stacked on itself


def test_a_partly_made_choice_survives_save_load_undo_and_replay():
    game = RULES.new_game(seed=1)
    game.choose("send")
    game.choose("runner")
    saved = game.to_json()
    loaded = RULES.load_game(saved)
    assert loaded.decision == game.decision and loaded.to_json() == saved
    loaded.choose("north")
    assert loaded.location("runner") == "north"
    replayed = RULES.load_game(saved.replace(RULES.fingerprint, "changed"), replay_under_new_rules=True)
    assert replayed.decision == game.decision and replayed.replayed_under_new_rules     # rebuilt from the trail
    game.undo()
    assert game.decision.step == 2 and game.decision.chosen == ("Send",)


def test_whole_actions_lists_every_complete_action_that_agrees_with_the_steps_so_far():
    game = RULES.new_game(seed=1)
    assert [o.id for o in game.whole_actions()] == [
        "send:runner:north", "send:runner:south", "send:walker:north", "stack:crate#1:crate#2", "pass"]
    game.choose("send")
    game.choose("runner")
    assert [(o.id, o.label) for o in game.whole_actions()] == [
        ("send:runner:north", "Send Runner to North"), ("send:runner:south", "Send Runner to South")]


def test_requires_is_tested_at_the_first_step_it_can_be():
    checks = RULES.compiled(None).actions["send"].checks
    assert [level is not None for level in checks] == [False, True, True]   # `s.speed > 0` once s is chosen; the rest with dest


def test_a_random_draw_is_a_legal_whole_action_and_repeats_with_its_seed():
    import random
    legal = {o.id for o in RULES.new_game(seed=1).whole_actions()}
    drawn = {RULES.new_game(seed=1).draw(random.Random(n)) for n in range(40)}
    assert drawn <= legal and drawn - {"pass"}     # whole actions (and the pass), never half a choice
    assert {a.split(":")[0] for a in drawn} == {"send", "stack", "pass"}
    assert RULES.new_game(seed=1).draw(random.Random(3)) == RULES.new_game(seed=1).draw(random.Random(3))
    game = RULES.new_game(seed=1)
    game.choose(game.draw(random.Random(1)))
    assert game.over or game.decision.step == 1


def test_many_draws_from_one_position_stay_legal_and_leave_the_listing_in_order():
    import random
    game = RULES.new_game(seed=1)
    listed = [o.id for o in game.whole_actions()]
    rng = random.Random(5)
    drawn = [game.draw(rng) for _ in range(60)]       # the later draws reuse the values the first worked out
    assert set(drawn) <= set(listed) and len(set(drawn)) == len(listed)     # every action, in 60 draws
    assert [o.id for o in game.whole_actions()] == listed                   # listed in order still
    again = RULES.new_game(seed=1)
    assert again.draw(random.Random(5)) == drawn[0]                         # the first draw as it ever was


ONE_WAY = """
game solo "Solo" { seats 1 home camp }
space camp "Camp"
space hill "Hill"
space ford "Ford"
piece scout "Scout": piece at camp
action go(to: space in [s for s in [hill, ford] if s != scout.location]) label "Go to {to}" { move scout to to }
play {
    perform staged go "Where to?"
    perform staged go "Where to now?"
}
"""


def test_a_muted_game_takes_a_step_with_one_way_on_at_once_as_a_told_game_does(tmp_path):
    (tmp_path / "game.rules").write_text(ONE_WAY)
    rules = load_rules(tmp_path)
    told, muted = rules.new_game(seed=1), rules.new_game(seed=1)
    muted.mute()
    assert told.option_ids() == muted.option_ids() == ["hill", "ford"]
    told.choose("ford")
    muted.choose("ford")
    assert told.over and muted.over and muted.decisions_made == told.decisions_made == 1     # only the hill was left
    assert muted.location("scout") == told.location("scout") == "hill"


def test_a_wrong_answer_leaves_a_muted_game_as_it_was_and_undo_keeps_it_muted():
    game = load_rules("postmen").new_game(seed=1)
    game.mute()
    engine = game._engine
    with pytest.raises(GameError, match="'nonsense' is not an option here"):
        game.choose("nonsense")
    assert game._engine is engine and game.decisions_made == 0     # nothing played again
    game.choose(game.option_ids()[0])
    game.undo()
    assert not game._engine.telling and game.decision.prompt == ""


def position(game) -> dict:
    """Where everything stands, the dice and the trail (not the texts, which a muted game never composes)."""
    data = json.loads(game.to_json())
    return {key: value for key, value in data["state"].items() if key != "decision"} | {"trail": data["trail"]}


@pytest.mark.parametrize("pack", ["postmen", "tigerleader"])
def test_a_muted_game_lists_a_step_only_when_read_but_asks_just_what_a_told_game_asks(pack):
    import random
    from interpreter import load_rules as load
    rules = load(pack)
    for seed in range(2):
        told, muted = rules.new_game(seed=seed), rules.new_game(seed=seed)
        muted.mute()
        first, second = random.Random(seed), random.Random(seed)
        for n in range(150):
            if told.over:
                break
            assert muted._engine.decision["options"] is None or not told.staged     # left to be listed
            if n % 3 == 0:                  # read now and then: choosing must not depend on it
                assert muted.option_ids() == told.option_ids()                      # the same, once read
            told.choose(told.draw(first))
            muted.choose(muted.draw(second))
        assert muted.decisions_made == told.decisions_made and position(muted) == position(told)


LISTS = """
game lists "Lists" { seats 1 home box }
space box
var total: int = 0
action take(xs: list[int] in [[1, 2], [3]], y: int in xs) label "take {y}" { set total += y }
play {
    repeat 3 { perform staged take "Take one" }
}
result { score total outcome "Done" }
"""


def test_drawing_after_a_list_was_chosen_works_out_the_values_each_time(tmp_path):
    import random
    (tmp_path / "game.rules").write_text(LISTS)
    game = load_rules(tmp_path).new_game(seed=1)
    rng = random.Random(2)
    drawn = {game.draw(rng) for _ in range(30)}          # a list cannot be kept as a key: worked out afresh
    assert drawn == set(game.whole_action_ids()) == {"take:[1,2]:1", "take:[1,2]:2", "take:[3]:3"}


def test_a_save_whose_partly_made_choice_was_tampered_with_is_refused():
    game = RULES.new_game(seed=1)
    game.choose("send")
    data = json.loads(game.to_json())
    del data["state"]["decision"]["chosen"]
    with pytest.raises(GameError, match="the saved game is damaged"):
        RULES.load_game(json.dumps(data))
    data = json.loads(game.to_json())
    data["state"]["decision"]["options"][0]["value"] = {"step": "runner", "extra": 1}
    with pytest.raises(GameError, match="the saved game is damaged"):
        RULES.load_game(json.dumps(data))
