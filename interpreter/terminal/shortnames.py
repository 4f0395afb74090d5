"""Short names for the compact board: the pack's own, else abbreviations, never one for two things."""
from __future__ import annotations

import re
import weakref
from collections import defaultdict

from . import render

ALONE_CHARS = 7       # a one-word name up to this long is its own short name
CUT_CHARS = 4         # a longer one is cut to this many letters and a full stop
NUMBERING = re.compile(r"\d+(?:[-/,]\d+)*|[A-Z]|[IVX]+")   # a label's closing number: 3, 9-10, 1/2/1, 3,2, B, IV
NOTES = re.compile(r"(?:\s*(?<![^\s)\]])(?:\([^)]*\)|\[[^\]]*\]))+\s*$")   # closing '(rear entrance)', '[R][S]'
WORDS = re.compile(r"[^\s()\[\]]+")                                        # a label's words, its notes' too

_NAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()     # a rules view -> its objects' short names
_PLAINS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()    # a rules view -> its labels without notes


# ---- abbreviations

def abbreviate(label: str) -> str:
    """A generic short form of a label: 'Heavy field gun 3' → 'HFG3', 'Scout car B' → 'SCB',
    'tower 1' → 'T1', 'R. Nowak' → 'R.Nowak', 'Sentinel' → 'Sent.', 'Cook (off duty)' → 'Cook'."""
    words = without_notes(label).split()
    if not words:
        return label
    numbering = closing_number(words)
    if numbering:
        words = words[:-1]
    if numbering and len(words) == 1:
        return words[0][0].upper() + numbering
    if len(words) == 1 or words[0].endswith("."):
        return alone("".join(words))
    return "".join(w if w.isupper() else w[0].upper() for w in words if w[0].isalnum()) + numbering


def alone(word: str) -> str:
    """A word as a short name of its own: whole up to ALONE_CHARS letters, else cut with a full stop."""
    return word if len(word) <= ALONE_CHARS else word[:CUT_CHARS] + "."


def without_notes(label: str) -> str:
    """The label without the notes that close it ('ground 1 (rear entrance)' → 'ground 1'); a
    bracket inside a word or before other words is part of the name: 'Panzer 38(t) #306'."""
    return NOTES.sub("", label).strip() or label


def closing_number(words: list[str]) -> str:
    """The number or letter closing a label of several words ('' if none): 3, 9-10, 3,2, B."""
    return words[-1] if len(words) > 1 and NUMBERING.fullmatch(words[-1]) else ""


# ---- every name's short name

def short_name(game, name: str) -> str:
    """An object's short name (see `object_names`); for a token, a field or a value, its own
    `short`, else a token's label abbreviated, else the words of a field or a value: a field's
    name or a value is ordinary words, not a thing's name, and is not cut."""
    view = game.view
    names = object_names(view)
    if name in names:
        return names[name]
    if name in view.short_names:
        return view.short_names[name]
    token = view.token_label(name)
    if token != name:
        return abbreviate(token)
    label = game.label(name)
    return render.words(name) if label == name else label


def object_names(view) -> dict[str, str]:
    """Every object's short name, worked out once for the rules."""
    names = _NAMES.get(view)
    if names is None:
        names = _NAMES[view] = told_apart(view)
    return names


def plain_label(view, oid: str) -> str:
    """An object's label without its closing notes, unless they tell it from another's label."""
    label = view.label(oid)
    plain = without_notes(label)
    return label if len(plain_labels(view)[plain]) > 1 else plain


def plain_labels(view) -> dict[str, set[str]]:
    """Each label without its closing notes, with the labels it comes from."""
    plains = _PLAINS.get(view)
    if plains is None:
        plains = _PLAINS[view] = defaultdict(set)
        for oid in view.objects:
            plains[without_notes(view.label(oid))].add(view.label(oid))
    return plains


# ---- telling things apart

def told_apart(view) -> dict[str, str]:
    """Each object's first short name (`first_name`), pieces named by a kind told apart by their
    labels (`kinds_told_apart`); but where different things would still share one, or one would be
    another thing's label (in any case, spaces aside), the names the pack declares, the things so
    labelled and the spaces the layout draws keep it, and the others are lengthened (`lengthened`)."""
    cells = grid_names(view)
    firsts = {oid: first_name(view, oid, cells) for oid in view.objects}
    names = {oid: short for oid, (short, _) in firsts.items()}
    names.update(kinds_told_apart(view, firsts))
    groups: dict[str, list[str]] = defaultdict(list)
    for oid, short in names.items():
        groups[key(short)].append(oid)
    owners: dict[str, list[str]] = defaultdict(list)
    for oid in view.objects:
        owners[key(view.label(oid))].append(oid)
    drawn = {space for region in (view.layout.regions if view.layout else ()) for space in region.spaces}
    for name, group in list(groups.items()):
        labels = {view.label(o) for o in group + owners.get(name, [])}
        if len(labels) < 2:
            continue
        keep = [o for o in group if firsts[o][1] or key(view.label(o)) == name]
        if not keep and len({view.label(o) for o in group if o in drawn}) == 1:
            keep = [o for o in group if o in drawn]
        movers = [o for o in group if o not in keep]
        if not movers:
            continue        # the pack declared one name for different things
        taken = {key(short) for o, short in names.items() if o not in movers} | {name}
        names.update(lengthened(view, movers, names, taken, common_words(labels)))
    return names


def kinds_told_apart(view, firsts: dict[str, tuple[str, str]]) -> dict[str, str]:
    """The pieces named by their kind's `short` whose declared name other labels share, named with
    the words of their label the others lack (`kind_name`): 'Squad A 1/2' and 'Squad E 1/2' of a
    kind named 'Sq' → 'SqA1/2' and 'SqE1/2'; copies of one piece still share their name, and a
    name declared for one object stays as declared."""
    groups: dict[str, list[str]] = defaultdict(list)
    for oid, (short, declared) in firsts.items():
        if declared:
            groups[key(short)].append(oid)
    out = {}
    for group in groups.values():
        labels = {view.label(o) for o in group}
        if len(labels) > 1:
            common = common_words(labels)
            out.update({o: kind_name(view, o, common) for o in group if firsts[o][1] == "kind"})
    return out


def common_words(labels: set[str]) -> set[str]:
    """The words (in any case) every one of the labels has, their notes' words too."""
    return set.intersection(*(set(w.lower() for w in WORDS.findall(label)) for label in labels))


def key(name: str) -> str:
    """A name as it is looked up: in any case, spaces aside."""
    return name.replace(" ", "").lower()


def lengthened(view, movers: list[str], names: dict, taken: set[str], common: set[str]) -> dict[str, str]:
    """The movers' names at the first step that tells their labels apart from each other and from
    the names taken: the words not `common` kept, two then three letters a word, a count."""
    for step in (lambda label: with_words(label, common), lambda label: with_letters(label, 2),
                 lambda label: with_letters(label, 3)):
        new = {oid: step(view.label(oid)) for oid in movers}
        if apart(view, new, taken):
            return new
    return counted(view, movers, names, taken)


def first_name(view, oid: str, cells: dict[str, str]) -> tuple[str, str]:
    """(an object's short name before any clash is settled, 'object' or 'kind' if the pack declared
    it, else ''): its own `short`, else its kind's name (`kind_name`), else the column and row
    `cells` name a grid's space by, else its label abbreviated."""
    if oid in view.short_names:
        return view.short_names[oid], "object"
    named = kind_name(view, oid)
    if named:
        return named, "kind"
    return (cells[oid], "") if oid in cells else (abbreviate(view.label(oid)), "")


def kind_name(view, oid: str, common: set[str] | None = None) -> str:
    """A piece's name by its nearest kind's `short` ('' if none): that short, the words of its label
    not in `common` (none if no `common` is given) and the label's closing number:
    'Squad A 1/2' of a kind named 'Sq' → 'Sq1/2', or 'SqA1/2' with 'A' not common."""
    shorts = view.short_names
    kind = next((k for k in view.kinds_of(oid) if k in shorts), None) if oid in view.pieces else None
    if kind is None:
        return ""
    label = view.label(oid)
    number = closing_number(without_notes(label).split())
    told = [] if common is None else \
        [alone(w) for w in WORDS.findall(label) if w.lower() not in common and w != number]
    return shorts[kind] + "".join(told) + number


def grid_names(view) -> dict[str, str]:
    """The spaces the layout names by their column and row (`3,2`)."""
    regions = view.layout.regions if view.layout else ()
    return {cell.space: cell.name for region in regions for row in region.rows for cell in row if cell.name}


def with_words(label: str, common: set[str]) -> str:
    """The label abbreviated with the words not in `common` kept (a one-word name kept too):
    'Albert (Ace)' → 'AlbertAce', 'Leader: Gehrke' → 'LGehrke', 'Rifleman (7-12)' → 'Rifl.7-12';
    '' (no name) when the labels share no word."""
    if not common:
        return ""
    words = WORDS.findall(label)
    numbering = closing_number(words)
    if numbering:
        words = words[:-1]
    solo = len(without_notes(label).split()) == 1
    parts = []
    for i, word in enumerate(words):
        if word.lower() not in common or (solo and i == 0):
            parts.append(alone(word))
        elif word.isupper():
            parts.append(word)
        elif word[0].isalnum():
            parts.append(word[0].upper())
    return "".join(parts) + numbering


def with_letters(label: str, letters: int) -> str:
    """Each word of the label (its notes' too) by its first letters: 'Enemy counters' → 'EnCo'."""
    words = WORDS.findall(label)
    numbering = closing_number(words)
    if numbering:
        words = words[:-1]
    return "".join(w if w.isupper() else w[:letters].capitalize() for w in words) + numbering


def counted(view, movers: list[str], names: dict, taken: set[str]) -> dict[str, str]:
    """The short names with a count added, one count per label, none of them taken."""
    out, counts = {}, {}
    for oid in movers:
        label = view.label(oid)
        if label not in counts:
            n = len(counts) + 1
            while key(f"{names[oid]}{n}") in taken:
                n += 1
            counts[label] = f"{names[oid]}{n}"
            taken.add(key(counts[label]))
        out[oid] = counts[label]
    return out


def apart(view, new: dict[str, str], taken: set[str]) -> bool:
    """Whether the new names are all given, one per label, and none of them is taken."""
    by_name: dict[str, set[str]] = defaultdict(set)
    for oid, short in new.items():
        by_name[key(short)].add(view.label(oid))
    return all(new.values()) and all(len(labels) == 1 for labels in by_name.values()) \
        and not set(by_name) & taken
