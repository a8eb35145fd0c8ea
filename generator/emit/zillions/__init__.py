r"""Zillions of Games rules files: one ``.zrf`` per family (cut into parts where its file would pass
40 KB, :mod:`.downloads`), zipped with its pictures and a rules text.

Every decision is made in Python, in a typed context (:mod:`.context`, built by
:func:`~generator.emit.zillions.game.file_context`); the Jinja templates
(``templates/zillions/family.zrf.j2`` and the ZRF macro bodies in ``macros.zrf.j2``) only lay
it out.  By concern: :mod:`.text` (names and ZRF strings), :mod:`.board` (grid, directions,
zones), :mod:`.pieces` (pieces and their moves, castling, swaps), :mod:`.forms` (promoted forms),
:mod:`.drops`, :mod:`.hands`, :mod:`.goals`, :mod:`.macros` (the ``define``\ s), :mod:`.images` (the
bitmaps), :mod:`.game` (a file's games), :mod:`.downloads` (which games a file holds) and
:mod:`.packaging` (the zips and the manifest).  Each variant is written *relaxed* for Zillions
(:func:`generator.emit.fidelity.relaxed`): what ZRF cannot say is switched off and listed, in the game's
description and in the download's text file.

How the catalogue becomes ZRF (see ``shared/research/zillions-zrf.md``):

* **File.** The download's first variant is the ``(game ...)``, the others ``(variant ...)``.  A
  variant is the first game with its own sections put in (a piece or option replaces the one of
  its name, any goal all the goals, any other section the one of its keyword), so besides its
  title and description it writes only the sections whose text differs from the first game's:
  pieces and options one by one, goals all or none.  What it leaves out it inherits exactly: a
  section it has with the same text, or a piece type of the first game it never places, whose
  directions, zones and dummy positions its board declares.  A first-game section it lacks and
  cannot inherit (an option, move priorities) is an error.
* **Board.** A grid of 50-pixel squares, files ``a/b/...`` left to right and ranks from the top;
  holes are ``kill-positions`` (a killed position has no links: slides, steps and lame leaps stop
  there, while a true leap is one link of its own direction and jumps it).  The board picture is
  drawn here, holes shown dark.
* **Directions.** The eight compass steps, plus one direction per leap vector a piece uses
  (``nne`` is two north and one east).  ``symmetry Black`` lists every direction (Black's forward
  is south, left and right stay), as the other ZRF readers need.
* **Moves.** Each Betza move becomes macro calls, one per direction: ``step``/``leap`` (one
  link), ``slide``/``ride`` (repeated), ``slide-3`` (limited), ``lame-leap-2`` (a path of steps
  that must be empty), each optionally ``-no-capture`` or ``-capture-only`` and ``first-``
  (Betza ``i``).  The last argument says how the piece lands: ``add``, ``(add-as-moved)`` for
  pieces with a ``never-moved?`` attribute, or ``(add-or-promote)`` for pawns (named, as every
  macro, in at most 31 characters).  Moves along the diagonal lines start in the ``diagonal-lines`` zone and
  land only in it; a piece that shuns its own type hops over none and lands where none stands
  (``(not-piece? Cannon)``); a pass is the royal piece's copy added on its own square.
* **Pawns.** Multi-steps from the ``multi-step-zone`` with every passed square empty; en passant
  on each passed square, one macro per (steps before, steps after) pair, tested with ``mark``,
  ``last-to?`` and ``last-from?``; promotion ``(add A B ...)`` in the ``promotion-zone``, each pawn
  type with its own list (its promoted form, ``PromotedPawn``, beside the choices where it has one,
  as Chu Shogi's file gives its pawn ``(add Tokin Pawn)`` and its lance ``(add Lance White-Horse)``).
* **Castling.** One macro per catalogue castling move, by squares: the king on its square and
  never moved, the squares between empty, the king's squares not attacked, the rook of that type
  never moved; the king lands with ``cascade``, the rook is picked up with ``from``.
* **Drops.** ``(Piece off N)`` in the setup and a ``drops`` block limited to the ``drop-zone``;
  where captures go to hand, hand positions beside the board instead (:mod:`.hands`): a capture
  ``create``\ s the captured piece there for the captor, and a drop is a move from there.
* **Promotion by piece.** Each promoted form is a piece of its own (``PromotedPawn``); a promoting
  piece's moves note in ``from-zone?`` whether they start in the zone, and its landing adds the
  promoted form there or where the move ends in the zone; squares a piece could never leave are a
  zone per piece (``stuck-zone-p``) its landing keeps it off.  A piece that starts promoted is set up
  as its promoted form; with demotion a promoted form's landing adds what it was promoted from; with
  promotion by capture the landing's test is ``(and enemy? ...)``; a promoted drop is a second drop
  from the hand position, landing ``(add PromotedPawn)``.
* **Swaps.** The swapping piece moves onto its unmoved neighbour and ``cascade``s it back; the
  right to swap is a token per player on a ``dummy`` position, captured by the swap; the token's
  piece is declared ``(dummy)``, as real files declare the pieces they keep on dummy positions.
* **Goals.** ``checkmated``; the race as ``absolute-config`` over the zone's squares; the bare
  king with ``pieces-remaining``/``total-piece-count``; ``stalemated``; ``repetition``; a forced
  pass is ``(option "pass turn" forced)``; Black first is the turn order.
"""

from generator.emit.zillions.downloads import MAX_ZRF_BYTES, Download, download_of, downloads, family_context
from generator.emit.zillions.images import BOARD_BORDER, PIECE_SIZE, SQUARE_SIZE
from generator.emit.zillions.names import zrf_piece_names
from generator.emit.zillions.packaging import (
    FOLDER,
    emit,
    emit_zillions,
    family_files,
    render_family,
    rules_text,
    write_family_zip,
)
from generator.emit.zillions.text import (
    SUFFIX,
    download_name,
    game_title,
    game_titles,
    zip_file_name,
    zrf_file_name,
)

__all__ = [
    "BOARD_BORDER",
    "FOLDER",
    "MAX_ZRF_BYTES",
    "PIECE_SIZE",
    "SQUARE_SIZE",
    "SUFFIX",
    "Download",
    "download_name",
    "download_of",
    "downloads",
    "emit",
    "emit_zillions",
    "family_context",
    "family_files",
    "game_title",
    "game_titles",
    "render_family",
    "rules_text",
    "write_family_zip",
    "zip_file_name",
    "zrf_file_name",
    "zrf_piece_names",
]
