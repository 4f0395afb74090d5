"""A `garrison serve` server in a thread, and a headless Chromium driven by Playwright to play on it."""
from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest

import interpreter
from interpreter.web.serve import make_server

if str(Path(__file__).parent) not in sys.path:
    sys.path.append(str(Path(__file__).parent))        # the page helpers beside this file (clicking.py)

CHROMIUM = next((p for p in (os.environ.get("GARRISON_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser",
                             shutil.which("chromium")) if p and Path(p).exists()), None)


class Served:
    """A running server: its address and its sessions' tables."""

    def __init__(self, rules, **options):
        self.server, sock, self.url = make_server(rules, "127.0.0.1", 0, **options)
        self.tables = self.server.config.app.state.sessions
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    def only_table(self):
        (table,) = self.tables.by_key.values()
        return table

    def stop(self):
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def serve():
    """serve(rules_or_pack, seed=…, seats=…, variant=…, mods=[…]) → a running Served, stopped after the test."""
    running = []

    def start(pack, mods=(), **options):
        rules = pack if not isinstance(pack, (str, Path)) else interpreter.load_rules(pack, mods=list(mods))
        served = Served(rules, **options)
        running.append(served)
        return served
    yield start
    for served in running:
        served.stop()


@pytest.fixture(scope="session")
def chromium():
    if CHROMIUM is None:
        if os.environ.get("GARRISON_REQUIRE_BROWSER"):
            pytest.fail("no Chromium found (install the Debian package chromium)")
        pytest.skip("no Chromium found: install the Debian package chromium to run the browser tests")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium):
    """A fresh browser context (its own cookies: its own session) and page; errors in the page fail the test."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True,
                                  bypass_csp=True)      # lets Playwright wait on expressions; the page itself needs no eval
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.on("dialog", lambda dialog: (problems.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}")
            if msg.type == "error" and "status of 400" not in msg.text else None)   # 400: a refused upload, told on the page
    page.set_default_timeout(15_000)
    yield page
    context.close()
    assert problems == []
