"""Every Gameplay Example of the Postmen rulebook, replayed with its dice and choices."""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

import interpreter

EXAMPLES = Path(__file__).parent / "examples"


@functools.lru_cache(maxsize=None)
def scenario(name: str):
    return interpreter.load_rules("postmen", mods=[EXAMPLES / "common.rules", EXAMPLES / f"{name}.rules"])


def start(name: str, rolls=(), variant=None):
    game = scenario(name).new_game(seed=0, variant=variant)
    game.force_rolls(list(rolls))
    return game


def all_rolls_used(game) -> bool:
    return game.pending_rolls == []


def ids(game) -> list[str]:
    return [o.id for o in game.whole_actions()]


def notes(game) -> list[str]:
    return [e.text for e in game.log if e.kind == "note"]


def rightmost(game, floor: str) -> int:
    """The last position of a floor's defense track."""
    return len(game.field(floor, "track"))


def nth(game, kind: str, n: int) -> str:
    """The id of the n-th counter of a kind, as `nth(objects(kind), n)` names it in rules."""
    return f"{kind}#{n}"


def finish_phase(game) -> None:
    """Pass every remaining move and action of a Defense Phase."""
    while not game.over and "pass" in ids(game):
        game.choose("pass")


def test_e01_attack_continues_while_inside_with_a_leader():
    game = start("e01_continue_attack")
    while game.var("turn") == 1:     # turn 1: pass the Defense Phase; the rifleman moves upstairs
        game.choose("pass")
    assert any("goes on" in n for n in notes(game))
    assert game.var("turn") == 2 and game.var("period") == 1
    assert not game.over


def test_e01_attack_ends_without_a_leader_on_the_board():
    game = start("e01b_attack_ends")
    finish_phase(game)
    assert game.over
    assert notes(game)[-1] == "after attack 1"
    assert game.var("turn") == 1
    assert not any("goes on" in n for n in notes(game))


def test_e02_submachine_gunner_pushes_rifleman_to_barrier_2():
    game = start("e02_place_smg", [3])
    assert game.over
    assert game.pieces_at("p34") == [nth(game, "smg", 1)]
    assert game.pieces_at("r1") == [nth(game, "rifleman", 1)]
    assert "grenade_bundle_2" in game.pieces_at("attack_1")
    assert game.field("barrier_2", "called") is True


def test_e03_heinrich_placed_and_smg_stacks_at_closed_barrier():
    game = start("e03_leader")
    assert game.pieces_at("p34") == ["heinrich"]
    assert game.pieces_at("r1") == [nth(game, "rifleman", 1), nth(game, "smg", 1)]
    assert game.location("a1_heinrich") == "removed"


def test_e04_grenade_bundle_opens_barrier_and_stack_advances_top_first():
    game = start("e04_grenade_bundle")
    assert game.tokens("barrier_2", "barrier") == 1
    top_smg, bottom_smg = nth(game, "smg", 2), nth(game, "smg", 1)
    assert game.location(top_smg) == "ground_inside"          # breached the rear entrance
    assert game.pieces_at("r3") == ["heinrich"]
    assert game.pieces_at("r2") == [nth(game, "rifleman", 1)]
    assert game.pieces_at("r1") == [bottom_smg]                # the last one stays
    assert game.location("grenade_bundle_2") == "removed"
    assert any("breaches" in n for n in notes(game))


def test_e05_breach_at_front_entrance_kills_defenders_there():
    game = start("e05_breach")
    assert game.location("kuntz") == "casualties"
    assert game.location("gdaniec") == "casualties"
    assert game.var("morale") == 8                               # only Kuntz lowers morale
    assert game.location(nth(game, "smg", 1)) == "ground_inside"


def test_e06_armored_cars_stop_at_barrier_4_and_scatter_suppression():
    game = start("e06_armored_cars", [9, 7])
    assert all_rolls_used(game)
    assert game.location(nth(game, "smg", 1)) == "f1"          # pushed beyond barrier 4
    assert game.location("car_sudetenland") == "junction"       # the car stays at the barrier
    assert game.location(nth(game, "rifleman", 1)) == "junction"
    assert game.location(nth(game, "rifleman", 2)) == "f9"
    assert game.location("car_ostmark") == "f7"                 # moved with its rider
    assert game.location(nth(game, "smg", 2)) == "f7"
    assert game.tokens("f7", "suppression") == 0                 # scattered without effect
    assert game.location(nth(game, "smg", 3)) == "p910"         # the first card's counter
    assert game.location(nth(game, "smg", 4)) == "p7"           # the second card's counter


def test_e07_infantry_guns_shift_track_then_disrupt_then_kill():
    game = start("e07_infantry_guns", [4, 6, 1, 3, 4, 2, 2, 4])
    assert all_rolls_used(game)
    assert game.pieces_at("sup_e") == ["ig_e"]
    assert game.pieces_at("sup_f") == ["ig_f", "ig_f_emplaced"]
    assert game.field("upper_inside", "step") == rightmost(game, "upper_inside")
    for d in ("gdaniec", "fuz", "trained_3"):
        assert game.location(d) == "casualties"
    assert game.var("morale") == 9                               # trained defenders cost no morale


def test_e07_after_two_cards_the_upper_defenders_are_disrupted():
    rules = scenario("e07_infantry_guns")
    game = rules.new_game(seed=0)
    game.force_rolls([4, 6, 1, 3, 4, 1, 1, 1])                   # the third card misses
    assert game.over
    for d in ("gdaniec", "fuz", "trained_3"):
        assert game.tokens(d, "disrupted") == 1


def test_e08_machine_gunners_target_by_die_then_disrupt():
    game = start("e08_machine_gunners", [4, 3, 1, 1, 4, 5])
    assert all_rolls_used(game)
    assert game.pieces_at("sup_a") == ["mg_a"]
    assert game.pieces_at("sup_b") == ["mg_b", "mg_b_emplaced"]
    assert game.location("kuntz") == "casualties"
    assert game.tokens("postal_11", "disrupted") == 1
    assert game.var("morale") == 8
    fired = [n for n in notes(game) if "fires at" in n]
    assert fired == ["Machine gunner A fires at ground 2-3, the space the target die picks.",
                     "Emplaced machine gunner B fires at ground 2-3, the space the target die picks."]


def test_e09_howitzer_attacks_each_floor():
    game = start("e09_howitzer", [2, 3, 4, 6, 1, 1, 3, 5, 1, 3, 4, 5])
    assert all_rolls_used(game)
    for d in ("gdaniec", "kuntz", "fuz"):
        assert game.tokens(d, "disrupted") == 1
    assert game.field("upper_inside", "step") == rightmost(game, "upper_inside")
    assert game.field("ground_inside", "step") == rightmost(game, "ground_inside")
    assert game.field("basement_inside", "step") == 1
    assert game.tokens("wasik", "disrupted") == 0
    assert game.location("a2_howitzer#1") == "removed"


def test_e10_moves_tokens_defenders_and_carrying():
    game = start("e10_moving")
    options = ids(game)
    assert not any(o.startswith("move_defender:wasik") for o in options)     # disrupted
    assert not any(o.startswith("move_defender:fuz") for o in options)       # exhausted
    game.choose("move_equipment:ammo_9:gdaniec:g5")
    assert game.location("gdaniec") == "ground_inside" and game.location("ammo_9") == "g5"
    game.choose("move_defender:kuntz:basement_inside")                      # interior to interior
    game.choose("move_defender:konrad:g23")
    assert game.decision.prompt == "Which tokens does Konrad carry to ground 2-3?"
    game.choose("rifle_5")
    game.choose("grenades_1")                                                # two: the limit
    assert game.pieces_at("g23") == ["konrad", "rifle_5", "grenades_1"]
    game.choose("move_defender:barzychowska:basement_inside")
    assert game.location("barzychowska") == "basement_inside"
    for d in ("gdaniec", "kuntz", "konrad", "barzychowska"):
        assert game.tokens(d, "move_token") == 1
    assert game.decision.prompt.startswith("Take an action")                          # four moves made


def test_e11_attack_needs_line_of_sight():
    game = start("e11_attack", [3, 4])
    game.choose("pass")                                                      # no moves
    options = ids(game)
    smg, rifleman = "smg#1", "rifleman#1"
    assert f"attack:gdaniec:{smg}" in options
    assert f"attack:gdaniec:{rifleman}" in options                           # same-floor interior
    assert "attack:gdaniec:heinrich" not in options                          # other colour
    label = next(o.label for o in game.whole_actions() if o.id == f"attack:gdaniec:{smg}")
    assert label == "Gdaniec attacks Submachine gunner at side 2 (2 dice, needs 4+)"
    game.choose(f"attack:gdaniec:{smg}")
    assert game.location(smg) == "supply"
    assert game.field("gdaniec", "exhausted") is True


def test_e12_ranged_weapons():
    game = start("e12_ranged", [1, 2, 1, 3])
    game.choose("pass")
    options = ids(game)
    assert "attack:konrad:ss_rifleman#1" in options
    assert "attack:konrad:ig_e_emplaced" in options            # top of the E stack
    assert "attack:konrad:ig_e" not in options                  # not the top counter
    assert "attack:konrad:smg#1" in options and "attack:kuntz:smg#1" in options
    assert "attack:kuntz:ss_rifleman#1" not in options and "attack:kuntz:ig_e_emplaced" not in options
    assert "attack:gdaniec:mg_b" in options
    assert "attack:wasik:mg_b" not in options                    # no Ranged weapon
    assert not any(o.endswith(":rifleman#1") for o in options)   # nobody sees the rifleman
    game.choose("attack:konrad:ss_rifleman#1")
    game.choose("attack:gdaniec:mg_b")
    assert game.location("ss_rifleman#1") == "f7" and game.location("mg_b") == "sup_b"


def test_e13_grenades_from_a_space_and_from_the_interior():
    game = start("e13_grenades", [1, 2, 2, 3, 4, 5, 4, 1, 1, 1, 2, 3, 1])
    game.choose("pass")
    game.choose("throw_grenades:gdaniec:grenades_1")
    assert game.location("gehrke") == "supply"
    assert game.location("smg#1") == "ground_inside" and game.location("rifleman#1") == "ground_inside"
    assert game.location("grenades_1") == "removed"
    assert game.location("gdaniec") == "g4"                    # no casualty roll from a space
    label = next(o.label for o in game.whole_actions() if o.id == "throw_grenades:kuntz:grenades_5")
    assert "(3 dice each)" in label
    game.choose("throw_grenades:kuntz:grenades_5")
    assert game.location("smg#1") == "supply"
    assert game.location("rifleman#1") == "ground_inside"
    assert game.location("kuntz") == "casualties"
    assert game.var("morale") == 8
    assert game.location("grenades_5") == "removed"


def test_e14_suppression_tokens_stop_heinrich_but_not_the_rifleman():
    game = start("e14_suppression")
    game.choose("pass")
    label = next(o.label for o in game.whole_actions() if o.id == "suppress:gdaniec:r2")
    assert label == "Gdaniec lays 4 suppression tokens on rear 2"
    game.choose("suppress:gdaniec:r2")
    assert game.tokens("r2", "suppression") == 4
    assert game.location("ammo_1") == "removed"
    assert "Heinrich entering rear 2" in game.decision.prompt
    game.force_rolls([2, 5])
    game.choose("2")
    assert game.location("heinrich") == "supply"
    assert game.tokens("r2", "suppression") == 2
    assert "Rifleman entering rear 2" in game.decision.prompt
    game.force_rolls([1])
    game.choose("1")
    assert game.location("rifleman#1") == "r2"
    assert game.tokens("r2", "suppression") == 0
    assert game.pieces_at("r1") == ["rifleman#2"]


def test_e15_recover_and_command():
    game = start("e15_command")
    game.choose("pass")
    game.choose("recover:fuz:rally")
    assert game.tokens("fuz", "disrupted") == 0 and game.field("fuz", "exhausted") is True
    assert not any(o.startswith("recover:fuz") for o in ids(game))        # one action each
    game.choose("command:konrad")
    free = ids(game)
    assert set(free) == {"wasik", "gdaniec", "pass"}                        # not Fuz or Barzychowska
    game.choose("wasik")
    game.choose("gdaniec")
    game.choose("rally")
    game.choose("gdaniec")                                                  # only exhaustion left
    assert game.tokens("wasik", "disrupted") == 0
    assert game.tokens("gdaniec", "disrupted") == 0 and game.field("gdaniec", "exhausted") is False
    assert game.field("konrad", "exhausted") is True


def test_e16_inspire_and_suppression_attribute_give_six_tokens():
    game = start("e16_inspire")
    game.choose("pass")
    label = next(o.label for o in game.whole_actions() if o.id == "suppress:gorski:s2")
    assert label == "Gorski lays 6 suppression tokens on side 2"
    game.choose("suppress:gorski:s2")
    assert game.tokens("s2", "suppression") == 6


def test_e16_no_inspire_from_an_exhausted_defender():
    rules = interpreter.load_rules("postmen", mods=[EXAMPLES / "common.rules", EXAMPLES / "e16_inspire.rules"])
    game = rules.new_game(seed=0)
    game.choose("pass")
    game.choose("recover:wasik:refresh") if "recover:wasik:refresh" in ids(game) else None
    labels = {o.id: o.label for o in game.whole_actions()}
    assert labels["suppress:gorski:s2"].startswith("Gorski lays 6")


def test_e17_clearing_phase():
    game = start("e17_clearing", [5, 3, 3])
    assert game.over and all_rolls_used(game)
    for d in ("konrad", "kuntz", "gdaniec", "wasik", "barzychowska", "michon", "franz"):
        assert game.location(d) == "casualties", d
    assert game.location("postal_5") == "u2" and game.location("postal_6") == "u1"
    assert game.location("gehrke") == "upper_inside"
    assert game.tokens("smg#4", "disrupted") == 0
    lost = [e.data["piece"] for e in game.log if e.kind == "move" and e.data["dest"] == "casualties"]
    assert lost == ["konrad", "kuntz", "gdaniec", "wasik", "barzychowska", "michon", "franz"]


def test_e18_escape_conditions():
    game = start("e18_escape")
    assert set(ids(game)) == {"barzychowska", "kuntz", "pass"}
    game.choose("barzychowska")
    game.choose("kuntz")
    assert game.location("barzychowska") == "escaped" and game.location("kuntz") == "escaped"
    assert game.over
    # escaped defenders score double: Barzychowska 3 x 2, Kuntz 1 x 2; Franz 1 (Wasik, a special, 0)
    assert game.result.score == 6 + 2 + 1


def test_e19_veteran_tactics_one_card_replaced_each_turn():
    game = start("e19_veteran_tactics", variant="veteran")
    assert [n for n in notes(game) if "turn:" in n] == ["first turn: Assault", "second turn: Breach"]
    assert game.location("t1_assault") == "tactics_discard"


def test_e20_elite_tactics_two_cards_sliding():
    game = start("e20_elite_tactics", variant="elite")
    assert [n for n in notes(game) if "turn:" in n] == ["first turn: Assault, Breach", "second turn: Breach, Coordinated Attack"]
    assert game.location("t1_assault") == "tactics_discard"


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("e*.rules")))
def test_every_example_scenario_checks_cleanly(name):
    warnings = scenario(name).warnings
    assert warnings == [], "\n".join(warnings)
