"""`garrison lsp` spoken to over its protocol: a server process, a client, and a small pack of two files."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("pygls")
from lsp_client import ROOT, Session  # noqa: E402
from lsprotocol import types as T  # noqa: E402

from interpreter.scaffold import create_pack  # noqa: E402

BOARD = '''# Where raids strike.
space wall "The wall": post { strength 3 }
kind post: space { strength: int }
'''


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    """The `garrison new` pack with its wall moved to a second file, board.rules."""
    folder = tmp_path_factory.mktemp("packs") / "fort"
    create_pack(str(folder))
    game = folder / "game.rules"
    text = game.read_text().replace('space wall "The wall": post { strength 3 }\n', "")
    game.write_text(text.replace("kind post: space { strength: int }\n", ""))
    (folder / "board.rules").write_text(BOARD)
    return folder


@pytest.fixture(scope="module")
def server():
    s = Session()
    yield s
    s.close()


@pytest.fixture
def session(server):
    """The server, with every document a test opened closed after it, so that no test sees another's unsaved text."""
    yield server
    for uri in list(server.versions):
        server.close_file(uri)


def place(text: str, needle: str, nth: int = 0, offset: int = 0) -> tuple[int, int]:
    """The (line, character) from 0 of the nth occurrence of `needle` in `text`, plus `offset` characters."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    before = text[:at + offset]
    return before.count("\n"), len(before) - (before.rfind("\n") + 1)


def test_the_server_offers_what_it_can_do(session):
    c = session.capabilities
    assert c.hover_provider and c.definition_provider and c.references_provider
    assert c.document_symbol_provider and c.document_formatting_provider
    assert "." in c.completion_provider.trigger_characters


def test_a_clean_pack_has_no_diagnostics(session, pack):
    uri = session.open(pack / "game.rules")
    assert session.wait_for_diagnostics(uri) == []


def test_a_broken_file_gets_its_syntax_error_at_its_line(session, pack):
    text = (pack / "game.rules").read_text()
    broken = text.replace("var repairs: int = 0", "var repairs: int = ", 1)
    uri = session.open(pack / "game.rules", broken)
    found = session.wait_for_diagnostics(uri)
    assert len(found) == 1
    line, character = place(broken, "var repairs: int = ", offset=len("var repairs: int ="))   # just after '='
    assert (found[0].range.start.line, found[0].range.start.character) == (line, character)
    assert found[0].severity == T.DiagnosticSeverity.Error
    assert "expected" in found[0].message and found[0].source == "garrison"


def test_a_change_is_checked_with_the_other_files_of_the_pack(session, pack):
    """An unknown name in the editor's unsaved text; then a change that undoes it clears the diagnostic."""
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    session.wait_for_diagnostics(uri)
    broken = text.replace("if card == none { return }", "if card == nothing { return }")
    session.change(uri, broken)
    [unknown] = [d for d in session.wait_for_diagnostics(uri) if "nothing'" in d.message]
    assert unknown.message == "unknown name 'nothing'"
    line, character = place(broken, "nothing")
    assert (unknown.range.start.line, unknown.range.start.character) == (line, character)
    assert unknown.range.end.character == character + len("nothing")
    session.change(uri, text)
    assert session.wait_for_diagnostics(uri) == []


def test_quick_changes_are_checked_once_typing_pauses(session, pack):
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    session.wait_for_diagnostics(uri)
    already = len(session.published)
    for i in range(5):
        session.change(uri, text + f"# typing {i}\n")
    session.wait_for_diagnostics(uri)
    checked = [version for u, version in session.published[already:] if u == uri]
    assert checked == [session.versions[uri]]


def test_places_count_the_units_the_editor_counts(session, pack):
    """A name after characters outside the basic plane is marked where UTF-16 puts it."""
    text = (pack / "game.rules").read_text()
    broken = text.replace('log "Raiders attack with force {this.force}."', 'log "🙂🙂 é {nothing}"')
    uri = session.open(pack / "game.rules", broken)
    [found] = [d for d in session.wait_for_diagnostics(uri) if "nothing" in d.message]
    line = broken.splitlines()[found.range.start.line]
    before = line[: line.index("nothing")]
    assert found.range.start.character == len(before.encode("utf-16-le")) // 2 == len(before) + 2
    assert found.range.end.character - found.range.start.character == len("nothing")


def test_errors_in_another_file_of_the_pack_reach_that_file(session, pack):
    """Renaming the wall's kind in board.rules breaks the wall's declaration in the same file."""
    uri = session.open(pack / "board.rules", BOARD.replace("kind post:", "kind outpost:"))
    found = session.wait_for_diagnostics(uri)
    assert any("post" in d.message and d.range.start.line == 1 for d in found)
    session.close_file(uri)


def test_a_warning_keeps_its_code(session, pack):
    text = (pack / "game.rules").read_text()
    shadowed = text.replace("let card = top(raids)", "let guard = top(raids)").replace(
        "if card == none { return }\n    move card to discard\n    resolve card",
        "if guard == none { return }\n    move guard to discard\n    resolve guard")
    assert shadowed.count("guard") == text.count("guard") + 4
    uri = session.open(pack / "game.rules", shadowed)
    found = session.wait_for_diagnostics(uri)
    assert [(d.code, d.severity) for d in found] == [("W003", T.DiagnosticSeverity.Warning)]
    assert found[0].range.start.line == place(shadowed, "let guard")[0]


def test_hover_on_a_builtin_gives_the_registry_entry(session, pack):
    from dsl import BUILTINS
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    hover = session.hover(uri, *place(text, "tokens(wall", offset=2))
    assert BUILTINS["tokens"].doc in hover.contents.value and BUILTINS["tokens"].takes in hover.contents.value


def test_hover_on_a_name_gives_its_declaration(session, pack):
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    hover = session.hover(uri, *place(text, "wall.strength", offset=1)).contents.value
    assert "**space** `wall` — The wall" in hover and "Where raids strike." in hover
    assert "`strength 3`" in hover
    card = session.hover(uri, *place(text, "big_raid", offset=1)).contents.value
    assert "**card** `big_raid` — Big raid" in card and "`force 3`" in card
    assert "its kind `raid_card` does:" in card and "tally breaches" in card


def test_hover_on_a_local_and_on_a_keyword(session, pack):
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    local = session.hover(uri, *place(text, "set g.ready", offset=4)).contents.value
    assert "**parameter** `g`" in local and "action repair(g: soldier" in local
    keyword = session.hover(uri, *place(text, "phase raid", offset=1)).contents.value
    assert keyword.startswith("**keyword** `phase`")


def test_definition_crosses_files(session, pack):
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    [found] = session.definition(uri, *place(text, "wall.strength"))
    assert found.uri == (pack / "board.rules").resolve().as_uri()
    assert (found.range.start.line, found.range.start.character) == place(BOARD, "wall")
    [local] = session.definition(uri, *place(text, "set g.ready", offset=4))
    assert (local.range.start.line, local.range.start.character) == place(text, "g: soldier")


def test_references_cross_files_and_tell_locals_apart(session, pack):
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    found = session.references(uri, *place(text, "wall.strength"))
    board = (pack / "board.rules").resolve().as_uri()
    assert sum(r.uri == board for r in found) == 1
    assert sum(r.uri == uri for r in found) == text.count("wall") - text.count("the wall") - text.count("The wall")
    attribute = session.references(uri, *place(text, "s.ready", offset=2))
    assert len(attribute) == text.count(".ready") + 1          # its declaration, `var ready`, too
    local = session.references(uri, *place(text, "let card", offset=4))
    assert len(local) == 4 and {r.uri for r in local} == {uri}


def test_completion_offers_keywords_builtins_names_and_attributes(session, pack):
    from dsl import BUILTINS, KEYWORDS
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    labels = {i.label for i in session.completion(uri, *place(text, "move card", offset=5)).items}
    assert {k.word for k in KEYWORDS} <= labels and set(BUILTINS) <= labels
    assert {"wall", "raids", "repair", "breaches", "card"} <= labels
    assert "g" not in labels                     # the action's parameter is not in scope in a phase
    typing = text.replace("set g.ready = false", "set g.")
    session.change(uri, typing)
    fields = {i.label for i in session.completion(uri, *place(typing, "set g.", offset=6)).items}
    assert {"ready", "location", "label"} <= fields and "strength" not in fields and "force" not in fields


def test_document_symbols_outline_the_file(session, pack):
    text = (pack / "game.rules").read_text()
    uri = session.open(pack / "game.rules", text)
    outline = session.symbols(uri)
    names = [s.name for s in outline]
    assert names[:4] == ["fort", "d6", "hit", "supply"] and "repair" in names and "play" in names
    kind = next(s for s in outline if s.name == "raid_card")
    assert kind.kind == T.SymbolKind.Class and [c.name for c in kind.children] == ["force"]


def test_formatting_is_garrison_fmt_and_refuses_broken_files(session, pack):
    from dsl import format_text
    text = (pack / "game.rules").read_text()
    messy = text.replace('game fort "Fort" {\n    seats 1 home supply', 'game fort "Fort"   {\n  seats 1   home supply')
    assert messy != text
    uri = session.open(pack / "game.rules", messy)
    [edit] = session.formatting(uri)
    assert edit.new_text == format_text(messy) == text
    session.change(uri, text)
    assert session.formatting(uri) == []
    session.change(uri, text + "\nphase {")
    assert session.formatting(uri) is None


def test_a_mod_is_checked_against_its_game(session, tmp_path):
    pack = tmp_path / "postmen"
    shutil.copytree(ROOT / "content" / "postmen", pack)
    mod = pack / "mods" / "no_howitzer.rules"
    uri = session.open(mod)
    assert session.wait_for_diagnostics(uri) == []
    broken = mod.read_text() + "\nreplace piece no_such_piece \"X\": defender at g4 {}\n"
    session.change(uri, broken)
    found = session.wait_for_diagnostics(uri)
    assert any("no piece 'no_such_piece'" in d.message for d in found)


def test_a_mod_kept_elsewhere_is_checked_on_the_bundled_game_it_names(session, tmp_path):
    mod = tmp_path / "my_mod.rules"
    mod.write_text('mod "Tougher riflemen" for postmen\nchange piece rifleman { defense 5 }\n')
    uri = session.open(mod)
    assert session.wait_for_diagnostics(uri) == []
    session.change(uri, 'mod "Tougher riflemen" for postmen\nchange piece rifleman { toughness 5 }\n')
    [found] = session.wait_for_diagnostics(uri)
    assert "no attribute 'toughness'" in found.message and found.range.start.line == 1


def test_a_document_never_saved_is_checked_alone(session):
    uri = session.open("untitled:Untitled-1", 'game g "G" { seats 1 }\nplay { set nothing = 1 }\n')
    [found] = session.wait_for_diagnostics(uri)
    assert "nothing" in found.message and found.range.start.line == 1
    assert session.hover(uri, 0, 1).contents.value.startswith("**keyword** `game`")


def test_nonsense_never_stops_the_server(session, tmp_path):
    """Binary junk, unclosed strings and deep nesting get diagnostics or nothing, and the server answers on."""
    path = tmp_path / "junk" / "junk.rules"
    path.parent.mkdir()
    for text in ["\x00\x01{{{{", 'game "unclosed', "(" * 5000, "game g \"G\" {}\n" + "x" * 10000, ""]:
        uri = session.open(path, text)
        session.wait_for_diagnostics(uri)
        session.hover(uri, 0, 1)
        session.completion(uri, 0, 1)
        session.symbols(uri)
        session.formatting(uri)
        session.references(uri, 0, 0)
        session.definition(uri, 5, 500)
    assert session.capabilities is not None
    uri = session.open(path, "game g \"G\" { seats 1 }\nplay {}\n")
    assert session.wait_for_diagnostics(uri) == []


def test_without_pygls_the_command_says_how_to_install_it():
    import subprocess
    import sys
    code = ("import sys; sys.modules['pygls'] = None; sys.modules['lsprotocol'] = None\n"
            "from interpreter.cli import main; sys.exit(main(['lsp']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "garrison lsp: the language server needs pygls; install it with: pip install 'garrison[lsp]'"


@pytest.mark.parametrize("sent, said", [
    (b"Content-Length: 99999999999\r\n\r\n{}", "a message of 99999999999 bytes is more than the 67108864 a message may have"),
    (b"Content-Length: 5\r\n\r\n{abc}", "Unable to handle message (JSONDecodeError: Expecting property name"),
    (b"Content-Length: abc\r\n\r\n{}", "a message's Content-Length is not a number of bytes"),
])
def test_what_the_editor_sends_wrong_is_one_line_never_a_traceback(sent, said):
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "interpreter", "lsp"], input=sent, capture_output=True, cwd=ROOT,
                          timeout=60)
    err = done.stderr.decode()
    assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_a_device_a_pipe_or_a_huge_file_named_by_a_request_is_not_read(session, tmp_path):
    import os
    pipe = tmp_path / "pipe.rules"
    os.mkfifo(pipe)
    huge = tmp_path / "huge.rules"
    huge.write_text("# " + "x" * 2_100_000 + "\n", encoding="utf-8")
    for path in (pipe, huge):       # a pipe read would wait for ever (as a device like /dev/zero would fill memory)
        assert session.hover(path.as_uri(), 0, 0) is None


class RawServer:
    """`garrison lsp` spoken to byte for byte, to send what no well-behaved client would."""

    def __init__(self):
        import subprocess
        import sys
        self.process = subprocess.Popen([sys.executable, "-m", "interpreter", "lsp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)

    def send_body(self, body: bytes) -> None:
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def send(self, message) -> None:
        self.send_body(json.dumps(message).encode())

    def receive(self) -> dict:
        length = 0
        while (line := self.process.stdout.readline()) != b"\r\n":
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def initialize(self) -> None:
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}})
        assert self.receive()["id"] == 1

    def stop(self) -> list[str]:
        """Close the server's input; the lines of its log."""
        self.process.stdin.close()
        self.process.wait(timeout=20)
        return self.process.stderr.read().decode().splitlines()


def test_a_request_whose_params_do_not_fit_gets_invalid_params_and_one_line_in_the_log():
    server = RawServer()
    try:
        server.initialize()
        uri = (ROOT / "nowhere.rules").as_uri()
        server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": uri}, "position": {"line": -1, "character": 0}}})
        assert server.receive() == {"jsonrpc": "2.0", "id": 2, "error": {"code": -32602, "message": "Invalid Params"}}
        server.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
        assert server.receive()["id"] == 3                 # and it goes on answering
    finally:
        log = server.stop()
    assert log == ["garrison lsp: ERROR Unable to deserialize message (ValueError: Position.line should be in range "
                   "[0:2147483647], but was -1.)"]


def test_what_is_no_message_gets_the_error_json_rpc_names_for_it():
    server = RawServer()
    uri = (ROOT / "nowhere.rules").as_uri()
    hover = {"jsonrpc": "2.0", "method": "textDocument/hover",
             "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}}
    try:
        server.send(dict(hover, id=7))                      # before initialize
        assert server.receive() == {"jsonrpc": "2.0", "id": 7, "error": {"code": -32002, "message": "ServerNotInitialized"}}
        server.initialize()
        server.send_body(b"{abc}")
        assert server.receive() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse Error"}}
        for garbage, given in ((5, None), ([1, 2], None), ({"id": 8, "method": "x"}, 8)):
            server.send(garbage)
            assert server.receive() == {"jsonrpc": "2.0", "id": given,
                                        "error": {"code": -32600, "message": "Invalid Request"}}, garbage
        server.send(dict(hover, id=9))
        assert server.receive()["id"] == 9                 # and it goes on answering
    finally:
        server.stop()


def test_a_document_larger_than_a_rules_file_may_be_is_said_to_be_so(session, pack):
    text = (pack / "game.rules").read_text() + "# " + "x" * 2_000_000 + "\n"
    uri = session.open(pack / "game.rules", text)
    found = session.wait_for_diagnostics(uri)
    assert found[0].message == (f"the file has {len(text):,} characters, more than a rules file may have "
                                "(2,000,000): it is not read; split it")
    assert (found[0].range.start.line, found[0].range.start.character) == (0, 0)


def test_a_change_to_a_document_never_opened_is_passed_over():
    server = RawServer()
    uri = (ROOT / "never_opened.rules").as_uri()
    try:
        server.initialize()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "game"}]}})
        server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
        answer = server.receive()
        assert answer["id"] == 2 and "error" not in answer, answer     # no "Error in server" message first
    finally:
        log = server.stop()
    assert not any("KeyError" in line for line in log), log


def test_a_change_to_a_file_whose_path_has_a_space_is_checked(session, tmp_path):
    folder = tmp_path / "my pack"
    create_pack(str(folder))
    text = (folder / "game.rules").read_text()
    uri = session.open(folder / "game.rules", text)
    assert "%20" in uri
    session.wait_for_diagnostics(uri)
    session.change(uri, text + "\nvar broken: int = nothing_here\n")
    assert any("nothing_here" in d.message for d in session.wait_for_diagnostics(uri))


def test_a_request_without_params_gets_method_not_found_or_invalid_params():
    server = RawServer()
    try:
        server.initialize()
        server.send({"jsonrpc": "2.0", "id": 2, "method": "garrison/nothing"})
        answer = server.receive()
        assert answer["id"] == 2 and answer["error"]["code"] == -32601, answer
        server.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover"})
        assert server.receive() == {"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": "Invalid Params"}}
        server.send({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
        assert server.receive() == {"jsonrpc": "2.0", "id": 4, "result": None}
    finally:
        server.stop()


def test_a_method_or_id_of_the_wrong_kind_and_a_body_not_utf8_get_json_rpc_errors():
    server = RawServer()
    try:
        server.initialize()
        server.send({"jsonrpc": "2.0", "id": 15, "method": 5, "params": {}})
        assert server.receive() == {"jsonrpc": "2.0", "id": 15, "error": {"code": -32600, "message": "Invalid Request"}}
        for wrong in ([1], True):
            server.send({"jsonrpc": "2.0", "id": wrong, "method": "shutdown"})
            assert server.receive() == {"jsonrpc": "2.0", "id": None,
                                        "error": {"code": -32600, "message": "Invalid Request"}}, wrong
        server.send_body(b"\xff\xfe\x00")
        assert server.receive() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse Error"}}
        server.send({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
        assert server.receive() == {"jsonrpc": "2.0", "id": 4, "result": None}
    finally:
        server.stop()



def test_a_stray_file_beside_several_packs_joins_none_of_them(session, tmp_path):
    create_pack(str(tmp_path / "siege"))
    create_pack(str(tmp_path / "raid"))
    (tmp_path / "ideas.rules").write_text("const scratch = 1\n")
    (tmp_path / "siege" / "more").mkdir()
    (tmp_path / "siege" / "more" / "extra.rules").write_text("function hits() -> int = tokens(wall, hit)\n")
    uri = session.open(tmp_path / "siege" / "game.rules")
    assert session.wait_for_diagnostics(uri) == []
    uri = session.open(tmp_path / "siege" / "more" / "extra.rules")      # a pack's file in a folder of its own
    assert [d.code for d in session.wait_for_diagnostics(uri)] == ["W001"]     # hits is never used; wall and hit are known


def test_a_uri_naming_no_file_is_answered_with_nothing_and_no_error_logged(tmp_path):
    loop = tmp_path / "loop.rules"
    loop.symlink_to(loop)
    server = RawServer()
    try:
        server.initialize()
        for n, uri in enumerate([loop.as_uri(), "file://host/%00/x.rules", ""], start=2):
            server.send({"jsonrpc": "2.0", "id": n, "method": "textDocument/hover",
                         "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}})
            assert server.receive() == {"jsonrpc": "2.0", "id": n, "result": None}, uri
    finally:
        log = server.stop()
    assert not any("ERROR" in line for line in log), log
