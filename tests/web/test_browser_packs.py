"""Any pack plays in the browser, and nothing a pack or mod names is ever read as markup."""
from __future__ import annotations

import random

from clicking import OPTIONS, answered, click_to_the_end, open_page

from interpreter.scaffold import create_pack
from paths import TESTS

MARKUP_MOD = TESTS / "web" / "markup_names.rules"


def test_names_with_markup_show_as_text_and_run_nothing(serve, browser_page):
    """The page runs here without its Content-Security-Policy (see conftest), so only the escaping
    stands between a mod's names and the page; an alert would fail the test (conftest)."""
    served = serve("postmen", mods=[MARKUP_MOD], seed=1)
    page = browser_page
    open_page(page, served.url)
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.evaluate("document.querySelectorAll('script').length") == 2           # the page's own
    counter = page.locator("#board .counter[title='<img src=x onerror=alert(1)>']")
    assert counter.count() == 1
    answered(page, lambda: page.locator(OPTIONS, has_text="Move a defender").click())
    labels = page.locator("#decision .option .label").all_text_contents()
    assert "<img src=x onerror=alert(1)>" in labels and "</div><script>alert(2)</script>" in labels
    page.locator("#board .counter[title='</div><script>alert(2)</script>']").hover()
    page.locator("#details h2").filter(has_text="</div><script>alert(2)</script>").wait_for()
    answered(page, lambda: page.locator(OPTIONS, has_text="<img src=x").click())
    assert any("<img src=x onerror=alert(1)>" in line for line in page.locator("#log .event").all_text_contents())
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.evaluate("document.querySelectorAll('script').length") == 2


def test_the_served_page_forbids_inline_scripts(serve, chromium):
    served = serve("postmen")
    page = chromium.new_page()
    response = page.goto(served.url)
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    page.close()


def test_a_pack_made_by_garrison_new_is_played_to_its_end(serve, browser_page, tmp_path):
    create_pack(str(tmp_path / "border_fort"))
    served = serve(tmp_path / "border_fort", seed=2)
    page = browser_page
    open_page(page, served.url)
    assert page.locator("#title").text_content() == "Border Fort"
    assert page.locator("#board .region h3").all_text_contents() == ["Board"]      # no layout: every space with pieces
    assert page.locator("#board .counter").count() >= 2
    click_to_the_end(page, random.Random(2))
    game = served.only_table().game
    assert game.over
    assert page.locator("#decision .outcome").text_content().startswith(game.result.outcome)
