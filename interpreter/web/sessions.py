"""One game per browser session: its seats (people or bots), undo, saves, the hand-over and replays."""
from __future__ import annotations

import asyncio
import secrets
import tempfile
from collections import OrderedDict
from pathlib import Path

from interpreter.runtime import GameError
from interpreter.lab.bots import BOTS, make_bot
from interpreter.saves.files import load_saved

from . import views
from .keeping import Keeper

MAX_SESSIONS = 64          # beyond this many browser sessions games are dropped: never shown ones first, then closed, then the oldest


class Table:
    """A game at one browser session: who plays each seat, and what the page has been shown."""

    def __init__(self, rules, seed: int, variant: str | None, seats: int, bots: dict | None = None, game=None):
        self.rules = rules
        self.lock = asyncio.Lock()
        self.sockets: dict = {}            # each page's WebSocket → (generation, events) it was last sent
        self.replay: Replay | None = None
        self.bot_task = None
        self.generation = 0                # counts the times the game was replaced or rewound
        self.shown = False                 # a page of this site has connected to it (a bare request never does)
        self.kept = None                   # (generation, choices) of the game as last kept on disk
        self.key = ""                      # the session's, once it has one
        if game is None:
            self.start(seed, variant, seats, bots or {})
        else:                              # a game kept on disk, taken back after a restart
            self.game, self.bots, self.players = game, {}, {}
            self.seat_bots(bots or {})
            self.changed(ready=None)
            self.kept = self.kept_as()

    def start(self, seed: int, variant: str | None, seats: int, bots: dict) -> None:
        """A new game; `bots` maps a seat to the bot that plays it (the others are people)."""
        for seat, name in bots.items():
            if name not in BOTS:
                raise GameError(f"unknown bot '{name}'; bots: {', '.join(BOTS)}")
            if not 1 <= seat <= seats:
                raise GameError(f"there is no seat {seat} in a game of {seats}")
        game = self.rules.new_game(seed=seed, variant=variant, seats=seats)
        game.decision            # run the opening rules now, so that a failing pack fails here
        self.game = game
        self.bots = dict(bots)
        self.players = {seat: make_bot(name, seed + seat) for seat, name in bots.items()}
        self.changed(ready=None)

    def changed(self, ready: int | None = None) -> None:
        """The game was replaced or rewound: the page redraws the log from the start."""
        self.generation += 1
        self.ready_seat = ready

    # ---- whose turn
    @property
    def people(self) -> list[int]:
        return [s for s in range(1, self.game.seats + 1) if s not in self.bots]

    def bot_to_move(self) -> bool:
        decision = self.game.decision
        return decision is not None and decision.seat in self.bots

    def handover(self) -> int | None:
        """The seat the screen must be handed to before it is shown (hot-seat play of several people)."""
        decision = self.game.decision
        if decision is None or len(self.people) < 2 or decision.seat in self.bots:
            return None
        return decision.seat if decision.seat != self.ready_seat else None

    # ---- acting
    def choose(self, option_id: str) -> None:
        if self.handover() is not None:
            raise GameError(f"seat {self.game.decision.seat} has not taken the seat yet")
        if self.bot_to_move():
            raise GameError(f"seat {self.game.decision.seat} is played by a bot")
        self.game.choose(option_id)

    def bot_move(self) -> None:
        """The bot whose seat is asked answers one decision."""
        seat = self.game.decision.seat
        self.game.choose(self.players[seat].choose(self.game))

    def back(self) -> None:
        self.game.back()

    def undo(self) -> None:
        """Take back the last choice a person made (and the bots' since)."""
        if not self.people:
            raise GameError("every seat is played by a bot: there is no choice of yours to take back")
        game = self.game
        game.undo()
        while game.decision is not None and game.decision.seat in self.bots and self._choices():
            game.undo()
        self.changed(ready=self.ready_seat)     # a question of another seat than the one at the screen is handed over

    def can_undo(self) -> bool:
        """Whether a person has a choice to take back: with bots at every seat, there is none (undoing
        would only have the bots play the same decisions again, differently)."""
        return bool(self.people) and self._choices() > 0

    def _choices(self) -> int:
        return sum(1 for step in self.game.trail if step[0] == "choose")

    def take_seat(self, seat: int) -> None:
        self.ready_seat = seat

    def load(self, name: str, data: bytes) -> None:
        """The game a save file holds (as `garrison play --load` reads it); GameError naming the file if not."""
        self.game = read_upload(self.rules, name, data)
        self.seat_bots(self.bots)
        self.changed(ready=self.game.decision.seat if self.game.decision else None)

    def seat_bots(self, bots: dict) -> None:
        """Keep those of `bots` whose seat the game has, each with the player it had."""
        self.bots = {s: b for s, b in bots.items() if s <= self.game.seats}
        self.players = {s: self.players.get(s) or make_bot(b, self.game.seed + s) for s, b in self.bots.items()}

    def kept_as(self) -> tuple[int, int]:
        """What tells the game apart from itself as kept before: replaced or rewound, or moved on."""
        return self.generation, len(self.game.trail)

    # ---- what the page shows
    def replay_game(self, index: int):
        """The position a replay shows at `index` (the live game when no replay is open)."""
        return self.replay.game_at(index) if self.replay is not None else self.game

    def state(self, sent_generation: int, sent_events: int) -> tuple[dict, int]:
        """The whole position as JSON, with the log from where the page's copy ends; and the log's length."""
        game = self.game
        events = game.log
        fresh = sent_generation != self.generation or sent_events > len(events)
        start = 0 if fresh else sent_events
        decision = views.decision_json(game, self.bots)
        variant_title = self.rules.variant_titles.get(game.variant) if game.variant else None
        return {"type": "state", "title": self.rules.title, "game": self.rules.name, "variant": game.variant,
                "variant_title": variant_title,
                "seed": game.seed, "seats": game.seats, "bots": {str(k): v for k, v in self.bots.items()},
                "decisions": game.decisions_made, "over": game.over, "result": views.result_json(game),
                "decision": decision, "handover": self.handover(), "can_undo": self.can_undo(),
                "board": views.board_json(game, views.targets_of(decision)),
                "log_reset": fresh, "log": views.log_json(events[start:])}, len(events)


class Replay:
    """A finished or saved game stepped through: the position before each decision, and the choice made."""

    def __init__(self, rules, seed: int, variant, seats: int, trail: list):
        game = rules.new_game(seed=seed, variant=variant, seats=seats)
        self.frames: list[tuple[object, str | None]] = []
        for kind, value in trail:
            if kind == "force":
                game.force_rolls(value)
                continue
            label = next((o.label for o in game.decision.options if o.id == value), value)
            self.frames.append((game.clone(), f"Seat {game.decision.seat}: {game.decision.prompt} → {label}"))
            game.choose(value)
        self.frames.append((game, None))

    def game_at(self, index: int):
        return self.frames[max(0, min(index, len(self.frames) - 1))][0]

    def frame(self, index: int) -> dict:
        index = max(0, min(index, len(self.frames) - 1))
        game, choice = self.frames[index]
        return {"type": "replay", "index": index, "last": len(self.frames) - 1, "choice": choice,
                "over": game.over, "result": views.result_json(game), "board": views.board_json(game),
                "log": views.log_json(game.log)}


def read_upload(rules, name: str, data: bytes):
    """A game read from an uploaded save: written to a file of its name, read as the terminal reads one."""
    shown = Path(name or "upload").name
    if shown in ("", ".", "..") or not shown.isprintable() or len(shown.encode("utf-8", "replace")) > 200:
        shown = "upload.json"       # a name no file could have here: the save is read under a plain one
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / shown
        path.write_bytes(data)
        try:
            return load_saved(rules, str(path))
        except GameError as err:
            raise GameError(str(err).replace(str(path), shown)) from None


class Tables:
    """The tables of every browser session, by the session's cookie."""

    def __init__(self, rules, seed: int, variant: str | None, seats: int, bots: dict | None = None,
                 keeper: Keeper | None = None):
        self.rules, self.seed, self.variant, self.seats, self.bots = rules, seed, variant, seats, bots or {}
        self.by_key: OrderedDict[str, Table] = OrderedDict()
        self.games_started = 0
        self.keeper = keeper        # where games are kept past a restart (None: in memory only)

    def new_key(self) -> str:
        return secrets.token_urlsafe(18)

    def get(self, key: str | None) -> Table | None:
        table = self.by_key.get(key) if key else None
        if table is None and key and self.keeper is not None:
            game = self.keeper.restored(self.rules, key)
            if game is not None:
                table = self.add(key, Table(self.rules, game.seed, game.variant, game.seats, self.bots, game=game))
        if table is not None:
            self.by_key.move_to_end(key)
        return table

    def keep(self, table: Table) -> str | None:
        """Keep a shown session's game on disk if it changed since it was last kept; why it could not be, or None."""
        if self.keeper is None or not table.shown or table.kept == table.kept_as():
            return None
        table.kept = table.kept_as()
        return self.keeper.keep(table.key, table.game)

    def open(self, key: str) -> Table:
        """The table of a session, a new game at it if it has none."""
        table = self.get(key)
        if table is None:
            seed = self.seed + self.games_started
            self.games_started += 1         # first: a seed whose opening rules fail is not tried again
            table = self.add(key, Table(self.rules, seed, self.variant, self.seats, self.bots))
        return table

    def add(self, key: str, table: Table) -> Table:
        table.key = key
        self.by_key[key] = table
        while len(self.by_key) > MAX_SESSIONS:
            self.by_key.pop(self.dropped(key))
        return table

    def dropped(self, kept: str) -> str:
        """The session to drop when there are too many: the oldest whose game no page was ever shown
        (requests from another site can make sessions, but never connect to them), else the oldest
        that no page has open now, else the oldest."""
        for droppable in (lambda t: not t.shown, lambda t: not t.sockets, lambda t: True):
            found = next((k for k, t in self.by_key.items() if droppable(t) and k != kept), None)
            if found is not None:
                return found
        return next(iter(self.by_key))
