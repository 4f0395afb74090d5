"""`garrison serve`: play a pack in the browser, served from this machine."""
from __future__ import annotations

import socket
import sys
import threading
import time
import webbrowser

from dsl import printable
from interpreter.cli_common import Once, integer
from interpreter.runtime import GameError

INSTALL_HINT = "garrison serve needs the web extra: pip install 'garrison[web]'"
DEFAULT_PORT = 8765


def add_parser(sub) -> None:
    serve = sub.add_parser("serve", help="play a game in the browser")
    serve.add_argument("game", metavar="GAME")
    serve.add_argument("--seats", type=integer, default=1, help="seats of the first game (default 1)")
    serve.add_argument("--variant", default=None, help="the variant of the first game (default: the base game)")
    serve.add_argument("--seed", type=integer, default=0,
                       help="the first game's seed; each later session's game takes the next")
    serve.add_argument("--mod", action="append", default=[], metavar="FILE", help="a mod every game is played with")
    serve.add_argument("--scenario", action=Once, metavar="FILE", help="start every game from a scenario file's position")
    serve.add_argument("--port", type=integer, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}; 0 takes a free one")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument("--bot", action="append", default=[], metavar="SEAT=BOT",
                       help="a bot plays that seat of the first game (random, greedy or mcts), e.g. --bot 2=greedy")


def seat_bots(given: list[str]) -> dict[int, str]:
    """`--bot 2=greedy` options as {seat: bot}; GameError in one line for a malformed one."""
    from interpreter.lab.bots import BOTS
    bots = {}
    for text in given:
        seat, _, name = text.partition("=")
        if not seat.strip().isdecimal() or name not in BOTS:
            raise GameError(f"--bot takes SEAT=BOT with BOT one of {', '.join(BOTS)}, not '{text}'")
        if int(seat) in bots:
            raise GameError(f"--bot names seat {int(seat)} twice ({bots[int(seat)]} and {name}); a seat has one player")
        bots[int(seat)] = name
    return bots


def web_stack_missing() -> bool:
    try:
        import python_multipart  # noqa: F401  (Starlette reads uploaded files with it)
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError:
        return True
    return False


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port; GameError in one line if that cannot be done."""
    if not 0 <= port <= 65535:
        raise GameError(f"--port must be 0 to 65535, not {port}")
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError):     # UnicodeError: a name no DNS label can spell (`a..b`)
        raise GameError(f"cannot listen on '{printable(host[:100])}': no such address") from None
    sock = socket.socket(info[0], socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(info[4])
    except OSError as err:
        sock.close()
        why = "it is in use (try --port 0 for a free one)" if port and "in use" in str(err) else err.strerror or err
        raise GameError(f"cannot listen on {host}:{port}: {why}") from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def make_server(rules, host: str, port: int, seed: int = 0, variant=None, seats: int = 1, bots=None, keep_in=None):
    """(the uvicorn server, its bound socket, the page's address), ready for `server.run([sock])`;
    with `keep_in`, a folder, the sessions' games are kept there past a restart."""
    import uvicorn

    from .app import create_app
    from .keeping import Keeper
    from .sessions import Tables

    rules.view(variant)           # an unknown variant fails here, in one line
    if not rules.seats_min <= seats <= rules.seats_max:
        raise GameError(f"{rules.title} takes {rules.seats_min}..{rules.seats_max} seats, not {seats}")
    for seat in bots or {}:
        if not 1 <= seat <= seats:
            raise GameError(f"--bot names seat {seat}, but the game has {seats} seat(s)")
    rules.new_game(seed=seed, variant=variant, seats=seats).decision     # a pack that fails to start fails here
    if host.startswith("[") and host.endswith("]"):       # an IPv6 address as a URL writes it
        host = host[1:-1]
    sock = listening_socket(host, port)
    local = host in ("127.0.0.1", "localhost", "::1")
    tables = Tables(rules, seed, variant, seats, bots, Keeper(keep_in) if keep_in is not None else None)
    config = uvicorn.Config(create_app(tables, local_only=local), log_level="warning",
                            ws="websockets-sansio", lifespan="off")
    bound_host, bound_port = sock.getsockname()[:2]
    shown = "localhost" if bound_host in ("127.0.0.1", "::1") else f"[{bound_host}]" if ":" in bound_host else bound_host
    return uvicorn.Server(config), sock, f"http://{shown}:{bound_port}/"


def cmd_serve(args, rules) -> int:
    """Serve `rules` until Ctrl-C; 0 when stopped."""
    from .keeping import kept_folder
    kept = kept_folder(rules.name)
    server, sock, url = make_server(rules, args.host, args.port, args.seed, args.variant, args.seats,
                                    seat_bots(args.bot), keep_in=kept)
    def announce() -> None:          # once the server answers (and Ctrl-C reaches it), say where
        while not server.started and not server.should_exit:
            time.sleep(0.02)
        if server.started:
            print(f"{rules.title}: playing at {url}  (Ctrl-C stops the server)", flush=True)
            if not args.no_browser:
                webbrowser.open(url)

    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"note: listening on {args.host}: anyone who can reach this machine can play here", file=sys.stderr)
    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:          # uvicorn stops gracefully, then passes Ctrl-C on
        pass
    print(f"server stopped; the games played are kept in {printable(str(kept))}: once it serves again, "
          "reloading a page goes on with its game")
    return 0
