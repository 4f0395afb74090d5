"""`garrison lsp`: runs the language server on stdin and stdout until the editor ends it."""
from __future__ import annotations

import logging
import sys
from pathlib import Path

INSTALL_HINT = "garrison lsp: the language server needs pygls; install it with: pip install 'garrison[lsp]'"


def bundled_folder(name: str) -> Path | None:
    """The bundled game `name`'s folder, for a mod file kept outside a pack that names it in its header."""
    from interpreter.runtime import GameError, bundled_pack
    try:
        return bundled_pack(name)
    except GameError:
        return None


def run_language_server(version: str) -> int:
    try:
        from .server import build_server
    except ImportError as err:
        if (err.name or "").split(".")[0] not in ("pygls", "lsprotocol"):
            raise
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="garrison lsp: %(levelname)s %(message)s")
    logging.getLogger("interpreter.lsp").setLevel(logging.INFO)
    build_server(version, bundled_folder).start_io()
    return 0
