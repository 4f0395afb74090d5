"""The seeded random generator (SplitMix64): one integer of state, cheap to save and clone."""
from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (seed * 0xD1B54A32D192ED03 + GOLDEN) & MASK


def next_value(state: int) -> tuple[int, int]:
    """Advance the state; returns (new state, 64 random bits)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n), by multiply-shift (bias below 2**-50 for board-game sizes)."""
    state, bits = next_value(state)
    return state, (bits * n) >> 64
