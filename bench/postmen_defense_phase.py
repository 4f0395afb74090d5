"""The Defense Phase of *Soldiers in Postmen's Uniforms* by hand: every legal move and action listed, then carried out."""
# It does what content/postmen/defense.rules does for the standard game (no Tactics cards). A
# whole action is a tuple (action name, its arguments…), the engine's whole-action id split at
# ':'. Interchangeable pieces (same kind and attributes, same place, same tokens) are offered
# once, the first of them in the order the rules list them, as the engine does; so the listing
# is the very set the engine's `whole_action_ids()` gives. Mixed into postmen_by_hand.Game, whose
# state (where, stacks, tokens, exhausted, …) and helpers come from postmen_enemy_phase.Phase.
from __future__ import annotations

PASS, DONE = "pass", "done"
RECOVERIES = ("rally", "refresh")


class DefensePhase:
    """Who may do what in the Defense Phase, the listing of whole moves and actions, their effects."""

    def defense_phase(self) -> None:
        """Up to four moves, then up to four actions; the move and action tokens come off."""
        for _ in range(4):
            choice = self.ask(self.moves() + [PASS])
            if choice == PASS:
                break
            self.perform(choice)
        for _ in range(4):
            choice = self.ask(self.actions() + [PASS])
            if choice == PASS:
                break
            self.perform(choice)
        for d in self.t.defenders:
            self.remove(d, "move_token")
            self.remove(d, "action_token")

    def perform(self, choice: tuple) -> None:
        """Carry out a whole move or action."""
        getattr(self, "do_" + choice[0])(*choice[1:])

    # ---- who may do what
    def fresh(self, d) -> bool:
        """On the board, not exhausted, no token on it (a defender's tokens: disrupted, move, action)."""
        return self.where[d] in self.t.post_space and not self.exhausted[d] and not self.tokens.get(d)

    def movable(self) -> list:
        return [d for d in self.t.defenders if self.fresh(d)]

    def distinct(self, values: list) -> list:
        """The first of each set of interchangeable pieces (same kind and attributes, place and tokens)."""
        group, where, tokens = self.t.twin_group, self.where, self.tokens
        seen, kept = set(), []
        for v in values:
            kind = group.get(v)
            if kind is None:
                kept.append(v)
                continue
            own = tokens.get(v)
            key = (kind, where[v], tuple(sorted(own.items())) if own else ())
            if key not in seen:
                seen.add(key)
                kept.append(v)
        return kept

    def sees(self, a, b) -> bool:
        """Line of sight: shared colours; an interior and its floor's defender spaces see each other."""
        t = self.t
        if a in t.interior:
            return b in t.post_space and t.floor[b] == t.floor[a] and (b == a or b not in t.interior)
        if b in t.interior:
            return a in t.defender_space and t.floor[a] == t.floor[b]
        if a in t.post_space and b in t.post_space:
            return False
        return b in t.sight[a]

    def has_ranged(self, s) -> bool:
        ranged = self.t.ranged
        return any(x in ranged for x in self.stacks[s])

    def can_suppress_from(self, s) -> bool:
        t, stack = self.t, self.stacks[s]
        return any(x in t.suppressing for x in stack) and any(x in t.ammunition for x in stack)

    def is_top(self, e) -> bool:
        """An enemy inside, or the top assault counter (or support counter) of its space."""
        there = self.where[e]
        if there in self.t.interior:
            return True
        if e in self.t.assault:
            return e == self.occupants(there)[-1]
        return e == self.stacks[there][-1]

    def may_attack_from(self, here, e) -> bool:
        """From `here`: e in sight, and a Ranged weapon to shoot out of the upper floors or at a support counter
        (e on top of its stack is checked by the caller)."""
        t = self.t
        there = self.where[e]
        if not self.sees(here, there):
            return False
        if there in t.interior:
            return True
        if t.floor[here] == "upper" or e in t.support:
            return self.has_ranged(here)
        return True

    def inspire_bonus(self, d) -> int:
        """One more die when a fresh inspiring defender on the same floor shares a colour with d."""
        t, where = self.t, self.where
        here = where[d]
        if d in t.inspiring or here in t.interior:
            return 0
        for i in t.inspirers:
            there = where[i]
            if (i != d and self.fresh(i) and there in t.defender_space and t.floor[there] == t.floor[here]
                    and here in t.sight[there]):
                return 1
        return 0

    def defense_of(self, e) -> int:
        if e in self.t.assault:
            return 6 if self.car_at(self.where[e]) is not None else min(6, self.t.defense[e])
        return self.t.defense[e]

    # ---- the listing: every whole move, every whole action
    def moves(self) -> list:
        movable = self.movable()
        return self.defender_moves(movable) + self.token_moves(movable)

    def defender_moves(self, movable: list) -> list:
        """Each movable defender to each space of its floor with room (from an interior: the floors above and below too)."""
        t = self.t
        room = set(t.interiors)
        room.update(s for s in t.defender_spaces if len(self.defenders_at(s)) < t.capacity[s])
        out = []
        for d in movable:
            for s in t.reachable[self.where[d]]:
                if s in room:
                    out.append(("move_defender", d, s))
        return out

    def token_moves(self, movable: list) -> list:
        """Each loose token with a movable defender beside it, by each such defender, to each other space of its floor."""
        t, where = self.t, self.where
        movers = {}
        for d in movable:
            movers.setdefault(where[d], []).append(d)
        loose = [x for s in t.post_spaces for x in self.stacks[s] if x in t.equipment]
        out = []
        for x in self.distinct(loose):
            for d in movers.get(where[x], ()):
                for s in t.floor_mates[where[d]]:
                    out.append(("move_equipment", x, d, s))
        return out

    def actions(self) -> list:
        movable = self.movable()
        fighters = [d for d in movable if d not in self.t.noncombatant]
        return (self.attacks(fighters) + self.grenade_throws(fighters) + self.suppressions(fighters)
                + self.recoveries() + self.commands(movable))

    def enemies_in_play(self) -> list:
        enemy, stacks = self.t.enemy, self.stacks
        return [e for s in self.t.battlefield for e in stacks[s] if e in enemy]

    def attacks(self, fighters: list) -> list:
        """Each fighter against each enemy it may attack: the enemies on top, in sight from its space."""
        tops = [e for e in self.enemies_in_play() if self.is_top(e)]
        targets = {}                          # what may be attacked from each space, worked out once
        out = []
        for d in fighters:
            here = self.where[d]
            if here not in targets:
                targets[here] = self.distinct([e for e in tops if self.may_attack_from(here, e)])
            out.extend(("attack", d, e) for e in targets[here])
        return out

    def grenade_throws(self, fighters: list) -> list:
        """Each grenade token a fighter holds, when assault counters are inside on its floor."""
        t, stacks = self.t, self.stacks
        out = []
        for d in fighters:
            here = self.where[d]
            if not self.occupants(t.interior_of[t.floor[here]]):
                continue
            for w in self.distinct([w for w in stacks[here] if w in t.grenade]):
                out.append(("throw_grenades", d, w))
        return out

    def suppressions(self, fighters: list) -> list:
        """From a space with a Suppress weapon and ammunition, onto each empty approach space in sight."""
        t = self.t
        empty = [s for s in t.assault_spaces if not self.occupants(s)]
        out = []
        for d in fighters:
            here = self.where[d]
            if self.can_suppress_from(here):
                out.extend(("suppress", d, s) for s in empty if self.sees(here, s))
        return out

    def recoveries(self) -> list:
        """A disrupted defender may rally, an exhausted one refresh, if it has neither moved nor acted."""
        t, where, tokens, exhausted = self.t, self.where, self.tokens, self.exhausted
        out = []
        for d in t.defenders:
            own = tokens.get(d, {})
            disrupted = own.get("disrupted", 0) > 0
            if not (disrupted or exhausted[d]) or where[d] not in t.post_space:
                continue
            if own.get("move_token", 0) or own.get("action_token", 0):
                continue
            if disrupted:
                out.append(("recover", d, "rally"))
            if exhausted[d]:
                out.append(("recover", d, "refresh"))
        return out

    def commands(self, movable: list) -> list:
        t = self.t
        return [("command", d) for d in movable if d in t.commander and self.where[d] in t.defender_space
                and any(self.commandable(d, x) for x in t.defenders)]     # only with someone to recover

    # ---- the moves
    def do_move_defender(self, d, to) -> None:
        here = self.where[d]
        self.add(d, "move_token", 1)
        self.move(d, to)
        loose = [x for x in self.stacks[here] if x in self.t.equipment]
        if loose:
            for x in self.choose_up_to(self.t.carry[d], loose):
                self.move(x, to)

    def do_move_equipment(self, x, d, to) -> None:
        self.add(d, "move_token", 1)
        self.move(x, to)

    # ---- the actions
    def spend_action(self, d, exhausts: bool) -> None:
        self.add(d, "action_token", 1)
        if exhausts:
            self.exhausted[d] = True

    def eliminate(self, e) -> None:
        self.remove(e, "disrupted")
        self.move(e, "supply")

    def do_attack(self, d, e) -> None:
        self.spend_action(d, True)
        if max(self.roll(self.t.combat[d] + self.inspire_bonus(d), 1, 6)) >= self.defense_of(e):
            self.eliminate(e)

    def do_throw_grenades(self, d, w) -> None:
        """Dice against every counter inside on d's floor (two more from the interior); a miss from there may hurt d."""
        t = self.t
        self.spend_action(d, True)
        here = self.where[d]
        dice = t.combat[d] + self.inspire_bonus(d) + (2 if here in t.interior else 0)
        missed = False
        for e in self.occupants(t.interior_of[t.floor[here]]):
            if max(self.roll(dice, 1, 6)) >= self.defense_of(e):
                self.eliminate(e)
            else:
                missed = True
        self.move(w, "removed")
        if missed and self.where[d] in t.interior and self.roll(1, 1, 6)[0] == 1:
            self.casualty(d)

    def do_suppress(self, d, s) -> None:
        t = self.t
        self.spend_action(d, True)
        self.add(s, "suppression", t.combat[d] + 2 + t.suppression_bonus[d] + self.inspire_bonus(d))
        here = self.where[d]
        self.move(next(x for x in self.stacks[here] if x in t.ammunition), "removed")

    def do_recover(self, d, r) -> None:
        self.spend_action(d, False)
        self.recover_one(d, r)

    def recover_one(self, d, r) -> None:
        if r == "rally":
            self.remove(d, "disrupted")
        else:
            self.exhausted[d] = False

    def commandable(self, c, d) -> bool:
        """A disrupted or exhausted defender (no commander) in a defender space of c's floor sharing a colour with c."""
        t, where = self.t, self.where
        there = where[d]
        return (there in t.defender_space and d not in t.commander
                and t.floor[there] == t.floor[where[c]] and where[c] in t.sight[there]
                and (self.count(d, "disrupted") > 0 or self.exhausted[d]))

    def do_command(self, c) -> None:
        """Up to three free recoveries for the defenders c commands."""
        self.spend_action(c, True)
        for _ in range(3):
            d = self.ask([x for x in self.t.defenders if self.commandable(c, x)] + [PASS])
            if d == PASS:
                break
            if self.count(d, "disrupted") > 0 and self.exhausted[d]:
                self.recover_one(d, self.ask(list(RECOVERIES)))
            elif self.exhausted[d]:
                self.recover_one(d, "refresh")
            else:
                self.recover_one(d, "rally")
