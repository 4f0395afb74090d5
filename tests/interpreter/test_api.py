"""The public Python API: choose, undo, clone, saves, errors."""
from __future__ import annotations

import json
import shutil

import pytest

import interpreter
from interpreter import GameError, RulesChanged, RulesError, load_rules

from paths import FIXTURES

TINY = FIXTURES / "tiny"


@pytest.fixture(scope="module")
def tiny():
    return load_rules(TINY)


def snapshot(game):
    return game.to_json(), game.decision, len(game.log), game.decisions_made, list(game.trail)


def first_decision_with_choice(tiny):
    g = tiny.new_game(seed=1)
    assert g.decision is not None and len(g.decision.options) > 1
    return g


# ---- choose ------------------------------------------------------------------------------

def test_invalid_option_raises_and_changes_nothing(tiny):
    g = first_decision_with_choice(tiny)
    before = snapshot(g)
    with pytest.raises(GameError, match="'nonsense' is not an option here; the options are: "):
        g.choose("nonsense")
    assert snapshot(g) == before
    with pytest.raises(GameError, match="is not an option here"):
        g.choose("")
    assert snapshot(g) == before


def test_near_miss_option_suggests(tiny):
    g = first_decision_with_choice(tiny)
    real = g.decision.options[0].id
    with pytest.raises(GameError, match=f"did you mean '{real}'"):
        g.choose(real + "x")


def test_an_argument_alone_suggests_the_options_that_name_it():
    import interpreter
    game = interpreter.load_rules("tigerleader").new_game(seed=1)
    with pytest.raises(GameError, match=r"^'panzer_i' is not an option here \(did you mean 'buy:panzer_i'\?\); "):
        game.choose("panzer_i")


def test_non_text_option_id(tiny):
    g = first_decision_with_choice(tiny)
    before = snapshot(g)
    with pytest.raises(GameError, match="an option id is text"):
        g.choose(1)
    assert snapshot(g) == before


def test_choose_after_the_end(tiny):
    g = tiny.new_game()
    while not g.over:
        g.choose(g.decision.options[0].id)
    assert g.decision is None
    with pytest.raises(GameError, match="the game is over"):
        g.choose("pass")


def test_choices_are_recorded(tiny):
    g = first_decision_with_choice(tiny)
    opt = g.decision.options[0]
    prompt = g.decision.prompt
    g.choose(opt.id)
    assert g.trail[-1] == ["choose", opt.id]
    assert g.decisions_made == 1
    choice = [e for e in g.log if e.kind == "choice"][-1]
    assert choice.data["id"] == opt.id and choice.data["option"] == opt.label
    assert choice.text == f"Seat 1: {prompt} → {opt.label}"


# ---- undo --------------------------------------------------------------------------------

def test_undo_returns_to_the_previous_decision(tiny):
    g = first_decision_with_choice(tiny)
    before = snapshot(g)
    g.choose(g.decision.options[0].id)
    assert snapshot(g) != before
    g.undo()
    assert snapshot(g) == before
    with pytest.raises(GameError, match="nothing to undo"):
        g.undo()


def test_undo_twice_and_redo(tiny):
    g = tiny.new_game(seed=2)
    states, picks = [], []
    for _ in range(3):
        states.append(g.to_json())
        picks.append(g.decision.options[-1].id)
        g.choose(picks[-1])
    end = g.to_json()
    g.undo()
    assert g.to_json() == states[2]
    g.undo()
    assert g.to_json() == states[1]
    g.choose(picks[1])
    g.choose(picks[2])
    assert g.to_json() == end


def test_undo_keeps_forced_rolls_before_the_choice(tiny):
    g = tiny.new_game(seed=3)
    g.force_rolls([6, 6, 6, 6, 6])
    before = g.to_json()
    g.choose(g.decision.options[0].id)
    g.undo()
    assert g.to_json() == before


# ---- saves -------------------------------------------------------------------------------

def test_save_round_trip_mid_game(tiny):
    g = tiny.new_game(seed=4, seats=2, variant="hard")
    for _ in range(3):
        g.choose(g.decision.options[0].id)
    text = g.to_json()
    data = json.loads(text)
    assert data["format"] == "garrison-save" and data["game"] == "tiny"
    assert data["seed"] == 4 and data["seats"] == 2 and data["variant"] == "hard"
    h = tiny.load_game(text)
    assert h.to_json() == text
    assert h.decision == g.decision
    assert (h.seed, h.seats, h.variant) == (4, 2, "hard")
    assert [(e.kind, e.data, e.text) for e in h.log] == [(e.kind, e.data, e.text) for e in g.log]
    while not g.over:
        opt = g.decision.options[-1].id
        g.choose(opt)
        h.choose(opt)
    assert h.to_json() == g.to_json()
    assert h.result == g.result


def test_save_before_the_first_decision_keeps_forced_rolls(tiny):
    g = tiny.new_game(seed=5)
    g.force_rolls([1, 2])
    h = tiny.load_game(g.to_json())
    assert h.to_json() == g.to_json()


def test_saved_game_from_changed_rules_is_refused_unless_replayed_under_them(tiny, tmp_path):
    pack = tmp_path / "tiny"
    shutil.copytree(TINY, pack)
    rules_file = pack / "game.rules"
    rules_file.write_text(rules_file.read_text() + "\n# a harmless edit\n")
    edited = load_rules(pack)
    assert edited.fingerprint != tiny.fingerprint
    g = tiny.new_game(seed=6)
    for _ in range(2):
        g.choose(g.decision.options[0].id)
    with pytest.raises(RulesChanged, match=r"^the rules \(the pack or its mods\) have changed since this game was saved$"):
        edited.load_game(g.to_json())
    h = edited.load_game(g.to_json(), replay_under_new_rules=True)
    assert h.replayed_under_new_rules
    assert h.decision == g.decision
    assert [(e.kind, e.data) for e in h.log] == [(e.kind, e.data) for e in g.log]
    same = tiny.load_game(g.to_json(), replay_under_new_rules=True)
    assert not same.replayed_under_new_rules and same.to_json() == g.to_json()


def test_saved_game_under_other_mods_says_which_mods_differ():
    mods = sorted((interpreter.runtime.packs.bundled_pack("postmen") / "mods").glob("*.rules"))
    g = load_rules("postmen", mods=[mods[0]]).new_game(seed=1)
    message = f"it was played with {mods[0].stem}, and is loaded with {mods[1].stem}, {mods[2].stem}$"
    with pytest.raises(RulesChanged, match=message):
        load_rules("postmen", mods=mods[1:]).load_game(g.to_json())
    with pytest.raises(RulesChanged, match=f"it was played with {mods[0].stem}, and is loaded without mods$"):
        load_rules("postmen").load_game(g.to_json())
    crowded = json.loads(g.to_json())
    crowded["mods"] = [f"m{i}.rules" for i in range(200_000)]
    with pytest.raises(RulesChanged, match=r"played with m0, m1, m2, m3, m4 and 199995 more, and is loaded without mods$"):
        load_rules("postmen").load_game(json.dumps(crowded))


@pytest.mark.parametrize("text, message", [
    ("not json at all", "the saved game is damaged or cut short \\(not valid JSON at line 1, column 1\\)"),
    ("", "damaged or cut short"),
    ("[1, 2, 3]", "not a Garrison saved game"),
    ('{"format": "something-else"}', "not a Garrison saved game"),
    ('{"format": "garrison-save", "version": 99, "game": "tiny"}', "version 99 is not supported"),
    ('{"format": "garrison-save", "version": 2, "game": "chess"}', "this save is of the game 'chess', not 'tiny'"),
    ('{"format": "garrison-save", "version": 2, "game": "tiny"}', "damaged \\(its fingerprint of the rules is missing\\)"),
])
def test_corrupt_or_foreign_saves(tiny, text, message):
    with pytest.raises(GameError, match=message):
        tiny.load_game(text)


def _save(tiny):
    g = first_decision_with_choice(tiny)
    return json.loads(g.to_json())


def test_saves_from_before_typed_frames_are_refused(tiny):
    data = _save(tiny)
    data["version"] = 1
    data["state"]["frames"] = [{"b": f["block"], "pc": f["pc"], "e": f["env"]} for f in data["state"]["frames"]]
    with pytest.raises(GameError, match=r"saved game version 1 is not supported \(this Garrison reads version 2\)"):
        tiny.load_game(json.dumps(data))


def test_saved_frames_are_named_fields(tiny):
    frames = _save(tiny)["state"]["frames"]
    assert frames and {"block", "pc", "env", "kind"} <= set(frames[0])
    data = _save(tiny)
    data["state"]["frames"][0]["b"] = 0
    with pytest.raises(GameError, match=r"damaged \(frames\.0\.b: "):
        tiny.load_game(json.dumps(data))


def test_save_missing_state_keys(tiny):
    data = _save(tiny)
    del data["state"]["vars"]
    del data["state"]["frames"]
    with pytest.raises(GameError, match="incomplete .*missing vars, frames"):
        tiny.load_game(json.dumps(data))


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("trail"),
    lambda d: d.pop("seed"),
    lambda d: d.__setitem__("state", 5),
    lambda d: d.__setitem__("log", 7),
])
def test_damaged_saves(tiny, damage):
    data = _save(tiny)
    damage(data)
    with pytest.raises(GameError, match="damaged|incomplete|not a"):
        tiny.load_game(json.dumps(data))


def test_damaged_trail_of_an_older_rules_version(tiny):
    data = _save(tiny)
    data["fingerprint"] = "0000"
    data["trail"] = [["choose", "no-such-option"]]
    with pytest.raises(GameError, match="cannot be replayed under the rules of now .*not an option"):
        tiny.load_game(json.dumps(data), replay_under_new_rules=True)
    data["trail"] = [["teleport", 3]]
    with pytest.raises(GameError, match="its list of choices is not readable"):
        tiny.load_game(json.dumps(data), replay_under_new_rules=True)


@pytest.fixture(scope="module")
def postmen_save():
    """A Postmen game three decisions in (a defender moving, tokens on it), as saved data."""
    rules = load_rules("postmen")
    game = rules.new_game(seed=3)
    for _ in range(3):
        game.choose(game.decision.options[0].id)
    return rules, game.to_json()


def _forge_result(data):
    state = data["state"]
    state.update(over=True, decision=None, result={"outcome": "Epic Victory", "score": 99, "details": {}})


def _forge_option(data):
    decision = data["state"]["decision"]
    decision["options"] = decision["options"] + [{"id": "win_now", "label": "Win now", "value": None}]


def _forge_trail(data):
    data["trail"][2] = ["choose", "ammo_7"]         # Konrad took other tokens than the state shows


@pytest.mark.parametrize("forge", [
    pytest.param(_forge_result, id="result"),
    pytest.param(_forge_option, id="option-win_now"),
    pytest.param(lambda d: d["state"]["decision"].__setitem__("seat", 5), id="seat-5-of-1"),
    pytest.param(lambda d: d["state"]["vars"].__setitem__("morale", 10 ** 100), id="morale-10^100"),
    pytest.param(lambda d: d["state"]["tokens"]["konrad"].__setitem__("move_token", -5), id="negative-tokens"),
    pytest.param(lambda d: d["state"]["supply"].__setitem__("barrier", -1), id="negative-supply"),
    pytest.param(lambda d: d["state"]["frames"][0].__setitem__("pc", 10_000), id="frame-past-its-block"),
    pytest.param(lambda d: d["state"]["vars"].__setitem__("fire_truck_drawn", 0), id="false-as-0"),
    pytest.param(lambda d: d["state"]["effects"].append({"name": "determined", "args": []}), id="effect-added"),
    pytest.param(_forge_trail, id="tampered-trail"),
    pytest.param(lambda d: d["trail"].append(["choose", "done"]), id="longer-trail"),
    pytest.param(lambda d: d["log"].pop(), id="log"),
])
def test_a_save_whose_state_does_not_follow_from_its_choices_is_refused(postmen_save, forge):
    rules, text = postmen_save
    data = json.loads(text)
    forge(data)
    with pytest.raises(GameError, match=r"^the saved state does not follow from its seed and choices \(it differs in "):
        rules.load_game(json.dumps(data))


def test_a_save_whose_choices_cannot_be_made_is_refused(postmen_save):
    rules, text = postmen_save
    data = json.loads(text)
    data["trail"][1] = ["choose", "nobody"]
    with pytest.raises(GameError, match=r"^the saved choices cannot be replayed from its seed \('nobody' is not an option"):
        rules.load_game(json.dumps(data))


def test_a_loaded_game_is_the_replay_of_its_choices(postmen_save):
    rules, text = postmen_save
    data = json.loads(text)
    data["state"] = dict(reversed(list(data["state"].items())))         # the order of keys is not part of a state
    assert rules.load_game(json.dumps(data)).to_json() == text


@pytest.mark.parametrize("text, message", [
    ('{"format": "garrison-save", "version": 2, "game": "tiny", "seed": 1' + "0" * 5000 + "}",
     r"damaged \(a number in it is too long\)"),
    ('{"format": "garrison-save", "x": ' + "[" * 100_000 + "]" * 100_000 + "}", r"damaged \(it is nested too deeply\)"),
    ('{"format": "garrison-save", "version": 2, "game": "\\udc00"}', r"damaged \(a text in it is not valid Unicode\)"),
], ids=["5000-digit-seed", "nested-100000-deep", "lone-surrogate"])
def test_saves_beyond_what_json_reads_are_game_errors(tiny, text, message):
    with pytest.raises(GameError, match=message):
        tiny.load_game(text)


def test_a_variant_that_is_not_text_is_refused(tiny):
    data = _save(tiny)
    data["variant"] = 5
    with pytest.raises(GameError, match=r"^the saved game is damaged \(its variant\)$"):
        tiny.load_game(json.dumps(data))
    with pytest.raises(GameError, match="a variant is named by text, not 5"):
        tiny.new_game(variant=5)


def test_a_pending_decision_without_options_is_refused(tiny):
    data = _save(tiny)
    data["state"]["decision"]["options"] = []
    with pytest.raises(GameError, match=r"damaged \(its pending decision has no options\)"):
        tiny.load_game(json.dumps(data))


# ---- clone -------------------------------------------------------------------------------

def test_clone_is_independent(tiny):
    g = first_decision_with_choice(tiny)
    before = g.to_json()
    c = g.clone()
    assert c.to_json() == before
    c.choose(c.decision.options[0].id)
    assert g.to_json() == before
    g.choose(g.decision.options[-1].id)
    assert c.to_json() != g.to_json()


def test_clone_has_the_same_future(tiny):
    g = tiny.new_game(seed=8)
    g.choose(g.decision.options[0].id)
    c = g.clone()
    while not g.over:
        opt = g.decision.options[0].id
        g.choose(opt)
        c.choose(opt)
    assert c.to_json() == g.to_json()


# ---- starting games ------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [0, 3, -1])
def test_seats_out_of_range(tiny, seats):
    with pytest.raises(GameError, match=f"Tiny Siege is played by 1 to 2 seat\\(s\\), not {seats}"):
        tiny.new_game(seats=seats)


@pytest.mark.parametrize("seed", ["1", 1.5, None, True])
def test_bad_seed(tiny, seed):
    with pytest.raises(GameError, match="the seed must be a whole number"):
        tiny.new_game(seed=seed)


def test_unknown_variant(tiny):
    with pytest.raises(GameError, match="unknown variant 'easy'; this game has: hard"):
        tiny.new_game(variant="easy")


def test_two_seats_play_alternately_where_the_rules_say(tiny):
    g = tiny.new_game(seats=2)
    assert g.seats == 2
    assert g.decision.seat == 1


def test_board_helpers(tiny):
    g = tiny.new_game()
    assert g.var("morale") == 5 and g.var("turn") == 1
    assert g.location("captain") == "supply"
    assert "guard#1" in g.pieces_at("supply")
    assert g.field("guard#2", "combat") == 2 and g.field("captain", "morale") == 2
    assert g.field("north", "hits") == 1            # turn 1's raid card (seed 0 draws a Raid, strength 1)
    assert g.field("south", "hits") == 0
    assert g.tokens("south", "alarm") == 0
    assert g.label("captain") == "Captain Ząbek"
    with pytest.raises(GameError, match="there is no variable 'morals' \\(did you mean 'morale'\\?\\)"):
        g.var("morals")
    with pytest.raises(GameError, match="there is no piece 'no_such_piece'"):
        g.location("no_such_piece")


# ---- loading -------------------------------------------------------------------------------

def test_rules_metadata(tiny):
    assert tiny.name == "tiny" and tiny.title == "Tiny Siege"
    assert (tiny.seats_min, tiny.seats_max) == (1, 2)
    assert len(tiny.warnings) == 1 and "token 'mark' is defined but never used" in tiny.warnings[0]
    assert len(tiny.fingerprint) == 16


def test_unknown_pack():
    with pytest.raises(GameError, match="unknown game 'no_such_game'"):
        load_rules("no_such_game")


def test_rules_error_lists_every_error(write_rules):
    path = write_rules('game t "T" { seats 1 home box }\nspace box\n'
                       'var a: int = true\nvar b: bool = 3\nplay { set c = 1 }\n', name="bad.rules")
    with pytest.raises(RulesError) as info:
        load_rules(path)
    err = info.value
    errors = [(d.line, d.severity) for d in err.diagnostics if d.severity == "error"]
    assert errors == [(3, "error"), (4, "error"), (5, "error")]
    for d in err.diagnostics:
        assert d.file.endswith("bad.rules") and d.col >= 1 and d.message
    report = err.report()
    assert "bad.rules:5:12: error: unknown variable 'c'" in report
    assert report.endswith("3 errors found")


def test_mods_replace_declarations(tmp_path, tiny):
    mod = tmp_path / "mod.rules"
    mod.write_text("var morale: int in 0..5 = 1\n")
    modded = load_rules(TINY, mods=[mod])
    assert modded.new_game().var("morale") == 1
    assert tiny.new_game().var("morale") == 5


def test_public_names():
    for name in ("load_rules", "Rules", "Game", "Decision", "Option", "Result", "RulesError", "GameError", "RulesChanged"):
        assert hasattr(interpreter, name)


@pytest.mark.parametrize("damage", [
    lambda d: d["state"].__setitem__("decision", "x"),
    lambda d: d["state"]["decision"].__setitem__("options", 5),
])
def test_damaged_state_shape_is_a_game_error(tiny, damage):
    data = _save(tiny)
    damage(data)
    try:
        g = tiny.load_game(json.dumps(data))
        g.decision
        g.choose("pass")
    except GameError:
        return
    except Exception as err:     # noqa: BLE001 - the point: anything but a GameError is a bug
        pytest.fail(f"a damaged save raised {type(err).__name__}: {err}, not a GameError")
    pytest.fail("a damaged save was accepted")
