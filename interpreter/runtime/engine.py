"""The generic runtime: game state as plain data and the frame-stack machine that runs rules."""
from __future__ import annotations

from .errors import GameError

from . import dice as rng
from .errors import RuleFault

MAX_STEPS = 2_000_000      # statements between two decisions before a rule counts as runaway
MAX_WORK = 20_000_000      # statements, comprehension items, option bindings and dice between two decisions
PYTHON_FAULTS = (TypeError, KeyError, IndexError, ValueError, AttributeError, RecursionError, OverflowError)
MAX_FRAMES = 2_000         # nested blocks and calls before recursion counts as runaway

STATE_KEYS = ("seed", "seats", "variant", "rng", "forced", "vars", "where", "stacks", "fields",
              "tokens", "supply", "frames", "envs", "next_env", "decision", "seat", "phase",
              "over", "result", "decisions")


class Engine:
    """One game's state plus the machine; every attribute in STATE_KEYS is JSON data."""

    def __init__(self, c):
        self.c = c
        self.log: list = []
        self.call_depth = 0
        self.memo = None        # a cache of pure function values while options are listed
        self.peeking = False    # a look-ahead copy stops before listing the next options
        self.work = 0           # work done since the last decision (see MAX_WORK)
        self._labels = None     # (decision, its labels) once someone has read them

    # ---- creation and copying
    @classmethod
    def fresh(cls, c, seed: int, seats: int, variant) -> "Engine":
        g = cls(c)
        g.seed, g.seats, g.variant = seed, seats, variant
        g.rng = rng.seed_state(seed)
        g.forced = []
        g.vars = {}
        g.where = {}
        g.stacks = {s: [] for s in c.spaces}
        for p in c.pieces:
            g.where[p] = c.start[p]
            g.stacks[c.start[p]].append(p)
        g.fields = {o: dict(d) for o, d in c.var_defaults.items() if d}
        g.tokens = {}
        g.supply = dict(c.token_supply)
        g.frames, g.envs, g.next_env = [], {}, 0
        g.decision, g.seat, g.phase = None, 1, None
        g.over, g.result, g.decisions = False, None, 0
        for name, (init, low, high) in c.vars.items():
            try:
                value = init(g, {})
            except (RuleFault,) + PYTHON_FAULTS as err:
                raise GameError(f"rules: error: the starting value of '{name}' cannot be computed ({err})") from None
            g.vars[name] = value if low is None else max(low, min(high, value))
        if c.play is not None:
            g.call(c.play, {})
        return g

    def state(self) -> dict:
        return {k: getattr(self, k) for k in STATE_KEYS}

    @classmethod
    def from_state(cls, c, data: dict, log: list) -> "Engine":
        g = cls(c)
        for k in STATE_KEYS:
            setattr(g, k, data[k])
        g.log = log
        return g

    def copy(self) -> "Engine":
        g = Engine(self.c)
        g.seed, g.seats, g.variant, g.rng = self.seed, self.seats, self.variant, self.rng
        g.forced = list(self.forced)
        g.vars = dict(self.vars)
        g.where = dict(self.where)
        g.stacks = {k: v[:] for k, v in self.stacks.items()}
        g.fields = {k: dict(v) for k, v in self.fields.items()}
        g.tokens = {k: dict(v) for k, v in self.tokens.items()}
        g.supply = dict(self.supply)
        g.frames = [dict(f) for f in self.frames]
        g.envs = {k: dict(v) for k, v in self.envs.items()}
        g.next_env = self.next_env
        g.decision = _copy_decision(self.decision)
        g.seat, g.phase, g.over, g.decisions = self.seat, self.phase, self.over, self.decisions
        g.result = dict(self.result) if self.result else None
        g.log = list(self.log)
        return g

    # ---- values
    def display(self, value) -> str:
        if value is None:
            return "nothing"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(self.display(v) for v in value) if value else "none"
        if isinstance(value, str):
            if value in self.c.labels:
                return self.c.labels[value]
            return self.c.enum_labels.get(value) or self.c.token_labels.get(value, value)
        return str(value)

    def field(self, obj, name: str):
        if name == "label":
            return self.display(obj)
        if name == "location":
            return self.where.get(obj)
        if name == "kind":
            return self.c.kind_of(obj)
        if name == "deck":
            return self.c.card_deck.get(obj)
        own = self.fields.get(obj)
        if own is not None and name in own:
            return own[name]
        attrs = self.c.attrs.get(obj)
        if attrs is None:
            raise RuleFault(f"'{obj}' is not a piece or space")
        if name not in attrs:
            raise RuleFault(f"{self.display(obj)} has no field '{name}'")
        return attrs[name]

    def set_field(self, obj, name: str, value) -> None:
        if name not in self.c.var_defaults.get(obj, {}):
            raise RuleFault(f"{self.display(obj)} has no changeable field '{name}'")
        self.fields.setdefault(obj, {})[name] = value

    def set_var(self, name: str, value) -> None:
        _, low, high = self.c.vars[name]
        if low is not None:
            value = max(low, min(high, value))
        old = self.vars[name]
        if old == value:
            return
        self.vars[name] = value
        self.log_event("var", var=name, old=old, new=value)
        triggers = self.c.change_triggers.get(name)
        if triggers:
            for t in reversed(triggers):
                if t.cond is None or t.cond(self, {}):
                    self.call(t.block, {})

    def stack(self, space) -> list:
        try:
            return self.stacks[space]
        except KeyError:
            raise RuleFault(f"'{self.display(space)}' is not a space") from None

    def token_count(self, obj, token: str) -> int:
        return self.tokens.get(obj, {}).get(token, 0)

    def add_tokens(self, obj, token: str, count: int) -> None:
        if count <= 0:
            return
        if token in self.supply:
            count = min(count, self.supply[token])
            self.supply[token] -= count
            if count == 0:
                return
        own = self.tokens.setdefault(obj, {})
        own[token] = own.get(token, 0) + count
        self.log_event("tokens", obj=obj, token=token, change=count)

    def remove_tokens(self, obj, token: str, count: int) -> None:
        own = self.tokens.get(obj, {})
        count = min(count, own.get(token, 0))
        if count <= 0:
            return
        own[token] -= count
        if not own[token]:
            del own[token]
            if not own:
                self.tokens.pop(obj, None)
        if token in self.supply:
            self.supply[token] += count
        self.log_event("tokens", obj=obj, token=token, change=-count)

    def take(self, kind: str):
        for p in self.c.members(kind):
            if self.where.get(p) == self.c.start.get(p):
                return p
        return None

    # ---- randomness
    def roll(self, die: str, count):
        low, high = self.c.dice[die]
        n = 1 if count is None else count
        if n < 0 or n > 1000:
            raise RuleFault(f"cannot roll {n} dice")
        self.charge(n)
        values = []
        for _ in range(n):
            if self.forced:
                v = self.forced.pop(0)
                if not low <= v <= high:
                    raise RuleFault(f"forced roll {v} is not a face of die '{die}' ({low}..{high})")
            else:
                self.rng, v = rng.below(self.rng, high - low + 1)
                v += low
            values.append(v)
        self.log_event("roll", die=die, values=values)
        return values[0] if count is None else values

    def pick(self, items):
        if not items:
            return None
        self.rng, i = rng.below(self.rng, len(items))
        return items[i]

    def shuffle_list(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            self.rng, j = rng.below(self.rng, i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffle_space(self, space) -> None:
        self.shuffle_list(self.stack(space))
        self.log_event("shuffle", space=space)

    def shuffle_into(self, pieces: list, deck, among) -> None:
        for p in pieces:
            self.move(p, deck, bottom=True, quiet=True)
        stack = self.stack(deck)
        if among is None:
            self.shuffle_list(stack)
        else:
            part = stack[: len(pieces) + max(0, among)]
            self.shuffle_list(part)
            stack[: len(part)] = part
        self.log_event("shuffle_in", pieces=pieces, space=deck, among=among)

    def insert_randomly(self, pieces: list, deck) -> None:
        for p in pieces:
            self.move(p, deck, quiet=True)
            stack = self.stack(deck)
            stack.pop()
            self.rng, i = rng.below(self.rng, len(stack) + 1)
            stack.insert(i, p)
        self.log_event("shuffle_in", pieces=pieces, space=deck, among=None)

    # ---- movement
    def move(self, piece, dest, bottom: bool = False, quiet: bool = False) -> None:
        old = self.where.get(piece)
        if old is None:
            raise RuleFault(f"'{self.display(piece)}' is not a piece")
        dest_stack = self.stack(dest)
        self.stacks[old].remove(piece)
        if bottom:
            dest_stack.insert(0, piece)
        else:
            dest_stack.append(piece)
        self.where[piece] = dest
        if not quiet:
            self.log_event("move", piece=piece, src=old, dest=dest)

    def fire_enters(self, arrivals) -> None:
        if not self.c.enter_triggers:
            return
        calls = []
        for piece, space in arrivals:
            for t in self.c.enter_triggers:
                if piece in t.members:
                    env = {t.piece_var: piece, t.space_var: space}
                    if t.cond is None or t.cond(self, env):
                        calls.append((t.block, env))
        for block, env in reversed(calls):
            self.call(block, env)

    # ---- frames
    def push(self, block: int, env_id: str, **extra) -> None:
        if len(self.frames) >= MAX_FRAMES:
            raise RuleFault(f"rules nest too deeply (more than {MAX_FRAMES} levels): a procedure probably calls itself without end")
        frame = {"b": block, "pc": 0, "e": env_id}
        frame.update(extra)
        self.frames.append(frame)

    def call(self, block: int, env: dict, **extra) -> None:
        env_id = str(self.next_env)
        self.next_env += 1
        self.envs[env_id] = env
        self.push(block, env_id, call=True, **extra)

    def pop(self) -> dict:
        f = self.frames.pop()
        if "restore_seat" in f:
            self.seat = f["restore_seat"]
        if "restore_phase" in f:
            self.phase = f["restore_phase"]
        if f.get("call"):
            self.envs.pop(f["e"], None)
        return f

    def unwind_loop(self, keep_loop: bool) -> None:
        while self.frames:
            f = self.frames[-1]
            if "loop" in f:
                if keep_loop:
                    f["pc"] = len(self.c.blocks[f["b"]].ops)
                else:
                    self.pop()
                return
            self.pop()

    def unwind_call(self) -> None:
        while self.frames:
            if self.pop().get("call"):
                return

    def end_of_block(self, f) -> None:
        loop = f.get("loop")
        if loop is not None:
            if loop == "for":
                f["i"] += 1
                if f["i"] < len(f["items"]):
                    self.envs[f["e"]][f["var"]] = f["items"][f["i"]]
                    f["pc"] = 0
                    return
            elif loop == "repeat":
                f["i"] += 1
                if f["i"] < f["n"]:
                    f["pc"] = 0
                    return
            else:
                block, index = f["w"]
                if self.c.blocks[block].ops[index].cond(self, self.envs[f["e"]]):
                    f["pc"] = 0
                    return
        self.pop()

    # ---- running
    def charge(self, amount: int = 1) -> None:
        """Count work done by expressions; too much between two decisions is a runaway rule."""
        self.work += amount
        if self.work > MAX_WORK:
            raise RuleFault(f"runaway rules: more than {MAX_WORK} steps of work without a decision")

    def run(self) -> None:
        """Run rules until a decision is needed or the game is over."""
        blocks = self.c.blocks
        steps = 0
        op = None
        self.work = 0
        self.call_depth = 0
        try:
            while not self.over and self.decision is None:
                if not self.frames:
                    self.finish(None, None)
                    break
                steps += 1
                if steps > MAX_STEPS:
                    raise RuleFault(f"runaway rules: more than {MAX_STEPS} steps without a decision")
                f = self.frames[-1]
                ops = blocks[f["b"]].ops
                pc = f["pc"]
                if pc >= len(ops):
                    if op is None and f.get("loop") == "while":
                        op = self.c.blocks[f["w"][0]].ops[f["w"][1]]      # an empty loop names itself
                    self.end_of_block(f)
                    continue
                op = ops[pc]
                f["pc"] = pc + 1
                op.run(self, f)
        except RuleFault as fault:
            where = op.where if op is not None else "rules"
            raise GameError(f"{where}: error: {fault}") from None
        except PYTHON_FAULTS as err:
            where = op.where if op is not None else "rules"
            raise GameError(f"{where}: error: the rule failed ({type(err).__name__}: {err})") from None

    # ---- decisions
    def value_options(self, values) -> list[dict]:
        """One option per distinct value (a value listed twice is offered once)."""
        options, seen = [], {}
        for v in values:
            key = self.option_id(v)
            if key in seen:
                if seen[key] == v and type(seen[key]) is type(v):
                    continue
                key = distinct_id(key, seen)      # another value that reads the same, e.g. "yes" and true
            seen[key] = v
            options.append({"id": key, "label": self.display(v), "value": v})
        return options

    def option_id(self, v) -> str:
        if isinstance(v, list):
            return "[" + ",".join(self.option_id(x) for x in v) + "]"
        if isinstance(v, bool):
            return "yes" if v else "no"
        return "none" if v is None else str(v)

    def action_options(self, action) -> list[dict]:
        options, seen = [], {}
        for env in self._bindings(action, 0, {}):
            if action.requires is not None and not action.requires(self, env):
                continue
            args = [env[p] for p in action.params]
            key = ":".join([action.name] + [self.option_id(a) for a in args])
            if key in seen:
                key = distinct_id(key, seen)      # arguments that read the same, e.g. text holding ':'
            seen[key] = args
            # labels are composed only when someone reads them (see decision_labels)
            options.append({"id": key, "label": None, "value": {"action": action.name, "args": args}})
        return without_twins(options, self)

    def option_label(self, option: dict) -> str:
        label = option.get("label")
        if label is not None:
            return label
        value = option["value"]
        action = self.c.actions[value["action"]]
        args = value["args"]
        if action.label_fn is not None:
            return action.label_fn(self, dict(zip(action.params, args)))
        return action.name.replace("_", " ") + (" " + ", ".join(self.display(a) for a in args) if args else "")

    def decision_labels(self) -> list[str]:
        """The pending decision's option labels, told apart where they read alike (cached)."""
        decision = self.decision
        if self._labels is not None and self._labels[0] is decision:
            return self._labels[1]
        labels = [self.option_label(o) for o in decision["options"]]
        labels = _disambiguate(labels, decision["options"], self)
        self._labels = (decision, labels)
        return labels

    def _bindings(self, action, i: int, env: dict):
        if i == len(action.domains):
            yield dict(env)
            return
        name, domain, type_name = action.domains[i]
        if domain is not None:
            values = domain(self, env)
        elif type_name == "bool":
            values = [True, False]
        elif type_name in self.c.program.by_cat["enum"]:
            values = [v.name for v in self.c.program.by_cat["enum"][type_name].values]
        else:
            values = self.c.members(type_name)
        self.charge(len(values))
        for v in values:
            env[name] = v
            yield from self._bindings(action, i + 1, env)
        env.pop(name, None)

    def peek_stop(self) -> bool:
        """In a look-ahead copy, stop where the next decision would be listed."""
        if self.peeking:
            self.decision = {"type": "peek", "prompt": "", "seat": self.seat, "options": [],
                             "env": "", "op": [0, 0]}
        return self.peeking

    def ask(self, kind: str, prompt: str, options: list, f, op, **extra) -> None:
        decision = {"type": kind, "prompt": prompt, "seat": self.seat, "options": options,
                    "env": f["e"], "op": [f["b"], f["pc"] - 1], **extra}
        if not options:
            self.log_event("skip", prompt=prompt)
            return
        if len(options) == 1:
            self.log_event("auto", prompt=prompt, option=self.option_label(options[0]))
            op.apply(self, decision, options[0])
            return
        self.decision = decision

    def reask(self, decision: dict, options: list) -> None:
        self.decision = dict(decision, options=options)

    def choose(self, option_id: str) -> None:
        decision = self.decision
        if decision is None:
            raise GameError("the game is over; there is nothing to choose" if self.over else "no decision is pending")
        option = next((o for o in decision["options"] if o["id"] == option_id), None)
        if option is None:
            ids = [o["id"] for o in decision["options"]]
            from dsl import suggest
            shown = ", ".join(ids[:12]) + (" …" if len(ids) > 12 else "")
            raise GameError(f"'{option_id}' is not an option here{suggest(option_id, ids)}; the options are: {shown}")
        self.decision = None
        self.decisions += 1
        self.log_event("choice", seat=decision["seat"], prompt=decision["prompt"],
                       option=self.option_label(option), id=option_id)
        block, index = decision["op"]
        op = self.c.blocks[block].ops[index]
        try:
            op.apply(self, decision, option)
        except RuleFault as fault:
            raise GameError(f"{op.where}: error: {fault}") from None
        except PYTHON_FAULTS as err:
            raise GameError(f"{op.where}: error: the choice cannot be applied ({type(err).__name__}: {err})") from None
        self.run()

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
            raise GameError(f"rules: error: while scoring the game: {fault}") from None
        details = {}
        if reason:
            details["reason"] = reason
        if award:
            details["award"] = award
        self.over = True
        self.decision = None
        self.frames = []
        self.envs = {}
        self.result = {"outcome": outcome or "over", "score": score, "details": details}
        self.log_event("end", outcome=self.result["outcome"], score=score, reason=reason)

    # ---- log
    def log_event(self, kind: str, **data) -> None:
        self.log.append((kind, data))


def _copy_decision(d):
    if d is None:
        return None
    return dict(d)


def _disambiguate(labels: list[str], options: list, g) -> list[str]:
    """Labels that read alike get their pieces' locations added ("Guard at North gate"), when that tells them apart."""
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    labels = list(labels)
    for same in groups.values():
        if len(same) < 2:
            continue
        places = [_places(g, options[i]["value"]) for i in same]
        if len(set(places)) < 2:
            continue
        for i, where in zip(same, places):
            if where:
                labels[i] = f"{labels[i]} at {where}"
    return labels


def _places(g, value) -> str:
    pieces = value["args"] if isinstance(value, dict) else [value]
    return ", ".join(g.display(g.where[p]) for p in pieces if isinstance(p, str) and p in g.where)


def distinct_id(key: str, taken: dict) -> str:
    """`key~2`, `key~3`, …: the first not taken, for an option whose plain id another option has."""
    n = 2
    while f"{key}~{n}" in taken:
        n += 1
    return f"{key}~{n}"


def without_twins(options: list, g) -> list:
    """Drop options that differ only by interchangeable pieces (same kind, label, place and marks)."""
    seen, kept, known = set(), [], {}     # known: each object's twin key, worked out once per call
    for o in options:
        value = o["value"]
        args = value["args"] if isinstance(value, dict) else [value]
        parts = []
        for a in args:
            if a.__class__ is str:
                part = known.get(a)
                if part is None:
                    part = known[a] = _twin_key(g, a)
            else:
                part = _twin_key(g, a)
            parts.append(part)
        key = (value["action"] if isinstance(value, dict) else None, tuple(parts))
        if key in seen:
            continue
        seen.add(key)
        kept.append(o)
    return kept


def _twin_key(g, value):
    if not (isinstance(value, str) and value in g.where):
        return repr(value)
    fields, tokens = g.fields.get(value), g.tokens.get(value)
    return (g.c.twin_key(value), g.where[value], repr(sorted(fields.items())) if fields else "",
            repr(sorted(tokens.items())) if tokens else "")

