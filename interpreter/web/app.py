"""The web app's routes: the page, its assets, a WebSocket per page for play, and save files up and down."""
from __future__ import annotations

import asyncio
import html
import json
import random
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from interpreter.runtime import GameError
from interpreter.lab.bots import BOTS
from interpreter.saves.files import default_save_path

from . import views
from .sessions import Replay, Table, Tables, read_upload

STATIC = Path(__file__).parent / "static"
COOKIE = "garrison_session"
KEPT_DAYS = 30          # a browser keeps its session (and so finds its kept game) this long after its last visit
MAX_UPLOAD = 20_000_000      # bytes: far more than any saved game takes
HEADERS = {"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                                      "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'",
           "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


OPENING_FAILED = ("<!doctype html><meta charset='utf-8'><title>The game could not start</title>"
                  "<h1>The game could not start</h1><pre>{error}</pre>"
                  "<p>The rules failed before the first decision. Reloading the page starts a game with the next seed.</p>")

LOCAL_NAMES = ["localhost", "127.0.0.1", "::1", "[::1]"]


def create_app(tables: Tables, local_only: bool = True) -> Starlette:
    """The app serving one pack's games, a table per browser session. When `local_only`, requests
    must name this machine as their host (a web page elsewhere cannot reach the app by a name of
    its own that leads here)."""

    async def page(request):
        response = FileResponse(STATIC / "index.html", headers=HEADERS)
        key = request.cookies.get(COOKIE)
        if tables.get(key) is None:
            key = tables.new_key()
            response.set_cookie(COOKIE, key, max_age=KEPT_DAYS * 86400, httponly=True, samesite="strict")
        try:
            tables.open(key)
        except GameError as err:
            return HTMLResponse(OPENING_FAILED.format(error=html.escape(str(err))), status_code=500, headers=HEADERS)
        return response

    def table_of(request) -> Table | None:
        return tables.get(request.cookies.get(COOKIE))

    async def setup(request):
        rules = tables.rules
        return JSONResponse({"title": rules.title, "game": rules.name, "variants": rules.variants,
                             "variant_titles": rules.variant_titles,
                             "seats": [rules.seats_min, rules.seats_max], "bots": list(BOTS)})

    async def inspect(request):
        table = table_of(request)
        if table is None:
            return no_session()
        index = request.query_params.get("replay", "")
        game = table.replay_game(int(index)) if index.isdecimal() and len(index) <= 9 else table.game
        found = views.inspect_json(game, request.path_params["oid"])
        return JSONResponse(found) if found else JSONResponse({"error": "there is no such piece or space"}, 404)

    async def save(request):
        table = table_of(request)
        if table is None:
            return no_session()
        name = default_save_path(tables.rules.name)
        return Response(table.game.to_json(), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"', **HEADERS})

    async def session_upload(request):
        """The session's table and the file uploaded to it, or the response that refuses it."""
        table = table_of(request)
        if table is None:
            return None, no_session()
        name, data = await uploaded(request)
        if data is None:
            return None, JSONResponse({"error": name}, 400)
        return table, (name, data)

    async def load(request):
        table, got = await session_upload(request)
        if table is None:
            return got
        name, data = got
        async with table.lock:
            try:
                await asyncio.to_thread(table.load, name, data)
            except GameError as err:
                return JSONResponse({"error": str(err)}, 400)
        await broadcast(table)
        start_bots(table)
        return JSONResponse({"loaded": name, "decisions": table.game.decisions_made, "over": table.game.over})

    async def replay_upload(request):
        table, got = await session_upload(request)
        if table is None:
            return got
        name, data = got
        try:
            game = await asyncio.to_thread(read_upload, tables.rules, name, data)
            table.replay = await asyncio.to_thread(replay_of, tables.rules, game)
        except GameError as err:
            return JSONResponse({"error": str(err)}, 400)
        return JSONResponse(table.replay.frame(0))

    async def socket(ws: WebSocket):
        table = tables.get(ws.cookies.get(COOKIE))
        origin = ws.headers.get("origin")
        if origin is not None and origin.split("://", 1)[-1] != ws.headers.get("host"):
            await ws.close(code=1008)          # only the app's own page may play
            return
        await ws.accept()
        if table is None:
            await ws.send_json({"type": "error", "message": "This page's session has ended: reload the page."})
            await ws.close()
            return
        table.sockets[ws] = (0, 0)
        table.shown = True
        try:
            await send_state(table, ws)
            start_bots(table)
            while True:
                received = await ws.receive()
                if received["type"] == "websocket.disconnect":
                    break
                try:
                    message = json.loads(received["text"]) if received.get("text") is not None else {}
                except (ValueError, RecursionError):    # not JSON, or beyond what JSON reads (a 5,000-digit number)
                    message = {}                        # answered as a message of no known type
                await handle(table, ws, message if isinstance(message, dict) else {})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.sockets.pop(ws, None)

    async def handle(table: Table, ws: WebSocket, message: dict) -> None:
        kind = message.get("type")
        if kind == "replay_at":
            if table.replay is not None:
                await ws.send_json(table.replay.frame(_int(message.get("index"))))
            return
        if kind == "replay_current":
            async with table.lock:
                game = table.game
                table.replay = await asyncio.to_thread(replay_of, tables.rules, game)
            await ws.send_json(table.replay.frame(_int(message.get("index"), len(table.replay.frames))))
            return
        if kind == "refresh":             # the page redraws everything (after a replay)
            table.sockets[ws] = (0, 0)
            await send_state(table, ws)
            return
        action = ACTIONS.get(kind) if isinstance(kind, str) else None
        if action is None:
            await ws.send_json({"type": "error", "message": f"unknown request {str(kind)[:40]!r}"})
            return
        async with table.lock:
            try:
                await asyncio.to_thread(action, table, message)
            except GameError as err:
                await ws.send_json({"type": "error", "message": shown_error(err)})
                return
        await broadcast(table)
        start_bots(table)

    def start_bots(table: Table) -> None:
        if table.bot_to_move() and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.create_task(run_bots(table))

    async def run_bots(table: Table) -> None:
        """Let bots answer while a bot's seat is asked, showing every page each position."""
        while True:
            async with table.lock:
                if not table.bot_to_move():
                    return
                try:
                    await asyncio.to_thread(table.bot_move)
                except GameError as err:
                    await say_to_all(table, {"type": "error", "message": f"the bot could not move: {err}"})
                    return
            await broadcast(table)

    async def broadcast(table: Table) -> None:
        """Show every page the game as it stands, and keep it on disk."""
        for ws in list(table.sockets):
            await send_state(table, ws)
        async with table.lock:
            problem = await asyncio.to_thread(tables.keep, table)
        if problem is not None:
            await say_to_all(table, {"type": "error", "message": problem})

    async def say_to_all(table: Table, message: dict) -> None:
        for ws in list(table.sockets):
            try:
                await ws.send_json(message)
            except RuntimeError:
                table.sockets.pop(ws, None)

    async def send_state(table: Table, ws: WebSocket) -> None:
        generation, events = table.sockets.get(ws, (0, 0))
        state, count = table.state(generation, events)
        try:
            await ws.send_json(state)
        except RuntimeError:          # the page went away meanwhile
            table.sockets.pop(ws, None)
            return
        table.sockets[ws] = (table.generation, count)

    routes = [Route("/", page), Route("/api/setup", setup), Route("/api/inspect/{oid}", inspect),
              Route("/api/save", save), Route("/api/load", load, methods=["POST"]),
              Route("/api/replay", replay_upload, methods=["POST"]), WebSocketRoute("/ws", socket),
              Mount("/static", StaticFiles(directory=STATIC), name="static")]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=LOCAL_NAMES)] if local_only else []
    app = Starlette(routes=routes, middleware=middleware)
    app.state.sessions = tables
    return app


def no_session() -> JSONResponse:
    return JSONResponse({"error": "This page's session has ended: reload the page."}, 400)


async def uploaded(request) -> tuple[str, bytes | None]:
    """The file sent in the form's `file` field: (its name, its bytes), or (why not, None)."""
    try:
        form = await request.form(max_files=1, max_fields=4, max_part_size=MAX_UPLOAD)
    except Exception as err:          # a malformed upload: multipart errors of several kinds
        return f"the upload could not be read ({err})", None
    upload = form.get("file")
    if upload is None or isinstance(upload, str):
        return "choose a saved game's file to upload", None
    data = await upload.read()
    if len(data) > MAX_UPLOAD:
        return "that file is far too large to be a saved game", None
    return upload.filename or "upload", data


def replay_of(rules, game) -> Replay:
    return Replay(rules, game.seed, game.variant, game.seats, [list(step) for step in game.trail])


def shown_error(err: GameError) -> str:
    """An error as the page shows it: at most 500 characters (an answer it names may be huge), and
    no half of a surrogate pair, which JSON cannot carry."""
    text = str(err)
    text = text if len(text) <= 500 else text[:500] + "…"
    return text.encode("utf-8", "replace").decode("utf-8")


def _int(value, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _choose(table: Table, message: dict) -> None:
    at = message.get("at")
    if at is not None and at != views.question_at(table.game):
        raise GameError("that answer was for a question already answered (a second click, or another page): "
                        "choose again from the question shown now")
    table.choose(str(message.get("option", "")))


def _new(table: Table, message: dict) -> None:
    seats = _int(message.get("seats"), table.game.seats)
    asked = message.get("bots") or {}
    if not isinstance(asked, dict) or not all(isinstance(name, str) for name in asked.values()):
        raise GameError("bots are given as {seat: bot name}")
    for seat in asked:
        if not (seat.isascii() and seat.isdecimal() and len(seat) <= 3):
            raise GameError(f"there is no seat {seat[:12]!r}")
    bots = {int(seat): name for seat, name in asked.items() if name and name != "person"}
    variant = message.get("variant") or None
    if variant is not None and not isinstance(variant, str):
        raise GameError("a variant is given by its name")
    seed = message.get("seed")
    if isinstance(seed, int) and abs(seed) >= 10**18:
        raise GameError("a seed has at most 18 digits, as on the command line")
    table.start(seed if isinstance(seed, int) and not isinstance(seed, bool) else random.randrange(10**6),
                variant, seats, bots)


ACTIONS = {"choose": _choose, "back": lambda t, m: t.back(), "undo": lambda t, m: t.undo(),
           "take_seat": lambda t, m: t.take_seat(_int(m.get("seat"))), "new": _new}
