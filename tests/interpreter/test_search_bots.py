"""The look-ahead bots: determinized copies hide the decks' order, greedy looks past ties, mcts plans and does not peek."""
from __future__ import annotations

import json
from collections import Counter

import pytest

import interpreter
from interpreter.cli import main
from interpreter.lab.bots import make_bot, play_out

# A pawn must walk two spaces before digging pays: every first step scores nothing.
WALK = """
game walk "Walk" { seats 1 home start }
space start "Start"
space middle "Middle"
space mine "Mine"
piece pawn "Pawn": piece at start
var gold: int = 0
var turns: int = 0

action step() requires pawn.location != mine label "Walk on" {
    if pawn.location == start { move pawn to middle } else { move pawn to mine }
}
action dig() requires pawn.location == mine label "Dig" { set gold += 5 }
action rest() label "Rest" { }

play {
    repeat 6 {
        set turns += 1
        perform step, dig, rest "Your move"
    }
}
evaluate gold
result { score gold  outcome "Rich" if score >= 10  outcome "Poor" }
"""

# One gold card and one bomb in a face-down deck: drawing is worth nothing on average, stopping 4.
DRAW = """
game gamble "Gamble" { seats 1 home table }
space table "Table"
space hand "Hand"
deck pile "Pile"
kind prize: card { worth: int }
card gold "Gold": prize in pile { worth 10 }
card bomb "Bomb": prize in pile { worth -10 }
var purse: int = 0

play {
    shuffle pile
    choose what from ["draw", "stop"] "Draw the top card, or stop for 4?" {
        if what == "draw" {
            let c = top(pile)
            move c to hand
            set purse += c.worth
        } else {
            set purse += 4
        }
    }
}
evaluate purse
result { score purse  outcome "Up" if score > 0  outcome "Down" }
"""


def pack(tmp_path, name, text):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "game.rules").write_text(text)
    return interpreter.load_rules(folder)


def refusal(tmp_path, text) -> str:
    """The error loading a pack of these rules gives."""
    with pytest.raises(interpreter.RulesError) as err:
        pack(tmp_path, "refused", text)
    return str(err.value)


def test_a_determinized_copy_keeps_the_decision_and_the_cards_but_guesses_the_order(tmp_path):
    rules = pack(tmp_path, "gamble", DRAW)
    orders = Counter()
    for seed in range(40):
        game = rules.new_game(seed=seed)
        real = game.pieces_at("pile")
        copy = game.determinized(seed + 1000)
        assert copy.option_ids() == game.option_ids() and sorted(copy.pieces_at("pile")) == sorted(real)
        orders[tuple(copy.pieces_at("pile")) == tuple(real)] += 1
        copy.choose(copy.option_ids()[0])
        assert copy.over and not game.over and game.pieces_at("pile") == real     # the original is untouched
    assert orders[True] > 5 and orders[False] > 5       # the copy's order is a fresh guess, not the real one


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_look_ahead_bots_walk_toward_a_payoff_no_single_step_shows(tmp_path, bot):
    rules = pack(tmp_path, "walk", WALK)
    for seed in range(3):
        game = rules.new_game(seed=seed)
        play_out(game, make_bot(bot, seed, budget=0))
        assert game.result.outcome == "Rich", (bot, seed, game.var("gold"))


def tied_options_followed(rules, look_past_ties=None) -> int:
    """How many tied options the greedy bot follows further at the first decision."""
    bot = make_bot("greedy", 0, look_past_ties=look_past_ties)
    followed = []
    real = bot.played_further
    bot.played_further = lambda game, option, further: followed.append(option) or real(game, option, further)
    bot.choose(rules.new_game(seed=0))
    return len(followed)


def test_greedy_follows_fewer_tied_options_where_the_rules_do_much_work_and_none_it_cannot_compare(tmp_path):
    busy = WALK.replace("var turns: int = 0", "var turns: int = 0\nvar busy: int = 0").replace(
        "set turns += 1", "set turns += 1\n        for i in 1..LOOP { set busy += 1 }")
    assert tied_options_followed(pack(tmp_path, "light", busy.replace("LOOP", "2"))) == 2     # walk on, rest
    assert tied_options_followed(pack(tmp_path, "middling", busy.replace("LOOP", "200"))) == 2  # 1,600 steps at most: two
    assert tied_options_followed(pack(tmp_path, "heavy", busy.replace("LOOP", "1000"))) == 0  # not even two: none


def test_greedy_tries_every_whole_action_of_a_small_staged_decision_and_draws_from_a_larger_one():
    from paths import TESTS
    game = interpreter.load_rules(TESTS / "fixtures" / "staged" / "game.rules").new_game(seed=1)
    every = [o.id for o in game.whole_actions()]
    assert len(every) == 5 and make_bot("greedy", 0, budget=5).candidates(game) == every
    drawn = make_bot("greedy", 0, budget=4).candidates(game)          # more than 4: 4 drawn, repeats tried once
    assert set(drawn) <= set(every) and 1 <= len(drawn) <= 4 and len(set(drawn)) == len(drawn)


def test_a_pack_may_say_how_far_the_greedy_bot_looks_past_ties(tmp_path):
    walk = WALK.replace("home start }", "home start look past ties 0 }")
    assert pack(tmp_path, "plain", WALK).new_game().look_past_ties is None          # left to the bot
    blind = pack(tmp_path, "blind", walk)
    assert tied_options_followed(blind) == 0
    rules = pack(tmp_path, "far", walk.replace("look past ties 0", "look past ties 3"))
    assert rules.new_game().look_past_ties == 3 and tied_options_followed(rules) == 2
    assert tied_options_followed(rules, look_past_ties=0) == 0                        # the bot told otherwise
    assert tied_options_followed(blind, look_past_ties=2) == 2


def test_a_simulation_may_tell_the_greedy_bot_how_far_it_looks_past_ties(capsys):
    assert main(["sim", "postmen", "--games", "2", "--jobs", "1", "--bot", "greedy", "--look-past-ties", "1",
                 "--compare", "look_past_ties=0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["a"]["config"].endswith("looking past ties 1") and out["b"]["config"].endswith("looking past ties 0")


@pytest.mark.parametrize("further", [9, 100])
def test_looking_past_ties_out_of_range_is_refused_where_it_is_written(tmp_path, further):
    error = refusal(tmp_path, WALK.replace("home start }", f"home start\n    look past ties {further} }}"))
    assert f"game.rules:3:20: error: looking past ties is 0 to 8 decisions, not {further}" in error


def test_mcts_does_not_see_the_hidden_order_of_a_deck(tmp_path):
    rules = pack(tmp_path, "gamble", DRAW)
    answers = Counter()
    for seed in range(12):
        game = rules.new_game(seed=seed)
        top = game.pieces_at("pile")[-1]
        answers[top, make_bot("mcts", seed, budget=100).choose(game)] += 1
    assert answers[("gold", "draw")] == 0 and answers[("gold", "stop")] > 0    # a bot that peeked would draw gold
    assert answers[("bomb", "draw")] == 0


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_what_a_bot_chooses_does_not_depend_on_the_hidden_order(tmp_path, bot):
    rules = pack(tmp_path, "gamble", DRAW)
    games = {}
    for seed in range(20):
        game = rules.new_game(seed=seed)
        games.setdefault(game.pieces_at("pile")[-1], game)
    assert set(games) == {"gold", "bomb"}
    for bot_seed in range(6):
        answers = {top: make_bot(bot, bot_seed, budget=30).choose(game) for top, game in games.items()}
        assert answers["gold"] == answers["bomb"], (bot_seed, answers)


# Each answer runs a loop of LOOP passes: where the rules are heavy, a search stops at a third of its budget.
HEAVY = """
game heavy "Heavy" { seats 1 home table }
space table "Table"
var total: int = 0

play {
    repeat 4 {
        choose n from [1, 2, 3] "Add how much, LOOP times?" {
            for i in 1..LOOP { set total += n }
        }
    }
}
evaluate total
result { score total  outcome "Done" }
"""


def search_iterations(rules) -> tuple[int, int]:
    """The iterations one search makes at the first decision, and the rules work its first answer takes."""
    game = rules.new_game(seed=0)
    bot = make_bot("mcts", 0, budget=100)
    calls = []
    real = bot.iterate
    bot.iterate = lambda guess, root: calls.append(1) or real(guess, root)
    answer = bot.choose(game)
    before = game.work_done
    game.choose(answer)
    return len(calls), game.work_done - before


def test_mcts_searches_a_third_of_its_budget_where_the_rules_do_much_work(tmp_path):
    light, light_work = search_iterations(pack(tmp_path, "light", HEAVY.replace("LOOP", "2")))
    heavy, heavy_work = search_iterations(pack(tmp_path, "heavy", HEAVY.replace("LOOP", "3000")))
    assert heavy_work >= 3000 > light_work
    assert heavy == 33 < light, (light, heavy)          # budget 100, 400 steps of work an iteration


def searched(rules, budget: int) -> int:
    """The iterations a search bot asked for `budget` (0: none) makes at the first decision."""
    bot = make_bot("mcts", 0, budget=budget)
    calls = []
    real = bot.iterate
    bot.iterate = lambda guess, root: calls.append(1) or real(guess, root)
    bot.choose(rules.new_game(seed=0))
    return len(calls)


def test_a_pack_may_set_the_search_budget_and_a_bot_told_one_keeps_its_own(tmp_path):
    light = HEAVY.replace("LOOP", "2")
    default = searched(pack(tmp_path, "default", light), 0)
    hinted = pack(tmp_path, "hinted", light.replace("home table }", "home table search budget 12 }"))
    assert hinted.new_game().search_budget == 12
    assert 4 <= searched(hinted, 0) <= 12 < default
    assert searched(hinted, 100) == default


@pytest.mark.parametrize("budget", ["0", "10001"])
def test_a_search_budget_out_of_range_is_refused_where_it_is_written(tmp_path, budget):
    error = refusal(tmp_path, HEAVY.replace("home table }", f"home table\n    search budget {budget} }}"))
    assert f"game.rules:3:19: error: a search budget is 1 to 10000 iterations a decision, not {budget}" in error


# Six face-down cards and a die rolled before and after the draw.
ROLL_AND_DRAW = """
game gamble "Gamble" { seats 1 home table }
space table "Table"
space hand "Hand"
deck pile "Pile"
die d6 1..6
kind face: card { pips: int }
card one "One": face in pile { pips 1 }
card two "Two": face in pile { pips 2 }
card three "Three": face in pile { pips 3 }
card four "Four": face in pile { pips 4 }
card five "Five": face in pile { pips 5 }
card six "Six": face in pile { pips 6 }
var total: int = 0

play {
    shuffle pile
    choose what from ["look", "roll"] "Look at the pile first, or only roll?" {
        if what == "look" { move top(pile) to hand }
        set total += roll d6
    }
}
evaluate total
result { score total  outcome "Done" }
"""


def test_copies_of_one_guess_agree_on_the_order_whatever_their_dice(tmp_path):
    rules = pack(tmp_path, "six", ROLL_AND_DRAW)
    game = rules.new_game(seed=3)
    guess = game.determinized(11)
    orders = {tuple(guess.determinized(reseed, decks=False).pieces_at("pile")) for reseed in range(20)}
    assert len(orders) == 1 and sorted(orders.pop()) == sorted(game.pieces_at("pile"))
    others = {tuple(game.determinized(reseed).pieces_at("pile")) for reseed in range(20)}
    assert len(others) > 10         # each new guess is a new order


def test_looking_at_a_deck_leaves_a_copys_dice_as_they_were(tmp_path):
    rules = pack(tmp_path, "six", ROLL_AND_DRAW)
    for seed in range(10):
        game = rules.new_game(seed=seed)
        looked, rolled = game.peek("look", seed + 100), game.peek("roll", seed + 100)
        assert looked.var("total") == rolled.var("total")
        assert looked.pieces_at("hand") and not rolled.pieces_at("hand")


def test_a_copys_guess_at_a_deck_and_its_dice_are_independent(tmp_path):
    rules = pack(tmp_path, "six", ROLL_AND_DRAW)
    game = rules.new_game(seed=1)
    pairs = Counter()
    for reseed in range(200):
        looked = game.peek("look", reseed)
        pairs[looked.pieces_at("hand")[0], looked.var("total")] += 1
    assert len(pairs) >= 30        # of the 36 pairs of card and die, as good as all turn up


def test_a_copy_written_out_shows_a_guess_never_the_real_order(tmp_path):
    import json
    rules = pack(tmp_path, "six", ROLL_AND_DRAW)
    game = rules.new_game(seed=1)
    real = game.pieces_at("pile")
    written = [json.loads(game.determinized(reseed).to_json())["state"]["stacks"]["pile"] for reseed in range(20)]
    assert all(sorted(order) == sorted(real) for order in written)
    assert sum(order == real for order in written) <= 2


# Five cards in a pile; an answer takes the middle one out by name, then draws the top card.
NAMED_OUT = """
game named "Named" { seats 1 home table }
space table "Table"
space hand "Hand"
deck pile "Pile"
kind face: card { }
card c1 "C1": face in pile { }
card c2 "C2": face in pile { }
card c3 "C3": face WHERE { }
card c4 "C4": face in pile { }
card c5 "C5": face in pile { }
var rounds: int = 0

play {
    shuffle pile
    choose n from [1, 2] "Go on?" {
        move c3 to hand
        move top(pile) to table
        set rounds += n
    }
}
evaluate rounds
result { score rounds  outcome "Done" }
"""


def test_taking_a_card_out_by_name_is_not_looking_at_the_deck(tmp_path):
    """A copy guesses a deck's order when its rules first look at it, from the cards then in it:
    taking a card out by name first is as if the card had never been there."""
    taken = pack(tmp_path, "taken", NAMED_OUT.replace("WHERE", "in pile"))
    absent = pack(tmp_path, "absent", NAMED_OUT.replace("WHERE", "at hand"))
    for guess in range(10):
        drawn = []
        for rules in (taken, absent):
            copy = rules.new_game(seed=guess).determinized(guess + 100)
            copy.choose("1")
            drawn.append(copy.pieces_at("table"))
        assert drawn[0] == drawn[1], (guess, drawn)
