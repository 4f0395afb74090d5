"""Playing in a real headless Chromium: a whole game by clicks, undo, save and load, replay, hand-over, bots."""
from __future__ import annotations

import json
import random

from clicking import OPTIONS, answered, click_to_the_end, open_page, persons_turn, received

import interpreter
from interpreter.saves.files import load_saved


def test_a_whole_postmen_game_is_clicked_to_its_end(serve, browser_page):
    served = serve("postmen", seed=3)
    page = browser_page
    open_page(page, served.url)
    assert page.locator("#title").text_content() == "Soldiers in Postmen's Uniforms"
    assert page.locator("#turn").text_content() == "Seat 1 to choose"
    assert page.locator("#board .region h3").first.text_content().startswith("Approaches")
    clicks = click_to_the_end(page, random.Random(3))
    game = served.only_table().game
    assert game.over and clicks >= game.decisions_made > 10
    result = game.result
    assert page.locator("#decision .outcome").text_content().startswith(result.outcome)
    shown = page.locator("#log .event").all_text_contents()
    assert shown == [e.text for e in game.log]            # every line as the engine wrote it, rolls too
    assert any(line.startswith("Rolled") for line in shown)


def test_a_counter_then_a_highlighted_space_answers_a_staged_choice_and_back_steps_out(serve, browser_page):
    served = serve("postmen", seed=1)
    page = browser_page
    open_page(page, served.url)
    answered(page, lambda: page.locator(OPTIONS, has_text="Move a defender").click())
    assert page.locator("#decision .chip").all_text_contents() == ["Move a defender"]
    assert page.locator("#board .counter.target").count() > 5
    answered(page, lambda: page.click("#back-button"))
    assert page.locator("#decision .chip").count() == 0
    assert page.locator("#board .counter.target").count() == 0
    answered(page, lambda: page.locator(OPTIONS, has_text="Move a defender").click())
    table = served.only_table()
    counter = page.locator("#board .counter.target").first
    pieces = counter.get_attribute("data-ids").split()
    answered(page, lambda: counter.click())
    assert table.game.trail[-1][1] in pieces            # the counter clicked is the defender chosen
    assert page.locator("#decision .prompt").text_content() == table.game.decision.prompt


def postmen_at_its_first_question(serve, page, seed: int):
    """A Postmen game served and opened in the page; its table."""
    served = serve("postmen", seed=seed)
    open_page(page, served.url)
    return served.only_table()


def test_undo_takes_back_the_last_choice(serve, browser_page):
    page = browser_page
    table = postmen_at_its_first_question(serve, page, seed=2)
    answered(page, lambda: page.locator(OPTIONS, has_text="End moves").click())
    made = table.game.decisions_made
    log_length = page.locator("#log .event").count()
    assert made == 1
    answered(page, lambda: page.click("#undo-button"))
    assert table.game.decisions_made == 0
    assert page.locator("#log .event").count() < log_length
    assert page.locator(OPTIONS, has_text="End moves").count() == 1
    assert page.locator("#undo-button").is_disabled()


def test_a_double_click_answers_one_question_and_leaves_no_error(serve, browser_page):
    page = browser_page
    table = postmen_at_its_first_question(serve, page, seed=5)
    answered(page, lambda: page.locator(OPTIONS, has_text="End moves").dblclick())
    page.wait_for_timeout(300)                       # time for a second answer to arrive, were one sent
    assert table.game.decisions_made == 1 and "Take an action" in table.game.decision.prompt
    assert page.locator("#message").is_hidden()


def test_a_game_saved_from_the_page_loads_at_the_terminal_and_back(serve, browser_page, tmp_path):
    served = serve("postmen", seed=4)
    page = browser_page
    open_page(page, served.url)
    rng = random.Random(4)
    for _ in range(6):
        options = page.locator(OPTIONS)
        answered(page, lambda: options.nth(rng.randrange(options.count())).click())
    table = served.only_table()
    with page.expect_download() as download:
        page.click("#save-link")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "postmen.garrison-save.json"
    at_terminal = load_saved(interpreter.load_rules("postmen"), str(saved))      # the terminal's own format
    assert at_terminal.trail == table.game.trail
    assert json.loads(saved.read_text())["state"] == json.loads(table.game.to_json())["state"]
    prompt = page.locator("#decision .prompt").text_content()

    answered(page, lambda: page.click("#undo-button"))
    answered(page, lambda: page.click("#undo-button"))
    assert table.game.trail != at_terminal.trail
    answered(page, lambda: page.set_input_files("#load-file", str(saved)))
    assert table.game.trail == at_terminal.trail
    assert page.locator("#decision .prompt").text_content() == prompt
    page.locator("#message.notice").wait_for()          # no error: the page says the file was loaded
    assert page.locator("#message-text").text_content().startswith("Loaded postmen.garrison-save.json")

    answered(page, lambda: page.set_input_files("#replay-file", str(saved)))        # the saved file, replayed
    made = sum(1 for step in at_terminal.trail if step[0] == "choose")
    assert page.locator("#replay-where").text_content() == f"Before decision 1 of {made}"
    answered(page, lambda: page.locator("#replay-slider").fill(str(made)))
    assert page.locator("#replay-where").text_content() == f"After all {made} decisions"
    assert page.locator("#log .event").all_text_contents() == [e.text for e in at_terminal.log]


def test_a_damaged_save_gets_a_clear_message_and_the_game_goes_on(serve, browser_page, tmp_path):
    served = serve("postmen", seed=5)
    page = browser_page
    open_page(page, served.url)
    good = served.only_table().game.to_json()
    damaged = tmp_path / "mine.json"
    damaged.write_text(good[: len(good) // 2])
    page.set_input_files("#load-file", str(damaged))
    message = page.locator("#message-text")
    message.wait_for()
    assert message.text_content() == ("This file cannot be loaded: cannot load mine.json: the saved game is damaged "
                                      "or cut short (not valid JSON at line 1, column " +
                                      message.text_content().rsplit("column ", 1)[1])
    assert str(tmp_path) not in message.text_content() and "/tmp" not in message.text_content()
    altered = json.loads(good)
    altered["seed"] += 1
    damaged.write_text(json.dumps(altered))
    page.click("#message-close")
    page.set_input_files("#load-file", str(damaged))
    message.wait_for()
    assert "cannot load mine.json" in message.text_content()
    assert served.only_table().game.to_json() == good         # the game in play is untouched
    assert page.locator(OPTIONS).count() > 0


def test_a_finished_game_loaded_is_said_to_be_over(serve, browser_page, tmp_path):
    from interpreter.lab.bots import make_bot, play_out
    finished = interpreter.load_rules("westerplatte").new_game(seed=4)
    play_out(finished, make_bot("random", 4))
    saved = tmp_path / "done.json"
    saved.write_text(finished.to_json())
    served = serve("westerplatte", seed=5)
    page = browser_page
    open_page(page, served.url)
    page.set_input_files("#load-file", str(saved))
    page.locator("#message.notice").wait_for()
    assert page.locator("#message-text").text_content() == (
        "Loaded done.json: the game is over (Undo takes back its last decision).")


def test_replay_steps_through_the_game_with_a_slider(serve, browser_page):
    served = serve("postmen", seed=6)
    page = browser_page
    open_page(page, served.url)
    rng = random.Random(6)
    for _ in range(5):
        options = page.locator(OPTIONS)
        answered(page, lambda: options.nth(rng.randrange(options.count())).click())
    made = sum(1 for step in served.only_table().game.trail if step[0] == "choose")
    answered(page, lambda: page.click("#replay-button"))
    assert page.locator("#replay-where").text_content() == f"Before decision 1 of {made}"
    assert page.locator("#replay-slider").get_attribute("max") == str(made)
    first_log = page.locator("#log .event").count()
    answered(page, lambda: page.click("#replay-next"))
    assert page.locator("#replay-where").text_content() == f"Before decision 2 of {made}"
    assert page.locator("#log .event").count() > first_log
    slider = page.locator("#replay-slider")
    answered(page, lambda: slider.fill(str(made)))
    assert page.locator("#replay-where").text_content().startswith(f"After all {made} decisions")
    assert page.locator("#decision").is_hidden()
    answered(page, lambda: page.click("#replay-close"))
    assert page.locator("#decision").is_visible() and page.locator(OPTIONS).count() > 0
    assert page.locator("#log .event").count() == len(served.only_table().game.log)


def test_westerplatte_for_two_hands_the_screen_over_between_seats(serve, browser_page):
    served = serve("westerplatte", seed=7, seats=2)
    page = browser_page
    open_page(page, served.url)
    table = served.only_table()
    overlay = page.locator("#handover")
    assert overlay.is_visible() and page.locator("#handover-seat").text_content() == "Seat 1, your turn"
    answered(page, lambda: page.click("#handover-ready"))
    assert overlay.is_hidden()
    rng, seats_seen = random.Random(7), []
    for _ in range(400):
        if overlay.is_visible():
            seat = table.game.decision.seat
            assert page.locator("#handover-seat").text_content() == f"Seat {seat}, your turn"
            seats_seen.append(seat)
            answered(page, lambda: page.click("#handover-ready"))
            if seats_seen.count(1) and seats_seen.count(2):
                break
            continue
        assert page.locator("#turn").text_content() == f"Seat {table.game.decision.seat} to choose"
        options = page.locator(OPTIONS)
        answered(page, lambda: options.nth(rng.randrange(options.count())).click())
    assert 2 in seats_seen and 1 in seats_seen


def test_a_bot_plays_its_seat_from_the_new_game_dialog(serve, browser_page):
    served = serve("postmen", seed=8)
    page = browser_page
    open_page(page, served.url)
    page.click("#new-button")
    page.locator("#new-variant").select_option("veteran")
    page.locator("#new-players select").select_option("random")
    page.fill("#new-seed", "11")
    answered(page, lambda: page.click("#new-start"))
    page.wait_for_selector("#turn.over", timeout=60_000)
    game = served.only_table().game
    assert game.over and game.seed == 11 and game.variant == "veteran" and game.decisions_made > 10
    assert page.locator("#turn").text_content().startswith("Game over: ")
    assert page.locator("#log .event").count() == len(game.log)


def test_every_browser_has_its_own_game(serve, chromium):
    served = serve("postmen", seed=9)
    pages = [chromium.new_context(bypass_csp=True).new_page() for _ in range(2)]
    for page in pages:
        open_page(page, served.url)
    answered(pages[0], lambda: pages[0].locator(OPTIONS, has_text="End moves").click())
    games = [table.game for table in served.tables.by_key.values()]
    assert sorted(g.decisions_made for g in games) == [0, 1]
    assert pages[1].locator(OPTIONS, has_text="End moves").count() == 1
    assert received(pages[1]) == 1
    for page in pages:
        page.context.close()


def test_a_person_and_a_bot_share_a_game_without_a_hand_over(serve, browser_page):
    served = serve("westerplatte", seed=10, seats=2, bots={2: "random"})
    page = browser_page
    open_page(page, served.url)
    table, rng = served.only_table(), random.Random(10)
    for _ in range(200):
        if any(kind == "choice" and data["seat"] == 2 for kind, data in table.game.log_data):
            break
        assert page.locator("#handover").is_hidden()
        persons_turn(page)
        options = page.locator(OPTIONS)
        answered(page, lambda: options.nth(rng.randrange(options.count())).click())
    # the bot's answer may reach the page in a later message than the one that followed the click
    page.wait_for_function("[...document.querySelectorAll('#log .event')].some(e => e.textContent.startsWith('Seat 2:'))")
    bot_lines = [line for line in page.locator("#log .event").all_text_contents() if line.startswith("Seat 2:")]
    assert bot_lines and page.locator("#handover").is_hidden()


def test_the_log_shows_its_newest_line_and_a_narrow_page_lets_the_side_column_scroll_away(serve, browser_page):
    page = browser_page
    postmen_at_its_first_question(serve, page, seed=12)
    answered(page, lambda: page.locator(OPTIONS, has_text="Move a defender").click())     # the options list grows
    hidden_below = "(() => { const l = document.getElementById('log'); return l.scrollHeight - l.scrollTop - l.clientHeight; })()"
    assert page.evaluate(hidden_below) <= 1
    assert page.evaluate("getComputedStyle(document.getElementById('side')).position") == "sticky"
    page.set_viewport_size({"width": 800, "height": 900})
    assert page.evaluate("getComputedStyle(document.getElementById('side')).position") == "static"


def test_details_follow_the_piece_and_close(serve, browser_page):
    page = browser_page
    table = postmen_at_its_first_question(serve, page, seed=12)
    answered(page, lambda: page.locator(OPTIONS, has_text="Move a defender").click())
    mover = table.game.decision.options[0].id
    counter = page.locator(f"#board .counter[data-ids~='{mover}']").first
    counter.hover()
    page.locator("#details li", has_text="at:").first.wait_for()
    before = page.locator("#details").text_content()
    answered(page, lambda: page.locator(OPTIONS).first.click())
    answered(page, lambda: page.locator(OPTIONS).first.click())             # its destination
    page.wait_for_function("(before) => document.getElementById('details').textContent !== before", arg=before)
    page.click("#details .close")
    assert page.locator("#details").is_hidden()


def test_the_keyboard_chooses_by_number_and_starts_at_the_first_option(serve, browser_page, tmp_path):
    (tmp_path / "game.rules").write_text(
        'game keys "Keys" { seats 1 home box }\nspace box\nvar got: int = 0\n'
        'play {\n    for n in 1..3 { choose x from [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] "Pick" { set got = got * 100 + x } }\n}\n'
        'result { score got }\n', encoding="utf-8")
    served = serve(interpreter.load_rules(tmp_path))
    page = browser_page
    open_page(page, served.url)
    assert page.evaluate("document.activeElement.dataset.id") == page.locator(OPTIONS).first.get_attribute("data-id")
    answered(page, lambda: page.keyboard.press("Enter"))            # the first option, focused: no Tab needed
    page.keyboard.type("1")                                          # 10, 11 and 12 start with 1: it waits ...
    answered(page, lambda: page.keyboard.press("Enter"))            # ... for Enter
    answered(page, lambda: page.keyboard.type("12"))                 # no other number starts with 12: at once
    game = served.only_table().game
    assert game.over and game.result.score == 10112
