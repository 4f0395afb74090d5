"""The picture of the page in the docs can be made again, and it is a full-size PNG of the board."""
from __future__ import annotations

import struct

import pytest

from screenshot import SIZE, take


@pytest.mark.slow
def test_the_board_picture_is_made_in_the_browser(chromium, tmp_path):
    path = tmp_path / "browser-postmen.png"
    take(str(path), browser=chromium)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (SIZE["width"], SIZE["height"])
    assert len(data) > 100_000          # a drawn board, not an empty page
