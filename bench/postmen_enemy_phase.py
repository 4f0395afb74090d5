"""A plain, hand-written Python version of one Enemy Phase of *Soldiers in Postmen's Uniforms*.

It does, statement by statement, what content/postmen/flow.rules (`shuffle` of the three Attack
decks, `begin_attack`) and content/postmen/enemy.rules (`enemy_phase` and every procedure it
uses) do for the standard game (no Tactics cards), drawing from the same SplitMix64 stream the
engine uses, so that a seed gives exactly the engine's outcome. It is the yardstick of
bench/interpretive_overhead.py.

Static data (space and counter attributes, deck contents, start spaces) is read once from the
compiled rules by `Tables` — outside any timed region — and turned into plain dicts, lists and
sets, including lookups a programmer would write by hand (which space a placement die result
picks, which grenade bundle belongs to a barrier). The game itself (`play`) is plain Python over
plain dicts and lists; the only import is the random generator.
"""
from __future__ import annotations

from interpreter.runtime.dice import below, seed_state

FLOORS = ("upper", "ground", "basement")
OUTCOMES = (("Epic Victory", 41), ("Major Victory", 26), ("Minor Victory", 16), ("Draw", 1))
INITIAL_VARS = {"morale": 9, "period": 0, "turn": 0, "turns_played": 0, "current": "attack_1",
                "discards": "discard_1", "fire_truck_drawn": False}
TOKEN_SUPPLY = {"barrier": 4, "move_token": 4, "action_token": 4}
MORALE_LOW, MORALE_HIGH = 0, 9
CARD_KINDS = ("assault_card", "leader_card", "support_card", "howitzer_card", "grenade_card", "fire_truck_card")


def spend_all(available: int) -> int:
    """The suppression-token policy: spend every token on the space."""
    return available


class GameOver(Exception):
    """Morale fell to zero: the game ends on the spot."""


class Tables:
    """The board, counters and cards as plain Python data (built once, from the compiled rules)."""

    def __init__(self, c):
        attrs = c.attrs
        members = lambda kind: list(c.members(kind))      # declaration order, like objects(kind)
        self.pieces = list(c.pieces)
        self.spaces = list(c.spaces)
        self.start = dict(c.start)
        self.objects = list(c.objects)
        self.by_kind = {k: members(k) for k in ("rifleman", "smg", "ss_rifleman", "ss_smg")}
        self.assault_list = members("assault")
        self.assault = frozenset(self.assault_list)
        self.defenders = members("defender")
        self.defender = frozenset(self.defenders)
        self.cars = frozenset(members("armored_car"))
        self.post_space = frozenset(members("post_space"))
        self.interior = frozenset(members("interior"))
        self.defender_spaces = members("defender_space")
        self.defender_space = frozenset(self.defender_spaces)
        assault_spaces = members("assault_space")
        self.next = {s: attrs[s]["next"] for s in assault_spaces}
        self.barrier = {s: attrs[s]["barrier"] for s in assault_spaces}
        self.route = {s: attrs[s]["route"] for s in assault_spaces}
        self.placement = {r: next(s for s in assault_spaces if r in attrs[s]["placement"]) for r in range(1, 13)}
        self.barrier_space = {b: next(s for s in assault_spaces if attrs[s]["barrier"] == b)
                              for b in members("barrier_site")}
        self.bundle_of = {b: next((g for g in members("grenade_card") if attrs[g]["site"] == b), None)
                          for b in members("barrier_site")}
        self.barrier_sites = members("barrier_site")
        self.floor = {s: attrs[s]["floor"] for s in members("post_space")}
        self.colours = {s: attrs[s]["colours"] for s in members("outside") + self.defender_spaces}
        self.numbers = {s: attrs[s]["numbers"] for s in self.defender_spaces}
        self.entrance = {s: attrs[s]["entrance"] for s in self.defender_spaces}
        self.interiors = members("interior")
        self.interior_of = {f: next(i for i in self.interiors if attrs[i]["floor"] == f) for f in FLOORS}
        self.track = {i: attrs[i]["track"] for i in self.interiors}
        self.defense = {p: attrs[p]["defense"] for p in members("enemy")}
        self.combat = {p: attrs[p]["combat"] for p in members("support")}
        self.gun = {p: attrs[p]["gun"] for p in members("support")}
        self.morale = {d: attrs[d]["morale"] for d in self.defenders}
        self.score = {d: attrs[d]["score"] for d in self.defenders}
        self.card = {}
        for p in members("enemy_card"):
            kind = next(k for k in CARD_KINDS if k in c.chain[p])
            a = attrs[p]
            if kind == "assault_card":
                self.card[p] = (kind, a["unit"], a["high"])
            elif kind == "leader_card":
                self.card[p] = (kind, a["leader"], a["at"])
            elif kind == "support_card":
                self.card[p] = (kind, a["counter"], a["emplaced_counter"], a["at"])
            elif kind == "grenade_card":
                self.card[p] = (kind, a["site"])
            else:
                self.card[p] = (kind,)
        self.token_names = list(c.token_labels)
        self.var_fields = {o: dict(d) for o, d in c.var_defaults.items() if d}
        self.var_names = list(c.vars)


class Phase:
    """One game from its start to the end of the first Enemy Phase of Attack `attack`."""

    def __init__(self, t: Tables, seed: int, policy=spend_all, trace=None):
        self.t = t
        self.policy = policy
        self.trace = trace                 # a list to record every roll in, or None
        self.rng = seed_state(seed)
        self.where = dict(t.start)
        stacks = {s: [] for s in t.spaces}
        for p in t.pieces:
            stacks[t.start[p]].append(p)
        self.stacks = stacks
        self.tokens = {}                   # object -> {token: count}
        self.supply = dict(TOKEN_SUPPLY)
        self.vars = dict(INITIAL_VARS)
        self.step = {i: 1 for i in t.interiors}
        self.called = {b: False for b in t.barrier_sites}
        self.exhausted = {d: False for d in t.defenders}
        self.over = False
        self.outcome = None

    # ---- the play block of a benchmark scenario
    def play(self, attack: int, suppression=(), phase: bool = True) -> "Phase":
        """Shuffle the three Attack decks, set up Attack `attack`, put the suppression tokens
        down, then (if `phase`) play one Enemy Phase; the game ends there."""
        try:
            for deck in ("attack_1", "attack_2", "attack_3"):
                self.shuffle(self.stacks[deck])
            self.begin_attack(attack)
            for space, n in suppression:
                self.add(space, "suppression", n)
            if phase:
                self.enemy_phase()
        except GameOver:
            self.finish("Loss")
        else:
            self.finish(None)
        return self

    def setup(self, attack: int, suppression=()) -> "Phase":
        return self.play(attack, suppression, phase=False)

    def finish(self, outcome):
        t, where = self.t, self.where
        score = sum(2 * t.score[d] if where[d] == "escaped" else t.score[d]
                    for d in t.defenders if where[d] in t.post_space or where[d] == "escaped")
        score -= sum(1 for c in t.assault_list if where[c] in t.interior)
        if outcome is None:
            outcome = next((name for name, least in OUTCOMES if score >= least), "Loss")
        self.over, self.outcome, self.score = True, outcome, score

    # ---- randomness
    def roll(self, n: int, low: int, high: int) -> list:
        values = []
        rng = self.rng
        for _ in range(n):
            rng, v = below(rng, high - low + 1)
            values.append(v + low)
        self.rng = rng
        if self.trace is not None:
            self.trace.append(values)
        return values

    def shuffle(self, items: list) -> None:
        rng = self.rng
        for i in range(len(items) - 1, 0, -1):
            rng, j = below(rng, i + 1)
            items[i], items[j] = items[j], items[i]
        self.rng = rng

    def insert_randomly(self, piece, deck) -> None:
        self.move(piece, deck)
        stack = self.stacks[deck]
        stack.pop()
        self.rng, i = below(self.rng, len(stack) + 1)
        stack.insert(i, piece)

    # ---- pieces and tokens
    def move(self, piece, dest, bottom: bool = False) -> None:
        self.stacks[self.where[piece]].remove(piece)
        if bottom:
            self.stacks[dest].insert(0, piece)
        else:
            self.stacks[dest].append(piece)
        self.where[piece] = dest

    def take(self, kind):
        where, start = self.where, self.t.start
        for p in self.t.by_kind[kind]:
            if where[p] == start[p]:
                return p
        return None

    def count(self, obj, token) -> int:
        own = self.tokens.get(obj)
        return own.get(token, 0) if own else 0

    def add(self, obj, token, n: int) -> None:
        if n <= 0:
            return
        if token in self.supply:
            n = min(n, self.supply[token])
            self.supply[token] -= n
            if n == 0:
                return
        own = self.tokens.setdefault(obj, {})
        own[token] = own.get(token, 0) + n

    def remove(self, obj, token, n=None) -> None:
        own = self.tokens.get(obj)
        if not own:
            return
        n = own.get(token, 0) if n is None else min(n, own.get(token, 0))
        if n <= 0:
            return
        own[token] -= n
        if not own[token]:
            del own[token]
            if not own:
                del self.tokens[obj]
        if token in self.supply:
            self.supply[token] += n

    def set_morale(self, value: int) -> None:
        value = max(MORALE_LOW, min(MORALE_HIGH, value))
        if value != self.vars["morale"]:
            self.vars["morale"] = value
            if value == 0:
                raise GameOver

    # ---- where things are
    def occupants(self, s) -> list:
        assault = self.t.assault
        return [c for c in self.stacks[s] if c in assault]

    def car_at(self, s):
        cars = self.t.cars
        for p in self.stacks[s]:
            if p in cars:
                return p
        return None

    def barrier_closed(self, s) -> bool:
        site = self.t.barrier[s]
        return site is not None and self.count(site, "barrier") == 0

    def floor_defense(self, f) -> int:
        inside = self.t.interior_of[f]
        return self.t.track[inside][self.step[inside] - 1]

    def defenders_at(self, s) -> list:
        defender = self.t.defender
        return [d for d in self.stacks[s] if d in defender]

    # ---- set-up of an Attack (flow.rules: begin_attack), standard game
    def begin_attack(self, n: int) -> None:
        v = self.vars
        v["period"] = n
        v["current"] = ("attack_1", "attack_2", "attack_3")[n - 1]
        v["discards"] = ("discard_1", "discard_2", "discard_3")[n - 1]
        fresh_troops = "ss_rifleman" if n == 3 else "rifleman"
        if n == 1:
            spaces = ("p12", "p34", "p56")
        else:
            self.move("car_ostmark", "p7")
            self.move("car_sudetenland", "p910")
            spaces = ("p7", "p8", "p910", "p1112") if n == 2 else ("p12", "p34", "p56", "p7", "p8", "p910", "p1112")
        for s in spaces:
            self.move(self.take(fresh_troops), s)
        if n == 3:
            if self.count("barrier_4", "barrier") == 0:
                self.add("barrier_4", "barrier", 1)
            morale = v["morale"]
            if morale >= 7:
                self.move("fire_truck", "attack_3", bottom=True)
            elif morale >= 4:
                self.shuffle_in_bottom("fire_truck", "attack_3", 7)
            else:
                self.shuffle_in_bottom("fire_truck", "attack_3", 12)

    def shuffle_in_bottom(self, piece, deck, among: int) -> None:
        self.move(piece, deck, bottom=True)
        stack = self.stacks[deck]
        part = stack[:1 + among]
        self.shuffle(part)
        stack[:len(part)] = part

    # ---- the Enemy Phase
    def enemy_phase(self) -> None:
        v, stacks = self.vars, self.stacks
        current = stacks[v["current"]]
        for _ in range(5):
            if not current:
                break
            card = current[-1]
            self.move(card, "in_play")
            self.resolve(card)
            current = stacks[v["current"]]
        for card in list(stacks["in_play"]):
            self.move(card, v["discards"])

    def resolve(self, card) -> None:
        info = self.t.card[card]
        kind = info[0]
        if kind == "assault_card":
            r = self.roll(1, 7, 12)[0] if info[2] else self.roll(1, 1, 6)[0]
            c = self.take(info[1])
            if c is not None:
                self.enter(c, self.t.placement[r], None)
        elif kind == "leader_card":
            leader, at = info[1], info[2]
            if self.where[leader] == "supply":
                self.enter(leader, at, None)
            self.move(card, "removed")
        elif kind == "support_card":
            counter, emplaced, at = info[1], info[2], info[3]
            if not self.stacks[at]:
                self.move(counter, at)
            elif self.where[emplaced] != at:
                self.move(emplaced, at)
            self.activate(self.stacks[at][-1])
        elif kind == "howitzer_card":
            for f in FLOORS:
                self.bombard(f, 4)
            self.move(card, "removed")
        elif kind == "grenade_card":
            self.open_barrier(info[1])
            self.move(card, "removed")
        else:
            self.vars["fire_truck_drawn"] = True

    # Counter c arrives in t (with armored car `car`): push whoever is there on, unless a closed
    # barrier holds them; suppression check; a closed barrier calls up its grenade bundle.
    def enter(self, c, t, car) -> None:
        if not self.barrier_closed(t):
            for o in self.occupants(t):
                self.advance(o)
        if car is not None:
            self.move(car, t)
            if self.count(t, "suppression") > 0:
                self.remove(t, "suppression")
        available = self.count(t, "suppression")
        if available > 0:
            spend = self.policy(available)
            if spend > 0:
                defense = 6 if self.car_at(t) is not None else min(6, self.t.defense[c])
                hit = max(self.roll(spend, 1, 6)) >= defense
            else:
                hit = False
            self.remove(t, "suppression", spend)
            if hit:
                self.move(c, "supply")
                return
            self.remove(t, "suppression")
        self.move(c, t)
        if self.barrier_closed(t):
            self.reach_barrier(t)

    def advance(self, o) -> None:
        t = self.t
        s = self.where[o]
        nxt = t.next[s]
        if nxt is None:
            self.breach(o, t.route[s])
            return
        car = self.car_at(s)
        if car is not None and (t.barrier[s] is not None or self.car_at(nxt) is not None):
            car = None
        self.enter(o, nxt, car)

    def reach_barrier(self, s) -> None:
        site = self.t.barrier[s]
        if not self.called[site]:
            self.called[site] = True
            bundle = self.t.bundle_of[site]
            if bundle is not None:
                self.insert_randomly(bundle, self.vars["current"])

    def open_barrier(self, site) -> None:
        self.add(site, "barrier", 1)
        s = self.t.barrier_space[site]
        while True:
            held = self.occupants(s)
            if len(held) <= 1:
                break
            self.advance(held[-1])

    def breach(self, c, gate) -> None:
        t = self.t
        if gate != "side":
            where = self.where
            doomed = [d for d in t.defenders
                      if where[d] in t.defender_space and t.entrance[where[d]] == gate]
            for d in doomed:
                self.casualty(d)
        self.remove(c, "disrupted")
        self.move(c, t.interior_of["basement" if gate == "cellar" else "ground"])

    # ---- support counters and the howitzer
    def activate(self, s) -> None:
        if self.t.gun[s]:
            self.bombard("upper", self.t.combat[s])
        else:
            self.machine_gun(s, self.t.combat[s])

    def bombard(self, f, dice: int) -> None:
        inside = self.t.interior_of[f]
        if max(self.roll(dice, 1, 6)) >= self.floor_defense(f):
            if self.step[inside] < len(self.t.track[inside]):
                self.step[inside] += 1
            else:
                self.disrupt_floor(f)

    def disrupt_floor(self, f) -> None:
        t, where = self.t, self.where
        for d in [d for d in t.defenders if where[d] in t.post_space and t.floor[where[d]] == f]:
            self.disrupt(d)
        for c in [c for c in t.assault_list if where[c] in t.interior and t.floor[where[c]] == f]:
            if self.count(c, "disrupted") == 0:
                self.add(c, "disrupted", 1)

    def machine_gun(self, m, dice: int) -> None:
        t = self.t
        mine = t.colours[self.where[m]]
        seen = [s for s in t.defender_spaces if any(col in mine for col in t.colours[s])]
        floors = [f for f in FLOORS if any(t.floor[s] == f and self.defenders_at(s) for s in seen)]
        if not floors:
            return
        targets = [s for s in seen if t.floor[s] == floors[0] and self.defenders_at(s)]
        hit_space = self.space_for_roll(targets, self.roll(1, 1, 6)[0])
        if max(self.roll(dice, 1, 6)) >= self.floor_defense(floors[0]):
            for d in self.defenders_at(hit_space):
                self.disrupt(d)

    def space_for_roll(self, spaces: list, r: int):
        numbers = self.t.numbers
        for s in spaces:
            if r in numbers[s]:
                return s
        higher = [s for s in spaces if min(numbers[s]) > r]
        if higher:
            return min(higher, key=lambda s: min(numbers[s]))      # first of the lowest
        lower = [s for s in spaces if max(numbers[s]) < r]
        return max(lower, key=lambda s: max(numbers[s])) if lower else None   # first of the highest

    # ---- defenders hit
    def disrupt(self, d) -> None:
        if self.count(d, "disrupted") > 0:
            self.casualty(d)
        else:
            self.add(d, "disrupted", 1)

    def casualty(self, d) -> None:
        self.remove(d, "disrupted")
        self.remove(d, "move_token")
        self.remove(d, "action_token")
        self.exhausted[d] = False
        self.move(d, "casualties")
        self.set_morale(self.vars["morale"] - self.t.morale[d])

    # ---- the position, in the shape bench/interpretive_overhead.py compares
    def snapshot(self) -> dict:
        t = self.t
        fields = {}
        for o, defaults in t.var_fields.items():
            for name in defaults:
                value = {"step": self.step, "called": self.called, "exhausted": self.exhausted}[name][o]
                fields[f"{o}.{name}"] = value
        return {
            "stacks": {s: list(self.stacks[s]) for s in t.spaces},
            "where": dict(self.where),
            "tokens": {o: dict(sorted(n.items())) for o, n in self.tokens.items() if n},
            "supply": dict(self.supply),
            "vars": dict(self.vars),
            "fields": fields,
            "result": (self.over, self.outcome, self.score),
        }


def play(tables: Tables, seed: int, attack: int, suppression=(), policy=spend_all, trace=None) -> Phase:
    """Set up Attack `attack` from `seed` and play its first Enemy Phase; returns the final state."""
    return Phase(tables, seed, policy, trace).play(attack, suppression)
