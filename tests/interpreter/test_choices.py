"""Option numbers at the terminal keep their meaning; words pick 'nothing' or find options and names;
the legend explains the compact board's short names."""
from __future__ import annotations

import io
import re
import random

import pytest
from rich.console import Console

import interpreter
from interpreter.runtime.game import Decision, Option
from interpreter.terminal import legend
from interpreter.terminal.shortnames import plain_label, short_name
from interpreter.terminal.choices import matching, nothing_option, number_options
from interpreter.terminal.prompt import Session


def decision(ids: list[str], prompt: str = "Which?", labels: dict | None = None) -> Decision:
    labels = labels or {}
    return Decision(seat=1, prompt=prompt, options=[Option(i, labels.get(i, i.title())) for i in ids])


def test_options_of_one_action_are_numbered_together_in_the_order_first_offered():
    numbering = number_options(decision(["attack:a", "move:x", "attack:b", "pass"]))
    assert [(n, o.id) for n, o in numbering.numbered] == [(1, "attack:a"), (2, "attack:b"), (3, "move:x"), (4, "pass")]


def test_the_same_question_asked_again_keeps_every_number():
    first = number_options(decision(["attack:a", "attack:b", "attack:c", "pass"]))
    again = number_options(decision(["attack:a", "attack:c", "attack:d", "pass"]), first)
    assert [(n, o.id) for n, o in again.numbered] == [(1, "attack:a"), (3, "attack:c"), (5, "attack:d"), (4, "pass")]
    assert again.option(2) is None and again.span() == "1, 3-5"
    other = number_options(decision(["attack:a", "attack:c"], prompt="Another question?"), again)
    assert other.numbers == [1, 2]                       # a new question is numbered afresh


def test_a_question_whose_wording_changes_as_it_is_asked_again_keeps_its_numbers():
    import interpreter
    game = interpreter.load_rules("tigerleader").new_game(seed=1)
    first = number_options(game.decision)
    wanted = {o.id: n for n, o in first.numbered}
    game.choose("buy:panzer_i")
    again = number_options(game.decision, first)
    assert game.decision.prompt != "Buy a unit (40 SO points left)"       # the count in it changed
    assert {o.id: n for n, o in again.numbered} == {i: n for i, n in wanted.items() if i != "buy:panzer_i"}


def test_the_next_of_twin_pieces_keeps_the_number_of_the_one_taken():
    first = number_options(decision(["buy:truck#1", "buy:scout#1", "pass"], labels={"buy:truck#1": "Buy a Truck"}))
    again = number_options(decision(["buy:truck#2", "buy:scout#1", "pass"], labels={"buy:truck#2": "Buy a Truck"}), first)
    assert [(n, o.id) for n, o in again.numbered] == [(1, "buy:truck#2"), (2, "buy:scout#1"), (3, "pass")]


def test_a_question_asked_again_in_a_new_turn_is_numbered_afresh():
    first = number_options(decision(["move:a", "move:b", "pass"]), turn=1)
    same_turn = number_options(decision(["move:b", "move:c", "pass"]), first, turn=1)
    assert same_turn.numbers == [2, 4, 3]
    next_turn = number_options(decision(["move:b", "move:c", "pass"]), same_turn, turn=2)
    assert next_turn.numbers == [1, 2, 3]


MENU = """
game menu "Menu" { seats 1 home camp }
space camp "Camp"
var gold: int = 3
var bought: bool = false
action buy(what: text in ["arrows", "bread"]) label "Buy {what}" {
    choose n from ["one", "two"] "How many {what}?" { set bought = true }
}
action promote() requires bought label "Promote" { set gold -= 1 }
action rest() label "Rest" { set gold -= 1 }
play {
    while gold > 0 { perform buy, promote, rest "Spend your gold ({gold} left)" pass "Done" { break } }
}
"""


def test_a_menu_asked_again_after_other_questions_is_numbered_afresh_in_the_order_of_its_actions(tmp_path):
    (tmp_path / "game.rules").write_text(MENU)
    game = interpreter.load_rules(tmp_path).new_game(seed=1)
    out = run_session(game, ["1", "1", "3"], interactive=True)      # Buy arrows, one, then the new option 3
    assert "3. Promote" in out and "4. Rest" in out and "→ Promote" in out


def test_numbers_with_gaps_read_as_runs_and_stay_short():
    from interpreter.terminal.choices import number_runs
    assert number_runs([1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-8"
    assert number_runs([1, 3, 5, 7, 9, 11], at_most=4) == "1, 3, 5, 7, …"


def test_a_choice_of_whole_numbers_is_numbered_by_its_values():
    numbering = number_options(decision(["0", "1", "2", "3"], labels={str(i): str(i) for i in range(4)}))
    assert [(n, o.id) for n, o in numbering.numbered] == [(0, "0"), (1, "1"), (2, "2"), (3, "3")]
    assert numbering.span() == "0-3"
    assert nothing_option(numbering.numbered, "pass").id == "0"


def test_a_number_is_ready_only_when_no_other_number_starts_with_it():
    numbering = number_options(decision([f"o{i}" for i in range(1, 13)]))
    assert numbering.ready("2") and numbering.ready("12")
    assert not numbering.ready("1") and numbering.longer("1") == [10, 11, 12]
    assert not numbering.ready("13") and not numbering.ready("x")


def test_nothing_words_pick_the_pass_or_done_option_only():
    numbered = number_options(decision(["a", "b", "pass"])).numbered
    assert nothing_option(numbered, "PASS").id == "pass" and nothing_option(numbered, "none").id == "pass"
    assert nothing_option(number_options(decision(["a", "done"])).numbered, "pass").id == "done"
    assert nothing_option(number_options(decision(["a", "b"])).numbered, "pass") is None
    assert nothing_option(numbered, "attack") is None


def test_a_search_keeps_the_full_lists_numbers_and_finds_short_names():
    numbered = number_options(decision(["x:s1", "x:r3", "x:p7"], labels={"x:s1": "Fire at side 1"})).numbered
    found = matching(numbered, "S1", aliases=lambda o: ["S1"] if o.id.endswith("s1") else [])
    assert [(n, o.id) for n, o in found] == [(1, "x:s1")]
    assert [n for n, _ in matching(numbered, "p7")] == [3]


@pytest.fixture(scope="module")
def westerplatte():
    game = interpreter.load_rules("westerplatte").new_game(seed=1, seats=2)
    pick = random.Random(2)
    for _ in range(20):
        game.choose(pick.choice(game.decision.options).id)
    return game


def test_short_names_find_what_the_board_shows(westerplatte):
    assert legend.by_short_name(westerplatte, "Off1") == ["officer_1"]
    found = legend.by_short_name(westerplatte, "mga1")                # a numbered short name's start
    assert found and all(o.startswith("hmg_a") for o in found)
    assert legend.find(westerplatte, "officer_2") == ["officer_2"]


def test_the_legend_names_every_shortened_thing_once(westerplatte):
    entries = dict(legend.entries(westerplatte))
    assert entries["Off…"] == "Officer of seat"
    troops = {short: full for short, full in entries.items() if short.startswith("MG")}
    assert troops and all(full == f"Machine-gun troop {short[2]}" for short, full in troops.items())   # MGC…
    assert all(short.lower() != full.lower() for short, full in entries.items())
    lines = legend.legend_lines(westerplatte, 80)
    assert lines and all(len(line) <= 80 for line in lines)


@pytest.fixture(scope="module")
def battle():
    """A Tiger Leader battle under way: units on the battlefield, commanders at Head Quarters."""
    game = interpreter.load_rules("tigerleader").new_game(seed=1)
    pick = random.Random(1)
    for _ in range(80):
        game.choose(pick.choice(game.decision.options).id)
    assert game.var("battle_turn") > 0
    return game


def test_the_legend_says_what_the_marks_in_the_cells_mean(battle):
    lines = legend.legend_lines(battle, 80)
    assert lines[:2] == ["terrain: . open, T trees, R rocks, B buildings", "· an empty space, — an empty region"]
    postmen = legend.legend_lines(interpreter.load_rules("postmen").new_game(seed=3), 80)
    assert postmen[0] == "· an empty space, — an empty region"          # no cell shows an attribute


def test_the_legend_names_only_what_the_board_shows_and_only_what_needs_it(battle):
    entries = dict(legend.entries(battle))
    shown = {legend.short_names(battle)[o] for o in legend.shown_objects(battle)}
    marks = {short_name(battle, t) for o in legend.shown_objects(battle) for t in battle.marks(o)}
    assert set(entries) - {"lv", "bs", "st", "at"} <= shown | {s[:-1] for s in shown} | marks   # no card in a deck, no box
    assert not {"in", "by", "SI", "B1", "Truck"} & set(entries)         # no `in at`, `by led by`, `B1 Battlefield`
    assert all(full.lower() != short.lower() for short, full in entries.items())
    assert len(set(entries.values())) == len(entries)                   # no two short names for one thing
    view = battle.view
    assert plain_label(view, "panzer_38t") == "Panzer 38(t) #306"
    assert plain_label(view, "panzer_iii_short") == "Panzer III (Short) #351"
    assert plain_label(view, "albert_ace") == "Albert (Ace)"            # its note tells it from Albert
    items = " · ".join(legend.legend_lines(battle, 80)).split(" · ")
    assert "2A Tank Company" in items and "Destroyed battalions" in items    # a label that starts with its short


def test_inspect_finds_what_the_board_names(battle):
    assert {o.split("#")[0] for o in legend.find(battle, "Trk")} == {"pl_truck"}       # the Polish Truck
    assert {o.split("#")[0] for o in legend.find(battle, "Truck")} == {"truck_counter"}  # the German one
    names = legend.short_names(battle)
    by_label = {}
    for oid, short in names.items():
        by_label.setdefault(short.lower(), set()).add(battle.view.label(oid))
    assert all(len(labels) == 1 for labels in by_label.values())


def run_session(game, answers: list[str], interactive: bool = False) -> str:
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None, highlight=False)
    feed = iter(answers + ["quit"])
    Session(game, console, read=lambda prompt, asker=None: next(feed), interactive=interactive).run()
    return console.file.getvalue()


def test_an_unknown_word_and_a_name_no_option_mentions_are_told_apart():
    game = interpreter.load_rules("postmen").new_game(seed=3)
    out = run_session(game, ["frobnicate", "gdaniec", "pass"])
    assert "'frobnicate' is not a command, an option or a name in this game; type 'help'." in out
    assert "No option now mentions 'gdaniec' (Gdaniec); 'all' lists the 3 options." in out
    assert "→ End moves" in out                              # 'pass' ended the moves


def test_an_options_words_choose_it_and_a_word_finds_options_by_the_start_of_their_words():
    game = interpreter.load_rules("postmen").new_game(seed=3)
    labels = [o.label for o in game.decision.options]
    assert "End moves" in labels
    out = run_session(game, ["end", "END   moves"])
    assert "→ End moves" in out
    numbered = number_options(decision(["move:defender", "end_moves"], labels={"end_moves": "End moves"})).numbered
    assert [o.id for _, o in matching(numbered, "end")] == ["end_moves"]
    assert [o.id for _, o in matching(numbered, "def")] == ["move:defender"]
    ids = number_options(decision(["move_officer:outpost_c", "move_officer:tile_c"])).numbered
    assert [o.id for _, o in matching(ids, "outpost_c")] == ["move_officer:outpost_c"]      # a part of an id
    assert [o.id for _, o in matching(ids, "tile")] == ["move_officer:tile_c"]


def test_the_question_is_recalled_after_log_and_legend():
    game = interpreter.load_rules("postmen").new_game(seed=3)
    out = run_session(game, ["log 3", "legend"])
    after_log = out.split("(the last 3 of")[1]
    assert after_log.splitlines()[1].startswith("[seat 1] Move a defender")
    assert "Short names on the board:" in out and "TPW… Trained postal worker" in out
    assert out.count("Choose 1-3; 'all' lists the options.") == 2


def test_only_the_digits_0_to_9_type_an_option_number():
    from interpreter.terminal.choices import typed_number
    assert typed_number("3") and typed_number("12")
    assert not typed_number("٣") and not typed_number("３") and not typed_number("") and not typed_number("3a")


def test_a_long_answer_that_matches_nothing_is_said_back_cut_short():
    game = interpreter.load_rules("postmen").new_game(seed=3)
    out = run_session(game, ["z" * 100_000, "pass"])
    assert "'" + "z" * 60 + "…' is not a command, an option or a name in this game" in " ".join(out.split())
    assert "z" * 61 not in out


def test_a_resumed_game_first_shows_the_last_events_that_led_to_its_question():
    game = interpreter.load_rules("postmen").new_game(seed=3)
    pick = random.Random(5)
    for _ in range(12):
        game.choose(game.draw(pick))
    told = [e for e in game.log if e.for_players]
    out = run_session(game, [])
    from interpreter.terminal.prompt import event_text
    last = [event_text(e).plain for e in told[-3:]]
    assert all(line in out for line in last) and out.index(last[-1]) < out.index(game.decision.prompt)
    assert event_text(told[-4]).plain not in out.split(last[0])[0]       # only the last few


def test_many_events_since_the_last_question_are_counted_with_the_log_that_shows_them():
    game = interpreter.load_rules("westerplatte").new_game(seed=3)
    out = run_session(game, ["3", "5", "4"], interactive=True)       # the last ends the turn: the Germans act
    said = re.search(r"\((\d+) events since the last question; 'log (\d+)' shows them again\)", out)
    assert said and said[1] == said[2] and int(said[1]) > 3, out[-2000:]
