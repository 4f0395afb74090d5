"""Long browser soaks (marked slow): whole games clicked through on every variant, and a two-seat Westerplatte."""
from __future__ import annotations

import random

import pytest
from clicking import click_to_the_end, open_page

import interpreter

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("variant", [None, "veteran", "elite"])
@pytest.mark.parametrize("seed", [21, 22])
def test_postmen_games_are_clicked_to_their_end(serve, browser_page, variant, seed):
    served = serve("postmen", seed=seed, variant=variant)
    open_page(browser_page, served.url)
    click_to_the_end(browser_page, random.Random(seed))
    game = served.only_table().game
    assert game.over and game.variant == variant
    assert browser_page.locator("#log .event").all_text_contents() == [e.text for e in game.log]


@pytest.mark.parametrize("seed", [31, 32])
def test_a_two_seat_westerplatte_game_is_clicked_to_its_end(serve, browser_page, seed):
    served = serve("westerplatte", seed=seed, seats=2)
    open_page(browser_page, served.url)
    click_to_the_end(browser_page, random.Random(seed))
    game = served.only_table().game
    assert game.over
    seats = {data["seat"] for kind, data in game.log_data if kind == "choice"}
    assert seats == {1, 2}
    replayed = interpreter.load_rules("westerplatte").load_game(game.to_json())     # the page's game saves whole
    assert replayed.trail == game.trail
