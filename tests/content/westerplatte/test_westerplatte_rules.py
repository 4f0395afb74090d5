"""One test (or a few) per rule of the Westerplatte pack: set-up, the action tiles, movement and
tokens, attacking, morale levels, card types, the German stages, day end, refill, win and loss."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))    # the shared helpers beside this file

from westerplatte_support import PACK, bricks, end_turn, ids, notes, pack, start

TROOPS_ON_TRACKS = [f"{t}{s}" for t in "abcde" for s in range(1, 5)]


def deck_count(game) -> int:
    return len(game.pieces_at("german"))


# ---- components and set-up -----------------------------------------------------------------

def test_info_shows_the_64_card_german_deck():
    summary = pack().summary()
    assert summary["decks"] == {"german": 64}
    assert summary["variants"] == ["easy", "normal", "hard"]
    assert summary["seats"] == [1, 4]


def test_info_command_json():
    out = subprocess.run([sys.executable, "-m", "interpreter.cli", "info", str(PACK), "--json"],
                         capture_output=True, text=True, check=True).stdout
    assert '"german": 64' in out


@pytest.mark.parametrize("variant, wall, grenades, mines, spare, ammo", [
    ("easy", 6, 4, 4, 8, 4), (None, 6, 3, 3, 6, 2), ("normal", 6, 3, 3, 6, 2), ("hard", 5, 2, 2, 4, 2)])
def test_set_up_by_difficulty(variant, wall, grenades, mines, spare, ammo):
    game = start("set_up_only", seats=3, variant=variant)
    assert game.over
    assert all(v == wall for v in bricks(game).values())
    assert game.tokens("tile_b", "grenade") == grenades
    assert game.tokens("tile_c", "landmine") == mines
    assert game.tokens("tile_d", "spare_brick") == spare
    for n in (1, 2, 3):
        assert game.location(f"officer_{n}") == "tile_d"
        assert game.tokens(f"officer_{n}", "ammo") == ammo
    assert game.location("officer_4") == "box"
    assert game.tokens("bank", "ammo") == 20 - 3 * ammo
    extra_actions = 1 if variant == "easy" else 0
    assert all(game.tokens(f"officer_{n}", "extra_action") == extra_actions for n in (1, 2, 3))
    assert game.tokens("bank", "extra_action") == 6        # the +3 bonus's four are all there, on easy too
    assert game.var("day") == 1 and game.var("morale") == (2 if variant == "easy" else 0)


@pytest.mark.parametrize("variant, pile", [("easy", 57), ("normal", 64), ("hard", 64)])
def test_three_opening_cards_are_drawn(variant, pile):
    for seed in range(5):
        game = pack().new_game(seed=seed, variant=variant, seats=2)
        while game.decision.kind != "perform":       # answer any morale choices of the set-up
            game.choose(ids(game)[0])
        assert game.var("turn") == 1 and game.decision.seat == 1
        assert len(game.pieces_at("german")) == pile - 3
        on_tracks = sum(len(game.pieces_at(s)) for s in TROOPS_ON_TRACKS)
        assert on_tracks + len(game.pieces_at("day_1")) == 3


def test_easy_plays_without_the_hostile_events():
    game = pack().new_game(seed=1, variant="easy")
    assert game.location("shelling_1") == "box" and game.location("shelling_2") == "box"
    normal = pack().new_game(seed=1, variant="normal")
    assert normal.location("shelling_1") != "box"


def test_easy_plays_without_the_toughest_troops():
    toughest = [f"hmg_{t}6" for t in "abcde"]
    game = pack().new_game(seed=1, variant="easy")
    assert all(game.field(c, "resistance") == 3 and game.location(c) == "box" for c in toughest)
    assert all(game.location(c) != "box" for c in ("hmg_a5", "hmg_e4"))
    for variant in ("normal", "hard"):
        assert not any(pack().new_game(seed=1, variant=variant).location(c) == "box" for c in toughest)


def test_turns_go_round_the_seats_in_order():
    game = start("turn_order", seats=3)
    seen = []
    while not game.over:
        if game.decision.kind == "perform":
            seen.append(game.decision.seat)
        game.choose("pass" if "pass" in ids(game) else ids(game)[0])
    assert seen == [1, 2, 3]
    assert game.var("turn") == 3


# ---- movement and tokens ----------------------------------------------------------------------

def test_two_moves_along_the_paths_then_no_more():
    game = start("moves")
    assert sorted(i for i in ids(game) if i.startswith("move")) == ["move_officer:outpost_a", "move_officer:tile_b"]
    game.choose("move_officer:tile_b")
    assert sorted(i for i in ids(game) if i.startswith("move")) == [
        "move_officer:outpost_a", "move_officer:outpost_b", "move_officer:tile_a", "move_officer:tile_c"]
    game.choose("move_officer:tile_c")
    assert game.location("officer_1") == "tile_c"
    assert not any(i.startswith("move") or i.startswith("extra_move") for i in ids(game))
    assert "lay_mine:a1" in ids(game)       # the action is still there


def test_extra_movement_token_gives_a_third_move():
    game = start("extra_move")
    game.choose("move_officer:tile_b")
    game.choose("move_officer:tile_c")
    assert "extra_move_officer:tile_d" in ids(game)
    assert "(0 moves and 1 action left, 1 more move by extra token, morale" in game.decision.prompt
    game.choose("extra_move_officer:tile_d")
    assert game.location("officer_1") == "tile_d"
    assert game.tokens("officer_1", "extra_move") == 0
    assert game.tokens("bank", "extra_move") == 9          # used up: set aside, not returned
    assert not any(i.startswith("move") or i.startswith("extra_move") for i in ids(game))


def test_only_one_extra_movement_token_serves_a_turn():
    game = start("extra_move_twice")
    assert ", 1 more move by extra token (2 held), morale" in game.decision.prompt
    game.choose("move_officer:tile_b")
    game.choose("move_officer:tile_c")
    game.choose("extra_move_officer:tile_d")              # then only 'End the turn' is left: taken at once
    assert game.tokens("officer_1", "extra_move") == 1
    assert any(e.kind == "auto" and "End the turn" in e.text for e in game.log)    # not a second extra move
    assert game.effects == []                             # the next turn has begun
    game.choose(next(i for i in ids(game) if i.startswith("move_officer")))
    game.choose(next(i for i in ids(game) if i.startswith("move_officer")))
    assert any(i.startswith("extra_move_officer") for i in ids(game))


def test_limited_movement_token_costs_a_movement_point():
    game = start("limited_move")
    assert game.tokens("officer_1", "limited_move") == 0
    assert game.tokens("bank", "limited_move") == 4
    game.choose("move_officer:tile_b")
    assert not any(i.startswith("move") for i in ids(game))


def test_extra_action_token_gives_a_second_action():
    game = start("extra_action")
    assert "(2 moves and 1 action left, 1 more action by extra token, morale" in game.decision.prompt
    game.choose("take_ammo")
    assert "(2 moves and 0 actions left, 1 more action by extra token, morale" in game.decision.prompt
    assert game.tokens("officer_1", "ammo") == 2 + 4
    assert "take_ammo" in ids(game)
    game.choose("take_ammo")
    assert game.tokens("officer_1", "ammo") == 2 + 8
    assert game.tokens("officer_1", "extra_action") == 0
    assert "take_ammo" not in ids(game)


# ---- attacking from an outpost ----------------------------------------------------------------

def test_attack_only_the_troop_opposite_the_outpost():
    game = start("no_target")
    assert not any(i.startswith("attack") for i in ids(game))


def test_a_lone_officer_fires_one_marker():
    game = start("lone_attack")
    assert [i for i in ids(game) if i.startswith("attack")] == ["attack:1"]
    game.choose("attack:1")
    assert game.tokens("hmg_e3", "wound") == 1
    assert game.tokens("officer_1", "ammo") == 1


# ---- the action tiles -------------------------------------------------------------------------

def test_tile_a_raises_morale_and_gives_the_plus_one_bonus():
    game = start("tile_a")
    assert "morale_action" in ids(game)
    game.choose("morale_action")
    assert game.var("morale") == 1
    assert sorted(ids(game)) == ["brick_stock", "grenade_stock", "mine_stock"]
    game.choose("brick_stock")
    assert game.tokens("tile_d", "spare_brick") == 8
    assert not any(i == "morale_action" for i in ids(game))


def test_tile_a_bonus_is_lost_when_the_tile_is_full():
    game = start("tile_a")
    game.choose("morale_action")
    game.choose("mine_stock")
    assert game.tokens("tile_c", "landmine") == 4
    game = start("tile_a")
    game.choose("morale_action")
    game.choose("grenade_stock")
    assert game.tokens("tile_b", "grenade") == 4


def test_tile_a_from_low_morale_climbs_one_level():
    game = start("tile_a_low")
    game.choose("morale_action")
    assert game.var("morale") == -1
    assert "Morale rises to -1." in notes(game)
    assert game.decision.kind == "perform"            # no bonus to share, no penalty to pay
    assert game.tokens("bank", "limited_move") == 4


def test_tile_a_is_offered_up_to_the_highest_level_and_the_marker_moves_on():
    game = start("tile_a_top")
    assert "morale_action" in ids(game)
    game.choose("morale_action")                      # one officer: the bonus needs no choice
    log = notes(game)
    assert log.index("Morale rises to +3.") < log.index("The highest level is reached: the marker moves on to 0.")
    assert game.tokens("officer_1", "extra_action") == 4     # +3: four extra action tokens
    assert game.var("morale") == 0                    # moved on, ready to climb again
    assert "morale_action" in ids(game)               # a second action, with an extra action token
    game.choose("morale_action")
    assert game.var("morale") == 1 and game.tokens("officer_1", "extra_action") == 3


def test_tile_b_mortar_two_damage_on_any_track():
    game = start("tile_b")
    assert {"fire_mortar:hmg_a1", "fire_mortar:hmg_c6"} <= set(ids(game))
    game.choose("fire_mortar:hmg_c6")
    assert game.tokens("hmg_c6", "wound") == 2 and game.location("hmg_c6") == "c2"
    assert game.tokens("tile_b", "grenade") == 2


def test_tile_b_mortar_extra_damage_is_lost():
    game = start("tile_b")
    game.choose("fire_mortar:hmg_a1")
    assert game.location("hmg_a1") == "day_1"
    assert game.tokens("hmg_a1", "wound") == 0


def test_tile_c_landmine_only_on_a_track_without_a_troop():
    game = start("tile_c")
    spaces = sorted(i.split(":")[1] for i in ids(game) if i.startswith("lay_mine:"))
    # tracks B and D hold a troop: none of their spaces, in front of the troop or behind it
    assert not any(s.startswith(("b", "d")) for s in spaces)
    # the empty tracks A, C and E: every space but the one that already has a mine
    assert spaces == ["a1", "a2", "a4", "c1", "c2", "c3", "c4", "e1", "e2", "e3", "e4"]
    game.choose("lay_mine:c3")
    assert game.tokens("c3", "landmine") == 1 and game.tokens("tile_c", "landmine") == 1
    assert not any(i.startswith("lay_mine") for i in ids(game))      # the action is spent


def test_landmine_on_space_one_destroys_an_arriving_troop():
    game = start("mine_on_arrival")
    assert game.location("hmg_c1") == "day_1"
    assert game.tokens("c1", "landmine") == 0
    assert game.tokens("tile_c", "landmine") == 2


def test_a_new_troop_passing_a_landmine_is_lost_at_once():
    game = start("mine_passed")
    assert game.over
    log = notes(game)
    assert log.index("arrived") < next(i for i, t in enumerate(log) if "sets off the landmine on C-II" in t)
    assert game.location("hmg_c2") == "day_1"          # stopped on C-II, never reached C-III
    assert game.tokens("c2", "landmine") == 0
    assert game.token_supply_left()["landmine"] == 2   # the spent mine lies beside the board again
    assert game.tokens("tile_c", "landmine") == 2


def test_a_new_troop_ending_its_advance_on_a_landmine_is_lost():
    game = start("mine_landed")
    assert game.location("hmg_c4") == "day_1"
    assert game.tokens("c3", "landmine") == 0 and game.tokens("hmg_c4", "wound") == 0


def test_a_landmine_beyond_the_troop_waits():
    game = start("mine_ahead")
    assert game.location("hmg_c2") == "c3"
    assert game.tokens("c4", "landmine") == 1


def test_backing_up_a_troop_sets_off_no_landmine():
    game = start("mine_back_up")
    game.choose("back_up")                             # the only troop is taken without asking
    assert game.location("hmg_a1") == "a2"
    assert game.tokens("a3", "landmine") == 1


def test_tile_d_rebuilds_two_bricks_on_a_damaged_space():
    game = start("tile_d")
    options = ids(game)
    assert "rebuild_wall:outpost_b" not in options     # undamaged
    game.choose("rebuild_wall:outpost_a")
    assert game.tokens("outpost_a", "brick") == 4
    assert game.tokens("tile_d", "spare_brick") == 4


def test_tile_d_a_brick_that_does_not_fit_is_set_aside():
    game = start("tile_d")
    game.choose("rebuild_wall:tile_a")
    assert game.tokens("tile_a", "brick") == 6
    assert game.var("lost_bricks") == 1
    assert game.tokens("tile_d", "spare_brick") == 4


def test_tile_e_supplies_ammunition_by_difficulty():
    game = start("tile_e")
    game.choose("take_ammo")
    assert game.tokens("officer_1", "ammo") == 2 + 4
    hard = start("tile_e", variant="hard")
    hard.choose("take_ammo")
    assert hard.tokens("officer_1", "ammo") == 2 + 3


def test_tile_e_takes_what_is_left_in_the_bank():
    game = start("tile_e_low_bank")
    game.choose("take_ammo")
    assert game.tokens("officer_1", "ammo") == 4
    assert game.tokens("bank", "ammo") == 0
    assert "take_ammo" not in ids(game)


def test_tile_f_backs_up_troops_two_spaces():
    game = start("tile_f")
    game.choose("back_up")
    assert sorted(i for i in ids(game) if i != "done") == ["hmg_a1", "hmg_b1", "hmg_c1"]   # not D-I
    game.choose("hmg_a1")
    game.choose("hmg_c1")
    assert "hmg_b1" in ids(game)               # normal: up to three troops
    game.choose("done")
    assert game.location("hmg_a1") == "a2"
    assert game.location("hmg_c1") == "c1"
    assert game.location("hmg_b1") == "b3"


def test_tile_f_backs_up_only_two_troops_on_hard():
    game = start("tile_f", variant="hard")
    game.choose("back_up")
    game.choose("hmg_a1")
    game.choose("hmg_b1")
    assert game.location("hmg_a1") == "a2" and game.location("hmg_b1") == "b1"
    assert not any(i.startswith("hmg") for i in ids(game))


# ---- morale -----------------------------------------------------------------------------------

def test_low_morale_levels():
    game = start("morale_down", seats=2)
    # -1: the players give up a supply marker
    assert sorted(ids(game)) == ["brick_stock", "grenade_stock", "mine_stock"]
    game.choose("grenade_stock")
    assert game.tokens("tile_b", "grenade") == 2
    # -2: one limited movement token, for the player they pick
    assert game.decision.prompt.startswith("Morale -2")
    game.choose("officer_2")
    assert game.tokens("officer_1", "limited_move") == 0 and game.tokens("officer_2", "limited_move") == 1
    assert game.tokens("bank", "limited_move") == 3
    assert not game.decision.prompt.startswith("Morale -2")     # no second token
    # -3: five ammunition lost between them (they only have four)
    while game.decision is not None:
        game.choose(ids(game)[0])
    assert game.tokens("officer_1", "ammo") == 0 and game.tokens("officer_2", "ammo") == 0
    assert "Morale is already at its lowest level." in notes(game)
    assert game.var("morale") == -2           # raised one level from -3
    assert game.tokens("bank", "limited_move") == 3     # climbing onto -2 costs nothing again
    assert notes(game).index("at -3") < notes(game).index("still -3") < notes(game).index("raised")


def test_easy_morale_track_starts_higher_and_costs_less():
    game = start("morale_bottom", seats=2, variant="easy")
    # from +2: the first two falls reach the neutral level, the third -1
    game.choose("brick_stock")
    assert game.tokens("tile_d", "spare_brick") == 7          # one spare brick, not two
    game.choose("officer_1")                                  # -2: the limited movement token
    while game.decision is not None:                          # -3: whose ammunition goes
        game.choose("officer_1")
    assert game.tokens("officer_2", "ammo") == 4
    assert game.tokens("officer_1", "ammo") + game.tokens("officer_2", "ammo") == 6   # -3: two of eight lost
    assert game.var("morale") == -3


def test_low_morale_bricks_penalty():
    game = start("morale_down", seats=2)
    game.choose("brick_stock")
    assert game.tokens("tile_d", "spare_brick") == 4


def test_high_morale_levels():
    game = start("morale_up", seats=2)
    # +1: a supply marker
    game.choose("brick_stock")
    assert game.tokens("tile_d", "spare_brick") == 8
    # +2: five extra movement tokens, one of them cancels officer 1's limited movement token
    assert game.tokens("officer_1", "limited_move") == 0
    for _ in range(4):
        game.choose("officer_2")
    assert game.tokens("officer_2", "extra_move") == 4
    assert game.tokens("bank", "limited_move") == 4
    # falling to +1 gives nothing; climbing onto +2 again gives its bonus again (one token is left)
    assert game.decision.prompt.startswith("Morale +2") and game.var("morale") == 2
    assert "back to +1" in notes(game)
    for _ in range(5):
        game.choose("officer_1")
    assert game.tokens("officer_1", "extra_move") == 5 and game.tokens("bank", "extra_move") == 0
    # +3: four extra action tokens shared equally (nothing to choose), then the marker moves on
    assert game.tokens("officer_1", "extra_action") == 2 and game.tokens("officer_2", "extra_action") == 2
    assert game.tokens("bank", "extra_action") == 2
    assert "moved on" in notes(game) and game.var("morale") == 1
    game.choose("grenade_stock")                       # +1 a second time: its bonus again
    # +2 again: no extra movement token is left; +3 for the second time: the two that are left, one each
    assert game.over
    assert game.tokens("officer_1", "extra_action") == 3 and game.tokens("officer_2", "extra_action") == 3
    assert game.tokens("bank", "extra_action") == 0
    assert game.var("morale") == 0
    log = notes(game)
    assert log.count("The highest level is reached: the marker moves on to 0.") == 2


def test_extra_action_tokens_are_shared_equally_and_the_players_place_those_left_over():
    game = start("morale_up", seats=3)
    game.choose("brick_stock")
    for _ in range(4):
        game.choose("officer_2")            # +2: five tokens, one cancels officer 1's limited movement token
    for _ in range(5):
        game.choose("officer_3")            # +2 again: the five that are left
    assert game.decision.prompt == "Morale +3: who takes an extra action token left over?"
    assert [game.tokens(f"officer_{n}", "extra_action") for n in (1, 2, 3)] == [1, 1, 1]
    game.choose("officer_2")
    game.choose("mine_stock")
    assert game.decision.prompt.startswith("Morale +3")      # the two left: too few to share, both placed
    game.choose("officer_1")
    game.choose("officer_1")
    assert game.over
    assert [game.tokens(f"officer_{n}", "extra_action") for n in (1, 2, 3)] == [3, 2, 1]
    assert game.tokens("bank", "extra_action") == 0


def test_used_extra_tokens_are_set_aside_not_returned():
    game = start("extra_action")
    bank = game.tokens("bank", "extra_action")
    game.choose("take_ammo")
    game.choose("take_ammo")                # the second action uses up the token
    assert game.tokens("officer_1", "extra_action") == 0 and game.tokens("bank", "extra_action") == bank


# ---- German cards -----------------------------------------------------------------------------

def test_troop_card_arrives_on_its_own_track_then_tracks_advance():
    game = start("troop_own_track")
    assert game.location("hmg_a2") in ("a3", "a1")   # hmg_a2 (speed 2) moves if A is shown
    assert game.location("hmg_b4") == "b1"
    shown = game.field("hmg_a2", "moves")
    assert "A" in shown and game.location("hmg_a2") == "a3"


def test_troop_card_goes_right_when_its_track_is_occupied():
    game = start("troop_right")
    assert game.location("hmg_b1") == "d1"


def test_troop_card_wraps_to_the_leftmost_free_track():
    game = start("troop_wrap")
    assert game.location("hmg_d1") == "b1"


def test_every_track_occupied_morale_falls_troops_advance_card_goes_under():
    game = start("troop_all_full")
    assert game.var("morale") == 0
    assert game.pieces_at("german")[0] == "hmg_a2"        # bottom of the pile
    assert game.field("hmg_a2", "moves") == ["A", "D"]
    assert game.location("hmg_a1") == "a2" and game.location("hmg_d1") == "d2"
    assert game.location("hmg_b1") == "b1"


def test_every_track_occupied_with_only_troops_left_goes_to_the_day():
    game = start("troop_all_full_last")
    assert game.location("hmg_a2") == "day_1"


def test_air_raid_damages_its_space_and_lowers_morale():
    game = start("air_raid")
    assert game.tokens("outpost_c", "brick") == 5            # one brick, as every raid
    assert game.var("morale") == 0
    assert game.location("air_raid_3") == "day_1"


def test_air_raid_can_destroy_a_guardhouse():
    game = start("air_raid_tile")
    assert game.over and game.result.outcome == "Loss"


def test_morale_decline_card():
    game = start("morale_card")
    assert game.var("morale") == 1
    assert game.location("morale_4") == "day_1"


def test_extra_mortar_grenade_event_only_fills_free_spaces():
    game = start("event_grenade")
    assert game.tokens("tile_b", "grenade") == 4
    assert all(game.location(c) == "day_1" for c in ("extra_grenade#1", "extra_grenade#2"))


def test_extra_landmine_event():
    game = start("event_landmine")
    assert game.tokens("tile_c", "landmine") == 4


def test_strengthening_the_wall_event():
    game = start("event_strengthen")
    for _ in range(3):
        game.choose("outpost_a")
    assert game.tokens("outpost_a", "brick") == 6
    assert game.var("lost_bricks") == 0


def test_battleship_shelling_event():
    game = start("event_shelling")
    assert game.tokens("outpost_b", "brick") == 3


# ---- the German stages ------------------------------------------------------------------------

def test_stage_four_moves_the_troops_on_the_shown_tracks():
    game = start("advance")
    assert game.location("hmg_a2") == "a3"            # speed 2
    assert game.location("howitzer_c1") == "c1"       # howitzers stay on space I
    assert game.location("hmg_e1") == "e2"            # track E not shown


def test_a_troop_stops_on_space_four():
    game = start("advance_cap")
    assert game.location("hmg_a2") == "a4"


def test_damage_passes_to_the_only_guardhouse_left_and_two_destroyed_lose():
    game = start("loss")
    assert game.over and game.result.outcome == "Loss"
    assert "not reached" not in notes(game)


# ---- days, refill, win ------------------------------------------------------------------------

def test_the_eighth_card_ends_the_day():
    game = start("day_end")
    end_turn(game)
    assert game.over
    assert len(game.pieces_at("day_1")) == 8
    assert game.var("day") == 2 and game.var("days_survived") == 1


def test_a_full_day_passes_cards_on_to_the_next_day():
    game = start("day_overflow")
    assert game.location("air_raid_1") == "day_2"


def test_supplies_refilled_after_every_third_day():
    game = start("refill")
    assert game.over
    assert game.var("day") == 4
    assert game.tokens("tile_b", "grenade") == 3
    assert game.tokens("tile_c", "landmine") == 3          # normal maximum; one still on A-III
    assert game.tokens("tile_d", "spare_brick") == 6
    # nothing was refilled after day 2
    log = notes(game)
    assert log.index("The supplies are refilled.") > log.index("after day 2")


def test_surviving_day_seven_wins():
    game = start("win")
    end_turn(game)
    assert game.over and game.result.outcome == "Win"
    assert game.result.score == 7
    assert "not reached" not in notes(game)


def test_strengthening_a_wall_with_room_for_fewer_bricks_places_those_and_says_the_rest_are_lost():
    game = start("event_strengthen_full")
    assert game.tokens("outpost_a", "brick") == 6           # the one brick with room went there without asking
    said = [e.text for e in game.log]
    assert "The wall has room for 1 of them; the rest are lost." in said
    assert not any("nothing can be done" in line for line in said)
