"""Re-running a saved game from its seed and choices, and checking it reaches the saved state."""
from __future__ import annotations

import json
import sys

from interpreter.runtime import GameError, RulesError, json_text

MAX_DIFFERENCES = 10


def replay_file(path: str, pack: str | None = None, mods=(), step: bool = False,
                read=input, write=print, as_json: bool = False) -> int:
    """0 when the replay reaches the saved state, 1 when it does not (saying what differs); with
    `as_json`, the outcome is written as one JSON object instead of sentences."""
    notes = []
    try:
        outcome = verify(path, pack, mods, _Pacer(step and not as_json, read, write), notes.append)
    except RulesError as err:
        from interpreter.cli_common import rules_failed
        rules_failed(err, as_json)
        return 1
    if as_json:
        write(json_text(dict(outcome, notes=notes)))
        return 0 if outcome["verified"] else 1
    for note in notes:
        write(note)
    decisions = outcome["decisions"]
    plural = "" if decisions == 1 else "s"
    if outcome["problem"]:
        write(f"differs: {outcome['problem']}")
    elif outcome["differences"]:
        write(f"differs after {decisions} decision{plural}:")
        for line in outcome["differences"][:MAX_DIFFERENCES]:
            write(f"  {line}")
        if len(outcome["differences"]) > MAX_DIFFERENCES:
            write("  … and more")            # collecting stops once there are more than enough to show
    else:
        write(f"verified: same state after {decisions} decision{plural}")
    return 0 if outcome["verified"] else 1


def verify(path: str, pack, mods, pacer, note) -> dict:
    """Replay the save at `path`: what came of it (RulesError if the rules do not load)."""
    from interpreter.runtime import Game, bundled_names, bundled_pack, load_rules
    from .files import mods_to_apply, read_save
    _, data = read_save(path)
    if not pack and data["game"] not in bundled_names():
        raise GameError(f"{path} is a game of '{data['game']}', which is not a bundled game; "
                        f"name its pack with --game PATH")
    given = bool(mods)
    mods = mods_to_apply(path, data, mods)
    if mods and not given:
        note(f"with the save's mods: {', '.join(mods)}")      # bundled ones, found by their names
    rules = load_rules(pack or bundled_pack(data["game"]), mods=mods)
    if rules.name != data["game"]:
        raise GameError(f"{path} is a game of '{data['game']}', but {pack} is '{rules.name}'")
    changed = data.get("fingerprint") != rules.fingerprint
    if changed:
        note(f"note: the rules have changed since this game was saved (fingerprint "
             f"{data.get('fingerprint')}, now {rules.fingerprint}); the replay uses the rules of now")
    try:
        game = Game.start(rules, seed=data["seed"], variant=data["variant"], seats=data["seats"])
    except GameError as err:        # the variant or seats the save names: no option of this command
        raise GameError(f"cannot replay {path}: the game it saves cannot start ({err})") from None
    problem = run_trail(game, data["trail"], pacer)
    differences = [] if problem else compare(json.loads(game.to_json()), data)
    return {"file": path, "game": rules.name, "rules_changed": changed,
            "decisions": sum(1 for s in data["trail"] if s[0] == "choose"),
            "verified": not problem and not differences, "problem": problem or None,
            "differences": differences[:MAX_DIFFERENCES]}


def run_trail(game, trail, pacer) -> str:
    """Apply the saved steps; '' if all applied, else what went wrong."""
    count = 0
    for index, entry in enumerate(trail, 1):
        if not isinstance(entry, list) or len(entry) != 2 or entry[0] not in ("choose", "force"):
            return f"step {index} of the saved trail is not a choice or forced roll: {entry!r}"
        kind, value = entry
        try:
            if kind == "force":
                game.force_rolls(value)
                continue
            count += 1
            decision = game.decision
            if decision is None:
                return f"the game was over before saved decision {count} ({value!r})"
            option = next((o for o in decision.options if o.id == value), None)
            if option is None and decision.kind == "perform":     # a whole action answering a staged choice
                option = next((o for o in game.whole_actions() if o.id == value), None)
            if option is None:
                return f"at decision {count} ('{decision.prompt}') the saved choice {value!r} is not an option"
            pacer.before(game, count, decision, option)
            game.choose(value)
        except GameError as err:
            return f"at decision {count}: {err}"
    pacer.events(game)
    return ""


def compare(replayed: dict, saved: dict) -> list[str]:
    """Every difference between the replayed and the saved game's state, log and trail."""
    out: list[str] = []
    for key in ("state", "log", "trail"):
        _diff(replayed.get(key), saved.get(key), key, out)
    return out


def _diff(a, b, path: str, out: list) -> None:
    if len(out) > MAX_DIFFERENCES:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(dict.fromkeys(list(a) + list(b))):
            if key not in a or key not in b:
                out.append(f"{path}.{key}: {'only in the save' if key in b else 'missing from the save'}")
            else:
                _diff(a[key], b[key], f"{path}.{key}", out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{path}[{i}]", out)
    elif isinstance(a, list) and isinstance(b, list):
        out.append(f"{path}: {len(b)} entries saved, {len(a)} after the replay")
    elif a != b or type(a) is not type(b):
        out.append(f"{path}: saved {_short(b)}, replayed {_short(a)}")


def _short(value) -> str:
    text = json_text(value)
    return text if len(text) <= 60 else text[:57] + "…"


class _Pacer:
    """With --step: print each decision, its choice and what followed; pause when interactive."""

    def __init__(self, step: bool, read, write):
        self.step, self.read, self.write = step, read, write
        self.pause = step and sys.stdin.isatty()
        self.shown = 0

    def events(self, game) -> None:
        if not self.step:
            return
        log = game.log
        for event in log[self.shown:]:
            if event.for_players:
                self.write(f"  {event.text}")
        self.shown = len(log)

    def before(self, game, count: int, decision, option) -> None:
        if not self.step:
            return
        self.events(game)
        self.write(f"Decision {count} [seat {decision.seat}] {decision.prompt}")
        self.write(f"  → {option.label}  ({option.id})")
        if self.pause:
            try:
                if self.read("(Enter: next decision, c: run to the end) ").strip().lower() == "c":
                    self.pause = False
            except EOFError:
                self.pause = False
