"""``out/play.html``: every variant Fairy-Stockfish can play, played in the browser through ffish.

ffish (Fairy-Stockfish's move generator as WebAssembly, the npm package pinned in
``package.json``) knows the rules; the page only draws the board in the project's own style (the
piece glyphs of :mod:`generator.emit.pictures.glyphs`), lists the legal moves ffish gives and plays the
one the player picks.  The variants are the sections of the generated ``variants.ini`` (the names
:func:`generator.emit.fairy_stockfish.section_entries` gives, as the ini emitter's manifest does),
loaded with ``ffish.loadVariantConfig`` before any board is made.  A variant Fairy-Stockfish plays
only in part (:func:`generator.emit.fidelity.limitations`) is offered with what differs said.

The page works opened from disk: browsers fetch no ``.wasm`` from ``file://``, so ffish's
WebAssembly comes base64 in a script (``play/ffish-wasm.js``) and is handed to the Emscripten
module as ``wasmBinary``.  Those browser files are package data (``browser/`` at the top of the
repository, refreshed by ``scripts/refresh-browser-files`` from the versions ``package-lock.json``
pins); :func:`emit_files` copies them into ``out/play/`` with their licence.

The opponent is Fairy-Stockfish's searching WebAssembly build (npm ``fairy-stockfish-nnue.wasm``),
which runs threads: browsers allow them only on a cross-origin isolated page, so the page offers it
only there (``variantgen serve``, :mod:`generator.emit.web.serve`, sends the headers), loads the same
ini into it and lets it play only the sections it accepted; opened from disk, it says how to get one.

The URL fragment ``#variant=NAME&moves=M1,M2`` (optionally ``&fen=FEN`` to start elsewhere)
opens a position; ``NAME`` is the catalogue's name of the variant or its ini section's, and the page
rewrites the fragment with the catalogue's name as moves are played.  ``#legal-moves`` lists the legal
moves (Fairy-Stockfish's UCI, a pass ``0000``, sorted, space-separated), ``#result`` the result
(``1-0``, ``0-1``, ``1/2-1/2`` or empty) and ``#message`` what was wrong with the fragment.

All decisions are made in :func:`play_context`; ``templates/play/play.html.j2`` lays them out and
holds the page's script, which decides nothing about the rules.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from markupsafe import Markup

from generator import shipped
from generator.catalogue.model import Catalogue, Color, Variant
from generator.emit import fairy_stockfish
from generator.emit.fidelity import limitations, writable
from generator.emit.jinja import render
from generator.emit.manifest import Manifest
from generator.emit.pictures.glyphs import Glyph, glyph_set, svg_symbol
from generator.emit.target import Target

__all__ = [
    "BROWSER_FILES",
    "FILE_NAME",
    "FOLDER",
    "PlayContext",
    "emit",
    "emit_files",
    "play_context",
    "play_href",
    "playable",
    "render_play",
]

FILE_NAME = "play.html"  # at the top of out/
FOLDER = "play"  # the browser files, beside it
TEMPLATE = "play/play.html.j2"
#: the shipped browser files the page loads or names, in ``browser/`` (``scripts/refresh-browser-files``)
BROWSER_FILES = (
    "ffish.js",
    "ffish-wasm.js",
    "stockfish.js",
    "stockfish.worker.js",
    "stockfish.wasm",
    "COPYING.txt",
    "SOURCES.txt",
)


def playable(v: Variant) -> bool:
    """Whether the play page offers ``v``: Fairy-Stockfish has a section for it."""
    return writable(v, Target.FAIRY_STOCKFISH)


def play_href(v: Variant) -> str | None:
    """The link under ``out/`` that opens ``v`` on the play page (None: the page does not offer it)."""
    return f"{FILE_NAME}#variant={v.name}" if playable(v) else None


@dataclass(frozen=True)
class PlayPiece:
    """A piece letter (as in Fairy-Stockfish's FEN), its name and the glyph symbols per colour."""

    letter: str
    name: str
    white: str
    black: str


@dataclass(frozen=True)
class PlayVariant:
    """One variant on the page: ``name`` the catalogue's (the name the fragment writes; it also reads
    ``section``, the ini section ffish plays); ``differs`` what Fairy-Stockfish plays otherwise than
    the catalogue (empty: every rule)."""

    section: str
    name: str
    title: str
    files: int
    ranks: int
    differs: tuple[str, ...]
    pieces: tuple[PlayPiece, ...]


@dataclass(frozen=True)
class PlayContext:
    """Everything ``templates/play/play.html.j2`` shows: ``data`` is the variants and the ini as
    JSON for the script (safe inside ``<script>``), ``glyphs`` the SVG symbols of every piece."""

    title: str
    index: str
    variants: tuple[PlayVariant, ...]
    wasm_script: str  # ffish's WebAssembly, base64: loaded before the page's script, which hands it to
    ffish_script: str  # the Emscripten module, loaded last
    licence: str
    sources: str
    ini_file: str
    glyphs: Markup
    data: Markup


class _Symbols:
    """An id per glyph and colour, each defined once."""

    def __init__(self) -> None:
        self.ids: dict[tuple[Glyph, Color], str] = {}

    def of(self, g: Glyph, c: Color) -> str:
        return self.ids.setdefault((g, c), f"g{len(self.ids) + 1}")

    def defs(self) -> Markup:
        symbols = "".join(
            f'<symbol id="{sid}" viewBox="0 0 100 100">{svg_symbol(g, c, 100)}</symbol>'
            for (g, c), sid in self.ids.items()
        )
        return Markup(f'<svg class="glyph-defs" width="0" height="0" aria-hidden="true"><defs>{symbols}</defs></svg>')


def _variant(v: Variant, section: str, symbols: _Symbols) -> PlayVariant:
    glyphs = glyph_set(v.pieces)
    pieces = tuple(
        PlayPiece(
            p.letter,
            p.name,
            symbols.of(glyphs[p.letter], Color.WHITE),
            symbols.of(glyphs[p.letter], Color.BLACK),
        )
        for p in v.pieces
    )
    differs = tuple(x.text for x in limitations(v, Target.FAIRY_STOCKFISH))
    return PlayVariant(section, v.name, v.title, v.board.files, v.board.ranks, differs, pieces)


def _script_json(value: object) -> Markup:
    """``value`` as JSON that cannot end the ``<script>`` element it stands in."""
    text = json.dumps(value, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return Markup(text.replace("</", "<\\/").replace("<!--", "<\\!--"))


def play_context(catalogue: Catalogue, names: Sequence[str] | None = None) -> PlayContext:
    """The page's context: the selected variants Fairy-Stockfish has a section for, in catalogue order."""
    sections = {e.variant: e.section for e in fairy_stockfish.section_entries(catalogue, names)}
    symbols = _Symbols()
    variants = tuple(
        _variant(v, sections[v.name], symbols)
        for v in fairy_stockfish.select(catalogue, names)
        if playable(v) and v.name in sections
    )
    ini = fairy_stockfish.render_ini(catalogue, names)
    data = {"ini": ini, "variants": [asdict(v) for v in variants], "engine": f"{FOLDER}/stockfish.js"}
    return PlayContext(
        title=f"Play: {catalogue.title}",
        index="index.html",
        variants=variants,
        wasm_script=f"{FOLDER}/ffish-wasm.js",
        ffish_script=f"{FOLDER}/ffish.js",
        licence=f"{FOLDER}/COPYING.txt",
        sources=f"{FOLDER}/SOURCES.txt",
        ini_file=f"{fairy_stockfish.FOLDER}/{fairy_stockfish.FILE_NAME}",
        glyphs=symbols.defs(),
        data=_script_json(data),
    )


def render_play(catalogue: Catalogue, names: Sequence[str] | None = None) -> str:
    """The page's HTML text (deterministic)."""
    return render(TEMPLATE, html=True, play=play_context(catalogue, names))


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write ``play.html`` into ``folder`` (swapped in as ``out/play.html``, like ``index.html``)."""
    (Path(folder) / FILE_NAME).write_bytes(render_play(catalogue, names).encode("utf-8"))
    return Manifest(target=Target.PLAY, files=(FILE_NAME,))


def emit_files(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Copy the shipped browser files the page needs into ``folder`` (``out/play/``)."""
    source = shipped.path("browser")
    for name in BROWSER_FILES:
        if not (source / name).is_file():
            raise FileNotFoundError(f"{source / name} is missing: run scripts/refresh-browser-files")
        shutil.copyfile(source / name, Path(folder) / name)
    return Manifest(target=Target.PLAY, files=BROWSER_FILES)
