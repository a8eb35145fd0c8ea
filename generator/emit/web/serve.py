"""``variantgen serve``: a build's folder over HTTP on this machine, cross-origin isolated.

The play page (:mod:`generator.emit.web.play`) works from disk, but its opponent, Fairy-Stockfish's
searching WebAssembly build, runs threads, which need ``SharedArrayBuffer``: browsers give it only
to a page served with ``Cross-Origin-Opener-Policy: same-origin`` and
``Cross-Origin-Embedder-Policy: require-corp`` (:data:`HEADERS`), from a secure origin such as
``http://127.0.0.1``.  This server sends them with every file, and ``.wasm`` as
``application/wasm``.  It serves the folder's files as they are, and listens on the loopback
address only unless told otherwise.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TypeVar

from generator.emit.web import play

__all__ = ["HEADERS", "cmd_serve", "register", "server"]

#: sent with every file: what makes the page cross-origin isolated
HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-cache",
}

ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the base class's own mutable class attribute, extended
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def end_headers(self) -> None:
        for name, value in HEADERS.items():
            self.send_header(name, value)
        super().end_headers()


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that drops a connection it no longer needs (a closed tab, a cancelled fetch) is no
        # fault of the server: only other errors get socketserver's traceback on standard error.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def server(folder: Path, port: int = 8000, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """An HTTP server of ``folder`` (not started: call ``serve_forever``); ``port`` 0 picks a free one."""
    return _Server((host, port), functools.partial(_Handler, directory=str(folder)))


def register(subparsers: argparse._SubParsersAction[ParserT], parents: Sequence[ParserT] = ()) -> ParserT:
    """Add the ``serve`` sub-command (it reads no catalogue: ``alone=cmd_serve``)."""
    p = subparsers.add_parser(
        "serve",
        parents=list(parents),
        help="serve out/ on this machine, cross-origin isolated, so that play.html offers Fairy-Stockfish as opponent",
        description="Serve a build's folder over HTTP with the Cross-Origin-Opener-Policy and "
        "Cross-Origin-Embedder-Policy headers that let the play page run Fairy-Stockfish's threaded "
        "WebAssembly build as an opponent.  Ctrl-C stops it.",
    )
    p.add_argument("--out", default="out", metavar="DIR", help="the build's folder (default: ./%(default)s)")
    p.add_argument("--port", type=int, default=8000, help="the port (default: %(default)s)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: %(default)s)")
    p.set_defaults(alone=cmd_serve)
    return p


def cmd_serve(args: argparse.Namespace) -> int:
    folder = Path(args.out)
    if not (folder / play.FILE_NAME).is_file():
        raise ValueError(f"{folder} holds no {play.FILE_NAME}: run variantgen build first (or give --out DIR)")
    httpd = server(folder, args.port, args.host)
    host, port = httpd.server_address[:2]
    print(f"serving {folder} at http://{host!s}:{port}/{play.FILE_NAME} (Ctrl-C stops)", flush=True)
    try:
        httpd.serve_forever()
    finally:
        httpd.server_close()
    return 0
