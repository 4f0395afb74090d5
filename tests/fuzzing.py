"""What the fuzz tests and bench/fuzz.py share: seed programs, mutations, and the property checked."""
from __future__ import annotations

import random

from interpreter import GameError, RulesError, load_rules

from paths import TESTS

WORDS = ["{", "}", "(", ")", "[", "]", ",", ":", ".", "..", "=", "==", "+", "-", "*", "/", '"', '"{', "}\"",
         "\\", "#", "\n", "\t", "0", "-1", "999999999999999999999999", "x0", "x99999", "none", "true", "this",
         "if", "else", "while true", "for", "in", "is", "not", "and", "or", "roll", "choose", "perform",
         "staged", "quiet", "group", "replace", "remove", "change", "piece", "card", "kind", "space", "var", "play",
         "let", "set", "move", "to", "log", "end game", "\x1b", "\x00", "é", "\u202e", "ﬀ", "🂡"]
MAX_DECISIONS = 30


def seed_programs() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((TESTS / "programs").glob("*.rules"))]


def mutate(text: str, rng: random.Random) -> str:
    """A few random edits: delete, repeat or swap spans, or put in a word of the language."""
    for _ in range(rng.randint(1, 4)):
        if not text:
            return rng.choice(WORDS)
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 40))
        edit = rng.randrange(4)
        if edit == 0:
            text = text[:i] + text[j:]
        elif edit == 1:
            text = text[:j] + text[i:j] + text[j:]
        elif edit == 2:
            k = rng.randrange(len(text))
            text = text[:i] + text[k:k + (j - i)] + text[j:]
        else:
            text = text[:i] + rng.choice(WORDS) + text[i:]
    return text


def check_program(folder, text: str) -> str:
    """Load `text` as a one-file game and play a few random decisions: only RulesError and
    GameError may come out. Returns how it ended: "refused", "failed", "over" or "playing"."""
    path = folder / "game.rules"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        rules = load_rules(path)
    except RulesError as err:
        assert "Traceback" not in str(err)
        return "refused"
    rng = random.Random(0)
    try:
        game = rules.new_game(seed=0, seats=rules.seats_min)
        for _ in range(MAX_DECISIONS):
            if game.over:
                return "over"
            decision = game.decision
            game.choose(rng.choice(decision.options).id)
            game.log                    # every event can be put in words
    except GameError:
        return "failed"
    return "playing"
