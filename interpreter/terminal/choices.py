"""Numbers for a decision's options that keep their meaning, and what a typed word picks or finds."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .render import words

# words that mean "choose nothing" where the decision offers such an option
NOTHING_WORDS = ("pass", "none", "done", "skip", "nothing")
NOTHING_IDS = ("pass", "done", "none", "0")


NUMBER_DIGITS = 9          # more digits than any option number or log length has: typed, they name nothing


def typed_number(text: str) -> bool:
    """Whether typed text is a number in the digits 0-9 (not another script's digits, which look
    alike but are not these), of at most NUMBER_DIGITS of them."""
    return text.isascii() and text.isdecimal() and len(text) <= NUMBER_DIGITS


@dataclass(frozen=True)
class Numbering:
    """The options of one decision, each with the number the player types for it."""
    key: tuple                          # the seat, the steps chosen and the question it numbers
    numbered: tuple                     # (number, option), those of one action together

    @property
    def numbers(self) -> list[int]:
        return [n for n, _ in self.numbered]

    def option(self, number: int):
        return next((o for n, o in self.numbered if n == number), None)

    def ready(self, typed: str) -> bool:
        """Whether the text typed so far is an option's number that no other number starts with."""
        if not typed_number(typed) or self.option(int(typed)) is None:
            return False
        return not self.longer(typed)

    def longer(self, typed: str) -> list[int]:
        """The numbers that start with the digits typed and are longer."""
        return [n for n in self.numbers if str(n).startswith(typed) and str(n) != typed]

    def span(self) -> str:
        """`1-12`, or with gaps as runs: `2, 3, 7-9`; at most four runs, then `…`."""
        numbers = sorted(self.numbers)
        if not numbers:
            return "none"
        return number_runs(numbers, at_most=4)


def number_runs(numbers: list[int], at_most: int | None = None) -> str:
    """Sorted numbers as runs: [3, 5, 6, 7] reads '3, 5-7'; `at_most`: that many runs, then '…'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    said = [str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs]
    if at_most is not None and len(said) > at_most:
        said = said[:at_most] + ["…"]
    return ", ".join(said)


def decision_key(decision, turn=None) -> tuple:
    """What makes a question the same one asked again: its seat, the steps chosen so far, the
    statement that asks, whatever its wording says this time (a count, a place), and the turn."""
    return (decision.seat, decision.chosen, decision.asked_by or decision.prompt, turn)


def number_options(decision, before: Numbering | None = None, turn=None) -> Numbering:
    """Number the options from 1, those of one action together. A choice of whole numbers is
    numbered by its values (typing 0 means 0). Given the numbering of the decision before,
    when the same statement asked it in the same turn, options offered again keep their numbers
    and new ones come after the last, so a number never comes to mean another option; a new
    turn numbers from 1 again."""
    options = decision.options
    key = decision_key(decision, turn)
    if options and all(o.id.isdecimal() and o.label == o.id for o in options):
        return Numbering(key, tuple(sorted(((int(o.id), o) for o in options), key=lambda pair: pair[0])))
    order = list(dict.fromkeys(group_key(o) for o in options))
    ranked = sorted(options, key=lambda o: order.index(group_key(o)))
    if before is None or before.key != key:
        return Numbering(key, tuple(enumerate(ranked, 1)))
    kept = {o.id: n for n, o in before.numbered}
    ids = {o.id for o in options}
    # an option whose id changed but whose words did not (the next of twin pieces) keeps its number
    by_label = {o.label: n for n, o in before.numbered if o.id not in ids}
    after = max(kept.values(), default=0)
    numbered = []
    for option in ranked:
        number = kept.get(option.id) or by_label.pop(option.label, None)
        if number is None:
            after += 1
            number = after
        numbered.append((number, option))
    numbered.sort(key=lambda pair: (order.index(group_key(pair[1])), pair[0]))
    return Numbering(key, tuple(numbered))


def group_key(option) -> str:
    return option.id.split(":", 1)[0] if ":" in option.id else ""


def group_options(numbered) -> list[tuple[str, list]]:
    groups: dict[str, list] = {}
    for n, option in numbered:
        groups.setdefault(group_key(option), []).append((n, option))
    return list(groups.items())


def nothing_option(numbered, word: str):
    """The option that chooses nothing (pass, done, none, or 0 of a number), if the word asks for
    nothing and the decision offers exactly one such option."""
    if word.lower() not in NOTHING_WORDS:
        return None
    by_id = {o.id: o for _, o in numbered}
    for nothing in NOTHING_IDS:
        if nothing in by_id:
            return by_id[nothing]
    return None


def shows_id(option) -> bool:
    """Whether an option's id adds something to its label (else it is not shown beside it)."""
    return not option.id.isdecimal() and words(option.id).lower() not in option.label.lower()


def matching(numbered, text: str, aliases=None) -> list:
    """Options whose label or id has a word starting with each word of the text (any case: `end`
    finds *End the turn*, not *weekend*); `aliases(option)` gives more words an option answers to
    (the short names of what it names)."""
    terms = text.lower().split()
    found = []
    for n, option in numbered:
        haystack = " ".join([option.label, option.id] + (aliases(option) if aliases else [])).lower()
        starts = set(haystack.split()) | set(ID_PARTS.split(haystack)) | set(WORD_PARTS.split(haystack))
        if all(any(word.startswith(term) for word in starts) for term in terms):
            found.append((n, option))
    return found


WORD_PARTS = re.compile(r"[^\w]+|_")        # `move_officer:outpost_c` has the words move, officer, outpost, c
ID_PARTS = re.compile(r"[\s:]+")             # ... and the parts move_officer, outpost_c


def labelled(numbered, text: str):
    """The one option whose label is the text typed (any case, any spacing), if exactly one is."""
    said = " ".join(text.lower().split())
    found = [option for _, option in numbered if " ".join(option.label.lower().split()) == said]
    return found[0] if len(found) == 1 else None
