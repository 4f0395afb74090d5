"""Playing on the page as a person does: clicking options, counters and spaces, waiting for the server's answer."""
from __future__ import annotations

import random

OPTIONS = "#decision .option:not([disabled])"


def received(page) -> int:
    return int(page.evaluate("document.body.dataset.received || '0'"))


def answered(page, action) -> None:
    """Do `action` (a click) and wait until the page has the server's next message."""
    before = received(page)
    action()
    page.wait_for_function(f"Number(document.body.dataset.received || 0) > {before}")


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("Number(document.body.dataset.received || 0) > 0")


def game_over(page) -> bool:
    return page.locator("#turn.over").count() > 0


def persons_turn(page) -> None:
    """Wait while bots play: until the page offers a person options (or the game is over)."""
    page.wait_for_selector(f"{OPTIONS}, #turn.over, #handover:not([hidden])")


def click_one_choice(page, rng: random.Random, board_share: float = 0.4) -> None:
    """Answer the decision shown: a random highlighted counter or space now and then (a menu's
    option if it offers several), else a random option of the list."""
    persons_turn(page)
    targets = page.locator("#board .counter.target, #board .cell.target > .name")
    if targets.count() and rng.random() < board_share:
        target = targets.nth(rng.randrange(targets.count()))
        target.scroll_into_view_if_needed()
        before = received(page)
        target.click()
        if page.locator("#menu:not([hidden])").count():
            menu = page.locator("#menu .option")
            answered(page, lambda: menu.nth(rng.randrange(menu.count())).click())
        else:
            page.wait_for_function(f"Number(document.body.dataset.received || 0) > {before}")
        return
    options = page.locator(OPTIONS)
    count = options.count()
    assert count, "a decision with no option to click"
    answered(page, lambda: options.nth(rng.randrange(count)).click())


def click_to_the_end(page, rng: random.Random, most: int = 3000) -> int:
    """Click random legal choices until the game is over; how many clicks it took."""
    for clicks in range(most):
        persons_turn(page)
        if game_over(page):
            return clicks
        assert page.locator("#message:not([hidden])").count() == 0, page.locator("#message-text").text_content()
        if page.locator("#handover:not([hidden])").count():
            answered(page, lambda: page.click("#handover-ready"))
            continue
        click_one_choice(page, rng)
    raise AssertionError(f"the game did not end within {most} clicks")
