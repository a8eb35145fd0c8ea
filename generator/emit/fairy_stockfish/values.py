"""The value of each option the emitter writes, as a function of the (relaxed) variant.

One writer per row of :mod:`.table` (a factory where the row is one of a White/Black pair): it returns
the option's value, or None where the option is not written for this variant.  Sections have no parent,
so a writer gives FSF's default too wherever the variant's rules touch the option.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
>>> double_step(chess), double_step_region(Color.BLACK)(chess), triple_step_region(Color.BLACK)(chess)
('true', '*7', '-')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from generator.betza import parse_betza
from generator.catalogue.model import (
    CastlingMove,
    Color,
    Flag,
    PieceType,
    Promotion,
    Square,
    StalemateResult,
    Variant,
    absolute_rank,
)
from generator.catalogue.rule_kinds import Toggle, group_of
from generator.emit.fidelity.fairy_stockfish import (
    fairy_stockfish_pieces,
    pawn_drop_flags,
    relative_rank,
    rook_drop_first_rank,
)
from generator.emit.fidelity.fsf_pieces import PieceKind

__all__ = ["FILES", "KING", "Writer", "flag", "ranks", "squares"]

FILES = "abcdefghijkl"
KING = parse_betza("K")

#: A row's writer: the option's value for a variant, or None where it is not written.
Writer = Callable[[Variant], str | int | None]


def ranks(color: Color, relative: Iterable[int], rank_count: int) -> str:
    """A Bitboard value: whole ranks, absolute, ascending (``*8 *9``), or ``-`` for none.

    >>> ranks(Color.BLACK, [1, 2], 8)
    '*7 *8'
    """
    absolute = sorted({absolute_rank(color, r, rank_count) for r in relative})
    return " ".join(f"*{r}" for r in absolute) or "-"


def squares(v: Variant, region: frozenset[Square]) -> str:
    """A region of squares: whole ranks (``*8``) where it is, else its squares, rank by rank."""
    whole = sorted({sq.rank + 1 for sq in region})
    if not v.board.holes and region == {Square(f, r - 1) for r in whole for f in range(v.board.files)}:
        return ranks(Color.WHITE, whole, v.board.ranks)
    return " ".join(sq.name for sq in sorted(region, key=lambda sq: (sq.rank, sq.file)))


def diagonal_lines(v: Variant) -> str | None:
    return squares(v, v.diagonal_lines) if v.diagonal_lines else None


def flag(value: bool) -> str:
    return "true" if value else "false"


def _letters(pieces: Iterable[str]) -> str:
    return "".join(x.lower() for x in pieces)


def _royal_letter(kinds: Sequence[tuple[PieceType, PieceKind]]) -> str | None:
    """The ini letter of the piece written as FSF's ``king``, if any."""
    royal = None
    for p, kind in kinds:
        if kind == PieceKind.KING:
            royal = p.letter.lower()
    return royal


# --- pawns ---------------------------------------------------------------------------------------------


def _has_pawns(v: Variant) -> bool:
    return any(p.pawn for p in v.pieces)


def _steps(v: Variant) -> int:
    return v.pawn_rules.max_steps if _has_pawns(v) else 1


def _multi_steps(v: Variant) -> bool:
    # a custom pawn's initial moves are its multi-steps, played from the double-step region
    return _steps(v) >= 2 or any(m.initial for p in v.pieces if p.pawn for m in p.movement.moves)


def _promotion(v: Variant) -> Promotion | None:
    return v.pawn_rules.promotion if _has_pawns(v) else None


def double_step(v: Variant) -> str:
    return flag(_multi_steps(v))


def double_step_region(color: Color) -> Writer:
    return lambda v: _step_region(v, color, v.pawn_rules.multi_step_ranks) if _multi_steps(v) else "-"


def _step_region(v: Variant, color: Color, relative: Sequence[int]) -> str:
    """Ranks, or with ``multi_step_squares`` the squares of them pawns multi-step from."""
    chosen = v.pawn_rules.multi_step_squares
    if chosen is None:
        return ranks(color, relative, v.board.ranks)
    rows = {absolute_rank(color, r, v.board.ranks) - 1 for r in relative}
    return squares(v, frozenset(sq for sq in chosen[color] if sq.rank in rows))


def triple_step_region(color: Color) -> Writer:
    def write(v: Variant) -> str:
        if _steps(v) < 3:
            return "-"
        triple = v.pawn_rules.triple_step_ranks
        return _step_region(v, color, v.pawn_rules.multi_step_ranks if triple is None else triple)

    return write


def en_passant_types(v: Variant) -> str | None:
    """The pawns that take en passant, where not every pawn does (``pawnTypes`` sets them all)."""
    takers = v.pawn_rules.en_passant_takers
    return None if takers is None or not _multi_steps(v) else _letters(takers)


def en_passant_region(v: Variant) -> str | None:
    """Both sides' region, where en passant is taken on every rank or on none."""
    on = v.pawn_rules.en_passant and _multi_steps(v)
    if on and v.pawn_rules.en_passant_ranks is not None:
        return None
    return ranks(Color.WHITE, range(1, v.board.ranks + 1), v.board.ranks) if on else "-"


def en_passant_region_of(color: Color) -> Writer:
    """Where ``color`` takes en passant: the enemy pawns' en passant ranks, where not every rank."""

    def write(v: Variant) -> str | None:
        taken = v.pawn_rules.en_passant_ranks
        if not (v.pawn_rules.en_passant and _multi_steps(v)) or taken is None:
            return None
        return ranks(color.other, taken, v.board.ranks)

    return write


def promotion_region(color: Color) -> Writer:
    """Whole ranks, or each side's squares; one promotion region serves pawns and promotion by piece."""

    def write(v: Variant) -> str:
        promo = _promotion(v)
        zone = promo.ranks if promo else v.piece_promotion.ranks if v.piece_promotion else ()
        if promo is None or promo.squares is None:
            return ranks(color, zone, v.board.ranks)
        return squares(v, promo.squares[color])

    return write


def promotion_piece_types(v: Variant) -> str | None:
    """One ``promotionPieceTypes``, unless Black promotes to other pieces."""
    promo = _promotion(v)
    if promo is None:
        return "-"
    return _letters(promo.choices) if promo.black_choices is None else None


def promotion_piece_types_of(color: Color) -> Writer:
    def write(v: Variant) -> str | None:
        promo = _promotion(v)
        return _letters(promo.choices_of(color)) if promo and promo.black_choices is not None else None

    return write


def promotion_limit(v: Variant) -> str | None:
    """Only where some piece has a limit."""
    promo = _promotion(v)
    return " ".join(f"{x.lower()}:{n}" for x, n in promo.limits) if promo and promo.limits else None


def mandatory_pawn_promotion(v: Variant) -> str:
    promo, pp = _promotion(v), v.piece_promotion
    if promo is None and pp is not None and any(v.piece(x).pawn for x, _ in pp.pieces):
        return flag(pp.mandatory)  # a pawn that promotes by piece must where the pieces must
    return flag(promo is None or promo.mandatory)


# --- promotion by piece --------------------------------------------------------------------------------


def promoted_piece_type(v: Variant) -> str | None:
    pp = v.piece_promotion
    return " ".join(f"{x.lower()}:{y.lower()}" for x, y in pp.pieces) or None if pp else None


def piece_promotion_on_capture(v: Variant) -> str | None:
    return "true" if v.piece_promotion and v.piece_promotion.on_capture else None


def piece_demotion(v: Variant) -> str | None:
    return "true" if v.piece_promotion and v.piece_promotion.demotion else None


def mandatory_piece_promotion(v: Variant) -> str | None:
    pp = v.piece_promotion
    return flag(bool(pp and pp.mandatory)) if pp is not None or v.immobility_illegal else None


def immobility_illegal(v: Variant) -> str | None:
    return flag(v.immobility_illegal) if v.piece_promotion is not None or v.immobility_illegal else None


# --- castling --------------------------------------------------------------------------------------------


def castling(v: Variant) -> str:
    return flag(bool(v.castling))


def gating(v: Variant) -> str | None:
    """Fairy-Stockfish's gates: the first leaps' rights, in the castling field, and gating's."""
    return "true" if (not v.castling and v.first_leaps) or v.gating else None


def first_leaps(v: Variant) -> str | None:
    return "true" if not v.castling and v.first_leaps else None


def castling_king_piece(v: Variant) -> str | None:
    """The piece that castles as the king (the loader puts the same one in every castling)."""
    if not v.castling:
        return None
    return v.castling_pieces(v.castling[0])[0].lower()


def castling_rank(v: Variant) -> int | None:
    if not v.castling:
        return None
    first = v.castling[0]
    return relative_rank(first.color, first.king_from, v.board.ranks)


def _castling_files(moves: Sequence[CastlingMove], files: int) -> dict[bool, tuple[str, str]]:
    """Kingside (True) and queenside: the king's target file and the rook's file; FSF's defaults
    where a side has no castling."""
    side: dict[bool, tuple[str, str]] = {}
    for cm in moves:
        side.setdefault(cm.kingside, (FILES[cm.king_to.file], FILES[cm.rook_from.file]))
    last = FILES[files - 1]
    side.setdefault(True, (last, last))
    side.setdefault(False, ("a", "a"))
    return side


def castling_file(kingside: bool, rook: bool) -> Writer:
    """The king's target file (``rook`` False) or the rook's file on one side."""
    return lambda v: _castling_files(v.castling, v.board.files)[kingside][rook] if v.castling else None


def _rook_sets(v: Variant) -> tuple[str, str]:
    """The castling rooks' letters of White and Black."""
    rook_sets: dict[Color, set[str]] = {c: set() for c in Color}
    for cm in v.castling:
        rook_sets[cm.color].add(v.castling_pieces(cm)[1].lower())
    white, black = ("".join(sorted(rook_sets[c])) for c in Color)
    return white, black


def castling_wins(v: Variant) -> str | None:
    """The rights whose castling wins, in the FEN's order (``KQkq``)."""
    return "".join(x for x in "KQkq" if x in v.goals.castling_wins) or None


def opposite_castling(v: Variant) -> str | None:
    return "true" if v.castling and v.opposite_castling else None


def castling_rook_pieces(v: Variant) -> str | None:
    """One option if both sides castle with the same pieces."""
    if not v.castling:
        return None
    white, black = _rook_sets(v)
    return white or black if white == black or not white or not black else None


def castling_rook_pieces_of(color: Color) -> Writer:
    def write(v: Variant) -> str | None:
        if not v.castling or castling_rook_pieces(v) is not None:
            return None
        return _rook_sets(v)[color]

    return write


def chess960(v: Variant) -> str | None:
    return "true" if v.castling and v.chess960_castling else None


# --- drops ------------------------------------------------------------------------------------------------


def piece_drops(v: Variant) -> str:
    return flag(v.drops is not None)


def captures_to_hand(v: Variant) -> str | None:
    return flag(v.drops.captures_to_hand) if v.drops else None


def drop_loop(v: Variant) -> str | None:
    return flag(v.drops.keep_promoted) if v.drops and v.drops.captures_to_hand else None


def drop_region(color: Color) -> Writer:
    """Ranks, or each side's squares."""

    def write(v: Variant) -> str | None:
        if v.drops is None:
            return None
        return (
            ranks(color, v.drops.ranks, v.board.ranks)
            if v.drops.squares is None
            else squares(v, v.drops.squares[color])
        )

    return write


def pawn_drops(zone: bool) -> Writer:
    """``firstRankPawnDrops`` (``zone`` False) or ``promotionZonePawnDrops``."""

    def write(v: Variant) -> str | None:
        flags = pawn_drop_flags(v, fairy_stockfish_pieces(v))
        return flag(flags.zone if zone else flags.first_rank) if v.drops else None

    return write


def sittuyin_rook_drop(v: Variant) -> str | None:
    return "true" if rook_drop_first_rank(v, fairy_stockfish_pieces(v)) else None


def sittuyin_promotion(v: Variant) -> str | None:
    promo = v.pawn_rules.promotion
    return "true" if promo is not None and promo.own_move else None


def drop_no_doubled(v: Variant) -> str | None:
    return v.drops.one_per_file.lower() if v.drops and v.drops.one_per_file else None


def drop_no_doubled_count(v: Variant) -> int | None:
    return v.drops.per_file if v.drops and v.drops.per_file != 1 else None


def shogi_pawn_drop_mate_illegal(v: Variant) -> str | None:
    return "true" if v.drops and v.drops.no_drop_mate else None


def drop_promoted(v: Variant) -> str | None:
    return "true" if v.drops and v.drops.promoted else None


def must_drop(v: Variant) -> str | None:
    return "true" if v.drops and v.drops.must else None


def must_drop_type(v: Variant) -> str | None:
    return v.drops.must_piece.lower() if v.drops and v.drops.must_piece else None


def drop_opposite_colored_bishop(v: Variant) -> str | None:
    return "true" if v.drops and v.drops.opposite_colors else None


def castling_dropped_piece(v: Variant) -> str | None:
    return "true" if v.castling and v.drops and v.drops.castling else None


def castling_king_file(v: Variant) -> str | None:
    """Where castling is gained by drops, Fairy-Stockfish looks for the dropped king on this file (the
    set-up king's square says it otherwise)."""
    if not (v.castling and v.drops and v.drops.castling):
        return None
    file = FILES[v.castling[0].king_from.file]
    return file if file != "e" else None


# --- captures ---------------------------------------------------------------------------------------------


def blast_on_capture(v: Variant) -> str | None:
    return "true" if v.explosions is not None else None


def blast_immune_types(v: Variant) -> str | None:
    return _letters(v.explosions.immune) if v.explosions and v.explosions.immune else None


def mutually_immune_types(v: Variant) -> str | None:
    return _letters(v.mutually_immune) or None


def petrify_on_capture_types(v: Variant) -> str | None:
    return _letters(v.petrify) or None


# --- goals: the royal piece's checkmate, a flag goal (a race), a bare king, extinction, counted checks ----------


def checkmate_value(v: Variant) -> str | None:
    return v.goals.checkmate_result.value if _royal_letter(fairy_stockfish_pieces(v)) is not None else None


def flag_piece(v: Variant) -> str | None:
    f = v.goals.flag
    return None if f is None else "*" if f.piece is None else f.piece.lower()


def _region(v: Variant, f: Flag, color: Color) -> str:
    """A flag region: whole ranks (``*8``) where it is, else its squares, rank by rank."""
    if f.ranks and not (f.blocked_win and v.board.holes):  # FSF's *8 would count a hole as empty
        return ranks(color, f.ranks, v.board.ranks)
    return squares(v, f.regions[color]) if f.regions[color] else "-"


def flag_region(color: Color) -> Writer:
    return lambda v: _region(v, v.goals.flag, color) if v.goals.flag else None


def flag_piece_count(v: Variant) -> int | None:
    f = v.goals.flag
    if f is None:
        return None
    # all pieces (a race) are counted as the pieces White starts with
    return (
        sum(1 for _, c, x in v.setup.placement if c is Color.WHITE and f.piece in (None, x))
        if f.count is None
        else f.count
    )


def flag_move(v: Variant) -> str | None:
    return flag(v.goals.flag.reply) if v.goals.flag else None


def flag_piece_blocked_win(v: Variant) -> str | None:
    return flag(v.goals.flag.blocked_win) if v.goals.flag else None


def flag_piece_safe(v: Variant) -> str | None:
    return "true" if v.goals.flag and v.goals.flag.safe else None


def extinction_value(v: Variant) -> str | None:
    g = v.goals
    return "loss" if g.bare_king else g.extinction.result.value if g.extinction else None


def extinction_claim(v: Variant) -> str | None:
    g = v.goals
    return "true" if g.bare_king else "false" if g.extinction else None


def extinction_piece_types(v: Variant) -> str | None:
    g = v.goals
    return "*" if g.bare_king else (_letters(g.extinction.pieces) or "*") if g.extinction else None


def extinction_piece_count(v: Variant) -> int | None:
    g = v.goals
    return 1 if g.bare_king else g.extinction.count if g.extinction else None


def extinction_opponent_piece_count(v: Variant) -> int | None:
    g = v.goals
    return g.bare_king.opponent_minimum if g.bare_king else 0 if g.extinction else None


def extinction_pseudo_royal(v: Variant) -> str | None:
    return "true" if v.goals.extinction and v.goals.extinction.pseudo_royal else None


def duple_check(v: Variant) -> str | None:
    return "true" if v.goals.extinction and v.goals.extinction.duple_check else None


def shatar_mate_rule(v: Variant) -> str | None:
    return "true" if v.goals.shatar_mate is not None else None


def check_counting(v: Variant) -> str | None:
    return "true" if v.goals.check_count is not None else None  # the counts themselves are the start FEN's


# --- draws and what a move may not do -----------------------------------------------------------------------

#: a pass is Fairy-Stockfish's passOnStalemate; the position is never a stalemate then
_STALEMATE_VALUE = {
    StalemateResult.DRAW: "draw",
    StalemateResult.LOSS: "loss",
    StalemateResult.WIN: "win",
    StalemateResult.PASS: "draw",
}


def stalemate_value(v: Variant) -> str:
    return _STALEMATE_VALUE[v.draws.stalemate]


def pass_on_stalemate(v: Variant) -> str:
    return flag(v.draws.stalemate is StalemateResult.PASS)


def walling_rule(v: Variant) -> str | None:
    return None if v.walling is None else v.walling.rule.value


def walling_region(color: Color) -> Writer:
    """Where ``color`` may place walls, written only where it is not everywhere."""

    def write(v: Variant) -> str | None:
        region = None if v.walling is None else v.walling.region
        return None if region is None else squares(v, region[color]) or "-"

    return write


def stating(rule: Toggle, negated: bool = False, explicit: bool = False) -> Writer:
    """The option of a yes-or-no rule kind: ``true`` where the variant has ``rule`` (``false`` where the
    option is ``negated``, its negation), written only there, or with ``explicit`` wherever the variant
    has the rule's group."""

    def write(v: Variant) -> str | None:
        on = rule.on(v)
        if on or (explicit and group_of(v, rule.group) is not None):
            return flag(on != negated)
        return None

    return write


def only_true(on: Callable[[Variant], bool]) -> Writer:
    """``true`` where ``on``, else not written (FSF's default is false)."""
    return lambda v: "true" if on(v) else None


def n_fold_value(v: Variant) -> str:
    """nFoldValue is the result for the side to move; absolute, for Black it is White's."""
    winner = v.draws.repetition_winner
    if winner is None:
        return "draw"
    if winner == "to_move":
        return "win"
    if winner == "mover":
        return "loss"
    return "win" if winner is Color.WHITE else "loss"


def n_fold_value_absolute(v: Variant) -> str | None:
    return "true" if isinstance(v.draws.repetition_winner, Color) else None


def counting_rule(v: Variant) -> str | None:
    return v.draws.counting.value if v.draws.counting is not None else None


def chasing_rule(v: Variant) -> str | None:
    return v.draws.chasing.value if v.draws.chasing is not None else None


def material_counting(v: Variant) -> str | None:
    """Draw odds, or point counting (which the fidelity checks leave only where it is janggi's)."""
    odds = v.draws.draw_odds
    return f"{odds.word}drawodds" if odds is not None else "janggi" if v.draws.points is not None else None


def n_move_rule_types(v: Variant) -> str | None:
    """The pieces whose moves restart the move rule's count, where both sides have the same and they are
    not simply the pawns (``pawnTypes`` says those)."""
    d = v.draws
    if d.move_rule_pieces is None or d.black_move_rule_pieces is not None:
        return None
    return _letters(d.move_rule_pieces) or "-"


def n_move_rule_types_of(color: Color) -> Writer:
    """One side's, where Black's differ (a side without its own are its pawns, which ``pawnTypes`` says)."""

    def write(v: Variant) -> str | None:
        d = v.draws
        pieces = d.move_rule_pieces_of(color)
        if d.black_move_rule_pieces is None or pieces is None:
            return None
        return _letters(pieces) or "-"

    return write
