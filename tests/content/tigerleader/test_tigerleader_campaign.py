"""The campaign's set-up and its Repair/Replace choices, following the rulebook's examples: SO
points from the objective and campaign cards, drawing and placing battalions, buying by service
year, the commanders' skill levels, promotions bought with SO points, Upgrades, Commander
Replacements and the evaluation."""
from __future__ import annotations

from tiger_support import ids, notes, start


def test_objective_and_campaign_so_points_add_up():
    # For the Reich! (40 SO) in the US Italy 1943 campaign (+19 SO): 59
    game = start("ex_so_points")
    assert game.var("so") == 59
    assert game.decision.prompt == "Buy a unit (59 SO points left)"


def test_cut_off_draws_battalions_in_the_cycle_until_23_points():
    game = start("ex_cut_off_draw")
    joined = [n for n in notes(game) if n.startswith("Battalion ")]
    assert [n.split()[1] for n in joined] == ["5A", "8A", "5S", "6C", "1A", "7A", "2S"]
    assert sum(game.field(b, "vp") for b in game.pieces_at("hq_battalions")) == 24
    assert game.location("b3a") == "assault_deck"                # the rest are not used


def test_each_battalion_starts_in_the_band_its_card_names():
    game = start("ex_battalion_band")
    assert "Battalion 1S Supply Convoy (2 points) joins the campaign in the Breakthrough band." in notes(game)
    assert [game.field(b, "map_band") for b in ("b5a", "b8a", "b1s")] == ["front", "transit", "breakthrough"]


def test_only_units_in_service_in_the_campaign_year_are_for_sale():
    game = start("ex_service_year")
    offered = set(ids(game))
    assert "buy:stug_iii_long" in offered                        # 1941-45
    assert "buy:panzer_i" in offered                             # 1934-41
    poland = start("ex_so_points")                               # 1939
    assert "buy:stug_iii_long" not in set(ids(poland))


def pick_commanders(game) -> list[str]:
    levels = []
    while game.decision and game.decision.prompt.startswith("Commander "):
        levels.append(game.decision.prompt.split("(")[1].split(")")[0])
        game.choose(game.option_ids()[0])
    return levels


def test_nine_units_get_nine_commanders_in_the_campaigns_order_and_of_their_types():
    game = start("ex_commander_levels")
    levels = pick_commanders(game)
    assert levels == ["Recruit"] * 3 + ["Green"] * 2 + ["Average", "Skilled"] + ["Green"] * 2
    staff = [c for c in game.pieces_at("barracks") if game.field(c, "utype") is not None and c[0].isalpha()
             and not c.startswith(("panzer", "sdkfz", "rifle", "mg_", "field"))]
    types = sorted(game.field(c, "utype") for c in staff)
    assert types == sorted(["armor"] * 3 + ["light_armor"] * 2 + ["infantry"] * 3 + ["artillery"])


def test_six_units_get_three_recruits_two_green_and_one_average():
    game = start("ex_commander_levels_six")
    assert pick_commanders(game) == ["Recruit"] * 3 + ["Green"] * 2 + ["Average"]


def test_weber_is_promoted_from_average_to_skilled_for_3_so_points():
    game = start("ex_promotion_priority")
    assert ids(game) == ["buy_promotion:weber", "pass"]
    game.choose("buy_promotion:weber")
    assert game.field("weber", "level") == "skilled" and game.var("so") == 2
    assert game.field("weber", "xp") == 1
    assert "Weber is promoted to Skilled for 3 SO points." in notes(game)
    assert game.over                                             # 2 SO points promote no one


def test_fifteen_victory_points_are_a_good_campaign():
    game = start("ex_evaluation")
    assert game.result.outcome == "Good" and game.result.score == 15


def test_upgrade_turns_in_undamaged_units_for_a_dearer_one():
    game = start("rule_upgrade")
    assert "upgrade:panzer_i" not in ids(game)                   # Hull damage
    game.choose("upgrade:sdkfz_251")
    assert game.decision.prompt == "Turn in another unit with SD.KFZ.251 #753?"
    game.choose("rifle_902")                                      # no other undamaged unit: the choice ends
    assert game.decision.prompt == "Which unit replaces SD.KFZ.251 #753, Rifle Team #902 (worth 6 SO points)?"
    assert "panzer_iv_short" in game.option_ids() and "panzer_ii" not in game.option_ids()
    game.choose("panzer_iv_short")                                # 8 SO: 2 paid
    assert game.var("so") == 2
    assert game.location("sdkfz_251") == "box" and game.location("rifle_902") == "box"
    assert game.decision.prompt == "Which Recruit commander joins with Panzer IV Short #444?"
    game.choose("weber")
    game.choose("pass")                                          # done with Repair/Replace
    # no unit of their types is left: Bach and Steiner leave the campaign
    assert game.location("bach") == "discharged" and game.location("steiner") == "discharged"
    assert game.location("weber") == "barracks" and game.field("weber", "level") == "recruit"


def test_an_unfit_commander_is_replaced_by_a_recruit_who_may_be_promoted():
    game = start("rule_replace_commander")
    assert "buy_promotion:weber" not in ids(game)
    game.choose("replace_commander:hans")
    assert game.decision.prompt == "Which Recruit Infantry commander replaces Hans?"
    game.choose("vogt")
    assert game.location("hans") == "discharged"
    game.choose("buy_promotion:vogt")
    assert game.field("vogt", "level") == "green" and game.var("so") == 0


def test_trucks_pay_for_reaching_a_battalion_and_scouts_add_turns():
    game = start("rule_trucks_scouts")
    offered = ids(game)
    assert "attack_battalion:b6s" in offered                     # 3 SO, two Trucks take 4 off
    assert "attack_battalion:b4s" in offered
    game.choose("attack_battalion:b6s")
    assert "2 Trucks go with the attack on 6S Rail Yard." in notes(game)   # both needed: no choice
    assert game.var("so") == 0
    assert game.decision.prompt == "Which Scouts go with the attack on 6S Rail Yard (a battle turn each)?"
    game.choose("scout_counter#1")
    game.choose("panzer_i")
    game.choose("done")
    game.choose("albert")
    assert game.decision.prompt == "Attack which battalion?"      # more assignments before any battle
    assert ids(game) == ["attack_battalion:b5a", "pass"]          # the Trucks are assigned this week: 4S is out of reach
    game.choose("pass")
    assert game.var("battle_length") == 6                         # the one battle assigned, a turn longer


def test_trucks_and_scouts_are_bought_until_the_counters_run_out():
    game = start("rule_buy_support")
    truck = next(i for i in ids(game) if "truck" in i)
    assert game.decision.options[ids(game).index(truck)].label == "Buy a Truck (2 SO)"
    for _ in range(4):
        game.choose(next(i for i in ids(game) if "truck" in i))
    assert game.var("so") == 12 and not any("truck" in i for i in ids(game))
    game.choose(next(i for i in ids(game) if "scout" in i))
    assert game.var("so") == 11


def test_a_great_result_ends_the_campaign_at_once():
    game = start("rule_great_ends_the_campaign")
    assert "3A Motorized Patrol is destroyed: 1 Victory Point." in notes(game)
    assert game.over and game.result.outcome == "Great" and game.result.score == 18


def test_the_weeks_battles_are_all_assigned_and_paid_for_before_the_first_is_fought():
    game = start("rule_assign_units")
    assert game.decision.prompt == "Attack which battalion?"
    game.choose("attack_battalion:b7a")
    assert "Reaching 7A Infantry Battalion in the Transit band costs 2 SO points." in notes(game)
    assert game.var("so") == 3
    game.choose("panzer_i")
    game.choose("done")
    game.choose("albert")
    assert game.decision.prompt == "Attack which battalion?"
    assert ids(game) == ["attack_battalion:b6c", "pass"]
    game.choose("attack_battalion:b6c")      # the Front costs nothing; Panzer II and Weber are all that is left
    assert game.var("so") == 3
    assert game.decision.prompt == "Which battle is fought next?"
    assert sorted(ids(game)) == ["b6c", "b7a"]
    assert game.field("panzer_ii", "led_by") == "weber"
    assert game.location("panzer_i") == game.location("panzer_ii") == "barracks"   # no battle yet
    assert "Assigned to attack 7A Infantry Battalion: Panzer I #153." in notes(game)      # said before the choice
    assert "Assigned to attack 6C Division HQ: Panzer II #201." in notes(game)
    from interpreter.terminal.render import inspect_lines
    assert "  in force: Assigned to a battle this week (Panzer I #153)" in inspect_lines(game, "b7a")
    assert "  in force: Assigned to a battle this week (6C Division HQ)" in inspect_lines(game, "panzer_ii")


def test_the_campaign_ends_once_the_last_weeks_battles_are_over():
    game = start("rule_last_week_ends_after_its_battles")
    assert "Week 3 of 3." in notes(game)
    assert game.over and game.var("so") == 5 and game.location("b3c") == "hq_battalions"
