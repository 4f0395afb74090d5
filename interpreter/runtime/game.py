"""The public game API: decisions and options, choose, undo, clone, save and load, the log."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from dsl import suggest

from .dice import seed_state
from .engine import Engine
from .errors import PYTHON_FAULTS, GameError, RuleFault, RulesChanged
from .events import Event, describe, effect_words
from .jsontext import json_text
from .options import decision_labels, option_label, twin_key
from .savecheck import (SAVE_FORMAT, SAVE_VERSION, check_follows, check_log, check_start, check_trail, other_mods, parse_save,
                        read_state)


@dataclass(frozen=True)
class Option:
    id: str
    label: str


@dataclass(frozen=True)
class Decision:
    """A question the rules ask. A staged perform asks one step at a time: `step` counts from 1,
    `chosen` reads what the earlier steps chose (the action's title, then its arguments so far),
    and `Game.back()` backs out of the last of them. `picked` names the values a question that takes
    several has taken so far. `everyone`: the rules put the question to all
    the players together (the seat acting answers for them)."""
    seat: int
    prompt: str
    options: list[Option]
    kind: str = "choose"
    step: int = 1
    chosen: tuple[str, ...] = ()
    everyone: bool = False
    asked_by: tuple[int, ...] = ()      # the statement of the rules that asks: the same when it asks again
    picked: tuple[str, ...] = ()        # a question that takes several values, one at a time: those taken so far


@dataclass(frozen=True)
class Result:
    outcome: str
    score: Optional[int]
    details: dict = field(default_factory=dict)


def _untwinned(e, d: dict) -> range | set:
    """The positions of the options a question shows: in one that takes several values one at a
    time, a value interchangeable with one offered before it is left out (it is offered once that
    one is taken); any option can still be chosen by its id."""
    if d["type"] != "many":
        return range(len(d["options"]))
    seen, shown = set(), set()
    for i, o in enumerate(d["options"]):
        key = None if o["value"] is None else twin_key(e, o["value"])
        if key is None or key not in seen:
            shown.add(i)
            seen.add(key)
    return shown


def _state_field(name: str, doc: str) -> property:
    """A read-only property of a Game: the field `name` of its state (see state.State)."""
    return property(lambda game: getattr(game._engine, name), doc=doc)


class Game:
    """A game in progress. The rules run until they need a decision; `choose` answers it."""

    def __init__(self, rules, engine: Engine, trail: list, settled: bool = True, replayable: bool = True,
                 throwaway: bool = False):
        self.rules = rules
        self._raw_engine = engine
        self._settled = settled     # False until the rules have run up to the first decision
        self.trail = trail          # [["choose", id] | ["force", [values]]], from the start
        self._replayable = replayable   # whether replaying the trail from the seed gives this game back
        self.replayed_under_new_rules = False   # True when loaded from a save made under other rules
        self._throwaway = throwaway     # a search's copy: a choice the rules fail on is not undone

    @property
    def _engine(self) -> Engine:
        """The engine, after running the opening rules (deferred so tests can force rolls first)."""
        if not self._settled:
            self._settled = True
            self._raw_engine.run()
        return self._raw_engine

    @_engine.setter
    def _engine(self, engine: Engine) -> None:
        self._raw_engine, self._settled = engine, True

    # ---- starting
    @classmethod
    def start(cls, rules, seed: int = 0, variant: Optional[str] = None, seats: int = 1) -> "Game":
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GameError(f"the seed must be a whole number, not {seed!r}")
        if variant is not None and not isinstance(variant, str):
            raise GameError(f"a variant is named by text, not {variant!r}")
        if not rules.seats_min <= seats <= rules.seats_max:
            span = f"{rules.seats_min}" if rules.seats_min == rules.seats_max else f"{rules.seats_min} to {rules.seats_max}"
            raise GameError(f"{rules.title} is played by {span} seat(s), not {seats}")
        c = rules.compiled(variant)
        return cls(rules, Engine.fresh(c, seed, seats, c.variant), [], settled=False)

    def mute(self) -> None:
        """Compose no texts from now on: no prompts, no option labels logged, no notes (the
        events stay in the log). For games only a program plays, such as simulations."""
        self._raw_engine.mute()

    # ---- state
    @property
    def decision(self) -> Optional[Decision]:
        self._engine.list_pending()
        d = self._engine.decision
        if d is None:
            return None
        e, op = self._engine, self._engine.asking_op(d)
        shown = _untwinned(e, d)
        options = [Option(o["id"], label) for i, (o, label) in enumerate(zip(d["options"], decision_labels(e))) if i in shown]
        chosen = tuple(op.chosen_labels(e, d)) if "chosen" in d else ()
        picked = tuple(e.display(v) for v in e.envs[d["env"]][op.var]) if d["type"] == "many" else ()
        return Decision(d["seat"], d["prompt"], options, d["type"], len(chosen) + 1, chosen, d.get("everyone", False),
                        tuple(d["op"]), picked)

    over = _state_field("over", "Whether the game has ended.")
    seed = _state_field("seed", "The seed the game started from.")
    variant = _state_field("variant", "The variant played (None: the base game).")
    seats = _state_field("seats", "How many seats play.")
    decisions_made = _state_field("decisions", "Decisions answered so far.")
    phase = _state_field("phase", "The label of the phase running (None before the first).")

    @property
    def staged(self) -> bool:
        """Whether the pending decision is asked step by step (its answers may be drawn or listed whole)."""
        d = self._engine.decision
        return d is not None and "chosen" in d

    def option_ids(self) -> list[str]:
        """The pending decision's option ids, without composing labels (what bots need)."""
        self._engine.list_pending()
        d = self._engine.decision
        if d is None:
            return []
        shown = _untwinned(self._engine, d)
        return [o["id"] for i, o in enumerate(d["options"]) if i in shown]

    def draw(self, rng) -> str:
        """A random answer to the pending decision, from `rng` (a random.Random): an option drawn
        uniformly; at a staged decision, one of this step's options drawn uniformly and then the
        rest of a legal action drawn at random (its whole id is returned), without listing the steps."""
        e = self._engine
        d = e.decision
        if d is None:
            raise GameError("the game is over; there is nothing to choose" if e.over else "no decision is pending")
        if "chosen" not in d:
            return rng.choice(d["options"])["id"]
        return self._staged(lambda op: op.draw(e, d, rng))["id"]

    def whole_actions(self) -> list[Option]:
        """The pending decision's options, with a staged decision's read as whole actions: every
        complete action that agrees with the steps chosen so far, its id `name:arg:…` (which
        `choose` accepts, answering every step left) and its label. It lists the whole product
        of the parameters, so it is for tools, tests and look-ahead bots, not for play."""
        e = self._engine
        return [Option(o["id"], option_label(e, o)) for o in self._whole_actions()]

    def whole_action_ids(self, at_most: Optional[int] = None) -> list[str]:
        """The ids of `whole_actions()`, without composing labels; `at_most`: the first so many,
        the rest not looked for (a bot asking whether there are few)."""
        return [o["id"] for o in self._whole_actions(at_most)]

    def _whole_actions(self, at_most: Optional[int] = None) -> list[dict]:
        e = self._engine
        d = e.decision
        if d is None or "chosen" not in d:
            e.list_pending()
            d = e.decision
            return list(d["options"])[:at_most] if d is not None else []
        return self._staged(lambda op: op.whole_actions(e, d, at_most))

    def _staged(self, work):
        """`work(op)` on the asking op of the pending staged decision, a rules fault named at its perform."""
        e = self._engine
        op = e.asking_op(e.decision)
        try:
            return work(op)
        except (RuleFault,) + PYTHON_FAULTS as err:
            raise e.rules_error(err, op.where) from None

    @property
    def result(self) -> Optional[Result]:
        r = self._engine.result
        return Result(r["outcome"], r["score"], dict(r["details"])) if r else None

    @property
    def log_data(self) -> list[tuple[str, dict]]:
        """The log as (kind, data) pairs, without composing sentences (cheap, for statistics)."""
        return list(self._engine.log)

    @property
    def log(self) -> list[Event]:
        engine = self._engine
        show, name = engine.display, engine.c.name_label
        return [Event(kind, data, describe(kind, data, show, name)) for kind, data in engine.log]

    # ---- reading the board (for tests, views and bots)
    def var(self, name: str) -> Any:
        variables = self._engine.vars
        if name not in variables:
            raise GameError(f"there is no variable '{name}'{suggest(name, variables)}")
        return variables[name]

    def pieces_at(self, space: str) -> list[str]:
        if space not in self._engine.stacks:
            raise GameError(f"there is no space '{space}'")
        return list(self._engine.stack(space))

    def location(self, piece: str) -> str:
        if piece not in self._engine.where:
            raise GameError(f"there is no piece '{piece}'")
        return self._engine.where[piece]

    def field(self, obj: str, name: str) -> Any:
        try:
            return self._engine.field(obj, name)
        except RuleFault as fault:
            raise GameError(str(fault)) from None

    def tokens(self, obj: str, token: str) -> int:
        return self._engine.token_count(obj, token)

    def label(self, value) -> str:
        return self._engine.display(value)

    @property
    def view(self):
        """What a board or report may read of this game's rules (objects, labels, kinds, layout)."""
        return self._engine.c.view

    def marks(self, obj: str) -> dict[str, int]:
        """Every token on an object, by token name."""
        return {t: n for t, n in sorted(self._engine.tokens.get(obj, {}).items()) if n}

    @property
    def effects(self) -> list[tuple[str, tuple]]:
        """The lasting effects in force, oldest first: (the effect's name, its arguments)."""
        return [(e["name"], tuple(e["args"])) for e in self._engine.effects]

    def effects_shown(self) -> list[str]:
        """The effects in force that are not quiet, as a player reads them: label, then arguments in parentheses."""
        engine = self._engine
        return [effect_words(e["name"], e["args"], engine.display)
                for e in engine.effects if e["name"] not in engine.c.quiet_effects]

    def token_supply_left(self) -> dict[str, int]:
        """What is left of each finite token supply."""
        return dict(self._engine.supply)

    def status_shown(self) -> list[str]:
        """The layout's status variables shown now: those whose `while` holds, or that have none."""
        e = self._engine
        layout = e.c.view.layout
        if layout is None:
            return []
        return [name for name in layout.status if name not in e.c.status_while or self._holds(e.c.status_while[name])]

    def regions_shown(self) -> list:
        """The layout's regions drawn now: those whose `while` holds, or that have none."""
        e = self._engine
        layout = e.c.view.layout
        if layout is None:
            return []
        return [r for i, r in enumerate(layout.regions) if i not in e.c.region_while or self._holds(e.c.region_while[i])]

    def _holds(self, condition) -> bool:
        try:
            return bool(condition(self._engine, {}))
        except (RuleFault,) + PYTHON_FAULTS as err:
            raise GameError(f"rules: error: a layout's 'while' cannot be worked out ({err})") from None

    def layout_tracks(self) -> list[tuple[str, list, int]]:
        """The layout's marked tracks now: (title, the values, the marked position from 1)."""
        e = self._engine
        titles = e.c.view.layout.track_titles if e.c.view.layout else ()
        try:
            return [(title, list(values(e, {})), position(e, {}))
                    for title, (values, position) in zip(titles, e.c.layout_tracks)]
        except (RuleFault,) + PYTHON_FAULTS as err:
            raise GameError(f"rules: error: a layout track cannot be drawn ({err})") from None

    # ---- acting
    def choose(self, option_id: str) -> None:
        """Answer the pending decision; if the rules then fail, the game stays as it was."""
        if not isinstance(option_id, str):
            raise GameError(f"an option id is text, not {option_id!r}")
        engine = self._engine
        made = engine.decisions
        before = None if self._replayable or self._throwaway else engine.copy()
        try:
            engine.choose(option_id)
        except GameError:
            if engine.decisions != made and not self._throwaway:         # the rules ran and failed: go back to before the choice
                self._engine = before or self._replayed(self.trail)._engine
            raise
        self.trail.append(["choose", option_id])

    def back(self) -> None:
        """Back out of the last step of a partly made staged choice (not a decision: nothing is undone)."""
        self._engine.back()
        last = max(i for i, t in enumerate(self.trail) if t[0] == "choose")
        del self.trail[last]

    def force_rolls(self, values) -> None:
        values = list(values)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise GameError("forced rolls must be whole numbers")
        self._raw_engine.forced.extend(values)
        self.trail.append(["force", values])

    @property
    def pending_rolls(self) -> list[int]:
        """Forced rolls not used yet."""
        return list(self._engine.forced)

    def clone(self, reseed: Optional[int] = None) -> "Game":
        """An independent copy. With `reseed`, the copy's future dice differ from this game's
        (a bot looking ahead must not see the real dice); forced rolls are dropped too."""
        return Game(self.rules, self._copy_engine(reseed), [list(t) for t in self.trail], replayable=reseed is None)

    def determinized(self, reseed: int, decks: bool = True) -> "Game":
        """A throw-away copy as the players might believe the game to be: fresh dice, and the
        hidden order of every deck guessed afresh (what the players know is where each card is,
        not the order of a pile; see `forget_deck_order`); `decks=False` keeps the order this game
        has, or the guess it stands for (to try other dice on one guess). For searches: it keeps
        no log, trail or prompts and cannot be saved, and a choice the rules fail on leaves it as
        the failure left it."""
        engine = self._copy_engine(reseed, hushed=True)
        if decks:
            engine.forget_deck_order(reseed)
        return Game(self.rules, engine, [], replayable=False, throwaway=True)

    def peek(self, option_id: str, reseed: int) -> "Game":
        """A throw-away copy after `option_id`, with fresh dice and the decks' order guessed (see
        `determinized`), run up to the next decision but not listing its options: the cheap
        look-ahead bots use. Only `evaluate`, `over` and the read helpers are meaningful on it."""
        engine = self._copy_engine(reseed, hushed=True)
        engine.peeking = True
        engine.forget_deck_order(reseed)
        engine.choose(option_id)
        return Game(self.rules, engine, [], replayable=False)

    def _copy_engine(self, reseed: Optional[int], hushed: bool = False) -> Engine:
        engine = self._engine.copy(hushed)
        if reseed is not None:
            engine.rng, engine.forced = seed_state(reseed), []
        return engine

    @property
    def search_budget(self) -> Optional[int]:
        """The search iterations a decision the pack asks of a search bot (`search budget` in its
        game block), or None where it leaves that to the bot."""
        return self._engine.c.search_budget

    @property
    def look_past_ties(self) -> Optional[int]:
        """The decisions the pack asks a greedy bot to play on beyond a tie (`look past ties` in its
        game block; 0: none), or None where it leaves that to the bot."""
        return self._engine.c.look_past_ties

    @property
    def work_done(self) -> int:
        """The rules' work (the steps MAX_WORK counts) this object's engine has done since it was made or copied."""
        e = self._engine
        return e.work_before + e.work

    def evaluate(self) -> int:
        """The pack's `evaluate` expression for this position (0 if the pack declares none)."""
        e = self._engine
        if e.c.evaluation is None:
            return 0
        e.call_depth = 0
        try:
            with e.unchanging():
                value = e.c.evaluation(e, {})
        except RuleFault as fault:
            where = e.c.code.where_in(fault.__traceback__) or "rules"
            raise GameError(f"{where}: error: while evaluating the position: {fault}") from None
        except PYTHON_FAULTS as err:
            where = e.c.code.where_in(err.__traceback__) or "rules"
            raise GameError(f"{where}: error: while evaluating the position: {type(err).__name__}: {err}") from None
        if value.__class__ is not int and value.__class__ is not float:     # a bool is no score either
            shown = "nothing" if value is None else repr(value)[:40]
            raise GameError(f"{e.c.evaluation_where}: error: evaluate gave {shown}, not a number")
        return value

    def undo(self) -> None:
        """Go back to the previous decision (replays the game from its start)."""
        last = max((i for i, t in enumerate(self.trail) if t[0] == "choose"), default=None)
        if last is None:
            raise GameError("there is nothing to undo")
        replayed = self._replayed(self.trail[:last])
        self._engine, self.trail = replayed._engine, replayed.trail

    def _replayed(self, trail: list) -> "Game":
        """This game played again from its start over `trail`, muted if this one is."""
        game = replay(self.rules, self.seed, self.variant, self.seats, trail)
        if not self._engine.telling:
            game.mute()
        return game

    # ---- saving
    def to_json(self) -> str:
        e = self._engine
        e.list_pending()
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.rules.name,
                "fingerprint": self.rules.fingerprint, "mods": self.rules.mods, "variant": e.variant, "seed": e.seed,
                "seats": e.seats, "trail": self.trail, "state": e.state(),
                "log": [[k, d] for k, d in e.log]}
        return json_text(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, rules, text: str, replay_under_new_rules: bool = False) -> "Game":
        """A saved game, trusted for nothing it cannot prove: after the cheap checks of its shape,
        its seed and choices are replayed and must reach exactly the saved state and log.
        A save made under other rules (another fingerprint) raises RulesChanged, unless
        `replay_under_new_rules`: then its choices are replayed under these rules, and the
        game's `replayed_under_new_rules` is True."""
        data = parse_save(text, rules.name)
        try:
            seed, variant, seats = check_start(data)
            if not rules.seats_min <= seats <= rules.seats_max:
                raise GameError("the saved game is damaged (its number of seats is not this game's)")
            trail = check_trail(data["trail"])
            if data.get("fingerprint") != rules.fingerprint:
                if not replay_under_new_rules:
                    raise RulesChanged("the rules (the pack or its mods) have changed since this game was saved"
                                       + other_mods(data.get("mods"), rules.mods))
                game = _replay_saved(rules, seed, variant, seats, trail, "under the rules of now")
                game.replayed_under_new_rules = True
                return game
            read_state(data["state"], rules.compiled(variant))
            check_log(data["log"])
            game = _replay_saved(rules, seed, variant, seats, trail, "from its seed")
            check_follows(game._engine, data)
        except KeyError as err:
            raise GameError(f"the saved game is incomplete (missing {err.args[0]})") from None
        except (TypeError, ValueError, IndexError) as err:
            raise GameError(f"the saved game is damaged ({type(err).__name__}: {err})") from None
        except RecursionError:
            raise GameError("the saved game is damaged (it is nested too deeply)") from None
        return game


def _replay_saved(rules, seed: int, variant, seats: int, trail: list, how: str) -> Game:
    """A save's trail replayed; GameError saying so if its choices cannot be made."""
    try:
        return replay(rules, seed, variant, seats, trail)
    except GameError as err:
        raise GameError(f"the saved choices cannot be replayed {how} ({err})") from None


def replay(rules, seed: int, variant, seats: int, trail: list) -> Game:
    """Replay a trail of choices and forced rolls from the start of a game."""
    game = Game.start(rules, seed=seed, variant=variant, seats=seats)
    for step in trail:
        if step[0] == "force":
            game.force_rolls(step[1])
        elif step[0] == "choose":
            game.choose(step[1])
        else:
            raise GameError(f"unknown step in the saved trail: {step[0]!r}")
    return game
