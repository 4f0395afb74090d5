"""A whole game of *Soldiers in Postmen's Uniforms* written by hand, every decision's options listed by hand."""
# It does what content/postmen/flow.rules, defense.rules and clearing.rules do for the standard
# game (no Tactics cards), on top of the set-up and Enemy Phase of postmen_enemy_phase.Phase,
# drawing dice from the engine's generator in the same order. The player's choices come from a
# recorded trail (the engine's option ids, translated by `hand_choice`): at each decision the
# game lists its options itself and the recorded choice must be one of them (else Mismatch). As
# in the engine, a decision with one option is taken without asking and one with none is skipped.
# It is the yardstick of bench/whole_game_overhead.py.
from __future__ import annotations

from postmen_defense_phase import DONE, PASS, DefensePhase
from postmen_enemy_phase import GameOver, Phase, Tables

COLOURS = ("red", "orange", "gray", "white", "blue", "dark_blue")
FLOOR_RANK = {"ground": 1, "upper": 2, "basement": 3}      # the Clearing Phase's order of floors
SKIPPED = object()                                          # a decision with no option


class Mismatch(Exception):
    """The recorded choice is not among the options listed by hand (or the trail ran out)."""


class GameEnded(Exception):
    """The fire truck has come: the game ends when its turn is over."""


def hand_choice(option_id: str):
    """The engine's option id in this module's terms: whole actions as tuples, numbers as ints."""
    if ":" in option_id:
        return tuple(option_id.split(":"))
    return int(option_id) if option_id.isdigit() else option_id


class WholeTables(Tables):
    """Tables, plus what the Defense, Clearing and Escape Phases read (static, built once)."""

    def __init__(self, c):
        super().__init__(c)
        attrs = c.attrs
        members = lambda kind: list(c.members(kind))
        self.post_spaces = members("post_space")
        self.assault_spaces = members("assault_space")
        self.assault_space = frozenset(self.assault_spaces)
        self.support_spaces = members("support_space")
        self.battlefield = members("outside") + self.interiors    # where enemies_in_play looks, in order
        self.capacity = {s: attrs[s]["capacity"] for s in self.defender_spaces}
        self.escape = {s: attrs[s]["escape"] for s in self.defender_spaces}
        self.table = {i: attrs[i]["table"] for i in self.interiors}
        self.enemy = frozenset(members("enemy"))
        self.support = frozenset(members("support"))
        self.equipment = frozenset(members("equipment"))
        self.ammunition = frozenset(members("ammunition"))
        weapons = members("weapon")
        self.ranged = frozenset(w for w in weapons if attrs[w]["ranged"])
        self.grenade = frozenset(w for w in weapons if attrs[w]["grenade"])
        self.suppressing = frozenset(w for w in weapons if attrs[w]["suppress"])
        self.defender_tables(attrs)
        self.combat.update({p: attrs[p]["combat"] for p in self.defenders + self.assault_list})
        self.clearing_order = {c: attrs[c]["clearing_order"] for c in self.assault_list}
        self.leaders = [c for c in self.assault_list if attrs[c]["leader"]]
        self.sight_tables(attrs)
        self.twin_group = {p: c.twin_key(p) for p in self.pieces if p not in c.twinless}

    def defender_tables(self, attrs) -> None:
        ds = self.defenders
        self.priority = {d: attrs[d]["priority"] for d in ds}
        self.carry = {d: 4 if attrs[d]["logistics"] else 2 for d in ds}
        self.suppression_bonus = {d: attrs[d]["suppression"] for d in ds}
        self.commander = frozenset(d for d in ds if attrs[d]["command"])
        self.inspiring = frozenset(d for d in ds if attrs[d]["inspire"])
        self.inspirers = [d for d in ds if attrs[d]["inspire"]]
        self.noncombatant = frozenset(d for d in ds if attrs[d]["noncombatant"])

    def sight_tables(self, attrs) -> None:
        """Shared colours between spaces, where a defender may move, which supports watch each escape route."""
        coloured = list(self.colours)
        self.sight = {a: frozenset(b for b in coloured if set(self.colours[a]) & set(self.colours[b])) for a in coloured}
        self.floor_mates = {s: [x for x in self.post_spaces if self.floor[x] == self.floor[s] and x != s]
                            for s in self.post_spaces}
        near = {i: (attrs[i]["above"], attrs[i]["below"]) for i in self.interiors}
        self.reachable = {s: [x for x in self.post_spaces if x != s and (self.floor[x] == self.floor[s] or x in near.get(s, ()))]
                          for s in self.post_spaces}
        routes = {attrs[s]["route"] for s in self.assault_spaces}
        self.route_spaces = {g: [s for s in self.assault_spaces if self.route[s] == g] for g in routes}
        self.watchers = {g: [p for p in self.support_spaces if any(s in self.sight[p] for s in self.route_spaces[g])]
                         for g in routes}


class Game(DefensePhase, Phase):
    """A whole game from its seed, the player's choices read from `choices` (each checked against the listing)."""

    def __init__(self, t: WholeTables, seed: int, choices: list, listed: list | None = None, trace=None):
        super().__init__(t, seed, self.spend_choice, trace)
        self.choices = choices
        self.at = 0                        # the next recorded choice
        self.listed = listed               # a list to record every decision's options in, or None

    # ---- decisions
    def ask(self, options: list):
        """The answer to a decision: none → SKIPPED, one → taken at once, else the next recorded choice."""
        if len(options) < 2:
            return options[0] if options else SKIPPED
        if self.at >= len(self.choices):
            raise Mismatch(f"decision #{self.at + 1}: the recorded choices ran out; options: {options[:12]}")
        choice = self.choices[self.at]
        if choice not in options:
            raise Mismatch(f"decision #{self.at + 1}: {choice!r} is not among the {len(options)} options "
                           f"listed by hand: {options[:12]}")
        self.at += 1
        if self.listed is not None:
            self.listed.append(list(options))
        return choice

    def spend_choice(self, available: int) -> int:
        """How many suppression tokens to spend (0 to all of them)."""
        return self.ask(list(range(available + 1)))

    def choose_up_to(self, most: int, items: list) -> list:
        """Up to `most` of `items`, one decision per pick, until `done`."""
        if most <= 0 or not items:
            return []
        chosen, remaining = [], items + [DONE]
        while True:
            pick = self.ask(remaining)
            if pick == DONE:
                return chosen
            chosen.append(pick)
            remaining.remove(pick)
            if len(chosen) >= most or len(remaining) < 2:
                return chosen

    # ---- the flow (flow.rules: play, play_attack, clean_up)
    def play_game(self, first: int = 1) -> "Game":
        """Shuffle the decks and play Attacks `first` to 3; the game ends after them, at the fire truck or at no morale."""
        try:
            for deck in ("attack_1", "attack_2", "attack_3"):
                self.shuffle(self.stacks[deck])
            for n in range(first, 4):
                self.begin_attack(n)
                self.play_attack()
                if n < 3:
                    self.clean_up()
        except GameOver:
            self.finish("Loss")
        except GameEnded:
            self.finish(None)
        else:
            self.finish(None)
        return self

    def play_attack(self) -> None:
        """Turns numbered from 1 until the deck runs out with no counter inside or no leader on the
        board; once the Attack has gone on, until the end of a turn with either."""
        v, stacks = self.vars, self.stacks
        v["turn"] = 0
        going_on = False
        while True:
            v["turn"] += 1
            v["turns_played"] += 1
            self.enemy_phase()
            self.defense_phase()
            if self.counters_inside():
                self.clearing_phase()
            if v["period"] == 3:
                self.escape_phase()
            if v["fire_truck_drawn"]:
                raise GameEnded
            if going_on or not stacks[v["current"]]:
                if not self.counters_inside() or not self.leader_on_board():
                    return
                if not stacks[v["current"]]:
                    for card in list(stacks[v["discards"]]):
                        self.move(card, v["current"])
                    self.shuffle(stacks[v["current"]])
                    going_on = True

    def clean_up(self) -> None:
        """Between Attacks: defenders recover, suppression goes, every assault counter returns to
        the supply, a grenade bundle left in the Attack's deck goes back beside the board."""
        t = self.t
        for d in t.defenders:
            self.remove(d, "disrupted")
            self.exhausted[d] = False
        for s in t.assault_spaces:
            self.remove(s, "suppression")
        for c in t.assault_list:
            self.remove(c, "disrupted")
            if self.where[c] != "supply":
                self.move(c, "supply")
        for site, bundle in t.bundle_of.items():
            if bundle is not None and self.where[bundle] == self.vars["current"]:
                self.move(bundle, "set_aside")
                self.called[site] = False

    def counters_inside(self) -> list:
        return [c for i in self.t.interiors for c in self.occupants(i)]

    def leader_on_board(self) -> bool:
        t, where = self.t, self.where
        return any(where[c] in t.assault_space or where[c] in t.interior for c in t.leaders)

    # ---- the Clearing Phase (clearing.rules)
    def clearing_phase(self) -> None:
        """Counters inside, ground floor first, each by its clearing order, remove defenders."""
        t, where = self.t, self.where
        order = sorted(self.counters_inside(),
                       key=lambda c: FLOOR_RANK[t.floor[where[c]]] * 10 + t.clearing_order[c])
        for c in order:
            if self.count(c, "disrupted") == 0:
                self.clear_with(c)
        for c in self.counters_inside():
            self.remove(c, "disrupted")

    def defenders_on(self, f) -> list:
        t, where = self.t, self.where
        return [d for d in t.defenders if where[d] in t.post_space and t.floor[where[d]] == f]

    def occupied_spaces(self, f) -> list:
        t = self.t
        return [s for s in t.defender_spaces if t.floor[s] == f and self.defenders_at(s)]

    def clear_with(self, c) -> None:
        """Counter c removes defenders from its floor's interior, else from a space the dice pick."""
        t = self.t
        f = t.floor[self.where[c]]
        if not self.defenders_on(f):
            if f != "basement":
                self.move(c, "upper_inside" if f == "ground" else "basement_inside")
            return
        target = t.interior_of[f]
        if not self.defenders_at(target):
            target = self.target_space(f)
        for _ in range(t.combat[c]):
            self.remove_by_priority(target)

    def target_space(self, f):
        """The occupied space the Target table picks: by colour, then by number."""
        t = self.t
        spaces = self.occupied_spaces(f)
        if len(spaces) == 1:
            return spaces[0]
        colours = [col for col in COLOURS if any(col in t.colours[s] for s in spaces)]
        colour = colours[0]
        if len(colours) > 1:
            colour = self.target_colour(f, self.roll(1, 1, 6)[0], colours)
        hits = [s for s in spaces if colour in t.colours[s]]
        if len(hits) > 1:
            return self.space_for_roll(hits, self.roll(1, 1, 6)[0])
        return hits[0]

    def target_colour(self, f, r: int, occupied: list):
        """The colour of row r of the floor's Target table, else the next higher occupied row, else the next lower."""
        table = self.t.table[self.t.interior_of[f]]
        for i in list(range(r, 7)) + list(range(r - 1, 0, -1)):
            if table[i - 1] in occupied:
                return table[i - 1]
        return None

    def remove_by_priority(self, s) -> None:
        """The defender first on the removal list becomes a casualty (the player breaks ties)."""
        here = self.defenders_at(s)
        if not here:
            return
        priority = self.t.priority
        best = min(priority[d] for d in here)
        self.casualty(self.ask([d for d in here if priority[d] == best]))

    # ---- the Escape Phase (Attack 3)
    def escape_phase(self) -> None:
        while True:
            d = self.ask([d for d in self.t.defenders if self.can_escape(d)] + [PASS])
            if d == PASS:
                return
            self.remove(d, "move_token")
            self.remove(d, "action_token")
            self.move(d, "escaped")

    def can_escape(self, d) -> bool:
        """Fresh enough, at an entrance other than the front, its track clear and unwatched."""
        t = self.t
        here = self.where[d]
        if here not in t.defender_space:
            return False
        gate = t.escape[here]
        return (gate is not None and gate != "front" and not self.exhausted[d]
                and self.count(d, "disrupted") == 0 and self.route_clear(gate))

    def route_clear(self, gate) -> bool:
        t, stacks = self.t, self.stacks
        return (all(not self.occupants(s) for s in t.route_spaces[gate])
                and all(not stacks[p] for p in t.watchers[gate]))


def play_game(t: WholeTables, seed: int, choices: list, first: int = 1, listed: list | None = None, trace=None) -> Game:
    """Play a game from `seed` (from Attack `first` on) with the recorded `choices`, in this module's terms."""
    return Game(t, seed, choices, listed, trace).play_game(first)


__all__ = ["Game", "GameEnded", "Mismatch", "WholeTables", "hand_choice", "play_game"]
