"""Fairy-Stockfish ``variants.ini``: one parent-less section per catalogue variant.

The package: :mod:`.table`, one row per option Fairy-Stockfish reads (type, default, first release,
aliases, the writer and the model field); :mod:`.values`, the writers; :mod:`.options`, the groups the
rows make; :mod:`.pieces`, the pieces' options; :mod:`.emit`, the sections and the file; :mod:`.reading`,
a written section read back into the model through the table.

Every decision is made in Python: the option groups in :mod:`.options`,
the section's name, comment and start position in :mod:`.emit` (:func:`section_context`); the Jinja template
(``templates/fairy-stockfish/variants.ini.j2``) only lays the prepared, typed context out.  A section
is written for the variant *relaxed* for Fairy-Stockfish (:func:`generator.emit.fidelity.relaxed`):
the rules FSF cannot express are switched off, and named in the section's comment.

Choices (see ``shared/research/fairy-stockfish.md``):

* Sections have no parent, so nothing is inherited but the defaults of FSF's ``struct Variant``
  (``src/variant.h``), and every option a catalogue feature touches is written out, defaults
  included: board size, pawn steps, en passant, promotion, castling, drops, goals, draws.
* Pieces keep the catalogue's FEN letters (lower case in the ini).  The royal piece is FSF's
  ``king``; the one pawn-role piece moving ``fmWfcF`` is FSF's ``pawn`` (which alone has double
  and triple steps and en passant); pieces moving exactly like a knight, bishop, rook or queen
  are FSF's; every other piece is a ``customPieceN`` with the canonical Betza of
  :mod:`generator.betza`, whose dialect reads the way FSF reads it.
* ``pieceToCharTable = -``: the table only serves XBoard, and ``-`` keeps FSF's check quiet.
* A variant whose name is one of FSF's built-in variants (``chess``) gets the section name
  ``<name>-variantgen`` (:func:`section_name`): FSF keeps the first definition of a name, so a
  section ``[chess]`` would silently stay FSF's own chess.
* Start FENs come from the reference engine (:func:`start_fen`), without its extension field.

:func:`emit` writes the file and returns its :class:`~generator.emit.manifest.Manifest`: the
section name and start FEN of every variant written, which is all a check needs to know.  Whether
pyffish loads the text as meant is :func:`generator.check.fairy_stockfish_loader.verify_ini`.
"""

from generator.emit.fairy_stockfish.emit import (
    BUILTIN_VARIANTS,
    FILE_NAME,
    FOLDER,
    IniContext,
    SectionContext,
    catalogue_identity,
    emit,
    expected_start_fens,
    ini_context,
    renamed,
    render_ini,
    section_context,
    section_entries,
    section_name,
    select,
    start_fen,
)

__all__ = [
    "BUILTIN_VARIANTS",
    "FILE_NAME",
    "FOLDER",
    "IniContext",
    "SectionContext",
    "catalogue_identity",
    "emit",
    "expected_start_fens",
    "ini_context",
    "renamed",
    "render_ini",
    "section_context",
    "section_entries",
    "section_name",
    "select",
    "start_fen",
]
