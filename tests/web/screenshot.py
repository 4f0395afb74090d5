"""The picture of the page in README.md and docs/browser.md: `python tests/web/screenshot.py docs/images/browser-postmen.png`.

It serves Soldiers in Postmen's Uniforms, plays a few decisions by clicking, starts moving a
defender (so the counters that may move are highlighted) and shows one counter's details."""
from __future__ import annotations

import random
import sys
import threading
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).parent)]

import interpreter  # noqa: E402
from clicking import OPTIONS, answered, open_page  # noqa: E402
from interpreter.web.serve import make_server  # noqa: E402

SIZE = {"width": 1440, "height": 1240}


def take(path: str, chromium: str = "/usr/bin/chromium", browser=None) -> None:
    """Write the PNG to `path`, with a browser of its own (at `chromium`) unless one is given."""
    server, sock, url = make_server(interpreter.load_rules("postmen"), "127.0.0.1", 0, seed=12)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        if browser is not None:
            shoot(browser, url, path)
        else:
            from playwright.sync_api import sync_playwright
            with sync_playwright() as playwright:
                own = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
                shoot(own, url, path)
                own.close()
    finally:
        server.should_exit = True
        thread.join(10)


def shoot(browser, url: str, path: str) -> None:
    context = browser.new_context(viewport=SIZE, bypass_csp=True)
    page = context.new_page()
    open_page(page, url)
    rng = random.Random(12)
    move = page.locator(OPTIONS, has_text="Move a defender")
    for _ in range(3):             # a few defenders moved, so the board is no longer the opening one
        answered(page, lambda: move.click())
        targets = page.locator("#board .counter.target")
        answered(page, lambda: targets.nth(rng.randrange(targets.count())).click())
        while not move.count():
            answered(page, lambda: page.locator(OPTIONS).last.click())
    answered(page, lambda: move.click())
    page.locator("#board .counter.target").nth(2).hover()
    page.locator("#details").wait_for()
    page.mouse.move(5, 5)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=path)
    context.close()


if __name__ == "__main__":
    take(sys.argv[1] if len(sys.argv) > 1 else "docs/images/browser-postmen.png")
