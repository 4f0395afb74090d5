"""A reusable random-simulation harness for rules packs.

`run_random_games(pack, games, variant=None, seats=1, seed=0)` plays `games` seeded random
games of `pack` (a path, a bundled name, or an already loaded Rules) and, at EVERY decision,
asserts that

* the decision has options, with unique, non-empty ids;
* the saved state passes the checks of a save's shape;
* `game.clone()` gives the very same `to_json()`;
* at a sample of partly made staged choices, `back()` gives what `undo()` gives, and is not a decision;

and, at a sample of decisions (loading replays the game from its seed, to prove the save),
that `rules.load_game(game.to_json())` gives the very same `to_json()`, and that the restored
copy and the clone have the same future as the original (continued with the same choices,
their final `to_json()` is identical).  After
each game it replays the seed and the choices from scratch and checks the log is identical
(`[(kind, data)]`, serialized as JSON).  Returns one summary dict per game.
"""
from __future__ import annotations

import json
import random
from typing import Iterable

MAX_DECISIONS = 20_000


def _rules(pack):
    from interpreter import load_rules
    return load_rules(pack) if isinstance(pack, (str, bytes)) or hasattr(pack, "__fspath__") else pack


def log_bytes(game) -> str:
    return json.dumps([[e.kind, e.data] for e in game.log], sort_keys=True, ensure_ascii=False)


def check_decision(game, where: str) -> list[str]:
    d = game.decision
    assert d is not None, f"{where}: not over but no decision"
    ids = [o.id for o in d.options]
    assert ids, f"{where}: a decision without options ({d.prompt!r})"
    assert len(set(ids)) == len(ids), f"{where}: duplicate option ids {ids}"
    assert all(isinstance(i, str) and i for i in ids), f"{where}: empty option id in {ids}"
    assert all(isinstance(o.label, str) for o in d.options), where
    assert 1 <= d.seat <= game.seats, f"{where}: decision for seat {d.seat} of {game.seats}"
    return ids


def check_back_out(game, where: str) -> None:
    """In a partly made staged choice, backing out of a step is undoing it, and not a decision."""
    backed, undone = game.clone(), game.clone()
    try:
        backed.back()
    except Exception as err:        # every step before was taken without asking: nothing to back out of
        assert "no partly made choice" in str(err), f"{where}: {err}"
        return
    undone.undo()
    assert backed.to_json() == undone.to_json(), f"{where}: back() and undo() differ"
    assert backed.decisions_made == game.decisions_made - 1, f"{where}: back() counted as a decision"
    assert len(backed.decision.chosen) < len(game.decision.chosen), f"{where}: back() did not go back"


def check_save_shape(rules, game, saved: str, where: str) -> None:
    """The save passes the cheap checks of its shape that every load makes before replaying it."""
    from interpreter.runtime.savecheck import read_state
    try:
        read_state(json.loads(saved)["state"], rules.compiled(game.variant))
    except Exception as err:
        raise AssertionError(f"{where}: the saved state fails the checks of its shape: {err}") from None


def play_choices(game, choices: Iterable[str]) -> None:
    for c in choices:
        game.choose(c)


def run_random_games(pack, games: int, variant=None, seats: int = 1, seed: int = 0,
                     sample_every: int = 7, max_decisions: int = MAX_DECISIONS, check=None) -> list[dict]:
    """`check(game, where)`, if given, is called at every decision and at the end of every game
    (a pack's own invariants)."""
    rules = _rules(pack)
    summaries = []
    for n in range(games):
        game_seed = seed + n
        rnd = random.Random(f"harness:{game_seed}:{variant}:{seats}")
        game = rules.new_game(seed=game_seed, variant=variant, seats=seats)
        choices: list[str] = []
        checkpoints = []            # (index into choices, restored copy, clone)
        partly_made = 0             # decisions met in the middle of a staged choice
        while not game.over:
            where = f"game seed={game_seed} variant={variant} seats={seats} decision {len(choices)}"
            assert len(choices) < max_decisions, f"{where}: the game does not end"
            ids = check_decision(game, where)
            if check is not None:
                check(game, where)
            saved = game.to_json()
            check_save_shape(rules, game, saved, where)
            clone = game.clone()
            assert clone.to_json() == saved, f"{where}: clone() differs"
            if game.decision.chosen:
                partly_made += 1
                if partly_made % sample_every == 1:        # undo replays the game: a sample only
                    check_back_out(game, where)
            if len(choices) % sample_every == 0:            # so does loading
                restored = rules.load_game(saved)
                assert restored.to_json() == saved, f"{where}: load_game(to_json()) differs"
                assert restored.decision == game.decision, f"{where}: restored decision differs"
                checkpoints.append((len(choices), restored, clone))
            choice = rnd.choice(ids)
            game.choose(choice)
            choices.append(choice)
            # the copies must not have been disturbed by playing on the original
            assert clone.to_json() == saved, f"{where}: playing on changed a clone"
        final = game.to_json()
        assert game.decision is None and game.result is not None
        if check is not None:
            check(game, f"game seed={game_seed} variant={variant} seats={seats} at the end")
        for at, restored, clone in checkpoints:
            for label, copy in (("restored", restored), ("clone", clone)):
                play_choices(copy, choices[at:])
                assert copy.over, f"seed={game_seed}: the {label} copy from decision {at} did not end"
                assert copy.to_json() == final, (
                    f"seed={game_seed} variant={variant}: the {label} copy from decision {at} "
                    f"has a different future")
        replayed = rules.new_game(seed=game_seed, variant=variant, seats=seats)
        play_choices(replayed, choices)
        assert log_bytes(replayed) == log_bytes(game), f"seed={game_seed}: replay gives another log"
        assert replayed.to_json() == final, f"seed={game_seed}: replay gives another state"
        result = game.result
        summaries.append({"seed": game_seed, "decisions": len(choices), "outcome": result.outcome,
                          "score": result.score, "choices": choices})
    return summaries
