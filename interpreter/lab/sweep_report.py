"""A sweep's summary: each configuration's outcome shares and scores with 95% intervals, and its difference from a baseline."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from interpreter.runtime import GameError

from . import sim, stats
from .plot import pyplot


def choose_baseline(points: list, spec: str | None) -> int:
    """The baseline's place in the grid: its number (1 = the first), its key (or the key's start),
    or settings that match it alone, e.g. `variant=elite,bot=greedy`."""
    if not spec:
        return 0
    if spec.isascii() and spec.isdigit():
        if 1 <= int(spec) <= len(points):
            return int(spec) - 1
        raise GameError(f"--baseline {spec}: the grid has configurations 1..{len(points)}")
    by_key = [i for i, p in enumerate(points) if len(spec) >= 4 and p.key.startswith(spec)]
    if by_key:
        return by_key[0]
    wanted = {}
    for part in filter(None, (s.strip() for s in spec.split(","))):
        name, sep, value = part.partition("=")
        if not sep or name not in points[0].settings():
            raise GameError(f"--baseline expects a number, a key or SETTING=VALUE pairs "
                            f"({', '.join(points[0].settings())}), not '{part}'")
        if name in wanted:
            raise GameError(f"--baseline gives {name} twice; give it once")
        wanted[name] = "+".join(Path(v).stem for v in value.split(",")) if name in ("mod", "scenario") else value
    found = [i for i, p in enumerate(points) if all(str(p.settings()[k]) == v for k, v in wanted.items())]
    if len(found) != 1:
        which = "no configuration" if not found else f"{len(found)} configurations ({', '.join(f'#{i + 1}' for i in found)})"
        raise GameError(f"--baseline {spec} matches {which} of the grid; it must name one")
    return found[0]


def labels(points: list) -> list[str]:
    """Each configuration by the settings that vary across the grid (all of them if none varies)."""
    names = list(points[0].settings())
    varying = [n for n in names if len({str(p.settings()[n]) for p in points}) > 1] or ["variant", "bot"]
    return [", ".join(f"{n} {p.settings()[n]}" for n in varying) for p in points]


def summarise(points: list, store, seeds: range, baseline: int, played, others: list) -> dict:
    """The `--json` object: the configurations' figures over the seeds asked for, as recorded."""
    runs = []
    for p in points:
        rows = store.rows(p.key)
        runs.append(sim.SimRun(p.sim_config(), [rows[s] for s in seeds if s in rows], interrupted=played.interrupted))
    configurations = []
    for number, (point, label, run) in enumerate(zip(points, labels(points), runs), 1):
        figures = sim.report(run)
        for speed in ("games_per_second", "seconds", "interrupted"):
            del figures[speed]
        figures["config"] = point.describe()
        figures["score"]["ci95"] = stats.mean_interval([r["score"] for r in run.results
                                                        if "error" not in r and r["score"] is not None])
        configurations.append({
            "number": number, "key": point.key, "label": label, "settings": point.settings(),
            "recorded": len(run.results), "missing": len(seeds) - len(run.results), "figures": figures,
            "difference_from_baseline": None if number - 1 == baseline else sim.compare(runs[baseline], run)})
    return {"game": points[0].game, "folder": str(store.path), "seeds": [seeds.start, seeds.stop],
            "baseline": {"number": baseline + 1, "key": points[baseline].key}, "interrupted": played.interrupted,
            "played_now": played.games, "seconds": played.seconds, "workers": played.workers,
            "games_per_second": played.games / played.seconds if played.seconds else 0.0,
            "configurations": configurations,
            "other_configurations": [{"key": o["key"], "description": o["description"], "rules_changed": o["changed"]}
                                     for o in others]}


def outcome_names(summary: dict) -> list[str]:
    """Every outcome met, the most frequent first."""
    total = Counter()
    for c in summary["configurations"]:
        total.update(c["figures"]["outcomes"])
    return [name for name, _ in total.most_common()]


def print_tables(summary: dict, console) -> None:
    """Two rich tables: the figures per configuration, then each one's difference from the baseline."""
    from rich.table import Table
    names = outcome_names(summary)
    first, stop = summary["seeds"]
    console.print(f"[bold]{summary['game']}[/]: seeds {first}..{stop - 1}; 95% intervals below each figure")
    figures = Table()
    for column in ("#", "configuration", "games", *names, "score", "decisions"):
        figures.add_column(column, justify="left" if column == "configuration" else "right")
    for c in summary["configurations"]:
        f = c["figures"]
        shares = [_share(f["outcome_shares"].get(n)) for n in names]
        games = f"{f['finished']}" + (f"\n[red]{f['errors']} failed[/]" if f["errors"] else "") \
            + (f"\n[yellow]{c['missing']} to play[/]" if c["missing"] else "")
        figures.add_row(str(c["number"]), c["label"], games, *shares, _mean(f["score"]), _plain(f["decisions"]["mean"]))
    console.print(figures)
    base = summary["baseline"]["number"]
    rest = [c for c in summary["configurations"] if c["difference_from_baseline"] is not None]
    if not rest:
        return
    console.print(f"[bold]difference from #{base}[/] on the same seeds; coloured where the interval excludes 0")
    diffs = Table()
    for column in ("#", "configuration", "paired games", *names, "score"):
        diffs.add_column(column, justify="left" if column == "configuration" else "right")
    for c in rest:
        d = c["difference_from_baseline"]
        cells = [_difference(d["outcomes"].get(n), percent=True) for n in names]
        diffs.add_row(str(c["number"]), c["label"], str(d["paired_games"]), *cells, _difference(d["score"]))
    console.print(diffs)


def _share(share: dict | None) -> str:
    if share is None:
        return "0%"
    low, high = share["ci95"]
    return f"{share['share']:.1%}\n[dim]{low:.1%}–{high:.1%}[/]"


def _mean(score: dict) -> str:
    if score["mean"] is None:
        return "—"
    low, high = score["ci95"]
    return f"{score['mean']:.2f}\n[dim]{low:.2f}–{high:.2f}[/]"


def _plain(value) -> str:
    return "—" if value is None else f"{value:.1f}"


def _difference(d: dict | None, percent: bool = False) -> str:
    if d is None or d["difference"] is None:
        return "—"
    low, high = d["ci95"]
    shown = (lambda v: f"{v * 100:+.1f}pt") if percent else (lambda v: f"{v:+.2f}")
    colour = "green" if low > 0 else "red" if high < 0 else None
    value = f"[{colour}]{shown(d['difference'])}[/]" if colour else shown(d["difference"])
    return f"{value}\n[dim]{shown(low)}…{shown(high)}[/]"


def plot(summary: dict, path: str) -> None:
    """Outcome shares and mean scores per configuration, each with its 95% interval, as a PNG."""
    plt = pyplot()
    configs = summary["configurations"]
    names = outcome_names(summary)
    tags = [f"#{c['number']} {c['label']}" for c in configs]
    fig, (shares, scores) = plt.subplots(1, 2, figsize=(12, 1.6 + 0.5 * len(configs) * max(1, len(names)) ** 0.5),
                                         gridspec_kw={"width_ratios": [3, 2]})
    width = 0.8 / len(configs)
    for i, (c, tag) in enumerate(zip(configs, tags)):
        got = [c["figures"]["outcome_shares"].get(n, {"share": 0.0, "ci95": [0.0, 0.0]}) for n in names]
        values = [g["share"] for g in got]
        errors = [[v - g["ci95"][0] for v, g in zip(values, got)], [g["ci95"][1] - v for v, g in zip(values, got)]]
        shares.bar([k + i * width for k in range(len(names))], values, width, yerr=errors, capsize=2, label=tag)
    shares.set_xticks([k + 0.4 - width / 2 for k in range(len(names))], names, rotation=20, ha="right")
    shares.set_ylabel("share of games")
    shares.set_title("outcomes (95% intervals)")
    shares.legend(fontsize=7)
    means = [c["figures"]["score"]["mean"] for c in configs]
    rows = [i for i, m in enumerate(means) if m is not None]
    low = [means[i] - configs[i]["figures"]["score"]["ci95"][0] for i in rows]
    high = [configs[i]["figures"]["score"]["ci95"][1] - means[i] for i in rows]
    scores.errorbar([means[i] for i in rows], rows, xerr=[low, high], fmt="o", capsize=3)
    base = summary["baseline"]["number"] - 1
    if means[base] is not None:
        scores.axvline(means[base], linestyle="--", linewidth=0.8, color="grey")
    scores.set_yticks(range(len(configs)), tags, fontsize=8)
    scores.invert_yaxis()
    scores.set_title("mean score (95% intervals; dashed: baseline)")
    fig.suptitle(f"{summary['game']}: seeds {summary['seeds'][0]}..{summary['seeds'][1] - 1}")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
