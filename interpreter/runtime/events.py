"""The game log: structured events and the sentence each one reads as."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict
    text: str

    def __str__(self) -> str:
        return self.text


def describe(kind: str, data: dict, show, name=lambda n: n) -> str:
    """`show` turns a value (object id, list, number) into words; `name` a die or token name."""
    if kind == "roll":
        values = data["values"]
        dice = "a die" if len(values) == 1 else f"{len(values)} dice"
        return f"Rolled {dice} ({name(data['die'])}): {', '.join(map(str, values))}"
    if kind == "move":
        return f"{show(data['piece'])} moves from {show(data['src'])} to {show(data['dest'])}"
    if kind == "tokens":
        change = data["change"]
        verb = f"gains {change}" if change > 0 else f"loses {-change}"
        return f"{show(data['obj'])} {verb} {name(data['token'])}"
    if kind == "var":
        return f"{data['var']}: {show(data['old'])} → {show(data['new'])}"
    if kind == "shuffle":
        return f"{show(data['space'])} is shuffled"
    if kind == "shuffle_in":
        where = "" if data.get("among") is None else f" among the bottom {data['among']}"
        return f"{show(data['pieces'])} shuffled into {show(data['space'])}{where}"
    if kind == "phase":
        return f"— {data['phase']} —"
    if kind == "note":
        return data["text"]
    if kind == "resolve":
        return f"Resolving {show(data['obj'])}"
    if kind == "choice":
        return f"Seat {data['seat']}: {data['prompt']} → {data['option']}"
    if kind == "auto":
        return f"{data['prompt']} → {data['option']} (the only option)"
    if kind == "skip":
        return f"{data['prompt']}: nothing can be done"
    if kind == "tally":
        return f"(counted: {name(data['name'])})"
    if kind == "end":
        score = "" if data.get("score") is None else f", score {data['score']}"
        reason = f" ({data['reason']})" if data.get("reason") else ""
        return f"Game over: {data['outcome']}{score}{reason}"
    return f"{kind}: {data}"
