"""Royal pieces facing each other (bikjang, ``draws.bikjang``) and two passes in a row
(``draws.double_pass``) in the Zillions files: where the file writes them, by walks along the files the
royal pieces' regions share (:func:`plan`); elsewhere the named limitations ``bikjang`` and ``double-pass``.

While the royal pieces face each other on a file with nothing between, a move must part them (a piece
landing between them, or a royal piece stepping off the file) or be a pass, which then ends the game as
a draw, in check too; two passes in a row draw as well.  The file writes each landing through walks: along
each such file from the player's own edge (a square named, as the drops' marker square is), over any
pieces to its royal piece, then over empty squares, the landing square flagged as a piece between, to the
other royal piece; a royal piece's own step walks from the square it leaves and from the one it reaches.
The pass, a copy of the royal piece added on its own square, walks from it and, finding the other royal
piece, creates the marker of a draw on a dummy position (as the drop that may not mate creates its
marker), the royal piece staying as a stand-in no goal names, so that the pass is played in check too;
likewise where the other side's last move was its pass (``last-from?`` and ``last-to?`` on the other royal
piece's square, found along the same files from the other edge).

>>> from generator.catalogue import find_catalogue, load_catalogue
>>> built_ins = load_catalogue(find_catalogue("fairy-stockfish"))
>>> plan(built_ins.get("janggitraditional")).royal, plan(built_ins.get("xiangqi"))
('K', None)
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.catalogue.model import PieceType, Square, Variant


@dataclass(frozen=True)
class Facing:
    """Where the file writes the royal pieces' walks: their type; the files along which they may face each
    other, with White's first-rank square and Black's last-rank square of each, where a walk along the file
    starts (for the side that starts there); and which of the two rules it writes."""

    royal: str
    anchors: tuple[tuple[Square, Square], ...]
    bikjang: bool
    double_pass: bool


def plan(v: Variant) -> Facing | None:
    """How the file writes bikjang and the double pass (None where it writes neither): one royal type, each
    side one piece of it that steps (:func:`_stepping`) and keeps to a region, White's wholly on lower ranks
    than Black's and on the same files, so that they may face each other along those files only; a pass the
    royal piece's own (``passing``)."""
    royals = [p for p in v.pieces if p.royal]
    if not (v.draws.bikjang or v.draws.double_pass) or not v.passing or len(royals) != 1:
        return None
    king = royals[0]
    region = king.region
    if region is None or not _stepping(v, king) or v.setup.pockets or v.drops is not None:
        return None
    white, black = region
    files = sorted({sq.file for sq in white})
    if max(sq.rank for sq in white) >= min(sq.rank for sq in black) or files != sorted({sq.file for sq in black}):
        return None
    last = v.board.ranks - 1
    anchors = tuple((Square(f, 0), Square(f, last)) for f in files)
    return Facing(king.letter, anchors, v.draws.bikjang, v.draws.double_pass)


def _stepping(v: Variant, king: PieceType) -> bool:
    """Whether each side has one ``king``, which moves by single leaps only (no first moves), its lines' too."""
    moves = [*king.movement.moves, *(king.line_moves.moves if king.line_moves else ())]
    steps = all(m.range == 1 and not (m.hop or m.lame or m.initial) for m in moves)
    return steps and v.setup.one_each(king.letter)
