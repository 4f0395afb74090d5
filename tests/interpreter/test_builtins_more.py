"""Builtins and declarations added for the packs: head, token_supply, negative ranges, evaluate, tally."""
from __future__ import annotations

import pytest

from interpreter import RulesError, load_rules

PACK = '''game t "T" { seats 1 home box }
space box
token coin supply 5
tally bumps "bumps"
var m: int in -3..3 = -2
evaluate m * 10 + token_supply(coin)
play {
  add 2 coin to box
  log "{token_supply(coin)} | {head([1, 2, 3], 2)} | {head([1], 5)} | {head([1, 2], 0)} | {m}"
  set m -= 5
  tally bumps
  log "{m}"
}
'''


def test_head_token_supply_and_negative_range(write_rules):
    game = load_rules(write_rules(PACK)).new_game()
    notes = [e.text for e in game.log if e.kind == "note"]
    assert notes == ["3 | 1, 2 | 1 | none | -2", "-3"]
    assert [e.data["name"] for e in game.log if e.kind == "tally"] == ["bumps"]
    assert game.evaluate() == -30 + 3


def test_token_supply_needs_a_finite_token(write_rules):
    with pytest.raises(RulesError, match="token 'box' has no supply|unknown token"):
        load_rules(write_rules(PACK.replace("token_supply(coin)}", "token_supply(box)}")))


def test_tally_must_be_declared(write_rules):
    with pytest.raises(RulesError, match="unknown tally 'bump'"):
        load_rules(write_rules(PACK.replace("  tally bumps\n", "  tally bump\n")))


def test_peek_sees_effects_but_lists_no_options(fixtures):
    rules = load_rules(fixtures / "tiny")
    game = rules.new_game(seed=3)
    option = game.decision.options[0].id
    ahead = game.peek(option, reseed=1)
    assert ahead.decision is not None and ahead.decision.options == []
    assert game.decision.options[0].id == option           # the real game is untouched
    assert ahead.evaluate() == game.evaluate()             # tiny declares no evaluation: 0


def test_clone_with_reseed_rolls_other_dice(fixtures):
    rules = load_rules(fixtures / "tiny")
    game = rules.new_game(seed=3)
    a, b = game.clone(), game.clone(reseed=99)
    assert a.to_json() != b.to_json()                       # the generator state differs


TOKENS_AS_VALUES = '''game t "T" { seats 1 home box }
space box
token coin "gold coin" supply 5
token star
procedure give(t: token, n: int) { add (n) t to box }
play {
  give(coin, 2)
  give(star, 3)
  remove 1 star from box
  for t in [coin, star] { log "{t}: {tokens(box, t)}" }
}
'''


def test_tokens_can_be_passed_and_listed(write_rules):
    game = load_rules(write_rules(TOKENS_AS_VALUES)).new_game()
    assert [e.text for e in game.log if e.kind == "note"] == ["gold coin: 2", "star: 2"]
    assert game.tokens("box", "coin") == 2


def test_a_token_parameter_needs_a_token(write_rules):
    with pytest.raises(RulesError, match="argument 't' of 'give' should be a token, but this is a number"):
        load_rules(write_rules(TOKENS_AS_VALUES.replace("give(coin, 2)", "give(7, 2)")))
