"""Lasting effects in force: started and stopped by the rules, ended by the engine when their `until` comes."""
from __future__ import annotations

from .errors import RuleFault


class Effects:
    """The engine's lasting effects (a part of Engine; its field `effects` lives in State).

    An effect is in force at most once per arguments. One started `until VAR changes` ends when
    the variable next changes, one started `until phase ends` (or `until PHASE ends`) when that
    phase ends, whether the phase runs frame by frame or at once; any other lasts until stopped.
    The phases running are the phase frames, then the phases running at once inside them
    (`straight_phases`, which is empty whenever the game waits, so it is never part of the state)."""

    straight_phases: list

    # ---- what the rules ask
    def effect_on(self, name) -> bool:
        """Whether some instance of the effect is in force."""
        for e in self.effects:
            if e["name"] == name:
                return True
        return False

    def effect_on_with(self, name: str, args: list) -> bool:
        for e in self.effects:
            if e["name"] == name and e["args"] == args:
                return True
        return False

    # ---- starting and stopping
    def start_effect(self, name, args: list, var=None, phase=None, this_phase: bool = False) -> None:
        entry = {"name": self.known_effect(name, args), "args": args}
        if var is not None:
            entry["var"] = var
        elif phase is not None or this_phase:
            entry["phase"] = self.phase_depth(phase)
        self.kept_memo = None              # values worked out before may change
        for i, e in enumerate(self.effects):
            if e["name"] == name and e["args"] == args:
                self.effects[i] = entry    # in force already: it only takes the new `until`
                return
        self.effects.append(entry)
        if name not in self.c.quiet_effects:
            self.log_event("effect", effect=name, args=args, ends=False)

    def stop_effect(self, name, args) -> None:
        """End an effect (every instance of it when `args` is None); one not in force is left alone."""
        self.known_effect(name, args if args is not None else [])
        self.end_effects(lambda e: e["name"] == name and (args is None or e["args"] == args))

    def known_effect(self, name, args: list):
        arity = self.c.effect_arity.get(name) if isinstance(name, str) else None
        if arity is None:
            raise RuleFault(f"{self.display(name)} is not an effect")
        if args and len(args) != arity:
            raise RuleFault(f"the effect '{name}' takes {arity} argument(s), not {len(args)}")
        return name

    def end_effects(self, ending) -> None:
        gone = [e for e in self.effects if ending(e)]
        if not gone:
            return
        self.kept_memo = None
        self.effects = [e for e in self.effects if not ending(e)]
        for e in gone:
            if e["name"] not in self.c.quiet_effects:
                self.log_event("effect", effect=e["name"], args=e["args"], ends=True)

    # ---- ending by the engine
    def var_changed(self, name: str) -> None:
        """`until NAME changes` has come."""
        self.end_effects(lambda e: e.get("var") == name)

    def phase_ending(self, depth: int) -> None:
        """The phase running at `depth` ends: so do the effects lasting until it (or a phase inside it) ends."""
        if any("phase" in e for e in self.effects):
            self.end_effects(lambda e: e.get("phase", 0) >= depth)

    def running_phases(self) -> list[str]:
        """The names of the phases running, outermost first."""
        names = self.c.phase_of_block
        return [names[f["block"]] for f in self.frames if f["kind"] == "phase"] + self.straight_phases

    def phase_depth(self, phase) -> int:
        running = self.running_phases()
        if phase is None:
            if not running:
                raise RuleFault("no phase is running, so nothing can last until the phase ends")
            return len(running)
        for depth in range(len(running), 0, -1):
            if running[depth - 1] == phase:
                return depth
        raise RuleFault(f"the phase '{phase}' is not running, so nothing can last until it ends")
