"""The frame stack of a running game: blocks pushed, called, run at once where they can, and unwound."""
from __future__ import annotations

from .state import CALLS, LOOPS, Frame
from .support import CALL_HEAD, MAX_FRAMES, RESUME_DEPTH, too_many_frames


class Frames:
    """The engine's frames (its fields `frames`, `envs`, `next_env` live in State)."""

    def push(self, block: int, env_id: str, kind: str = "block", **details) -> None:
        if kind == "block":
            now = self.c.straight[block]
            if now is not None:
                now(self, self.envs[env_id])
                return
        self.push_frame({"block": block, "env": env_id, "pc": 0, "kind": kind, **details})

    def push_frame(self, frame: Frame) -> None:
        frames = self.frames
        if len(frames) >= MAX_FRAMES:
            too_many_frames()
        frames.append(frame)

    def call(self, block: int, env: dict, kind: str = "call", **details) -> None:
        """Run a block in a new environment of its own (`kind` is call or phase): at once, as a
        resumable body (see resumable.py), or frame by frame."""
        if kind == "call":
            now = self.c.straight[block]
            if now is not None:
                now(self, env)
                return
            resume = self.c.resumable[block]
            if resume is not None and self.resume_depth < RESUME_DEPTH:
                resume(self, env, CALL_HEAD)
                return
        self.call_later(block, env, kind, **details)

    def call_later(self, block: int, env: dict, kind: str = "call", **details) -> None:
        """`call`, as a frame the machine runs next."""
        env_id = str(self.next_env)
        self.next_env += 1
        self.envs[env_id] = env
        self.push_frame({"block": block, "env": env_id, "pc": 0, "kind": kind, **details})

    def call_each(self, calls: list) -> None:
        """Run the blocks triggered by one change in order: at once if all can, else as frames."""
        straight = self.c.straight
        if all(straight[block] is not None for block, _ in calls):
            for block, env in calls:
                straight[block](self, env)
        else:
            for block, env in reversed(calls):       # the first to run goes on top
                self.call_later(block, env)

    def pop(self) -> Frame:
        f = self.frames.pop()
        kind = f["kind"]
        if kind == "seat":
            self.seat = f["restore"]
        elif kind == "phase":
            self.phase = f["restore"]
            if self.effects:
                self.phase_ending(1 + sum(1 for other in self.frames if other["kind"] == "phase"))
        if kind in CALLS:
            self.envs.pop(f["env"], None)
        return f

    def unwind_loop(self, keep_loop: bool) -> None:
        while self.frames:
            f = self.frames[-1]
            if f["kind"] in LOOPS:
                if keep_loop:
                    f["pc"] = len(self.c.blocks[f["block"]].ops)
                else:
                    self.pop()
                return
            self.pop()

    def unwind_call(self, value=None) -> None:
        """Leave the innermost call; a value it returns goes where its caller asked (see CallValueOp)."""
        while self.frames:
            f = self.pop()
            if f["kind"] in CALLS:
                result = f.get("result")
                if result is not None:
                    if result[0] == "var":
                        self.set_var(result[1], value)
                    elif result[0] in self.envs:
                        self.envs[result[0]][result[1]] = value
                return

    def end_of_block(self, f: Frame) -> None:
        kind = f["kind"]
        if kind == "for":
            f["i"] += 1
            if f["i"] < len(f["items"]):
                self.envs[f["env"]][f["var"]] = f["items"][f["i"]]
                f["pc"] = 0
                return
        elif kind == "repeat":
            f["i"] += 1
            if f["i"] < f["n"]:
                f["pc"] = 0
                return
        elif kind == "while":
            block, index = f["test"]
            if self.c.blocks[block].ops[index].expr(self, self.envs[f["env"]]):     # the while's condition
                f["pc"] = 0
                return
        self.pop()
