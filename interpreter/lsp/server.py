"""The language server: checks the pack of every open .rules file as it is edited and answers the editor's
questions about names, all from the project's own parser, checker and formatter."""
from __future__ import annotations

import asyncio
import functools
import json
import logging
from urllib.parse import unquote
from collections import defaultdict
from pathlib import Path

from lsprotocol import types as T
from pygls.exceptions import (JsonRpcException, JsonRpcInvalidRequest, JsonRpcParseError,
                              JsonRpcServerNotInitialized)
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method
from pygls.uris import to_fs_path

from dsl import Diagnostic

from .analysis import Analysis
from .completion import completions
from .hover import hover_markdown
from .navigation import definition, document_symbols, formatting, references
from .positions import Lines

log = logging.getLogger(__name__)

DEBOUNCE = 0.08        # seconds of quiet after a change before the pack is checked again
SEVERITY = {"error": T.DiagnosticSeverity.Error, "warning": T.DiagnosticSeverity.Warning}


class NotAPath(Exception):
    """A document's URI names no file this server can read (it answers nothing about it)."""


def guarded(handler):
    """A request or notification handler that logs whatever goes wrong and answers nothing, so that no
    file, however broken, stops the server; a URI naming no file is noted, not logged as a failure."""
    if asyncio.iscoroutinefunction(handler):
        @functools.wraps(handler)
        async def run_async(*args):
            try:
                return await handler(*args)
            except NotAPath as err:
                log.info("%s: %s", handler.__name__, err)
            except Exception:
                log.exception("%s failed", handler.__name__)
            return None
        return run_async

    @functools.wraps(handler)
    def run(*args):
        try:
            return handler(*args)
        except NotAPath as err:
            log.info("%s: %s", handler.__name__, err)
        except Exception:
            log.exception("%s failed", handler.__name__)
        return None
    return run


class RulesProtocol(LanguageServerProtocol):
    """The protocol, answering as JSON-RPC asks where pygls would only log: a request whose params
    do not fit its method gets 'invalid params', JSON that is no message 'invalid request', and a
    request before `initialize` 'server not initialized' (left to pygls, the editor would wait)."""

    initialize_seen = False

    def structure_message(self, data):
        if isinstance(data, dict) and (("method" in data and not isinstance(data["method"], str))
                                       or ("id" in data and (isinstance(data["id"], bool)
                                                             or not isinstance(data["id"], (int, str, type(None)))))):
            given = data.get("id")      # a method that is no name, or an id that is neither number nor string
            valid = isinstance(given, (int, str)) and not isinstance(given, bool)
            self.answer_error(given if valid else None, JsonRpcInvalidRequest())
            return UNREADABLE
        if isinstance(data, dict) and isinstance(data.get("method"), str) and "params" not in data:
            data = dict(data, params=None)      # JSON-RPC lets a message leave params out; pygls would fail on it
        try:
            return super().structure_message(data)
        except JsonRpcException as err:
            if isinstance(data.get("id"), (int, str)) and isinstance(data.get("method"), str):
                self.answer_error(data["id"], err)
            return UNREADABLE

    def handle_message(self, message):
        if message is UNREADABLE:
            return
        if not hasattr(message, "jsonrpc"):     # a number, a list, an object that is no JSON-RPC message
            given = message.get("id") if isinstance(message, dict) else None
            self.answer_error(given if isinstance(given, (int, str)) else None, JsonRpcInvalidRequest())
            return
        method = getattr(message, "method", None)
        if method == T.INITIALIZE:
            self.initialize_seen = True
        elif not self.initialize_seen and method is not None and method != T.EXIT:
            if hasattr(message, "id"):      # a request; a notification before `initialize` is dropped
                self.answer_error(message.id, JsonRpcServerNotInitialized())
            return
        super().handle_message(message)

    @lsp_method(T.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: T.DidChangeTextDocumentParams):
        if unquote(params.text_document.uri) not in self.workspace.text_documents:     # kept as pygls keeps them
            return      # a change to a document never opened: nothing to apply it to (pygls would fail)
        yield from super().lsp_text_document__did_change(params)

    def answer_error(self, msg_id, error: JsonRpcException) -> None:
        """An error response, its id null where none could be read (pygls would leave the id out)."""
        self._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": error.code, "message": error.message}})


UNREADABLE = object()       # a message answered (or, a notification, passed over) as it was read


class RulesServer(LanguageServer):
    """A pygls server that knows the packs its open files belong to."""

    def __init__(self, version: str, bundled=lambda name: None):
        super().__init__("garrison", version, protocol_cls=RulesProtocol)
        self.analysis = Analysis(self.unsaved, bundled)
        self.open: dict[Path, str] = {}                       # open file -> its uri as the editor spells it
        self.pending: dict[Path, asyncio.Task] = {}
        self.published: dict[Path, set[Path]] = defaultdict(set)   # pack -> files given diagnostics

    def report_server_error(self, error: Exception, source) -> None:
        if isinstance(error, (json.JSONDecodeError, UnicodeDecodeError)):     # a body that is not JSON: answered, as JSON-RPC asks
            self.protocol.answer_error(None, JsonRpcParseError())
            return
        super().report_server_error(error, source)

    # ---- files ----------------------------------------------------------------------------

    def path_of(self, uri: str) -> Path:
        try:
            fs = to_fs_path(uri)
            return Path(fs).resolve() if fs else Path(uri)
        except (ValueError, RuntimeError, OSError) as err:     # a NUL byte, a link that loops, no path at all
            raise NotAPath(f"'{uri[:200]}' names no file here ({err})") from None

    def uri_of(self, path: Path) -> str:
        return self.open.get(path) or path.as_uri()

    def unsaved(self, path: Path) -> str | None:
        uri = self.open.get(path)
        return self.workspace.get_text_document(uri).source if uri is not None else None

    def lines(self, path: Path) -> Lines:
        return Lines(self.analysis.text(path), self.workspace.position_codec)

    def place(self, uri: str, position: T.Position) -> tuple[Path, Lines, int, int]:
        path = self.path_of(uri)
        lines = self.lines(path)
        line, col = lines.place(position)
        return path, lines, line, col

    # ---- diagnostics ----------------------------------------------------------------------

    def publish(self, path: Path) -> None:
        """Check `path`'s pack and give every file of it its problems (none clears old ones)."""
        pack, found = self.analysis.check(path)
        by_file: dict[Path, list[Diagnostic]] = defaultdict(list)
        for d in found:
            where = Path(d.file)
            by_file[where if where.is_absolute() else path].append(d)
        files = set(pack.all()) | set(by_file)
        for f in sorted(files | (self.published[pack.root] - files)):
            lines = self.lines(f)
            uri = self.open.get(f)
            version = self.workspace.get_text_document(uri).version if uri is not None else None
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
                uri=self.uri_of(f), version=version,
                diagnostics=[self.diagnostic(d, lines) for d in by_file.get(f, [])]))
        self.published[pack.root] = files

    @staticmethod
    def diagnostic(d: Diagnostic, lines: Lines) -> T.Diagnostic:
        return T.Diagnostic(range=lines.range(lines.word_span(d.line, d.col)), message=d.message,
                            severity=SEVERITY.get(d.severity, T.DiagnosticSeverity.Error),
                            code=d.code or None, source="garrison")

    def check_soon(self, path: Path) -> None:
        """Check again once the typing pauses: a change arriving meanwhile starts the wait again."""
        task = self.pending.pop(path, None)
        if task is not None:
            task.cancel()
        self.pending[path] = asyncio.get_running_loop().create_task(self._check_later(path))

    async def _check_later(self, path: Path) -> None:
        try:
            await asyncio.sleep(DEBOUNCE)
        except asyncio.CancelledError:
            return
        self.pending.pop(path, None)
        try:
            self.publish(path)
        except Exception:
            log.exception("checking %s failed", path)


def build_server(version: str, bundled=lambda name: None) -> RulesServer:
    server = RulesServer(version, bundled)

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    @guarded
    def did_open(ls: RulesServer, params: T.DidOpenTextDocumentParams):
        path = ls.path_of(params.text_document.uri)
        ls.open[path] = params.text_document.uri
        ls.publish(path)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    @guarded
    async def did_change(ls: RulesServer, params: T.DidChangeTextDocumentParams):
        ls.check_soon(ls.path_of(params.text_document.uri))

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    @guarded
    def did_save(ls: RulesServer, params: T.DidSaveTextDocumentParams):
        ls.publish(ls.path_of(params.text_document.uri))

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    @guarded
    def did_close(ls: RulesServer, params: T.DidCloseTextDocumentParams):
        path = ls.path_of(params.text_document.uri)
        ls.open.pop(path, None)
        if path.exists():
            ls.publish(path)            # the pack as saved
        else:
            ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    @guarded
    def hover(ls: RulesServer, params: T.HoverParams):
        path, lines, line, col = ls.place(params.text_document.uri, params.position)
        text = hover_markdown(ls.analysis, path, line, col, lines.word_at(line, col))
        if text is None:
            return None
        return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text))

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    @guarded
    def goto_definition(ls: RulesServer, params: T.DefinitionParams):
        path, _, line, col = ls.place(params.text_document.uri, params.position)
        return definition(ls.analysis, ls.lines, path, line, col)

    @server.feature(T.TEXT_DOCUMENT_REFERENCES)
    @guarded
    def find_references(ls: RulesServer, params: T.ReferenceParams):
        path, _, line, col = ls.place(params.text_document.uri, params.position)
        return references(ls.analysis, ls.lines, path, line, col, params.context.include_declaration)

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=["."]))
    @guarded
    def complete(ls: RulesServer, params: T.CompletionParams):
        path, lines, line, col = ls.place(params.text_document.uri, params.position)
        before = lines.line(line)[: col - 1]
        return T.CompletionList(is_incomplete=False, items=completions(ls.analysis, path, line, col, before))

    @server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded
    def symbols(ls: RulesServer, params: T.DocumentSymbolParams):
        path = ls.path_of(params.text_document.uri)
        return document_symbols(ls.analysis, ls.lines(path), path)

    @server.feature(T.TEXT_DOCUMENT_FORMATTING)
    @guarded
    def format_document(ls: RulesServer, params: T.DocumentFormattingParams):
        path = ls.path_of(params.text_document.uri)
        lines = ls.lines(path)
        return formatting(lines, ls.analysis.text(path), path)

    return server
