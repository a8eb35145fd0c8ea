"""A section the emitter wrote, read back through the option table into the model.

:func:`read_section` takes a section's options (key -> value, as the ini has them) and gives the parts of the
model the ini states (:class:`Stated`): each value parsed by its row's type (:mod:`.table`), assembled into
the model's own objects (``Board``, ``PawnRules``, ``Drops``, ``Goals``, ``DrawRules``, ...).  :func:`stated`
is the same projection of a (relaxed) variant: the fields of those objects the ini does not state are put
back to the model's defaults (:data:`UNSTATED`), so the two compare equal when the section says what the
variant plays.

Read back: the board and its holes, every piece with its Betza (FSF's own pieces by name), pawns and their
promotion, promotion by piece, castling, drops, the capture rules, the goals, the draws, and the start
position.  The read-back is for the sections this emitter writes; an importer of other people's sections
builds on it (defaults, aliases and deprecated options, :mod:`.table`).

>>> section = {"maxFile": "8", "maxRank": "8", "king": "k", "customPiece1": "a:BN", "nMoveRule": "40",
...            "startFen": "4k3/8/8/8/8/8/8/A3K3 w - - 0 1"}
>>> s = read_section(section)
>>> s.board, [(p.letter, p.betza) for p in s.pieces], s.draws.move_rule
(Board(files=8, ranks=8, holes=frozenset()), [('A', 'BN'), ('K', 'K')], 40)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from generator.betza import IMMOBILE, BetzaMove, Modality, parse_betza
from generator.catalogue.model import (
    BareKing,
    Board,
    CastlingMove,
    Chasing,
    Color,
    Counting,
    DrawRules,
    Drops,
    Explosions,
    Extinction,
    Flag,
    Goals,
    PawnRules,
    PiecePromotion,
    Points,
    Promotion,
    Result,
    Setup,
    ShatarMate,
    Square,
    StalemateResult,
    Variant,
    Walling,
    WallingRule,
    absolute_rank,
)
from generator.catalogue.rule_kinds import TOGGLES
from generator.emit.fairy_stockfish.codecs import squares
from generator.emit.fairy_stockfish.table import ROW, TOGGLE_ROWS, Opt, mobility
from generator.emit.fairy_stockfish.values import FILES, flag_piece_count
from generator.emit.fidelity.fairy_stockfish import (
    FSF_LINE_MOVES,
    JANGGI_POINTS,
    PawnDrops,
    fairy_stockfish_pieces,
    pawn_drop_flags,
)
from generator.emit.fidelity.fsf_pieces import NAMED_BETZA, PieceKind

__all__ = [
    "NOT_READ",
    "UNSTATED",
    "Piece",
    "Stated",
    "StatedFlags",
    "UnstatedRegion",
    "en_passant_ranks",
    "passed_ranks",
    "read_section",
    "stated",
]

#: The fields of the model's objects that no option states, by object.
UNSTATED: dict[str, tuple[str, ...]] = {
    "draws": ("insufficient_material", "double_pass", "drops_reset_move_rule"),
    "drops": ("piece_ranks", "no_drop_mate"),
    "flag": ("ranks",),
}

#: The options the emitter writes that :func:`read_section` does not read, and why: each is held where it
#: matters (a test changes every other written option's value and sees the read-back change).
NOT_READ: dict[str, str] = {
    Opt.tripleStepRegionBlack.key: "read as the mirror of White's; an importer refuses another (translate's _MIRRORED)",
    Opt.shogiPawnDropMateIllegal.key: "drops.no_drop_mate is UNSTATED: an importer reads it from the section itself",
    Opt.sittuyinRookDrop.key: "drops.piece_ranks is UNSTATED: an importer reads it from the section itself",
}

_Model = TypeVar("_Model", DrawRules, Drops, Flag)
Region = tuple[frozenset[Square], frozenset[Square]]


@dataclass(frozen=True, order=True)
class Piece:
    """A piece as a section states it: its letter, its Betza, whether it has the pawn role, where it may
    stand (each side's squares), and the rank its advanced moves start on."""

    letter: str
    betza: str
    pawn: bool = False
    region: Region | None = None
    advanced: int | None = None


@dataclass(frozen=True)
class StatedFlags:
    """The yes-or-no rules a section states, each named as the model's field it states (``first_leaps``,
    ``gating``, ``chess960_castling`` and ``opposite_castling`` whether the variant has them at all)."""

    must_capture: bool = False
    royal_held_in_check: bool = False
    flying_general: bool = False
    immobility_illegal: bool = False
    first_leaps: bool = False
    chess960_castling: bool = False
    gating: bool = False
    passing: bool = False
    opposite_castling: bool = False


@dataclass(frozen=True)
class Stated:
    """What a section states, in the model's terms."""

    board: Board
    pieces: tuple[Piece, ...]
    setup: Setup
    pawn_rules: PawnRules
    piece_promotion: PiecePromotion | None
    castling: frozenset[CastlingMove]
    drops: Drops | None
    #: firstRankPawnDrops and promotionZonePawnDrops, where there are drops
    pawn_drops: PawnDrops | None
    goals: Goals
    draws: DrawRules
    flags: StatedFlags
    explosions: Explosions | None
    mutually_immune: frozenset[str]
    petrify: frozenset[str]
    walling: Walling | None
    #: the piece that may neither hop over nor take its own type: FSF's janggi cannon
    shuns_own_type: frozenset[str] = frozenset()
    #: the squares of the diagonal lines, and each piece's moves along them (letter, Betza)
    diagonal_lines: frozenset[Square] = frozenset()
    line_moves: frozenset[tuple[str, str]] = frozenset()
    #: the keys of the yes-or-no rule kinds of the entry itself that the section has (those of a group,
    #: ``drops.no_checks``, are its value's fields)
    toggles_on: frozenset[str] = frozenset()


# --- values, by their row's type ---------------------------------------------------------------------------


def _squares(text: str, board: Board) -> frozenset[Square]:
    """A Bitboard value's squares on ``board``, its holes left out."""
    return squares(text, board.files, board.ranks) - board.holes


def _ranks(squares: frozenset[Square], color: Color, board: Board) -> tuple[int, ...]:
    """The relative ranks ``squares`` fills, ascending; () unless it is whole ranks."""
    absolute = {sq.rank + 1 for sq in squares}
    if squares != {Square(f, r - 1) for r in absolute for f in range(board.files)} - board.holes:
        return ()
    return tuple(sorted(absolute_rank(color, r, board.ranks) for r in absolute))


def _pairs(text: str) -> list[tuple[str, str]]:
    """``x:y`` tokens, ``x`` upper case."""
    return [(x.upper(), y) for x, _, y in (token.partition(":") for token in text.split())]


# --- the start position --------------------------------------------------------------------------------------

_FEN_PIECE = re.compile(r"(\d+)|(\*)|(\+?[A-Za-z])")


def _setup(fen: str, ranks: int) -> tuple[Setup, frozenset[Square], str, str]:
    """The start position, the holes, the castling field and the check counts (if any) of a FEN."""
    fields = fen.split()
    board, _, pockets = fields[0].partition("[")
    placement: list[tuple[Square, Color, str]] = []
    holes: set[Square] = set()
    for row, text in enumerate(board.split("/")):
        file = 0
        for number, hole, letter in _FEN_PIECE.findall(text):
            square = Square(file, ranks - 1 - row)
            if number:
                file += int(number)
                continue
            if hole:
                holes.add(square)
            else:
                placement.append((square, Color.WHITE if letter[-1].isupper() else Color.BLACK, letter.upper()))
            file += 1
    counts: dict[tuple[Color, str], int] = {}
    for x in pockets.rstrip("]").replace("-", ""):  # FSF writes empty hands as [-]
        key = (Color.WHITE if x.isupper() else Color.BLACK, x.upper())
        counts[key] = counts.get(key, 0) + 1
    to_move = Color.WHITE if fields[1] == "w" else Color.BLACK
    checks = next((f for f in fields[4:] if "+" in f), "")
    setup = Setup(tuple(sorted(placement)), tuple(sorted((c, x, n) for (c, x), n in counts.items())), to_move)
    return setup, frozenset(holes), fields[2], checks


def _started_promoted(setup: Setup, options: Mapping[str, str]) -> Setup:
    """The FEN's promoted pieces (``+N``) as what they promote to by ``promotedPieceType``, remembering what
    they were."""
    promotes = {x: y.upper() for x, y in _pairs(Opt.promotedPieceType.text(options))}
    placement = tuple((sq, c, promotes[x[1:]] if x.startswith("+") else x) for sq, c, x in setup.placement)
    promoted = tuple(sorted((sq, x[1:]) for sq, _, x in setup.placement if x.startswith("+")))
    return dataclasses.replace(setup, placement=tuple(sorted(placement)), promoted=promoted)


# --- the parts ---------------------------------------------------------------------------------------------------


def _mobility(options: Mapping[str, str], key: str, board: Board) -> Region | None:
    """The squares the piece written as ``key`` may stand on, each side's; None if not limited."""
    white, black = mobility(key)
    if white.key not in options:
        return None
    return white.squares(options, board), black.squares(options, board)


def _pieces(options: Mapping[str, str], board: Board) -> tuple[Piece, ...]:
    pawns = set(Opt.pawnTypes.letters(options)) if Opt.pawnTypes.key in options else set()
    out = []
    for key, value in options.items():
        row = ROW.get(key)
        if row is None or row.kind != "piece" or value == "-":
            continue
        letter = value[0].upper()
        betza = (value[2:] or IMMOBILE) if ":" in value else NAMED_BETZA[key]
        advanced = Opt.soldierPromotionRank.number(options) if key == PieceKind.SOLDIER else None
        if advanced == 1:  # a soldier that steps sideways from its first rank on is an fsW piece
            betza, advanced = "fsW", None
        pawn = key == PieceKind.PAWN or letter in pawns
        out.append(Piece(letter, parse_betza(betza).render(), pawn, _mobility(options, key, board), advanced))
    return tuple(sorted(out))


def _promotion(options: Mapping[str, str], board: Board) -> Promotion | None:
    choices = Opt.promotionPieceTypes.letters(options) if Opt.promotionPieceTypesWhite.key not in options else ()
    if not choices and Opt.promotionPieceTypesWhite.key not in options:
        return None
    white = Opt.promotionRegionWhite.squares(options, board)
    black = Opt.promotionRegionBlack.squares(options, board)
    ranks = _ranks(white, Color.WHITE, board)
    whole = ranks and _ranks(black, Color.BLACK, board) == ranks
    black_choices = None
    if Opt.promotionPieceTypesWhite.key in options:
        choices, black_choices = (
            Opt.promotionPieceTypesWhite.letters(options),
            Opt.promotionPieceTypesBlack.letters(options),
        )
    limits = tuple((x, int(n)) for x, n in _pairs(Opt.promotionLimit.text(options)))
    own_move = Opt.sittuyinPromotion.on(options)
    return Promotion(
        ranks if whole else (),
        choices,
        Opt.mandatoryPawnPromotion.on(options) and not own_move,
        black_choices,
        limits,
        None if whole else (white, black),
        own_move,
    )


def _pawn_rules(options: Mapping[str, str], board: Board, pieces: tuple[Piece, ...]) -> PawnRules:
    if not any(piece.pawn for piece in pieces):
        return PawnRules()
    double = Opt.doubleStep.on(options) and PieceKind.PAWN in options
    triple = Opt.tripleStepRegionWhite.squares(options, board)
    steps = 3 if triple else 2 if double else 1
    # a custom pawn's initial moves are played from the double-step region
    initial = Opt.doubleStep.on(options) and any(piece.pawn and _initial(piece.betza) for piece in pieces)
    region = Opt.doubleStepRegionWhite.squares(options, board)
    # a region of some squares of its ranks is those ranks with multi-step squares (wolf chess)
    touched = tuple(sorted({absolute_rank(Color.WHITE, sq.rank + 1, board.ranks) for sq in region}))
    multi = (_ranks(region, Color.WHITE, board) or touched) if steps > 1 or initial else ()
    fewer = triple and triple != region  # triple steps from some of the double-step ranks only
    ranks = _ranks(triple, Color.WHITE, board) if fewer else None
    squares = _multi_step_squares(options, board, multi) if multi else None
    takers = _en_passant_takers(options, pieces)
    taken = _taken_ranks(options, board, pieces, multi, steps) if _takes(options, pieces, takers) and multi else ()
    return PawnRules(
        steps,
        multi,
        taken != (),
        _promotion(options, board),
        ranks,
        squares,
        takers or None,
        taken or None,
    )


def _takes(options: Mapping[str, str], pieces: tuple[Piece, ...], takers: tuple[str, ...] | None) -> bool:
    """Whether some pawn takes en passant: FSF's own pawn, or a custom pawn, whose initial moves pass squares
    as FSF's pawn's double step does, with a move that only captures."""
    return takers != () and (
        PieceKind.PAWN in options
        or any(
            m.modality is Modality.CAPTURE
            for piece in pieces
            if piece.pawn and (takers is None or piece.letter in takers)
            for m in parse_betza(piece.betza).moves
        )
    )


def _taken_ranks(
    options: Mapping[str, str], board: Board, pieces: tuple[Piece, ...], multi: tuple[int, ...], steps: int
) -> tuple[int, ...] | None:
    """The en passant ranks the regions state: () for no en passant, None for every rank passed."""
    initial = (m for piece in pieces if piece.pawn for m in parse_betza(piece.betza).moves)
    passed = passed_ranks(multi, max(steps, _initial_span(initial)), board.ranks)
    regions = [_en_passant_region(options, c, board) for c in Color]
    return en_passant_ranks(regions[0], regions[1], board, passed)


class UnstatedRegion(ValueError):
    """Two en passant regions the catalogue's ``en_passant_ranks`` cannot state."""


def passed_ranks(multi: tuple[int, ...], span: int, rank_count: int) -> tuple[int, ...]:
    """The ranks (relative) a pawn may pass: those after a multi-step rank, up to ``span`` - 1 on.

    >>> passed_ranks((1, 2), 2, 8), passed_ranks((2,), _RIDER, 4)
    ((2, 3), (3, 4))
    """
    return tuple(sorted({r + i for r in multi for i in range(1, span) if r + i <= rank_count}))


def en_passant_ranks(
    white: frozenset[Square], black: frozenset[Square], board: Board, passed: tuple[int, ...]
) -> tuple[int, ...] | None:
    """The ``en_passant_ranks`` that Fairy-Stockfish's regions of each side (where it takes en passant)
    state on the ranks pawns pass: None for all of them, () for none; :class:`UnstatedRegion` where the
    sides differ or a region is not whole ranks there.

    >>> b = Board(8, 8)
    >>> every = frozenset(Square(f, r) for f in range(8) for r in range(8))
    >>> en_passant_ranks(every, every, b, (2, 3)), en_passant_ranks(frozenset(), frozenset(), b, (2, 3))
    (None, ())
    >>> sixth, third = (frozenset(Square(f, r) for f in range(8)) for r in (5, 2))
    >>> en_passant_ranks(sixth, third, b, (2, 3))
    (3,)
    """
    rows = {absolute_rank(c, r, board.ranks) - 1 for c in Color for r in passed}
    on = [frozenset(sq for sq in region if sq.rank in rows) for region in (white, black)]
    # White takes on the squares Black's pawns pass, counted from Black's side, and the other way round
    ranks = [_ranks(on[c], c.other, board) if on[c] else () for c in Color]
    if any(on[c] and not ranks[c] for c in Color) or ranks[0] != ranks[1]:
        raise UnstatedRegion(
            "en passant is taken on other squares than the same whole ranks, each counted from the side that passes"
        )
    return _on_passed(ranks[0], passed)


def _on_passed(ranks: tuple[int, ...], passed: tuple[int, ...]) -> tuple[int, ...] | None:
    """``ranks`` on the ranks pawns pass; None where they hold all of those."""
    return None if set(passed) <= set(ranks) else tuple(r for r in ranks if r in passed)


def normal_en_passant_ranks(v: Variant) -> tuple[int, ...] | None:
    """A model's ``en_passant_ranks`` as a section states them: on the ranks pawns pass, None for all."""
    pr = v.pawn_rules
    if pr.en_passant_ranks is None:
        return None
    initial = (m for p in v.pieces if p.pawn for m in p.movement.moves)
    passed = passed_ranks(pr.multi_step_ranks, max(pr.max_steps, _initial_span(initial)), v.board.ranks)
    return _on_passed(pr.en_passant_ranks, passed)


def _en_passant_region(options: Mapping[str, str], color: Color, board: Board) -> frozenset[Square]:
    """Where ``color`` takes en passant: its own option, else the one for both sides, else the default."""
    row = Opt.enPassantRegionWhite.of(color)
    return _squares(options.get(row.key, options.get(Opt.enPassantRegion.key, row.default)), board)


#: the reach of a pawn's initial ride: the whole board
_RIDER = 99


def _initial_span(moves: Iterable[BetzaMove]) -> int:
    """The longest forward reach of the initial ones of the pawns' ``moves`` (1 without any)."""
    return max((abs(y) if m.range == 1 else _RIDER for m in moves if m.initial for _, y in m.vectors()), default=1)


def _multi_step_squares(
    options: Mapping[str, str], board: Board, multi: tuple[int, ...]
) -> tuple[frozenset[Square], frozenset[Square]] | None:
    """The double-step region as squares, where it is not whole ranks (wolf chess): each side's on the
    multi-step ranks, White's read (as the region's ranks are) mirrored for Black."""
    whole = [_squares(" ".join(f"*{absolute_rank(c, r, board.ranks)}" for r in multi), board) for c in Color]
    white, black = (Opt.doubleStepRegionWhite.of(c).squares(options, board) & whole[c] for c in Color)
    return None if [white, black] == whole else (white, black)


def _en_passant_takers(options: Mapping[str, str], pieces: tuple[Piece, ...]) -> tuple[str, ...] | None:
    """The pawns that take en passant (FSF's enPassantTypes, which pawnTypes sets to every pawn)."""
    row = Opt.enPassantTypesWhite if Opt.enPassantTypesWhite.key in options else Opt.enPassantTypes
    if row.key not in options:
        return None
    pawns = [piece.letter for piece in pieces if piece.pawn]
    takers = tuple(x for x in pawns if x in row.letters(options))
    return None if len(takers) == len(pawns) else takers


def _initial(betza: str) -> bool:
    return any(m.initial for m in parse_betza(betza).moves)


def _piece_promotion(options: Mapping[str, str], board: Board) -> PiecePromotion | None:
    if Opt.promotedPieceType.key not in options:
        return None
    pairs = tuple((x, y.upper()) for x, y in _pairs(options[Opt.promotedPieceType.key]))
    ranks = _ranks(Opt.promotionRegionWhite.squares(options, board), Color.WHITE, board)
    return PiecePromotion(
        ranks,
        pairs,
        Opt.mandatoryPiecePromotion.on(options),
        Opt.pieceDemotion.on(options),
        Opt.piecePromotionOnCapture.on(options),
    )


def _castling_rights(options: Mapping[str, str], rights: str) -> str:
    """The FEN's castling rights; with gating only ``K`` and ``Q`` (FSF: every other letter a gate's)."""
    rights = rights.replace("-", "")
    return "".join(right for right in rights if right.upper() in "KQ") if Opt.gating.on(options) else rights


def _castling(options: Mapping[str, str], setup: Setup, rights: str, board: Board) -> frozenset[CastlingMove]:
    """Each castling the FEN's rights allow, where FSF puts king and rook."""
    if not Opt.castling.on(options):
        return frozenset()
    king = Opt.castlingKingPiece.text(options).upper()
    rooks = set(Opt.castlingRookPieces.letters(options))
    moves = set()
    for right in _castling_rights(options, rights):
        color = Color.WHITE if right.isupper() else Color.BLACK
        rank = absolute_rank(color, Opt.castlingRank.number(options), board.ranks) - 1
        king_from = next(sq for sq, c, x in setup.placement if c is color and x == king and sq.rank == rank)
        kingside = right.upper() == "K" or (right.upper() != "Q" and FILES.index(right.lower()) > king_from.file)
        king_to = Square((Opt.castlingKingsideFile if kingside else Opt.castlingQueensideFile).file(options), rank)
        at = {sq.file: x for sq, c, x in setup.placement if c is color and sq.rank == rank}
        rook_row = Opt.castlingRookKingsideFile if kingside else Opt.castlingRookQueensideFile
        rook_file = min(rook_row.file(options), board.files - 1)
        if right.upper() not in "KQ":
            rook_file = FILES.index(right.lower())
        rook_file = _inwards(at, rooks, rook_file, -1 if kingside else 1, board.files)
        rook_to = Square(king_to.file - 1 if kingside else king_to.file + 1, rank)
        moves.add(CastlingMove(color, king_from, king_to, Square(rook_file, rank), rook_to))
    if Opt.castlingDroppedPiece.on(options):
        moves |= _dropped_castling(options, setup, king, rooks, board)
    return frozenset(moves)


def _inwards(at: Mapping[int, str], rooks: set[str], file: int, step: int, files: int) -> int:
    """The file of the first castling rook from ``file`` inwards (``step``), as FSF looks for it
    (src/position.cpp, set_castling_right); ``file`` itself if there is none."""
    found = file
    while at.get(found) not in rooks and 0 <= found + step < files:
        found += step
    return found if at.get(found) in rooks else file


def _dropped_castling(
    options: Mapping[str, str], setup: Setup, king: str, rooks: set[str], board: Board
) -> set[CastlingMove]:
    """The castlings drops can give (``castlingDroppedPiece``): the king on ``castlingKingFile``, a rook
    on the first or the last file, each from hand or set up there."""
    moves = set()
    for color in Color:
        rank = absolute_rank(color, Opt.castlingRank.number(options), board.ranks) - 1
        at = {sq: x for sq, c, x in setup.placement if c is color}
        have = set(setup.pocket(color))
        king_from = Square(Opt.castlingKingFile.file(options), rank)
        if king not in have and at.get(king_from) != king:
            continue
        for kingside, rook_file in ((True, board.files - 1), (False, 0)):
            rook_from = Square(rook_file, rank)
            if not (have | {at.get(rook_from)}) & rooks:
                continue
            king_to = Square((Opt.castlingKingsideFile if kingside else Opt.castlingQueensideFile).file(options), rank)
            rook_to = Square(king_to.file - 1 if kingside else king_to.file + 1, rank)
            moves.add(CastlingMove(color, king_from, king_to, rook_from, rook_to))
    return moves


def _drops(options: Mapping[str, str], board: Board) -> Drops | None:
    if not Opt.pieceDrops.on(options):
        return None
    white, black = Opt.dropRegionWhite.squares(options, board), Opt.dropRegionBlack.squares(options, board)
    ranks = _ranks(white, Color.WHITE, board)
    mirrored = bool(ranks) and _ranks(black, Color.BLACK, board) == ranks
    no_doubled = Opt.dropNoDoubled.letters(options)
    to_hand = Opt.capturesToHand.on(options)
    return Drops(
        ranks if mirrored else tuple(range(1, board.ranks + 1)),
        to_hand,
        to_hand and Opt.dropLoop.on(options),
        one_per_file=no_doubled[0] if no_doubled else None,
        per_file=Opt.dropNoDoubledCount.number(options),
        promoted=Opt.dropPromoted.on(options),
        must=Opt.mustDrop.on(options),
        must_piece=_must_piece(options),
        opposite_colors=_paired(options),
        castling=_castling_rook(options),
        squares=None if mirrored else (white, black),
    )


def _paired(options: Mapping[str, str]) -> str | None:
    """The piece kept on both colours by drops: Fairy-Stockfish's bishop (``dropOppositeColoredBishop``)."""
    bishop = options.get(PieceKind.BISHOP, "-")
    return bishop[0].upper() if Opt.dropOppositeColoredBishop.on(options) and bishop != "-" else None


def _must_piece(options: Mapping[str, str]) -> str | None:
    """The one piece that must be dropped (``mustDropType``; ``*``: any), where drops are forced."""
    letter = Opt.mustDropType.text(options)
    return letter.upper() if Opt.mustDrop.on(options) and letter not in ("*", "-") else None


def _castling_rook(options: Mapping[str, str]) -> str | None:
    """The castling rook a drop may give castling to (``castlingDroppedPiece``)."""
    if not (Opt.castlingDroppedPiece.on(options) and Opt.castling.on(options)):
        return None
    return next(iter(Opt.castlingRookPiecesWhite.letters(options) or Opt.castlingRookPieces.letters(options)), "R")


def _flag(options: Mapping[str, str], board: Board) -> Flag | None:
    if Opt.flagPiece.key not in options:
        return None
    regions = (Opt.flagRegionWhite.squares(options, board), Opt.flagRegionBlack.squares(options, board))
    piece = Opt.flagPiece.letters(options)
    return Flag(
        regions,
        piece[0] if piece and piece[0] != "*" else None,
        Opt.flagPieceCount.number(options),
        blocked_win=Opt.flagPieceBlockedWin.on(options),
        reply=Opt.flagMove.on(options),
        safe=Opt.flagPieceSafe.on(options),
    )


def _goals(options: Mapping[str, str], board: Board, checks: str) -> Goals:
    bare = extinction = None
    if Opt.extinctionValue.key in options and Opt.extinctionClaim.on(options):
        bare = BareKing(Opt.extinctionOpponentPieceCount.number(options), both_bare_draw=False)  # FSF plays on
    elif Opt.extinctionValue.key in options:
        pieces = tuple(x for x in Opt.extinctionPieceTypes.letters(options) if x != "*")
        extinction = Extinction(
            pieces,
            Opt.extinctionPieceCount.number(options),
            Result(options[Opt.extinctionValue.key]),
            Opt.extinctionPseudoRoyal.on(options),
            Opt.dupleCheck.on(options),
        )
    check_count = int(checks.split("+")[0]) if Opt.checkCounting.on(options) and checks else None
    mate = options.get(Opt.checkmateValue.key)
    return Goals(
        mate is not None,
        _flag(options, board),
        bare,
        extinction,
        check_count,
        Result(mate) if mate else Result.LOSS,
        _shatar_mate(options),
        tuple(x for x in "KQkq" if x in Opt.castlingWins.text(options)),
    )


def _shatar_mate(options: Mapping[str, str]) -> ShatarMate | None:
    """The rule knows FSF's knights, rooks and bers by their type."""
    if not Opt.shatarMateRule.on(options):
        return None
    kinds = (PieceKind.KNIGHT, PieceKind.ROOK, PieceKind.BERS)
    named = {k: options[k][0].upper() for k in kinds if options.get(k, "-") != "-"}
    return ShatarMate(tuple(sorted(named.values())), tuple(named[k] for k in (PieceKind.KNIGHT,) if k in named))


#: the options that say which pieces restart the move rule's count (White's, or both sides'), first found first
_N_MOVE_RULE_TYPES = (Opt.nMoveRuleTypesWhite, Opt.nMoveRuleTypes)


#: (nFoldValue is win, nFoldValueAbsolute) -> the catalogue's repetition_winner
_N_FOLD: dict[tuple[bool, bool], Color | Literal["to_move", "mover"]] = {
    (True, False): "to_move",
    (False, False): "mover",
    (True, True): Color.WHITE,
    (False, True): Color.BLACK,
}


def _draws(options: Mapping[str, str]) -> DrawRules:
    value = Opt.nFoldValue.text(options)
    # nFoldValue is the side to move's result, or with nFoldValueAbsolute White's
    winner = None if value == "draw" else _N_FOLD[value == "win", Opt.nFoldValueAbsolute.on(options)]
    odds = Opt.materialCounting.text(options)
    stalemate = (
        StalemateResult.PASS if Opt.passOnStalemate.on(options) else StalemateResult(Opt.stalemateValue.text(options))
    )
    return DrawRules(
        stalemate,
        Opt.nFoldRule.number(options),
        Opt.nMoveRule.number(options),
        repetition_winner=winner,
        counting=Counting(options[Opt.countingRule.key]) if Opt.countingRule.key in options else None,
        stalemate_piece_count=Opt.stalematePieceCount.on(options),
        draw_odds=None if odds in ("none", "janggi") else Color.WHITE if odds.startswith("white") else Color.BLACK,
        perpetual_check_loses=Opt.perpetualCheckIllegal.on(options),
        move_rule_pieces=next((row.letters(options) for row in _N_MOVE_RULE_TYPES if row.key in options), None),
        black_move_rule_pieces=(
            Opt.nMoveRuleTypesBlack.letters(options) if Opt.nMoveRuleTypesBlack.key in options else None
        ),
        chasing=Chasing(options[Opt.chasingRule.key]) if Opt.chasingRule.text(options) != "none" else None,
        bikjang=Opt.bikjangRule.on(options),
        move_repetition_loses=Opt.moveRepetitionIllegal.on(options),
        points=_janggi_points(options) if odds == "janggi" else None,
    )


def _janggi_points(options: Mapping[str, str]) -> Points:
    """``materialCounting = janggi``: the pieces of the types it counts, and Black's 1.5 points."""
    pieces = [(options[kind].split(":")[0].upper(), n) for kind, n in JANGGI_POINTS.items() if kind in options]
    return Points(tuple(sorted(pieces)), (0.0, 1.5))


# --- the section, and the variant's projection --------------------------------------------------------------


def _line_moves(options: Mapping[str, str]) -> frozenset[tuple[str, str]]:
    """The moves FSF's pieces make along the diagonal lines, by the type it knows them by."""
    return frozenset(
        (value[0].upper(), betza) for key, betza in FSF_LINE_MOVES.items() if (value := options.get(key, "-")) != "-"
    )


def _shunning(options: Mapping[str, str]) -> frozenset[str]:
    """The letter of FSF's janggi cannon, the piece that shuns its own type, if the section has one."""
    value = options.get(PieceKind.JANGGI_CANNON, "-")
    return frozenset() if value == "-" else frozenset({value[0].upper()})


def _walling(options: Mapping[str, str], board: Board) -> Walling | None:
    rule = Opt.wallingRule.text(options)
    if rule == "none":
        return None
    region = (Opt.wallingRegionWhite.squares(options, board), Opt.wallingRegionBlack.squares(options, board))
    return _stated_walling(Walling(WallingRule(rule), region, Opt.wallOrMove.on(options)), board)


def _stated_walling(walling: Walling | None, board: Board) -> Walling | None:
    """``walling`` with a region that is the whole board for both sides said as none (anywhere)."""
    if walling is None or walling.region is None:
        return walling
    every = {Square(f, r) for f in range(board.files) for r in range(board.ranks)} - board.holes
    return dataclasses.replace(walling, region=None) if all(side == every for side in walling.region) else walling


def _toggles(stated: Stated, options: Mapping[str, str]) -> Stated:
    """``stated`` with the yes-or-no rule kinds (:data:`~generator.catalogue.rule_kinds.TOGGLES`) its options
    state: each through its row, which states the rule's negation where FSF's default is true."""
    on = {
        toggle: TOGGLE_ROWS[toggle.key].on(options) != (TOGGLE_ROWS[toggle.key].default == "true") for toggle in TOGGLES
    }
    groups: dict[str, Any] = {}
    for toggle in TOGGLES:
        holder = groups.get(toggle.group, getattr(stated, toggle.group, None)) if toggle.group else None
        if holder is not None:  # FSF's option does nothing where the variant lacks the group
            groups[toggle.group] = dataclasses.replace(holder, **{toggle.name: on[toggle]})
    top = frozenset(toggle.key for toggle in TOGGLES if not toggle.group and on[toggle])
    return dataclasses.replace(stated, toggles_on=top, **groups)


def read_section(options: Mapping[str, str]) -> Stated:
    """What a section's options (key -> value) state, in the model's terms."""
    ranks = Opt.maxRank.number(options)
    setup, holes, rights, checks = _setup(options[Opt.startFen.key], ranks)
    setup = _started_promoted(setup, options)
    board = Board(Opt.maxFile.file(options) + 1, ranks, holes)
    pieces = _pieces(options, board)
    drops = _drops(options, board)
    lines = Opt.diagonalLines.squares(options, board)
    stated = Stated(
        board,
        pieces,
        setup,
        _pawn_rules(options, board, pieces),
        _piece_promotion(options, board),
        _castling(options, setup, rights, board),
        drops,
        PawnDrops(Opt.firstRankPawnDrops.on(options), Opt.promotionZonePawnDrops.on(options)) if drops else None,
        _goals(options, board, checks),
        _draws(options),
        StatedFlags(
            must_capture=Opt.mustCapture.on(options),
            royal_held_in_check=Opt.makpongRule.on(options),
            flying_general=Opt.flyingGeneral.on(options),
            immobility_illegal=Opt.immobilityIllegal.on(options),
            first_leaps=Opt.gating.on(options) and Opt.cambodianMoves.on(options),
            chess960_castling=Opt.chess960.on(options),
            gating=Opt.gating.on(options) and Opt.seirawanGating.on(options),
            passing=Opt.pass_.on(options),
            opposite_castling=Opt.oppositeCastling.on(options) and Opt.castling.on(options),
        ),
        Explosions(Opt.blastImmuneTypes.letters(options)) if Opt.blastOnCapture.on(options) else None,
        frozenset(Opt.mutuallyImmuneTypes.letters(options)),
        frozenset(Opt.petrifyOnCaptureTypes.letters(options)),
        _walling(options, board),
        _shunning(options),
        lines,
        _line_moves(options) if lines else frozenset(),
    )
    return _toggles(stated, options)


def _unstated(obj: _Model, name: str) -> _Model:
    """``obj`` with the fields :data:`UNSTATED` names for it put back to their defaults."""
    fields = {f.name: f for f in dataclasses.fields(obj)}
    defaults: dict[str, Any] = {k: fields[k].default for k in UNSTATED[name]}
    return dataclasses.replace(obj, **defaults)


def _stated_goals(v: Variant) -> Goals:
    g = v.goals
    royal = any(kind == PieceKind.KING for _, kind in fairy_stockfish_pieces(v))
    flag = g.flag and dataclasses.replace(_unstated(g.flag, "flag"), count=flag_piece_count(v))
    return dataclasses.replace(
        g, checkmate=royal, flag=flag, checkmate_result=g.checkmate_result if royal else Result.LOSS
    )


def _stated_pawn_rules(v: Variant) -> PawnRules:
    """The pawn rules a section states: multi-step ranks and en passant only where pawns multi-step."""
    pr = v.pawn_rules
    multi = pr.max_steps > 1 or any(m.initial for p in v.pieces if p.pawn for m in p.movement.moves)
    en_passant = pr.en_passant and bool(pr.multi_step_ranks) and multi
    return dataclasses.replace(
        pr,
        multi_step_ranks=pr.multi_step_ranks if multi else (),
        en_passant=en_passant,
        en_passant_ranks=normal_en_passant_ranks(v) if en_passant else None,
    )


def stated(v: Variant) -> Stated:
    """What the section of the (relaxed) variant ``v`` states, as :func:`read_section` reads it."""
    pawn_rules = _stated_pawn_rules(v)
    drops = None
    if v.drops is not None:
        keep = v.drops.keep_promoted and v.drops.captures_to_hand
        drops = dataclasses.replace(_unstated(v.drops, "drops"), keep_promoted=keep)
    setup = v.setup
    return Stated(
        v.board,
        tuple(
            sorted(
                Piece(p.letter, p.movement.render(), p.pawn, p.region, p.advanced.rank if p.advanced else None)
                for p in v.pieces
            )
        ),
        Setup(
            tuple(sorted(setup.placement)), tuple(sorted(setup.pockets)), setup.to_move, tuple(sorted(setup.promoted))
        ),
        pawn_rules if any(p.pawn for p in v.pieces) else PawnRules(),
        v.piece_promotion,
        frozenset(v.castling),
        drops,
        pawn_drop_flags(v, fairy_stockfish_pieces(v)) if v.drops else None,
        _stated_goals(v),
        _unstated(v.draws, "draws"),
        StatedFlags(
            must_capture=v.must_capture,
            royal_held_in_check=v.royal_held_in_check,
            flying_general=v.flying_general,
            immobility_illegal=v.immobility_illegal,
            first_leaps=v.first_leaps is not None and not v.castling,
            chess960_castling=v.chess960_castling and bool(v.castling),
            gating=v.gating,
            passing=v.passing,
            opposite_castling=v.opposite_castling and bool(v.castling),
        ),
        v.explosions,
        frozenset(v.mutually_immune),
        frozenset(v.petrify),
        _stated_walling(v.walling, v.board),
        frozenset(v.shuns_own_type),
        v.diagonal_lines,
        frozenset((p.letter, p.line_moves.render()) for p in v.pieces if p.line_moves is not None),
        frozenset(toggle.key for toggle in TOGGLES if not toggle.group and toggle.on(v)),
    )
