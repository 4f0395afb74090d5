"""Layout styles: the checker's own small style language, which the terminal renderer (rich) can always draw."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.color import ANSI_COLOR_NAMES
from rich.style import Style

from dsl.styles import ATTRIBUTES, COLOURS, valid_style

REPO = Path(__file__).resolve().parents[2]
ROW = re.compile(r"\brow\b([^}\n]*)")                  # a layout row: `row a "style", b, c "style"`
CELL_STYLE = re.compile(r'(?:^|,)\s*\w+\s+"([^"]*)"')


def styles_in_the_repository() -> set[str]:
    files = [*REPO.glob("content/**/*.rules"), *REPO.glob("tests/fixtures/**/*.rules"), *REPO.glob("docs/*.md")]
    rows = [m.group(1) for f in files for m in ROW.finditer(f.read_text(encoding="utf-8"))]
    found = {m.group(1) for row in rows for m in CELL_STYLE.finditer(row)}
    return found


def test_every_style_the_packs_fixtures_and_docs_use_is_valid():
    found = styles_in_the_repository()
    assert {"bold red", "white on dark_blue", "black on gray50"} <= found
    assert [s for s in found if not valid_style(s)] == []


SAMPLES = (["", "bold", "Bold Red", "white on blue", "dim italic underline blink reverse strike",
            "on dark_orange3", "#ff8800 on color(17)", "default on default", "color(0)", "color(255) bold"]
           + sorted(COLOURS) + [f"on {c}" for c in sorted(COLOURS)] + sorted(ATTRIBUTES))


@pytest.mark.parametrize("style", SAMPLES)
def test_valid_styles_are_ones_the_renderer_can_draw(style):
    assert valid_style(style)
    Style.parse(style)


@pytest.mark.parametrize("style", ["bright_nonsense", "red blue", "on", "bold on", "on red on blue", "color(256)",
                                   "#12345", "#1234567", "not bold", "link https://example.org", "blod", "red,"])
def test_invalid_styles(style):
    assert not valid_style(style)


def test_the_colour_names_are_the_renderers():
    assert COLOURS == set(ANSI_COLOR_NAMES)
