"""Per-rule tests: the Defense Phase — moving (4.1), actions (4.2), grenades (4.2.1),
Inspire (4.3.1), Logistics (4.3.2), Noncombatants (4.3.3) and Command (4.2.4)."""
from __future__ import annotations

import pytest

from postmen_scenarios import ids, labels, rolls, start


def moves_of(game, defender: str) -> set[str]:
    return {o.split(":")[2] for o in ids(game) if o.startswith(f"move_defender:{defender}:")}


def acts_of(game, defender: str) -> list[str]:
    return [o for o in ids(game) if o.split(":")[1:2] == [defender]]


# ---- moving (4.1)

def test_square_space_holds_two_and_rectangle_three_defenders():
    game = start("moves")
    destinations = {o.split(":")[2] for o in ids(game) if o.startswith("move_defender:")}
    assert "g4" not in destinations                       # square, two already
    assert "g6" not in destinations                       # rectangle, three already
    assert "g1" in destinations                           # rectangle, two so far
    assert "g23" in destinations                          # square, one so far
    game.choose("move_defender:kuntz:g1")
    game.choose("done")                                   # carry nothing
    assert "g1" not in {o.split(":")[2] for o in ids(game) if o.startswith("move_defender:")}


def test_interior_space_has_no_limit():
    game = start("moves")
    assert len(game.pieces_at("ground_inside")) == 5
    assert "ground_inside" in moves_of(game, "gdaniec")
    assert "ground_inside" in moves_of(game, "michon")


def test_moves_stay_on_the_floor_except_between_adjoining_interiors():
    game = start("moves")
    assert moves_of(game, "franz") == {"u1", "u2", "u3", "u5", "u6", "upper_inside"}
    assert moves_of(game, "wasik") == {"g1", "g5", "ground_inside"}          # no other floor
    assert moves_of(game, "postal_13") == {"g1", "g23", "g5", "upper_inside", "basement_inside"}
    assert "basement_inside" not in moves_of(game, "michon")                  # not adjoining
    assert "ground_inside" in moves_of(game, "michon")
    assert "upper_inside" not in moves_of(game, "fuz")
    assert "ground_inside" in moves_of(game, "fuz")


def test_moving_a_token_stays_on_the_floor():
    game = start("moves")
    targets = {o.split(":")[3] for o in ids(game) if o.startswith("move_equipment:rifle_5:gdaniec:")}
    assert targets == {"g1", "g23", "g5", "g6", "ground_inside"}


def test_a_defender_moves_only_once():
    game = start("moves")
    game.choose("move_defender:wasik:g5")
    assert not any(o.split(":")[1] == "wasik" for o in ids(game) if o != "pass")
    assert game.tokens("wasik", "move_token") == 1
    assert game.field("wasik", "exhausted") is False                          # no exhaustion


def test_a_defender_that_moved_a_token_does_not_move_again():
    game = start("moves")
    game.choose("move_equipment:rifle_5:gdaniec:g1")
    assert game.location("rifle_5") == "g1" and game.location("gdaniec") == "g4"
    assert not any(o.split(":")[1] == "gdaniec" for o in ids(game) if o != "pass")


def test_a_defender_carries_at_most_two_tokens():
    game = start("moves")
    game.choose("move_defender:kuntz:g1")
    assert set(ids(game)) == {"rifle_5", "grenades_2", "ammo_7", "done"}
    game.choose("rifle_5")
    game.choose("ammo_7")
    assert game.decision.prompt.startswith("Move a defender")                # no third token
    assert sorted(p for p in game.pieces_at("g1") if p in {"rifle_5", "ammo_7", "grenades_2"}) == ["ammo_7", "rifle_5"]
    assert game.location("grenades_2") == "g4"


def test_logistics_carries_four_tokens():
    game = start("moves")
    game.choose("move_defender:milewczyk:g1")
    for token in ("lmg_3", "ammo_5", "ammo_6", "grenades_1"):
        assert game.decision.prompt == "Which tokens does Milewczyk carry to ground 1 (rear entrance)?"
        game.choose(token)
    assert game.decision.prompt.startswith("Move a defender")
    for token in ("lmg_3", "ammo_5", "ammo_6", "grenades_1"):
        assert game.location(token) == "g1"
    assert game.location("rifle_4") == "g5"


def test_four_moves_at_most():
    game = start("moves")
    for option in ("move_defender:wasik:g5", "move_defender:franz:u1", "move_defender:michon:u3",
                   "move_defender:fuz:b12"):
        game.choose(option)
    assert game.decision.prompt.startswith("Take an action")


# ---- actions (4.2, 4.2.1)

def test_exhausted_or_disrupted_defenders_may_only_recover():
    game = start("actions")
    game.choose("pass")
    assert acts_of(game, "kuntz") == ["recover:kuntz:refresh"]               # exhausted
    assert acts_of(game, "wasik") == ["recover:wasik:rally"]                 # disrupted


def test_exhausted_or_disrupted_defenders_cannot_move():
    game = start("actions")
    movers = {o.split(":")[1] for o in ids(game) if o != "pass"}
    assert "kuntz" not in movers and "wasik" not in movers
    assert "gdaniec" in movers


def test_noncombatants_cannot_attack_or_suppress():
    game = start("noncombatant")
    game.choose("1")
    game.choose("pass")                                     # no moves
    options = ids(game) if game.decision else []            # no action left: the phase just ends
    assert not any(o.startswith(("attack:barzychowska", "suppress:barzychowska")) for o in options)


def test_the_same_position_lets_a_combatant_attack_and_suppress():
    game = start("noncombatant")
    game.choose("2")
    game.choose("pass")
    assert "attack:kuntz:smg#1" in ids(game)
    assert "suppress:kuntz:s1" in ids(game)


def test_only_the_top_counter_of_a_stack_can_be_attacked():
    game = start("actions")
    game.choose("pass")
    assert "attack:postal_10:smg#2" in ids(game)
    assert not any(o.endswith(":rifleman#1") for o in ids(game))


def test_ground_and_basement_need_a_ranged_weapon_against_support_counters():
    game = start("actions")
    game.choose("pass")
    assert "attack:trained_10:mg_b" in ids(game)                             # rifle in b34
    assert not any(o.startswith("attack:fuz:") for o in ids(game))          # b12 sees A, no rifle


def test_no_action_after_a_move_token():
    game = start("actions")
    game.choose("move_defender:trained_7:g23")
    game.choose("done")                                       # carries nothing
    game.choose("pass")
    assert acts_of(game, "trained_7") == []
    assert "attack:gdaniec:smg#1" in ids(game)


def test_one_action_per_defender_and_four_actions_at_most():
    game = start("actions")
    game.choose("pass")
    game.force_rolls([1, 1, 1, 1, 1, 1, 1])
    game.choose("attack:gdaniec:smg#1")
    assert acts_of(game, "gdaniec") == []
    assert game.field("gdaniec", "exhausted") is True
    game.choose("recover:kuntz:refresh")
    game.choose("recover:wasik:rally")
    assert not game.over
    game.choose("attack:trained_7:smg#1")
    assert game.over                                                          # four actions: done
    for d in ("gdaniec", "kuntz", "wasik", "trained_7"):                      # tokens off at the end
        assert game.tokens(d, "action_token") == 0 and game.tokens(d, "move_token") == 0


def test_grenades_from_the_interior_roll_for_the_thrower_only_after_a_miss():
    game = start("grenade_all_hit", [4, 1, 1, 1])
    game.choose("pass")
    assert set(ids(game)) == {"throw_grenades:kuntz:grenades_5", "attack:kuntz:smg#1", "pass"}
    game.choose("throw_grenades:kuntz:grenades_5")
    assert game.location("smg#1") == "supply"
    assert game.location("kuntz") == "ground_inside"
    assert rolls(game) == [[4, 1, 1]]                                         # no casualty roll
    assert game.location("grenades_5") == "removed"


# ---- Inspire (4.3.1)

def dice(game, option: str) -> str:
    return labels(game)[option].rsplit("(", 1)[1]


def inspire_case(case: int):
    game = start("inspire")
    game.choose(str(case))
    game.choose("pass")
    return game


def test_without_inspire_gdaniec_rolls_his_combat_value():
    assert dice(inspire_case(1), "attack:gdaniec:smg#1") == "2 dice, needs 4+)"


def test_inspire_gives_one_extra_die_on_the_same_colour_and_floor():
    game = inspire_case(2)
    assert dice(game, "attack:gdaniec:smg#1") == "3 dice, needs 4+)"
    assert dice(game, "attack:gdaniec:smg#3") == "3 dice, needs 4+)"          # also into the interior


def test_inspire_is_not_cumulative_and_not_for_another_inspire_defender():
    game = inspire_case(3)
    assert dice(game, "attack:gdaniec:smg#1") == "3 dice, needs 4+)"          # Wasik and Konrad
    assert dice(game, "attack:konrad:smg#1") == "2 dice, needs 4+)"           # Wasik beside him
    assert dice(game, "attack:wasik:smg#1") == "2 dice, needs 4+)"            # Konrad beside him


@pytest.mark.parametrize("case, why", [(4, "exhausted"), (5, "disrupted"), (6, "another floor"),
                                       (7, "another colour"), (8, "in the interior")])
def test_no_inspire_from(case, why):
    assert dice(inspire_case(case), "attack:gdaniec:smg#1") == "2 dice, needs 4+)", why


def test_no_inspire_for_a_defender_in_the_interior():
    game = inspire_case(9)
    assert dice(game, "attack:gdaniec:smg#3") == "2 dice, needs 4+)"


def test_no_inspire_from_a_defender_that_moved():
    game = start("inspire")
    game.choose("7")                                         # Wasik in g23
    game.choose("move_defender:wasik:g5")
    game.choose("pass")
    assert game.location("wasik") == "g5"
    assert dice(game, "attack:gdaniec:smg#1") == "2 dice, needs 4+)"


def test_no_inspire_from_a_defender_that_acted():
    game = inspire_case(2)
    game.force_rolls([1, 1])
    game.choose("attack:wasik:smg#2")
    assert dice(game, "attack:gdaniec:smg#1") == "2 dice, needs 4+)"


def test_inspire_adds_a_die_for_real():
    game = inspire_case(2)
    game.force_rolls([1, 1, 4])
    game.choose("attack:gdaniec:smg#1")
    assert rolls(game)[-1] == [1, 1, 4]
    assert game.location("smg#1") == "supply"


# ---- Command (4.2.4)

def to_actions(game) -> None:
    while game.decision.prompt.startswith("Move a defender"):
        game.choose("pass")
    assert game.decision.prompt.startswith("Take an action")


def test_command_only_on_non_commanders_of_the_same_colour_and_floor_outside_interiors():
    game = start("command")
    game.choose("1")
    to_actions(game)
    game.choose("command:konrad")
    # Flisykowski has Command, postal worker 8 is upstairs, Kuntz is in the interior
    assert game.decision.prompt == "Who recovers (free)?"
    assert set(ids(game)) == {"gdaniec", "pass"}
    game.choose("pass")
    assert game.tokens("flisykowski", "disrupted") == 1
    assert game.tokens("postal_8", "disrupted") == 1
    assert game.tokens("kuntz", "disrupted") == 1
    assert game.field("konrad", "exhausted") is True


def test_command_gives_the_free_recovery():
    game = start("command")
    game.choose("1")
    to_actions(game)
    game.choose("command:konrad")
    game.choose("gdaniec")
    assert game.tokens("gdaniec", "disrupted") == 0
    assert game.field("gdaniec", "exhausted") is False and game.tokens("gdaniec", "action_token") == 0


def test_no_command_from_an_interior():
    game = start("command")
    game.choose("2")
    to_actions(game)
    assert "command:konrad" not in ids(game)


def test_no_command_from_a_disrupted_commander():
    game = start("command")
    game.choose("3")
    to_actions(game)
    assert "command:konrad" not in ids(game)
    assert "recover:konrad:rally" in ids(game)
