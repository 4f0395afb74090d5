"""The example mods and scenario of the Postmen pack, and how mod files report their mistakes."""
from __future__ import annotations

from pathlib import Path

import pytest

import interpreter
from interpreter import RulesError
from interpreter.lab.bots import RandomBot, play_out
from interpreter.runtime import find_pack

PACK = find_pack("postmen")
MODS = PACK / "mods"


def load(*mods):
    return interpreter.load_rules("postmen", mods=list(mods))


def test_two_more_leaders_join_attack_2():
    rules = load(MODS / "two_more_leaders.rules")
    decks = rules.summary()["decks"]
    assert decks["attack_2"] == 32 and decks["attack_1"] == 30
    game = rules.new_game(seed=4)
    assert game.location("kruger") == "supply" and game.field("kruger", "leader") is True
    assert game.label("a2_lange") == "Leader: Lange"
    play_out(game, RandomBot(4))
    assert game.over


def test_green_riflemen_defend_at_three():
    game = load(MODS / "green_riflemen.rules").new_game()
    assert game.field("rifleman#1", "defense") == 3
    assert game.field("smg#1", "defense") == 4


def test_no_howitzer_removes_its_cards():
    rules = load(MODS / "no_howitzer.rules")
    decks = rules.summary()["decks"]
    assert decks["attack_2"] == 28 and decks["attack_3"] == 29
    game = rules.new_game(seed=1)
    play_out(game, RandomBot(1))
    assert not any("Howitzer" in e.text for e in game.log if e.kind == "resolve")


def test_mods_combine_in_order():
    rules = load(MODS / "two_more_leaders.rules", MODS / "no_howitzer.rules")
    assert rules.summary()["decks"]["attack_2"] == 30


def test_scenario_starts_attack_2_battered():
    rules = interpreter.load_rules("postmen", mods=[PACK / "scenarios" / "battered_upper_floors.rules"])
    game = rules.new_game(seed=2)
    assert game.decision is not None
    assert game.var("period") == 2 and game.var("turn") == 1
    assert game.field("upper_inside", "step") >= 3             # the first Enemy Phase may hit it again
    assert {"postal_5", "postal_9"} <= set(game.pieces_at("casualties"))
    assert game.var("morale") <= 4


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def messages(err: RulesError) -> list[str]:
    return [f"{Path(d.file).name}:{d.line}: {d.message}" for d in err.errors]


def test_mod_mistakes_are_reported_in_the_mod_file(tmp_path):
    bad = write(tmp_path, "bad.rules", 'mod "Bad" for postmen\n'
                                       'remove card howitzer\n'
                                       'change piece riflemen { defense 3 }\n'
                                       'var morale: int = 3\n'
                                       'replace phase enemy_phse { }\n')
    with pytest.raises(RulesError) as caught:
        load(bad)
    assert messages(caught.value) == [
        "bad.rules:2: the game has no card 'howitzer' to remove (did you mean 'a3_howitzer' or 'a2_howitzer'?)",
        "bad.rules:3: the game has no piece 'riflemen' to change (did you mean 'rifleman' or 'ss_rifleman' or 'a2_rifleman'?)",
        f"bad.rules:4: {caught.value.errors[2].message}",
        "bad.rules:5: the game has no phase 'enemy_phse' to replace (did you mean 'enemy_phase'?)",
    ]
    assert caught.value.errors[2].message.startswith("the game already has 'morale' (at ")
    assert "game.rules:" in caught.value.errors[2].message and caught.value.errors[2].message.endswith("to change it")


def test_a_card_declared_twice_in_one_mod_names_both_lines(tmp_path):
    card = 'card a1_extra "Extra rifleman": assault_card in attack_1 {{ unit rifleman }}\n'
    bad = write(tmp_path, "twice.rules", 'mod "Twice" for postmen\n' + card.format() + "\n" + card.format())
    with pytest.raises(RulesError) as caught:
        load(bad)
    [error] = caught.value.errors
    assert (Path(error.file).name, error.line) == ("twice.rules", 4)
    assert error.message.startswith("'a1_extra' is declared twice in this mod (first at ")
    assert "twice.rules:2)" in error.message and "replace" not in error.message


def test_changing_a_card_to_no_copies_is_reported_at_the_mod_line(tmp_path):
    bad = write(tmp_path, "none.rules", 'mod "None" for postmen\n\nchange card a1_smg x0\n')
    with pytest.raises(RulesError) as caught:
        load(bad)
    assert messages(caught.value) == [
        "none.rules:3: 'change' needs at least one copy, not x0; to take it out of the game write 'remove card a1_smg'"]


def test_two_mods_changing_the_same_thing_conflict(tmp_path):
    other = write(tmp_path, "other.rules", 'mod "Other" for postmen\nchange piece rifleman { defense 5 }\n')
    with pytest.raises(RulesError) as caught:
        load(MODS / "green_riflemen.rules", other)
    [error] = caught.value.errors
    assert Path(error.file).name == "other.rules"
    assert "is also changed by" in error.message and "green_riflemen.rules:4" in error.message


def test_a_mod_for_another_game_is_refused(tmp_path):
    other = write(tmp_path, "w.rules", 'mod "Wrong" for westerplatte\nremove card a2_howitzer\n')
    with pytest.raises(RulesError, match="this mod is for the game 'westerplatte', not 'postmen'"):
        load(other)


def test_a_changed_attribute_that_does_not_exist_points_into_the_mod(tmp_path):
    typo = write(tmp_path, "typo.rules", 'mod "Typo" for postmen\nchange piece rifleman { defence 3 }\n')
    with pytest.raises(RulesError) as caught:
        load(typo)
    [error] = caught.value.errors
    assert Path(error.file).name == "typo.rules" and error.line == 2
    assert error.message == "'assault' has no attribute 'defence' (did you mean 'defense'?)"


def test_checking_a_mod_alone_explains_how_to_use_it():
    with pytest.raises(RulesError, match="this is a mod for 'postmen', not a game"):
        interpreter.load_rules(MODS / "no_howitzer.rules")


def test_what_a_game_has_one_of_is_removed_by_its_kind_alone(tmp_path):
    quiet = write(tmp_path, "quiet.rules", 'mod "No evaluate" for postmen\nremove evaluate\n')
    assert load(quiet).new_game(seed=1).evaluate() == 0              # a pack without one evaluates every position 0
    unnamed = write(tmp_path, "unnamed.rules", 'mod "Unnamed" for postmen\nremove card\n')
    with pytest.raises(RulesError) as caught:
        load(unnamed)
    assert messages(caught.value) == ["unnamed.rules:2: 'remove card' needs the name of the card to remove"]


def test_removing_the_same_card_twice_says_where_it_was_removed(tmp_path):
    twice = tmp_path / "twice.rules"
    twice.write_text('mod "Twice" for postmen\nremove card a2_howitzer\nremove card a2_howitzer\n', encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        interpreter.load_rules("postmen", mods=[twice])
    assert f"the card 'a2_howitzer' is already removed (at {twice}:2)" in str(caught.value)


def test_removing_what_the_game_still_uses_is_said_at_the_remove_and_at_each_use(tmp_path):
    mod = write(tmp_path, "no_disrupt.rules", 'mod "No disrupt" for postmen\nremove procedure disrupt\n')
    with pytest.raises(RulesError) as caught:
        load(mod)
    said = messages(caught.value)
    assert said[0].startswith("no_disrupt.rules:2: the game still uses the procedure 'disrupt' that this removes "
                              "(4 places, the first at content/postmen/"), said
    uses = said[1:]
    assert len(uses) == 4 and all(u.endswith(f"unknown procedure 'disrupt', which {mod}:2 removes") for u in uses), uses


@pytest.mark.parametrize("twice", ["change piece a1_rifleman x3\nchange piece a1_rifleman x5",
                                   "replace var morale: int in 0..9 = 3\nreplace var morale: int in 0..9 = 4",
                                   "change piece a1_rifleman x3\nremove piece a1_rifleman"])
def test_one_mod_saying_twice_what_becomes_of_a_thing_is_an_error(tmp_path, twice):
    mod = write(tmp_path, "twice.rules", f'mod "Twice" for postmen\n{twice}\n')
    with pytest.raises(RulesError) as caught:
        load(mod)
    name = twice.split()[2].split(":")[0]
    assert messages(caught.value) == [f"twice.rules:3: '{name}' is already changed at line 2 of this file; "
                                      "say what becomes of it once"]


def test_a_mods_variant_holding_mod_words_or_a_variant_is_refused(tmp_path):
    mod = write(tmp_path, "odd.rules", 'mod "Odd" for postmen\nvariant odd "Odd" { remove var morale  variant inner "I" { } }\n')
    with pytest.raises(RulesError) as caught:
        load(mod)
    said = messages(caught.value)
    assert len(said) == 2 and "'remove' cannot be used in a variant" in said[0] and "cannot hold another" in said[1]
