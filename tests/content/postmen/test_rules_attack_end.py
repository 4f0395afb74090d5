"""Per-rule tests: when an Attack ends, when it goes on and when an Attack that went on ends
(2.1, 2.2), and turns numbered within each Attack."""
from __future__ import annotations

from interpreter.terminal import render

from postmen_scenarios import ids, notes, pass_all, phases, start

# scenarios/attack_goes_on.rules: the five riflemen that the second turn's cards place, each on
# an empty placement space or pushing the one there on (no counter reaches the post office)
PLACEMENTS = [1, 3, 5, 1, 3]


def second_turn(rolls):
    """Attack 1 after its first turn, in which it went on: the start of the second turn's actions."""
    game = start("attack_goes_on", PLACEMENTS + rolls)
    while game.var("turn") == 1:                                   # turn 1: pass everything
        game.choose("pass")
    assert notes(game)[-2:] == ["Assault counters are inside and a leader is still on the board: Attack 1 goes on.",
                                "Attack 1, turn 2."]
    assert game.location("rifleman#1") == "upper_inside"            # moved up in the Clearing Phase
    assert game.location("gehrke") == "s2"
    game.choose("pass")                                            # no moves
    assert game.decision.prompt.startswith("Take an action")
    assert game.pieces_at("attack_1") == ["a1_rifleman#2"]         # six cards, five drawn
    return game


# ---- an Attack that went on ends at the end of a turn with no counter in the post office

def test_an_attack_that_went_on_ends_when_the_post_office_is_clear_with_cards_left():
    game = second_turn([6, 6])
    game.choose("attack:gdaniec:rifleman#1")
    assert game.location("rifleman#1") == "supply"
    assert game.location("gehrke") == "s2"                         # a leader is still on the board
    pass_all(game)
    assert game.over
    assert notes(game)[-2:] == ["No assault counter is left in the post office: Attack 1 ends.", "after Attack 1"]
    assert game.var("turn") == 2 and game.var("period") == 1
    assert game.pieces_at("attack_1") == ["a1_rifleman#2"]         # the deck is not spent
    assert phases(game)[-2:] == ["Enemy Phase", "Defense Phase"]     # nobody inside: no Clearing Phase


def test_counters_outside_the_post_office_do_not_keep_the_attack_going():
    game = second_turn([6, 6])
    game.choose("attack:gdaniec:rifleman#1")
    pass_all(game)
    placed = [game.location(f"rifleman#{i}") for i in range(2, 7)]
    assert sorted(placed) == ["p12", "p34", "p56", "r1", "s1"]     # the turn's riflemen, all outside
    assert notes(game)[-2] == "No assault counter is left in the post office: Attack 1 ends."


# ---- ... and goes on while a counter is in the post office and a leader on the board

def test_an_attack_that_went_on_goes_on_while_a_counter_is_inside_and_a_leader_is_on_the_board():
    game = second_turn([6])                                        # the sixth card's placement: 5-6
    while game.var("turn") == 2:                                   # nobody attacks
        game.choose("pass")
    assert not game.over
    assert game.location("rifleman#1") == "upper_inside" and game.location("gehrke") == "s2"
    assert game.location("gdaniec") == "casualties"                # the rifleman cleared upstairs
    assert game.var("turn") == 3 and game.var("period") == 1
    assert not any(n.endswith("Attack 1 ends.") for n in notes(game))
    # the third turn draws the deck's last card, and the Defense Phase begins
    assert notes(game)[-2:] == ["Attack 1, turn 3.", "The Attack deck is empty."]
    assert game.pieces_at("attack_1") == [] and len(game.pieces_at("discard_1")) == 6
    assert game.decision.prompt.startswith("Move a defender")


def test_an_attack_that_went_on_and_spends_its_deck_again_goes_on_again():
    game = second_turn([6])
    while game.var("turn") < 4:
        game.choose("pass")
    assert not game.over and game.var("period") == 1 and game.var("turn") == 4
    goes_on = [n for n in notes(game) if n.endswith("Attack 1 goes on.")]
    assert len(goes_on) == 2                                       # after turn 1 and after turn 3
    assert len(game.pieces_at("attack_1")) == 1                    # six reshuffled, five drawn


# ---- ... and ends at the end of a turn with no leader on the board

def test_an_attack_that_went_on_ends_when_no_leader_is_left_even_with_counters_inside():
    game = second_turn([5, 6])
    assert "attack:gdaniec:gehrke" in ids(game)
    game.choose("attack:gdaniec:gehrke")
    assert game.location("gehrke") == "supply"
    pass_all(game)
    assert game.over
    assert notes(game)[-2:] == ["No leader is left on the board: Attack 1 ends.", "after Attack 1"]
    assert game.location("rifleman#1") == "upper_inside"           # still in the post office
    assert game.var("turn") == 2
    assert game.pieces_at("attack_1") == ["a1_rifleman#2"]


# ---- turns are numbered within each Attack

def test_turns_are_numbered_within_each_attack():
    game = start("attack_turns", [1, 3, 5, 2, 4, 6])              # Attack 1's six placements
    seen = []
    while not game.over:
        seen.append((game.var("period"), game.var("turn")))
        if (game.var("period"), game.var("turn")) == (2, 1):
            status = render.render_text(game).splitlines()[0]
            assert status.endswith("│ period 2 │ turn 1")
        game.choose("pass")
    assert sorted(set(seen)) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert [n for n in notes(game) if ", turn " in n] == [
        "Attack 1, turn 1.", "Attack 1, turn 2.", "Attack 2, turn 1.", "Attack 2, turn 2."]
    assert game.var("turns_played") == 4                           # the whole game's turns


def test_what_lasts_for_the_turn_ends_with_an_attack_of_a_single_turn():
    game = start("tactic_assault_across_attacks", [1, 3, 5, 2, 4, 6])   # Attack 1's placements
    assert game.over
    assert [n for n in notes(game) if ", turn " in n][:2] == ["Attack 1, turn 1.", "Attack 2, turn 1."]
    # the Assault tactic acts on the first card of each Attack's first turn
    assert notes(game).count("Assault tactic: the card is resolved a second time.") == 2


# ---- a grenade bundle called up but not drawn when its Attack ends

def test_a_bundle_left_in_an_ended_attacks_deck_is_called_up_again():
    game = start("bundle_left_in_deck")
    assert game.location("grenade_bundle_1") == "set_aside"        # back beside the board
    assert game.field("barrier_1", "called") is False
    game.choose("1")
    assert notes(game)[-2] == "Counters reach barrier location 1: Grenade bundle 1 is shuffled into the Attack deck."
    assert "grenade_bundle_1" in game.pieces_at("attack_3")
