"""The game log: structured events and the sentence each one reads as."""
from __future__ import annotations

import string
from dataclasses import dataclass

from dsl import plural, with_article

UNNAMED_OUTCOME = "over"    # the outcome of a game that ends without naming one and has no result table


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def for_players(self) -> bool:
        """Whether a player reads it; a tally is kept only for simulations' counts."""
        return self.kind != "tally"


# The sentence of each simple event: {field} is the value shown in words, {field:name} a die,
# token or tally name, {field:as_is} the data as it stands (text the rules wrote, numbers).
SENTENCES = {
    "move": "{piece} moves from {src} to {dest}",
    "var": "{var:name}: {old} → {new}",
    "shuffle": "{space} is shuffled",
    "phase": "— {phase:as_is} —",
    "note": "{text:as_is}",
    "resolve": "Resolving {obj}",
    "choice": "Seat {seat:as_is}: {prompt:as_is} → {option:as_is}",
    "auto": "{prompt:as_is} → {option:as_is} (the only option)",
    "skip": "{prompt:as_is}: nothing can be done",
    "tally": "(counted: {name:name})",
}


class _Sentence(string.Formatter):
    def __init__(self, show, name):
        self.show, self.name = show, name

    def format_field(self, value, spec: str) -> str:
        if spec == "as_is":
            return str(value)
        return self.name(value) if spec == "name" else self.show(value)


def effect_words(effect: str, args: list, show) -> str:
    """A lasting effect as a player reads it: its label, then its arguments in parentheses."""
    return show(effect) + (f" ({show(args)})" if args else "")


def counted(n: int, noun: str) -> str:
    """`a mark`, `an alarm`, `3 marks`: a number of things named by a noun, in English."""
    return with_article(noun) if n == 1 else f"{n} {plural(noun)}"


def token_noun(label: str) -> str:
    """A token's label as a thing counted in the log: `disrupted` is a `disrupted token`."""
    return label if label.split()[-1].lower() in TOKEN_NOUNS else f"{label} token"


TOKEN_NOUNS = {"token", "tokens", "marker", "markers", "counter", "counters", "chit", "chits"}


def roll_words(data: dict, name) -> str:
    """A roll as read: the dice, what each needed (when the rules say) and how many hit."""
    values = data["values"]
    dice = "a die" if len(values) == 1 else f"{len(values)} dice"
    shown = ", ".join(map(str, values))
    if "needs" not in data:
        return f"Rolled {dice} ({name(data['die'])}): {shown}"
    target, at_most, hits = data["needs"], data["at_most"], data["hits"]
    needs = str(target) if at_most == "only" else f"{target} or less" if at_most else f"{target}+"
    if len(values) == 1:
        outcome = "hit" if hits else "miss"
    else:
        outcome = "no hits" if hits == 0 else f"{hits} hit" + ("s" if hits > 1 else "")
    return f"Rolled {dice} ({name(data['die'])}), needs {needs}: {shown} — {outcome}"


def describe(kind: str, data: dict, show, name=lambda n: n) -> str:
    """`show` turns a value (object id, list, number) into words; `name` a die or token name."""
    template = SENTENCES.get(kind) if not data.get("everyone") else "All players: {prompt:as_is} → {option:as_is}"
    if template is not None:
        return _Sentence(show, name).format(template, **data)
    if kind == "roll":
        return roll_words(data, name)
    if kind == "tokens":
        change = data["change"]
        verb = "gains" if change > 0 else "loses"
        return f"{show(data['obj'])} {verb} {counted(abs(change), token_noun(name(data['token'])))}"
    if kind == "shuffle_in":
        where = "" if data.get("among") is None else f" among the bottom {data['among']}"
        return f"{show(data['pieces'])} shuffled into {show(data['space'])}{where}"
    if kind == "effect":
        return f"{effect_words(data['effect'], data['args'], show)}: {'ends' if data['ends'] else 'in effect'}"
    if kind == "end":
        score = "" if data.get("score") is None else f", score {data['score']}"
        reason = f" ({data['reason']})" if data.get("reason") else ""
        outcome = "" if data["outcome"] == UNNAMED_OUTCOME else f": {data['outcome']}"
        return f"Game over{outcome}{score}{reason}"
    return f"{kind}: {data}"
