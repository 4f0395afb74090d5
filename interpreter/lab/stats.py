"""Statistics for simulation reports: proportions with Wilson intervals, summaries, differences."""
from __future__ import annotations

import math
import statistics

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(values: list[float]) -> dict:
    if not values:
        return {"mean": None, "median": None, "stdev": None, "min": None, "max": None}
    return {"mean": statistics.fmean(values), "median": statistics.median(values),
            "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
            "min": min(values), "max": max(values)}


def histogram(values: list[int], bins: int = 12) -> dict[str, int]:
    """Counts per value, or per equal-width range when there are many distinct values."""
    if not values:
        return {}
    low, high = min(values), max(values)
    if high - low < bins:
        return {str(v): values.count(v) for v in range(low, high + 1)}
    width = math.ceil((high - low + 1) / bins)
    out: dict[str, int] = {}
    for start in range(low, high + 1, width):
        end = start + width - 1
        out[f"{start} to {end}"] = sum(1 for v in values if start <= v <= end)
    return out


def proportion_difference(a: int, n_a: int, b: int, n_b: int, z: float = Z95) -> dict:
    """b's share minus a's share, with Newcombe's interval built from the two Wilson intervals."""
    pa, pb = (a / n_a if n_a else 0.0), (b / n_b if n_b else 0.0)
    la, ua = wilson(a, n_a, z)
    lb, ub = wilson(b, n_b, z)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return {"difference": d, "ci95": [low, high]}


def paired_difference(a: list[float], b: list[float], z: float = Z95) -> dict:
    """Mean of b - a over the same seeds, with a normal-approximation interval."""
    diffs = [y - x for x, y in zip(a, b)]
    if not diffs:
        return {"difference": None, "ci95": [None, None]}
    mean = statistics.fmean(diffs)
    half = z * (statistics.stdev(diffs) / math.sqrt(len(diffs))) if len(diffs) > 1 else 0.0
    return {"difference": mean, "ci95": [mean - half, mean + half]}


def mean_interval(values: list[float], z: float = Z95) -> list:
    """The mean with a normal-approximation interval (the same approximation as paired_difference)."""
    if not values:
        return [None, None]
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [mean - half, mean + half]
