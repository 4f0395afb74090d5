"""The machine that runs compiled rules on a game state: values, the frame stack, decisions (moves and tokens in Board)."""
from __future__ import annotations

from dsl import did_you_mean, suggest

from .board import Board
from .dice import Chance, seed_state
from .effects import Effects
from .events import UNNAMED_OUTCOME
from .errors import PYTHON_FAULTS, GameEnded, GameError, RuleFault
from .options import option_label
from .frames import Frames
from .state import State, copy_state, state_json
from .support import MAX_STEPS, MAX_WORK, runaway, too_many_steps


class Engine(Board, Frames, Chance, Effects, State):
    """One game: its state (the fields of State, all plain data) and the machine that plays its rules."""

    def __init__(self, c):
        self.c = c
        self.log: list = []
        self.call_depth = 0
        self.memo = None        # a cache of pure function values while options are listed
        self.kept_memo = None   # that cache, kept while the game waits at one decision (nothing changes)
        self.peeking = False    # a look-ahead copy stops before listing the next options
        self.work = 0           # work done since the last decision (see MAX_WORK)
        self.work_before = 0    # work done by this copy before that (see `work_done`)
        self.passes = 0         # passes of resumable loops since the last decision (see MAX_STEPS)
        self.resume_depth = 0   # resumable bodies running inside one another (see RESUME_DEPTH)
        self.labels_read = None     # (decision, its labels) once someone has read them
        self.whole_read = None      # (staged decision, {whole action id: option}, all listed?) once read
        self.straight_phases = []   # the phases running at once, innermost last (see Effects)
        self.telling = True         # False when nobody reads texts: no prompts, labels, notes (see `mute`)
        self.lists_lazily = False   # a staged decision's options listed only when read (see `list_pending`)
        self.asks_one_way = False   # listing lazily, a step with one option is asked, not taken (see `hush`)
        self.unguessed = None       # (guess, decks) whose order a look-ahead copy has yet to guess (see `forget_deck_order`)
        self.own_stacks = set()     # spaces whose stack this engine may change in place: the others it shares with copies
        self.own_fields = set()     # objects whose field table this engine may change in place (the same)

    # ---- creation and copying
    @classmethod
    def fresh(cls, c, seed: int, seats: int, variant) -> "Engine":
        g = cls(c)
        stacks = {s: [] for s in c.spaces}
        for p in c.pieces:
            stacks[c.start[p]].append(p)
        State.__init__(g, seed=seed, seats=seats, variant=variant, rng=seed_state(seed),
                       where={p: c.start[p] for p in c.pieces}, stacks=stacks,
                       fields={o: dict(d) for o, d in c.var_defaults.items() if d}, supply=dict(c.token_supply))
        for name, (init, low, high) in c.vars.items():
            try:
                value = init(g, {})
            except (RuleFault,) + PYTHON_FAULTS as err:
                raise GameError(f"rules: error: the starting value of '{name}' cannot be computed ({err})") from None
            g.vars[name] = value if low is None else max(low, min(high, value))
        if c.play is not None:
            g.call_later(c.play, {})      # play starts when the game is first run, after any forced rolls
        return g

    def state(self) -> dict:
        """The state as JSON data, to be written out at once (a look-ahead copy's decks guessed
        first, so that it never shows their real order)."""
        self.guess_every_order()
        return state_json(self)

    def copy(self, hushed: bool = False) -> "Engine":
        g = Engine(self.c)
        copy_state(self, g)
        self.own_stacks, self.own_fields = set(), set()     # shared now, with the copy
        g.lists_lazily, g.asks_one_way = self.lists_lazily, self.asks_one_way
        g.telling, g.unguessed = self.telling, self.unguessed
        if hushed:
            g.hush()
        else:
            g.log = list(self.log)
        g.whole_read = self.whole_read      # decisions are replaced whole, so the copy's is the same one
        return g

    def mute(self) -> None:
        """Compose no prompts, option labels or log texts, but keep the log's events, and list a
        staged decision's options only when they are read: a game only a program reads (a
        simulation counts its events, never reads its texts, and its bots draw whole actions)."""
        self.telling = False
        self.lists_lazily = True

    def hush(self) -> None:
        """Keep no log and compose no prompts or log texts, and list a decision's options only
        when they are read: a copy only a search reads. Cheaper still, a step is asked as soon as
        it has an option, even a single one, which a game that lists would take at once (the
        search answers it)."""
        self.mute()
        self.asks_one_way = True
        self.log = []
        self.log_event = _ignore

    # ---- values
    def display(self, value) -> str:
        if isinstance(value, str):
            return self.c.shown.get(value, value)
        if value is None:
            return "nothing"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(self.display(v) for v in value) if value else "none"
        return str(value)

    def set_var(self, name: str, value) -> None:
        _, low, high = self.c.vars[name]
        if low is not None:
            value = max(low, min(high, value))
        old = self.vars[name]
        if old == value:
            return
        self.vars[name] = value
        if name not in self.c.quiet_vars:
            self.log_event("var", var=name, old=old, new=value)
        if self.effects:
            self.var_changed(name)
        triggers = self.c.change_triggers.get(name)
        if triggers:
            self.call_each([(t.block, {}) for t in triggers if t.cond is None or t.cond(self, {})])

    # ---- running
    def unchanging(self) -> "Unchanging":
        """While options are listed or a position evaluated nothing changes: pure functions keep their values."""
        return Unchanging(self)

    def charge(self, amount: int = 1) -> None:
        """Count work done by expressions; too much between two decisions is a runaway rule."""
        self.work += amount
        if self.work > MAX_WORK:
            runaway()

    def run(self) -> None:
        """Run rules until a decision is needed or the game is over."""
        blocks = self.c.blocks
        steps = 0
        op = None
        self.work_before += self.work
        self.work = 0
        self.call_depth = 0
        self.passes = 0
        self.resume_depth = 0
        frames, envs = self.frames, self.envs      # replaced only when the game ends, which ends the loop
        try:
            while not self.over and self.decision is None:
                if not frames:
                    self.finish(None, None)
                    break
                steps += 1
                if steps > MAX_STEPS:
                    too_many_steps()
                f = frames[-1]
                block = blocks[f["block"]]
                ops = block.ops
                pc = f["pc"]
                if pc >= len(ops):
                    if op is None and f["kind"] == "while":
                        op = blocks[f["test"][0]].ops[f["test"][1]]      # an empty loop names itself
                    if block.next_passes is not None:        # only a loop's body has them, always under a loop frame
                        block.next_passes(self, envs[f["env"]], f)
                    else:
                        self.end_of_block(f)
                    continue
                op = ops[pc]
                self.kept_memo = None        # the rules go on: what was listed before may change
                straight = op.straight
                if op.resume is not None:
                    op.resume(self, envs[f["env"]], f)
                elif straight is None:
                    f["pc"] = pc + 1
                    op.run(self, f)
                else:
                    f["pc"] = pc + op.span
                    straight(self, envs[f["env"]])
        except GameEnded:
            pass
        except (RuleFault,) + PYTHON_FAULTS as err:
            raise self.rules_error(err, op.where if op is not None else "rules") from None

    def rules_error(self, err: Exception, where: str, failed: str = "the rule failed") -> GameError:
        """A fault met while running rules, as the error naming the statement it happened in."""
        code = self.c.code
        where = code.where_in(err.__traceback__) or where
        if isinstance(err, RuleFault):
            return GameError(f"{where}: error: {err}")
        if isinstance(err, KeyError) and code.raised_in(err.__traceback__) and err.args and isinstance(err.args[0], str):
            return GameError(f"{where}: error: '{err.args[0]}' has no value yet")      # a local name read early
        if isinstance(err, TypeError) and "NoneType" in str(err):
            return GameError(f"{where}: error: {failed}: a value here is none (nothing), where the rule needs "
                             f"one (Python said: {err})")
        return GameError(f"{where}: error: {failed} ({type(err).__name__}: {err})")

    # ---- decisions
    def peek_stop(self) -> bool:
        """In a look-ahead copy, stop where the next decision would be listed."""
        if self.peeking:
            self.decision = {"type": "peek", "prompt": "", "seat": self.seat, "options": [],
                             "env": "", "op": (0, 0)}
        return self.peeking

    def ask(self, kind: str, prompt: str, options: list, f, op, **extra) -> None:
        decision = {"type": kind, "prompt": prompt, "seat": self.seat, "options": options,
                    "env": f["env"], "op": (f["block"], f["pc"] - 1), **extra}
        if not options:
            self.log_event("skip", prompt=prompt)
            return
        if len(options) == 1:
            if self.telling:
                self.log_event("auto", prompt=prompt, option=option_label(self, options[0]))
            op.apply(self, decision, options[0])
            return
        self.decision = decision

    def reask(self, decision: dict, options: list) -> None:
        self.decision = dict(decision, options=options)

    def list_pending(self) -> None:
        """List the pending decision's options if they were left to be listed when read."""
        decision = self.decision
        if decision is None or decision["options"] is not None:
            return
        op = self.asking_op(decision)
        try:
            listed = dict(decision, options=op.listing(self, decision))
        except (RuleFault,) + PYTHON_FAULTS as err:
            raise self.rules_error(err, op.where) from None
        if self.whole_read is not None and self.whole_read[0] is decision:
            self.whole_read = (listed,) + self.whole_read[1:]
        self.decision = listed

    def choose(self, option_id: str) -> None:
        decision = self.decision
        if decision is None:
            raise GameError("the game is over; there is nothing to choose" if self.over else "no decision is pending")
        if decision["options"] is None:
            kept = self.whole_read
            if kept is None or kept[0] is not decision or option_id not in kept[1]:
                self.list_pending()
                decision = self.decision
        for option in decision["options"] or ():
            if option["id"] == option_id:
                break
        else:
            option = None
        if option is None and "chosen" in decision:      # a whole action's id answers every step left
            option = self.asking_op(decision).whole_action(self, decision, option_id)
        if option is None:
            ids = [o["id"] for o in decision["options"]]
            shown = ", ".join(ids[:12]) + (" …" if len(ids) > 12 else "")
            if len(option_id) > 100:        # an answer that long names nothing: neither quoted whole nor matched
                raise GameError(f"'{option_id[:60]}…' is not an option here; the options are: {shown}")
            naming = [i for i in ids if option_id in i.split(":")][:3]      # 'albert' for take_commander:albert
            hint = did_you_mean(naming) if naming else suggest(option_id, ids)
            raise GameError(f"'{option_id}' is not an option here{hint}; the options are: {shown}")
        self.decision = None
        self.decisions += 1
        if option["value"] is None or not isinstance(option["value"], dict) or "step" not in option["value"]:
            self.kept_memo = None            # only a step of a staged choice leaves the game as it was
        if "chosen" not in decision and self.telling:   # a staged choice is logged once, as the whole action (see PerformOp)
            self.log_event("choice", seat=decision["seat"], prompt=decision["prompt"],
                           option=option_label(self, option), id=option_id,
                           **({"everyone": True} if decision.get("everyone") else {}))
        op = self.asking_op(decision)
        self.work_before += self.work        # a decision starts a new budget of work (see `charge`)
        self.work = 0
        self.passes = 0
        try:
            op.apply(self, decision, option)
        except GameEnded:
            pass
        except (RuleFault,) + PYTHON_FAULTS as err:
            raise self.rules_error(err, op.where, "the choice cannot be applied") from None
        self.run()

    def asking_op(self, decision: dict):
        """The statement that asked `decision`, which applies its answer."""
        block, index = decision["op"]
        return self.c.blocks[block].ops[index]

    def back(self) -> None:
        """Back out of the last step of a partly made staged choice; it is not a decision."""
        decision = self.decision
        if decision is None or not decision.get("chosen"):
            raise GameError("there is no partly made choice to back out of")
        op = self.asking_op(decision)
        try:
            backed = op.back(self, decision)
        except (RuleFault,) + PYTHON_FAULTS as err:
            raise self.rules_error(err, op.where) from None
        if not backed:
            raise GameError("there is no partly made choice to back out of")
        self.decisions -= 1

    # ---- ending
    def finish(self, outcome, reason) -> None:
        score = None
        award = None
        try:
            if self.c.score is not None:
                score = self.c.score(self, {})
            if outcome is None:
                for name, award_name, cond in self.c.outcomes:
                    if cond is None or cond(self, {"score": score}):
                        outcome, award = name, award_name
                        break
            else:
                award = next((a for n, a, _ in self.c.outcomes if n == outcome), None)
        except RuleFault as fault:
            where = self.c.code.where_in(fault.__traceback__) or "rules"
            raise GameError(f"{where}: error: while scoring the game: {fault}") from None
        details = {}
        if reason:
            details["reason"] = reason
        if award:
            details["award"] = award
        self.over = True
        self.decision = None
        self.frames = []
        self.envs = {}
        self.result = {"outcome": outcome or UNNAMED_OUTCOME, "score": score, "details": details}
        self.log_event("end", outcome=self.result["outcome"], score=score, reason=reason)

    # ---- log
    def log_event(self, kind: str, **data) -> None:
        self.log.append((kind, data))


def _ignore(*args, **data) -> None:
    """`log_event` of a hushed engine."""


class Unchanging:
    """The scope of `Engine.unchanging` (a plain class: entered at every listing, it must be cheap)."""
    __slots__ = ("g",)

    def __init__(self, g):
        self.g = g

    def __enter__(self):
        g = self.g
        if g.kept_memo is None:
            g.kept_memo = {}
        g.memo = g.kept_memo

    def __exit__(self, *exc) -> None:
        self.g.memo = None
