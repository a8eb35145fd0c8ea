"""A set-up phase by drops (``drops.must``: placement chess, sittuyin) in the Zillions files: where the sides
empty their hands one drop a turn and no drop of the set-up can give check, set-up turns in the turn order
(:func:`plan`), the idiom of the corpus's Duke, Mana, Cyvasse and Bolotoudou; elsewhere the named limitation
``must-drop``.  One of the checks of :mod:`generator.emit.fidelity.zillions`.

The reference (Fairy-Stockfish's ``mustDrop``) makes a side with pieces in hand drop one while it can, and
lets it move otherwise.  The file gives each side as many turns of the move type ``setup`` as it holds
pieces, one after the other's, before the turns of the game proper (``repeat``); only drops are of that
type.  The two agree where both hands hold as many pieces, none comes back to a hand (captures leave the
board), and every set-up turn has a legal drop: each piece's drop squares, empty at the start, are at
least as many as the pieces in hand, and no drop can give check (walked below: no piece dropped, nor any
on the board from the start, attacks a square where an enemy royal piece may stand during the set-up, the
pieces of the start in the way; nothing else moves before the hands are empty, so nothing else can).

Where the pieces of one type must end on squares of both colours (``drops.opposite_colors``, two of them
in each hand, dropped on one rank that holds none at the start), the drops walk that rank: squares of one
colour stand an even number of files apart (:data:`SetUpTurns.paired`).  Where a king and rook dropped onto
their castling squares may castle (``drops.castling``), the file's castling already says so: a dropped piece
takes its type's ``never-moved? true``, and nothing moves before both are dropped
(:data:`SetUpTurns.castling`).

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> placement = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("placement")
>>> plan(placement)
SetUpTurns(turns=8, paired='B', castling=True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.betza import BetzaMove, Modality
from generator.catalogue.model import CastlingMove, Color, Square, Variant, absolute_rank

#: the move type of the set-up turns, as the corpus's Duke.zrf names it
SET_UP = "setup"


@dataclass(frozen=True)
class SetUpTurns:
    """What the file writes: ``turns`` set-up turns for each side; ``paired``, the piece kept on both colours
    by the drops' walk along the rank (None: no such rule, or not written); ``castling``, whether a king and
    rook dropped onto their squares castle."""

    turns: int
    paired: str | None
    castling: bool


def plan(v: Variant) -> SetUpTurns | None:
    """The set-up turns the file writes for ``v``'s forced drops, or None where they would not be exact."""
    drops = v.drops
    if drops is None or not drops.must or drops.must_piece or drops.captures_to_hand or drops.promoted:
        return None
    if drops.squares is not None or drops.one_per_file or v.gating or v.swaps or v.walling or v.passing:
        return None
    counts = {sum(v.setup.pocket(c).values()) for c in Color}
    if len(counts) != 1 or not (n := counts.pop()):
        return None
    if any(len(_drop_squares(v, c, x)) < n for c in Color for x in _in_hand(v, c)):
        return None
    if not _goals_plain(v) or _checks(v):
        return None
    return SetUpTurns(n, _paired(v), _castling(v))


def _in_hand(v: Variant, color: Color) -> list[str]:
    return [x for x, k in v.setup.pocket(color).items() if k > 0]


def _drop_squares(v: Variant, color: Color, letter: str) -> list[Square]:
    """The squares ``color`` may drop ``letter`` on that are empty at the start."""
    assert v.drops is not None
    ranks = {absolute_rank(color, r, v.board.ranks) - 1 for r in v.drops.ranks_of(letter)}
    return [
        Square(f, r)
        for r in sorted(ranks)
        for f in range(v.board.files)
        if v.board.contains(Square(f, r)) and v.setup.piece_at(Square(f, r)) is None
    ]


def _goals_plain(v: Variant) -> bool:
    """Checkmate (or nothing) decides the game: no goal a drop could reach, no piece count that holds while the
    pieces are in hand."""
    g = v.goals
    return (
        g.flag is None
        and g.bare_king is None
        and g.extinction is None
        and g.check_count is None
        and not (g.shatar_mate or g.castling_wins)
    )


def _checks(v: Variant) -> bool:
    """Whether a drop of the set-up could give check (True also where the walk cannot tell: a hopper)."""
    for c in Color:
        e = Color.BLACK if c is Color.WHITE else Color.WHITE
        royal = {p.letter for p in v.pieces if p.royal}
        targets = {sq for sq, color, x in v.setup.placement if color is e and x in royal}
        targets |= {sq for x in _in_hand(v, e) if x in royal for sq in _drop_squares(v, e, x)}
        pieces = [(sq, x) for sq, color, x in v.setup.placement if color is c]
        pieces += [(sq, x) for x in _in_hand(v, c) for sq in _drop_squares(v, c, x)]
        for sq, x in pieces:
            attacked = _attacks(v, c, sq, x)
            if attacked is None or attacked & targets:
                return True
    return False


def _attacks(v: Variant, color: Color, origin: Square, letter: str) -> set[Square] | None:
    """The squares a piece attacks from ``origin`` with the pieces of the start in the way (more pieces only
    block more), or None for a hop, which another piece could make."""
    out: set[Square] = set()
    for m in _moves(v, letter):
        if not m.modality & Modality.CAPTURE:
            continue
        if m.hop:
            return None
        for dx, dy in m.vectors():
            step = (dx, dy) if color is Color.WHITE else (-dx, -dy)
            out |= set(_ray(v, origin, step, m.range))
    return out


def _moves(v: Variant, letter: str) -> Iterator[BetzaMove]:
    p = v.piece(letter)
    yield from p.movement.moves
    if p.advanced is not None:
        yield from p.advanced.movement.moves
    if p.line_moves is not None:
        yield from p.line_moves.moves


def _ray(v: Variant, origin: Square, step: tuple[int, int], reach: int) -> Iterator[Square]:
    """The squares along ``step`` from ``origin``, ``reach`` of them at most (0: any number), up to the first
    piece of the start."""
    sq, k = origin, 0
    while reach == 0 or k < reach:
        sq, k = Square(sq.file + step[0], sq.rank + step[1]), k + 1
        if not v.board.contains(sq):
            return
        yield sq
        if v.setup.piece_at(sq) is not None:
            return


def _paired(v: Variant) -> str | None:
    """The piece the drops keep on both colours, where the walk along one rank says it: two in each hand, none
    on the board, every piece in hand dropped on the same one rank (holding no piece at the start, so no
    square of it is lost to the set-up's other drops but by one of them)."""
    assert v.drops is not None
    x = v.drops.opposite_colors
    if x is None or any(v.setup.pocket(c).get(x, 0) != 2 for c in Color):
        return None
    if v.drops.piece_ranks or any(letter == x for _, _, letter in v.setup.placement):
        return None
    ranks = {v.drops.ranks_of(y) for c in Color for y in _in_hand(v, c)}
    if len(ranks) != 1 or len(next(iter(ranks))) != 1:
        return None
    return x if all(len(_drop_squares(v, c, x)) == v.board.files for c in Color) else None


def _castling(v: Variant) -> bool:
    """Whether every castling is by a king and rook that start in hand and may be dropped onto their squares
    (the file's castling then tests that both have never moved, which holds for a dropped piece until it
    moves, and nothing moves before both hands are empty)."""
    drops = v.drops
    assert drops is not None
    if drops.castling is None or not v.castling:
        return False
    royal = [p.letter for p in v.pieces if p.royal]
    if len(royal) != 1:
        return False
    for cm in v.castling:
        for sq, x in ((cm.king_from, royal[0]), (cm.rook_from, drops.castling)):
            if x not in _in_hand(v, cm.color) or sq not in _drop_squares(v, cm.color, x):
                return False
    return True


def castling_pieces(v: Variant, cm: CastlingMove) -> tuple[str, str] | None:
    """The letters of the king and rook of a castling: those on its squares at the start, else, where castling
    is gained by drops, the royal piece and the castling piece dropped there (None where neither)."""
    king, rook = v.setup.piece_at(cm.king_from), v.setup.piece_at(cm.rook_from)
    if king is not None and rook is not None:
        return king[1], rook[1]
    royal = [p.letter for p in v.pieces if p.royal]
    if v.drops is None or v.drops.castling is None or len(royal) != 1:
        return None
    return royal[0], v.drops.castling
