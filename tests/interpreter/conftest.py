"""Shared fixtures for the interpreter tests."""
from __future__ import annotations

from pathlib import Path

import pytest

from paths import FIXTURES, REPO, TESTS  # noqa: F401  (tests/conftest.py puts tests/ on the path)


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture
def write_rules(tmp_path):
    """Write a rules text to a fresh .rules file and return its path."""
    counter = [0]

    def write(text: str, name: str | None = None) -> Path:
        counter[0] += 1
        path = tmp_path / (name or f"pack{counter[0]}.rules")
        path.write_text(text, encoding="utf-8")
        return path
    return write
