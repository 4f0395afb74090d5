"""A client that starts `garrison lsp` (python -m interpreter lsp) and talks to it over stdio with pygls'
client, one call at a time; bench/lsp_response.py and the tests in tests/lsp use it."""
from __future__ import annotations

import asyncio
import itertools
import os
import sys
import time
from pathlib import Path

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[1]


class Session:
    """A running server and a client initialised with it; diagnostics are kept per uri as they arrive."""

    def __init__(self, cwd: Path = ROOT):
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("garrison-test", "1")
        self.diagnostics: dict[str, list[T.Diagnostic]] = {}
        self.checked: dict[str, int | None] = {}     # uri -> the version of the text its last diagnostics are for
        self.arrived: dict[str, float] = {}          # uri -> when its last diagnostics came
        self.published: list[tuple[str, int | None]] = []    # every (uri, version) diagnostics came for
        self.changed = asyncio.Event()

        @self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def keep(params: T.PublishDiagnosticsParams):
            self.diagnostics[params.uri] = list(params.diagnostics)
            self.checked[params.uri] = params.version
            self.published.append((params.uri, params.version))
            self.arrived[params.uri] = time.perf_counter()
            self.changed.set()

        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.run(self.client.start_io(sys.executable, "-m", "interpreter", "lsp", cwd=str(cwd), env=env))
        self.log: list[str] = []                     # what the server wrote to stderr
        self.loop.create_task(self._read_log(self.client._server.stderr))
        self.capabilities = self.run(self.client.initialize_async(T.InitializeParams(
            process_id=os.getpid(), root_uri=cwd.as_uri(), capabilities=T.ClientCapabilities()))).capabilities
        self.client.initialized(T.InitializedParams())
        self.versions: dict[str, int] = {}
        self.version_numbers = itertools.count(1)    # never the same twice, so old diagnostics are told apart

    async def _read_log(self, stream) -> None:
        """Read the server's stderr as it comes, so that the pipe never fills up and blocks it."""
        while line := await stream.readline():
            self.log.append(line.decode(errors="replace").rstrip())

    def run(self, coroutine, timeout: float = 30):
        return self.loop.run_until_complete(asyncio.wait_for(coroutine, timeout))

    def close(self) -> None:
        try:
            self.run(self.client.shutdown_async(None), timeout=10)
            self.client.exit(None)
            self.run(self.client.stop(), timeout=10)
        finally:
            self.loop.close()

    # ---- documents ------------------------------------------------------------------------

    def open(self, path: Path | str, text: str | None = None) -> str:
        """Open a file (or, given a uri such as untitled:Untitled-1, a document never saved)."""
        uri = path if isinstance(path, str) else path.resolve().as_uri()
        if uri in self.versions:
            self.close_file(uri)
        self.versions[uri] = next(self.version_numbers)
        self.diagnostics.pop(uri, None)
        self.client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
            uri=uri, language_id="rules", version=self.versions[uri],
            text=text if text is not None else path.read_text(encoding="utf-8"))))
        return uri

    def change(self, uri: str, text: str) -> None:
        """Replace the whole text of an open file."""
        self.versions[uri] = next(self.version_numbers)
        self.client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=text)]))

    def close_file(self, uri: str) -> None:
        self.versions.pop(uri, None)
        self.client.text_document_did_close(T.DidCloseTextDocumentParams(text_document=T.TextDocumentIdentifier(uri=uri)))

    def wait_for_diagnostics(self, uri: str, timeout: float = 30) -> list[T.Diagnostic]:
        """The diagnostics for `uri`'s text as the client last sent it (an open file's current version)."""
        async def wait():
            while uri not in self.diagnostics or self.checked.get(uri) != self.versions.get(uri):
                self.changed.clear()
                await self.changed.wait()
            return self.diagnostics[uri]
        return self.run(wait(), timeout)

    # ---- requests -------------------------------------------------------------------------

    def hover(self, uri: str, line: int, character: int) -> T.Hover | None:
        return self.run(self.client.text_document_hover_async(T.HoverParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=line, character=character))))

    def definition(self, uri: str, line: int, character: int):
        return self.run(self.client.text_document_definition_async(T.DefinitionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=line, character=character))))

    def references(self, uri: str, line: int, character: int, declarations: bool = True):
        return self.run(self.client.text_document_references_async(T.ReferenceParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=line, character=character),
            context=T.ReferenceContext(include_declaration=declarations))))

    def completion(self, uri: str, line: int, character: int):
        return self.run(self.client.text_document_completion_async(T.CompletionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=line, character=character))))

    def symbols(self, uri: str):
        return self.run(self.client.text_document_document_symbol_async(T.DocumentSymbolParams(
            text_document=T.TextDocumentIdentifier(uri=uri))))

    def formatting(self, uri: str) -> list[T.TextEdit] | None:
        edits = self.run(self.client.text_document_formatting_async(T.DocumentFormattingParams(
            text_document=T.TextDocumentIdentifier(uri=uri), options=T.FormattingOptions(tab_size=4, insert_spaces=True))))
        return None if edits is None else list(edits)
