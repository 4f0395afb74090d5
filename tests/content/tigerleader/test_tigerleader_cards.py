"""Special Condition cards (start of each week) and Event cards (before and after each battle):
the Sample Game's Fuel Shortage, Intense Battle and Allied Armor with their dice forced, and one
test for each kind of effect the reconstructed cards have."""
from __future__ import annotations

from tiger_support import all_rolls_used, ids, notes, start


def hex_distance(a: str, b: str) -> int:
    """Steps between two hexes of the battlefield (odd rows flush left, even rows shifted)."""
    def cube(h):
        col, row = (int(x) - 1 for x in h.split("_")[1:])
        x = col - (row - (row & 1)) // 2
        return x, row, -x - row
    (x1, y1, z1), (x2, y2, z2) = cube(a), cube(b)
    return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))


def test_sample_game_fuel_shortage_and_intense_battle():
    game = start("ex_fuel_shortage_intense_battle", [5, 10, 1, 8, 4, 3, 9])
    assert "Special Condition: Fuel Shortage." in notes(game)
    assert not any("avoid" in n for n in notes(game))          # no SO point to avoid it
    assert "Event card: Intense Battle." in notes(game)
    for unit in ("sdkfz_251", "at_team_1003"):
        game.choose("field_1_6")                                # both start in the bottom left hex
    placed = {e: game.location(e) for e in ("pl_armored_car#1", "pl_armored_car#2", "pl_halftrack#1",
                                             "pl_halftrack#2", "pl_truck#1", "pl_truck#2")}
    assert placed == {"pl_armored_car#1": "field_1_2", "pl_armored_car#2": "field_4_2",
                      "pl_halftrack#1": "field_1_1", "pl_halftrack#2": "field_3_2",
                      "pl_truck#1": "field_4_1", "pl_truck#2": "field_3_1"}
    while game.decision.prompt == "Which enemy unit advances next?" or "(Advance)" in game.decision.prompt:
        game.choose(game.option_ids()[0])
    for e, h in placed.items():                                 # each a hex closer to the Germans
        assert hex_distance(game.location(e), "field_1_6") == hex_distance(h, "field_1_6") - 1, e
    assert game.decision.prompt == "Where does SD.KFZ.251 #753 move forward?"
    assert sorted(game.option_ids()) == ["field_1_5", "field_2_5"]
    game.choose("field_1_5")
    game.choose("field_1_5")
    assert game.location("sdkfz_251") == game.location("at_team_1003") == "field_1_5"
    assert "Aggressiveness roll 9: the enemy moves aggressively (d10)." in notes(game)
    assert all_rolls_used(game)
    # 5 turns, one fewer for the Fuel Shortage and one for 3A's note
    assert game.var("battle_length") == 3
    assert "Battle turn 1 of 3." in notes(game)


def test_sample_game_allied_armor_adds_1_to_assault_battalion_moves():
    game = start("ex_allied_armor", [4])
    assert "Post-combat Event card: Allied Armor." in notes(game)
    assert "1A Mixed Combat Force rolls 4, modified to 10: advances to the Transit band." in notes(game)
    assert game.field("b1a", "map_band") == "transit"


def test_a_condition_may_be_avoided_for_its_cost():
    paid = start("rule_condition_choice")
    assert paid.decision.prompt == "Heavy Rain (vehicle speed -1): pay 1 SO to avoid it?"
    paid.choose("pay")
    assert "SO 1, speed 3, 4, 1." in notes(paid)
    taken = start("rule_condition_choice")
    taken.choose("accept")
    # vehicles lose 1 speed this week; infantry does not, and no speed drops below 1
    assert "SO 2, speed 2, 3, 1." in notes(taken)


def test_conditions_give_so_points_and_stress_at_once():
    game = start("rule_condition_at_once")
    # Supply Priority +3 SO; Quiet Front -1 Stress (Hans stays at 0); Forced March: +1 Stress,
    # avoidable for 1 SO, which the test declines
    assert game.decision.prompt == "Forced March (+1 Stress for each commander): pay 1 SO to avoid it?"
    game.choose("accept")
    assert "SO 4, Weber 3, Hans 1." in notes(game)


def test_an_event_cost_that_cannot_be_paid_ends_the_campaign():
    game = start("rule_event_cost")
    assert "Post-combat Event card: Lost Trucks." in notes(game)
    assert "SO 0, failed yes." in notes(game)


def test_event_top_half_holds_for_the_battle_and_the_bottom_half_gives_xp():
    game = start("rule_event_battle", [3])
    assert "Attack modifier 0." in notes(game)                  # Recruit -1 at Range 1, +1 Air Superiority
    assert "Tactical Movement roll 3 +3: 6." in notes(game)      # 2A's +1 and Enemy on Alert's +2
    while game.decision:                                        # the tanks act: no cover to move to
        game.choose(game.option_ids()[0])
    assert "Enemy move change 0." in notes(game)
    assert "Commendation: 1 XP for each commander of the battle." in notes(game)
    # 1 + 1 (Commendation) + 1 (the battle) = 3: promoted from Recruit (2), 1 left
    assert game.field("weber", "level") == "green" and game.field("weber", "xp") == 1


def test_cards_in_force_add_enemy_units_placed_by_a_d10():
    game = start("rule_extra_units", [1, 10])
    assert game.location("pl_rifle#1") == "field_1_1"
    assert game.location("pl_mg#1") == "field_4_2"
    assert "Polish Machine Gun joins the battle (placement roll 10) in Battlefield 4,2." in notes(game)
    assert "Value 4." in notes(game)                              # 2 + 2, against 4S's Half 3 / Destroyed 1


def test_an_empty_event_deck_takes_its_discards():
    game = start("rule_event_reshuffle")
    assert "Deck 7, discards 1." in notes(game)
