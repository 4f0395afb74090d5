"""`garrison serve` at the command line, its HTTP routes, and the JSON the page is drawn from."""
from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

import interpreter
from interpreter.cli import main
from interpreter.terminal import render
from interpreter.web import serve as serving
from interpreter.web import views
from paths import REPO


@pytest.mark.parametrize("args, message", [
    (["nosuch"], "garrison: unknown game 'nosuch'"),
    (["postmen", "--variant", "nosuch"], "garrison: unknown variant 'nosuch'; this game has: veteran, elite"),
    (["postmen", "--seats", "3"], "garrison: Soldiers in Postmen's Uniforms takes 1..1 seats, not 3"),
    (["postmen", "--port", "70000"], "garrison: --port must be 0 to 65535, not 70000"),
    (["postmen", "--host", "a..b"], "garrison: cannot listen on 'a..b': no such address"),
    (["postmen", "--port", "x"], "garrison serve: argument --port: 'x' is not a whole number"),
    (["postmen", "--bot", "1=clever"], "garrison: --bot takes SEAT=BOT with BOT one of random, greedy, mcts, not '1=clever'"),
    (["westerplatte", "--bot", "3=random"], "garrison: --bot names seat 3, but the game has 1 seat(s)"),
    (["westerplatte", "--seats", "2", "--bot", "1=random", "--bot", "1=greedy"],
     "garrison: --bot names seat 1 twice (random and greedy); a seat has one player"),
])
def test_bad_arguments_get_one_line_and_exit_2(args, message, capsys):
    assert main(["serve", *args, "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_a_port_in_use_is_said_in_one_line(capsys):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        assert main(["serve", "postmen", "--port", str(port), "--no-browser"]) == 2
    finally:
        taken.close()
    assert capsys.readouterr().err == (f"garrison: cannot listen on 127.0.0.1:{port}: it is in use "
                                       f"(try --port 0 for a free one)\n")


def test_without_the_web_extra_serve_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(serving, "web_stack_missing", lambda: True)
    assert main(["serve", "postmen", "--no-browser"]) == 2
    assert capsys.readouterr().err == "garrison serve needs the web extra: pip install 'garrison[web]'\n"


def test_serve_listens_on_this_machine_and_serves_the_page_and_its_assets():
    process = subprocess.Popen([sys.executable, "-m", "interpreter", "serve", "postmen", "--port", "0", "--no-browser"],
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert line.startswith("Soldiers in Postmen's Uniforms: playing at http://localhost:"), line
        url = line.split(" at ", 1)[1].split()[0]
        port = int(url.rsplit(":", 1)[1].strip("/"))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
            html = page.read().decode()
            cookie = page.headers["Set-Cookie"]
        assert "<title>Garrison</title>" in html and "garrison_session=" in cookie and "HttpOnly" in cookie
        for asset in ("app.js", "board.js", "style.css"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/{asset}") as response:
                assert response.status == 200
        assert "http" not in html.replace("http-equiv", "")      # every asset from this server
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/save")          # no session: no game
        assert refused.value.code == 400
    finally:
        process.terminate()
        process.wait(10)


def test_the_api_saves_inspects_and_refuses_without_a_session(serve):
    served = serve("postmen", seed=3)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    opener.open(served.url).read()
    setup = json.load(opener.open(served.url + "api/setup"))
    assert setup == {"title": "Soldiers in Postmen's Uniforms", "game": "postmen", "variants": ["veteran", "elite"],
                     "variant_titles": {"veteran": "Veteran", "elite": "Elite"}, "seats": [1, 1], "bots": ["random", "greedy", "mcts"]}
    saved = opener.open(served.url + "api/save")
    assert saved.headers["Content-Disposition"] == 'attachment; filename="postmen.garrison-save.json"'
    assert saved.read().decode() == served.only_table().game.to_json()
    found = json.load(opener.open(served.url + "api/inspect/gdaniec"))
    assert found["title"] == "Gdaniec (gdaniec), a defender" and "at: ground 4 (by the side entrance)" in found["lines"]
    with pytest.raises(urllib.error.HTTPError) as missing:
        opener.open(served.url + "api/inspect/nobody")
    assert missing.value.code == 404


# ---- the JSON the page is drawn from

def test_an_option_names_the_pieces_and_spaces_in_its_id():
    objects = {"gdaniec", "rifleman_3", "g4", "u1"}
    assert views.option_objects("attack:gdaniec:rifleman_3", objects) == ["gdaniec", "rifleman_3"]
    assert views.option_objects("gdaniec~2", objects) == ["gdaniec"]
    assert views.option_objects("carry:[g4,u1]", objects) == ["g4", "u1"]
    assert views.option_objects("done", objects) == []
    assert views.option_objects("end_moves", objects) == []


def test_cell_colours_are_the_layout_styles_as_css():
    assert views.css_colours("white on dark_blue") == {"fg": "#c0c0c0", "bg": "#000087"}
    assert views.css_colours("bold") == {"fg": None, "bg": None}
    assert views.css_colours(None) == {"fg": None, "bg": None}


def test_the_board_json_follows_the_layout_the_terminal_draws():
    game = interpreter.load_rules("westerplatte").new_game(seed=1, seats=2)
    board = views.board_json(game)
    layout = game.view.layout
    assert [r["title"] for r in board["regions"][:len(layout.regions)]] == [r.title for r in layout.regions]
    for region, drawn in zip(layout.regions, board["regions"]):
        assert [[c["space"] for c in row["cells"]] for row in drawn["rows"]] == [list(map(lambda c: c.space, row))
                                                                               for row in region.rows]
    assert [v["name"] for v in board["status"]] == [render.words(v) for v in layout.status]
    placed = {c["space"] for r in board["regions"] for row in r["rows"] for c in row["cells"]}
    for space in game.view.spaces:          # every piece is on the page somewhere
        if game.pieces_at(space):
            assert space in placed
    json.dumps(board)


def test_a_cell_names_the_attribute_its_layout_shows_once():
    game = interpreter.load_rules("tigerleader").new_game(seed=3)
    pick = random.Random(1)
    while not game.var("fighting"):             # the battlefield is drawn while a battle is fought
        game.choose(game.draw(pick))
    field = views.board_json(game)["regions"][0]
    assert field["title"] == "Battlefield"
    cell = field["rows"][0]["cells"][0]
    assert cell["shows"] == game.label(game.field(cell["space"], "terrain"))
    assert not any("terrain" in mark for mark in cell["marks"])


def test_only_this_machine_names_and_the_page_itself_reach_the_game(serve):
    served = serve("postmen")
    port = served.url.rsplit(":", 1)[1].strip("/")
    foreign = urllib.request.Request(served.url, headers={"Host": f"evil.example:{port}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(foreign)
    assert refused.value.code == 400
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect
    cookies = urllib.request.HTTPCookieProcessor()
    urllib.request.build_opener(cookies).open(served.url).read()
    cookie = "; ".join(f"{c.name}={c.value}" for c in cookies.cookiejar)
    address = served.url.replace("http://", "ws://") + "ws"
    with connect(address, additional_headers={"Cookie": cookie}, origin=served.url.rstrip("/")) as ws:
        assert json.loads(ws.recv())["type"] == "state"
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        with connect(address, additional_headers={"Cookie": cookie}, origin="http://evil.example") as ws:
            ws.recv()


def test_ctrl_c_stops_the_server_cleanly():
    import pexpect
    child = pexpect.spawn(sys.executable, ["-m", "interpreter", "serve", "postmen", "--port", "0", "--no-browser"],
                          cwd=str(REPO), encoding="utf-8", timeout=30)
    child.expect("Ctrl-C stops the server")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "server stopped" in child.before and "Traceback" not in child.before


def test_hostile_messages_get_an_error_and_the_socket_stays(serve):
    from websockets.sync.client import connect
    served = serve("postmen", seed=3)
    jar = urllib.request.HTTPCookieProcessor()
    opener = urllib.request.build_opener(jar)
    opener.open(served.url).read()
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar.cookiejar)
    assert opener.open(served.url + "api/inspect/gdaniec?replay=" + "9" * 5000).status == 200    # as it stands
    with connect(served.url.replace("http", "ws") + "ws", additional_headers={"Cookie": cookie}) as ws:
        ws.recv(timeout=10)                         # the game as it stands
        for message in ({"type": [1]}, {"type": "new", "bots": [1]}, {"type": "new", "bots": {"1": ["x"]}},
                        {"type": "new", "bots": {"9" * 5000: "random"}}, {"type": "new", "variant": 5},
                        {"type": "choose", "option": "\ud800"}, {"type": "choose", "option": "x" * 100_000},
                        {"type": "new", "seed": 10**40}):
            ws.send(json.dumps(message))
            reply = json.loads(ws.recv(timeout=10))
            assert reply["type"] == "error" and len(reply["message"]) <= 600, (message, reply)
        for raw in (b"\x00binary", "not JSON", '{"type": "new", "seed": ' + "9" * 5000 + "}", "[" * 100_000):
            ws.send(raw)
            assert json.loads(ws.recv(timeout=10))["type"] == "error"
        ws.send(json.dumps({"type": "refresh"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"       # still there


@pytest.mark.parametrize("name", ["..", "a\0b.json", "x" * 300, "é" * 200, "", "../../etc/passwd"])
def test_an_uploaded_save_loads_whatever_its_file_is_called(name):
    from interpreter.web.sessions import read_upload
    rules = interpreter.load_rules("westerplatte")
    game = rules.new_game(seed=2, seats=2)
    game.choose(game.decision.options[0].id)
    assert read_upload(rules, name, game.to_json().encode()).decisions_made == 1


def test_sessions_no_page_was_shown_are_dropped_before_a_players():
    from interpreter.web.sessions import MAX_SESSIONS, Tables
    tables = Tables(interpreter.load_rules(REPO / "tests" / "fixtures" / "tiny"), seed=1, variant=None, seats=1)
    tables.open("player").shown = True
    tables.open("idle")
    for n in range(MAX_SESSIONS + 5):              # requests from another site, each making a session
        tables.open(f"drive-by-{n}")
    assert tables.get("player") is not None and tables.get("idle") is None
    assert len(tables.by_key) == MAX_SESSIONS


def test_an_answer_sent_for_a_question_already_answered_is_refused(serve):
    from websockets.sync.client import connect
    served = serve("postmen", seed=3)
    jar = urllib.request.HTTPCookieProcessor()
    urllib.request.build_opener(jar).open(served.url).read()
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar.cookiejar)
    with connect(served.url.replace("http", "ws") + "ws", additional_headers={"Cookie": cookie}) as ws:
        asked = json.loads(ws.recv(timeout=10))["decision"]
        assert asked["at"] == "0.0"
        ws.send(json.dumps({"type": "choose", "option": "pass", "at": asked["at"]}))
        assert json.loads(ws.recv(timeout=10))["decision"]["at"] == "1.0"
        ws.send(json.dumps({"type": "choose", "option": "pass", "at": asked["at"]}))     # the same click again
        reply = json.loads(ws.recv(timeout=10))
        assert reply["type"] == "error" and "already answered" in reply["message"]
        assert served.only_table().game.decisions_made == 1


def test_a_game_a_page_has_open_is_dropped_after_those_no_page_has_open():
    from interpreter.web.sessions import MAX_SESSIONS, Tables
    tables = Tables(interpreter.load_rules(REPO / "tests" / "fixtures" / "tiny"), seed=1, variant=None, seats=1)
    playing = tables.open("playing")
    playing.shown, playing.sockets = True, {"a page": (0, 0)}
    for n in range(MAX_SESSIONS + 5):              # other browsers that came and went
        tables.open(f"visitor-{n}").shown = True
    assert tables.get("playing") is playing and len(tables.by_key) == MAX_SESSIONS


def test_a_long_pile_outside_the_layout_shows_its_first_counters_and_every_one_an_option_names():
    from interpreter.web.views import ELSEWHERE_COUNTERS, board_json, decision_json, targets_of
    game = interpreter.load_rules("tigerleader").new_game(seed=1)          # buying units from the game box
    targets = targets_of(decision_json(game, {}))
    cells = {c["space"]: c for r in board_json(game, targets)["regions"] if r["title"] == "Elsewhere"
             for c in r["rows"][0]["cells"]}
    cards = cells["ratings"]
    assert len(cards["counters"]) == ELSEWHERE_COUNTERS and cards["more"].startswith("and 84 more")
    shown = {i for c in cells["box"]["counters"] for i in c["ids"]}
    assert targets <= shown | set(cells) and len(cells["box"]["counters"]) > ELSEWHERE_COUNTERS


def test_undo_into_another_seats_question_hands_the_screen_over():
    from interpreter.web.sessions import Table
    table = Table(interpreter.load_rules("westerplatte"), seed=1, variant=None, seats=2)
    first = table.game.decision.seat
    table.take_seat(first)
    while table.game.decision.seat == first:
        table.choose("pass" if "pass" in [o.id for o in table.game.decision.options] else table.game.decision.options[0].id)
    second = table.game.decision.seat
    assert table.handover() == second
    table.take_seat(second)
    table.undo()                                     # the second player takes back the first one's last choice
    assert table.game.decision.seat == first and table.handover() == first


def test_the_result_names_no_outcome_where_the_game_named_none():
    game = interpreter.load_rules(REPO / "tests/fixtures/unnamed_end").new_game()
    game.choose(game.decision.options[-1].id)
    assert views.result_json(game) == {"outcome": None, "score": None, "details": {}}
    tiny = interpreter.load_rules(REPO / "tests/fixtures/tiny").new_game(seed=1)
    while not tiny.over:
        tiny.choose(tiny.decision.options[0].id)
    assert views.result_json(tiny)["outcome"] in {"Win", "Draw", "Loss"}


def test_a_space_an_option_names_in_a_hidden_region_is_shown_elsewhere():
    game = interpreter.load_rules(REPO / "tests/fixtures/shown_while").new_game(seed=1)
    titles = [r["title"] for r in views.board_json(game)["regions"]]
    assert titles == ["Camp"]                                   # the Field is drawn only while fighting
    elsewhere = views.board_json(game, frozenset({"field"}))["regions"][-1]
    assert elsewhere["title"] == "Elsewhere" and [c["space"] for c in elsewhere["rows"][0]["cells"]] == ["field"]


def test_a_game_of_bots_alone_has_no_choice_to_undo():
    from interpreter.runtime import GameError
    from interpreter.web.sessions import Table
    table = Table(interpreter.load_rules("westerplatte"), seed=1, variant=None, seats=1, bots={1: "random"})
    while table.bot_to_move() and table.game.decisions_made < 5:
        table.bot_move()
    state, _ = table.state(0, 0)
    assert state["can_undo"] is False
    with pytest.raises(GameError, match="every seat is played by a bot"):
        table.undo()


def test_a_question_taking_several_values_shows_those_taken():
    game = interpreter.load_rules("postmen").new_game(seed=2)
    rng = random.Random(2)
    while game.decision.kind != "many" or len(game.decision.options) < 3:
        game.choose(game.draw(rng))
    assert views.decision_json(game, {})["picked"] == []
    first = next(o for o in game.decision.options if o.id != "done")
    game.choose(first.id)
    assert game.decision.kind == "many"
    assert views.decision_json(game, {})["picked"] == [first.label]


def test_counters_of_different_families_are_told_apart():
    game = interpreter.load_rules("postmen").new_game(seed=1)
    counters = [c for region in views.board_json(game)["regions"] for row in region.get("rows", [])
                for cell in row["cells"] for c in cell["counters"]]
    family = {game.view.kinds_of(c["ids"][0])[-2]: c["family"] for c in counters if not c["card"]}
    assert family["defender"] != family["enemy"] != family["equipment"] != family["defender"]


def test_a_game_whose_opening_fails_is_said_on_the_page_and_the_next_visit_takes_the_next_seed(serve, tmp_path):
    (tmp_path / "game.rules").write_text(
        'game shaky "Shaky" { seats 1 home box }\nspace box\ndie d6 1..6\n'
        'play {\n    if roll d6 <= 3 { log "{nth([1], 5)}" }\n    choose x from [1, 2] "Pick" { log "{x}" }\n}\n',
        encoding="utf-8")
    rules = interpreter.load_rules(tmp_path)

    def opens(seed: int) -> bool:
        try:
            rules.new_game(seed=seed).decision
        except interpreter.GameError:
            return False
        return True
    first = next(s for s in range(100) if opens(s) and not opens(s + 1) and opens(s + 2))
    served = serve(rules, seed=first)         # the server opens a game at its first seed before it listens
    assert urllib.request.urlopen(served.url).status == 200
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(served.url)
    page = refused.value.read().decode()
    assert refused.value.code == 500 and "The game could not start" in page
    assert "game.rules:5:" in page and "outside the list" in page
    assert urllib.request.urlopen(served.url).status == 200


def test_an_ipv6_address_may_be_written_in_brackets_as_a_url_writes_it():
    try:
        socket.socket(socket.AF_INET6).bind(("::1", 0))
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    server, sock, url = serving.make_server(interpreter.load_rules(REPO / "tests" / "fixtures" / "tiny"), "[::1]", 0)
    sock.close()
    assert url.startswith("http://localhost:")


def test_a_game_is_kept_past_a_restart_of_the_server(serve, tmp_path):
    from websockets.sync.client import connect
    rules = interpreter.load_rules("postmen")
    served = serve(rules, seed=3, keep_in=tmp_path)
    jar = urllib.request.HTTPCookieProcessor()
    urllib.request.build_opener(jar).open(served.url).read()
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar.cookiejar)
    with connect(served.url.replace("http", "ws") + "ws", additional_headers={"Cookie": cookie}) as ws:
        asked = json.loads(ws.recv(timeout=10))["decision"]
        ws.send(json.dumps({"type": "choose", "option": "pass", "at": asked["at"]}))
        assert json.loads(ws.recv(timeout=10))["decisions"] == 1
    served.stop()
    again = serve(rules, seed=3, keep_in=tmp_path)
    request = urllib.request.Request(again.url, headers={"Cookie": cookie})
    assert "garrison_session" not in (urllib.request.urlopen(request).headers["Set-Cookie"] or "")   # the same session
    with connect(again.url.replace("http", "ws") + "ws", additional_headers={"Cookie": cookie}) as ws:
        state = json.loads(ws.recv(timeout=10))
    assert state["decisions"] == 1 and state["seed"] == 3
    kept = list(tmp_path.glob("*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["game"] == "postmen"


def test_a_kept_game_is_named_only_by_a_session_key_and_a_damaged_one_is_left_where_it_is(tmp_path):
    from interpreter.web.keeping import Keeper
    rules = interpreter.load_rules(REPO / "tests" / "fixtures" / "tiny")
    keeper = Keeper(tmp_path / "kept")
    assert keeper.path("../../etc/passwd") is None and keeper.path("") is None
    assert keeper.keep("../../escape", rules.new_game(seed=1)) is None and not (tmp_path / "kept").exists()
    key = "a" * 24
    assert keeper.keep(key, rules.new_game(seed=1)) is None
    assert keeper.restored(rules, key).seed == 1
    keeper.path(key).write_text("{ damaged")
    assert keeper.restored(rules, key) is None and keeper.path(key).read_text() == "{ damaged"
