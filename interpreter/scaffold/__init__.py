"""`garrison new NAME`: writes a small working game pack to start from."""
from __future__ import annotations

import re
from pathlib import Path

from interpreter.runtime import GameError

GAME = '''# {title}: a starting point. Change anything; `garrison check {path}` says what is wrong.
game {name} "{title}" {{
    seats 1 home supply turns turn
    text "Raiders attack the wall one card at a time; your guards repair the damage. Three hits"
         "and the wall falls."
}}

die d6 1..6
token hit "hit" text "Damage to the wall: three hits bring it down."

space supply "Supply"
space discard "Discard pile"
space wall "The wall": post {{ strength 3 }}
kind post: space {{ strength: int }}

deck raids "Raid deck"
kind raid_card: card {{
    text "A raid: a die plus the card's force against the wall's strength and its hits; more means a hit."
    force: int,
    does {{
        log "Raiders attack with force {{this.force}}."
        if roll d6 + this.force > wall.strength + tokens(wall, hit) {{
            add hit to wall
            tally breaches
        }}
    }}
}}
card small_raid "Small raid": raid_card x6 in raids {{ force 1 }}
card big_raid "Big raid": raid_card x3 in raids {{ force 3 }}

kind soldier: piece {{
    text "A guard of the wall: each turn a ready guard may repair one hit."
    var ready: bool = true
}}
piece guard "Guard": soldier x2

var turn: int = 0
var repairs: int = 0

tally breaches "breaches"
evaluate 10 - 3 * tokens(wall, hit)

phase raid "Raid" {{
    let card = top(raids)
    if card == none {{ return }}
    move card to discard
    resolve card
}}

action repair(g: soldier in [s for s in objects(soldier) if s.ready])
    requires tokens(wall, hit) > 0
    label "{{g}} repairs the wall"
    text "A ready guard takes one hit off the wall and is not ready again until the next turn."
{{
    set g.ready = false
    remove hit from wall
    set repairs += 1
}}

phase defend "Defend" {{
    perform repair "Repair the wall?" pass "Wait"
    for s in objects(soldier) {{ set s.ready = true }}
}}

play {{
    shuffle raids
    while not empty(pieces_at(raids)) {{
        set turn += 1
        phase raid
        if tokens(wall, hit) >= 3 {{ end game "Loss" because "the wall fell" }}
        phase defend
    }}
}}

result {{
    score 10 - 3 * tokens(wall, hit) - repairs
    outcome "Win" if score >= 6
    outcome "Draw" if score >= 1
    outcome "Loss"
}}
'''

NOTES = '''# {title} — notes

List here every value of this pack that you reconstructed rather than read in a rulebook,
one line each, with the reason, and where it lives (file and declaration), so that a later
correction is a one-line change.

| value | where | reason |
| --- | --- | --- |
| 6 small raids, 3 big raids | `game.rules: card small_raid, card big_raid` | placeholder deck |
'''

TEST = '''"""Tests of the {title} pack: it loads, its rules hold, and random games end."""
from pathlib import Path

import interpreter
from interpreter.lab.bots import RandomBot, play_out

PACK = Path(__file__).resolve().parent


def test_the_pack_loads_cleanly():
    rules = interpreter.load_rules(PACK)
    assert rules.warnings == []
    assert rules.summary()["decks"] == {{"raids": 9}}


def test_a_big_raid_with_a_six_breaches_the_wall():
    game = interpreter.load_rules(PACK).new_game(seed=1)
    game.force_rolls([6] * 9)
    while not game.over:
        game.choose(game.decision.options[-1].id)      # always wait
    assert game.result.outcome == "Loss"


def test_random_games_end_with_an_outcome():
    rules = interpreter.load_rules(PACK)
    for seed in range(20):
        game = rules.new_game(seed=seed)
        play_out(game, RandomBot(seed))
        assert game.result.outcome in {{"Win", "Draw", "Loss"}}
'''


_TEMPLATE_WORDS = set(re.findall(r"\b[a-z_][a-z0-9_]*\b", GAME))


def create_pack(path: str) -> list[Path]:
    """Write game.rules, NOTES.md and a test into a new directory; returns the files written."""
    target = Path(path)
    if not path.isprintable():
        raise GameError("a pack's folder name cannot hold a line break, a tab or another control character")
    name = re.sub(r"\W", "_", target.name.lower()).strip("_") or "game"
    if not re.match(r"[a-z_]", name):
        name = "game_" + name
    from dsl import RESERVED
    if name in RESERVED or name in _TEMPLATE_WORDS:     # the game's name may be no other name of its rules
        name = name + "_game"
    if target.exists() and not target.is_dir():
        raise GameError(f"'{path}' is a file; give a new directory's name")
    if target.exists() and any(target.iterdir()):
        raise GameError(f"'{path}' already exists and is not empty")
    title = " ".join(re.sub(r'["\\{}]', "", target.name.replace("_", " ").replace("-", " ")).split()).title() or "New Game"
    target.mkdir(parents=True, exist_ok=True)
    files = {
        "game.rules": GAME.format(name=name, title=title, path=path),
        "NOTES.md": NOTES.format(title=title),
        f"test_{name}.py": TEST.format(title=title),
    }
    written = []
    for file_name, text in files.items():
        file = target / file_name
        file.write_text(text, encoding="utf-8")
        written.append(file)
    return written
