"""Every option Fairy-Stockfish's parser reads, one row each, as ``src/parser.cpp`` has them.

A row says what the option is (its key, the type of its value, FSF's default, the first pyffish
release that reads it, the options it stands for if it is an alias or deprecated) and what the
catalogue makes of it: the emitter's group that writes it, its writer (:mod:`.values`) and the model
field it states, read back by :mod:`.reading`.  A row without a model field is an option the
catalogue cannot express yet: the lint and an importer still know its type and default.

The emitter's groups are the table's rows in order (:mod:`.options`); ``SINCE`` and the lint's types
(:mod:`generator.check.fairy_stockfish_lint`) are read from it.

>>> ROW["promotionRank"].maps_to, ROW["promotionRank"].deprecated
(('promotionRegionWhite', 'promotionRegionBlack'), True)
>>> ROW["maxFile"].kind, ROW["maxFile"].default, ROW["maxFile"].field
('file', 'h', 'board.files')
>>> len(ROWS) > 300, sum(1 for row in ROWS if row.write is not None)
(True, 105)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from generator.catalogue.model import Color
from generator.emit.fairy_stockfish import values as w
from generator.emit.fairy_stockfish.values import Writer

__all__ = ["GROUPS", "PARSER_RELEASE", "ROW", "ROWS", "SINCE", "Kind", "Row"]

#: The type of an option's value, as FSF's ``parse_attribute`` reads it.
Kind = Literal["bool", "int", "rank", "file", "value", "bitboard", "piecetype", "pieceset", "piece", "string", "other"]

WHITE, BLACK = Color.WHITE, Color.BLACK
#: the pyffish release whose parser the table is: an option it has no row for, that release ignores
PARSER_RELEASE = "0.0.90"
# the first releases that read an option (see SINCE)
V57 = ("0.0.57", "2021-04-17")
V78 = ("0.0.78", "2023-03-24")
V78_ROOKS = ("0.0.78", "2023-03-25")
V80_FILES = ("0.0.80", "2023-04-01")
V80_IMMUNE = ("0.0.80", "2023-08-23")
V89 = ("0.0.89", "2025-08-15")
V89_EP = ("0.0.89", "2025-08-17")
#: FSF's ``AllSquares``, as ini text (the largest board has ten ranks)
ALL = "*1 *2 *3 *4 *5 *6 *7 *8 *9 *10"


@dataclass(frozen=True)
class Row:
    """One option.  ``default`` is FSF's default as ini text (``-`` for none, ``""`` where FSF has no
    value); ``since`` the pyffish release and date that first read it, for options newer than pyffish
    0.0.44; ``maps_to`` the options an alias or a deprecated option sets (``note``: how, where it is
    not the same value); ``group`` the emitter's group that writes it with ``write``, and ``field``
    the model field it states ("" for none)."""

    key: str
    kind: Kind
    default: str
    group: str = ""
    write: Writer | None = None
    field: str = ""
    since: tuple[str, str] | None = None
    maps_to: tuple[str, ...] = ()
    deprecated: bool = False
    #: how an option that is not a plain alias sets ``maps_to``
    note: str = ""


def _pair(
    key: str,
    kind: Kind,
    default: tuple[str, str],
    group: str = "",
    write: Callable[[Color], Writer] | None = None,
    field: str = "",
    since: tuple[str, str] | None = None,
) -> tuple[Row, Row]:
    """``keyWhite`` and ``keyBlack``; ``write`` gives one color's writer."""
    white, black = (
        Row(f"{key}{c.word.title()}", kind, default[c], group, write(c) if write else None, field, since) for c in Color
    )
    return white, black


#: FSF's own pieces, in its piece-type order, with their letters in chess (``-``: not on the board)
_PIECES = (
    "pawn:p knight:n bishop:b rook:r queen:q fers alfil fersAlfil silver aiwok bers archbishop chancellor amazon "
    "knibis biskni kniroo rookni shogiPawn lance shogiKnight gold dragonHorse clobber breakthrough immobile cannon "
    "janggiCannon soldier horse elephant janggiElephant banner wazir commoner centaur"
)
_CUSTOM_PIECES = 25
_PIECE_NAMES = [p.partition(":")[0] for p in _PIECES.split()] + [
    f"customPiece{i}" for i in range(1, _CUSTOM_PIECES + 1)
]


def _pieces() -> list[Row]:
    rows = [
        # FSF's janggi cannon is the piece that shuns its own type
        Row(name, "piece", letter or "-", "pieces", field="shuns_own_type" if name == "janggiCannon" else "pieces")
        for name, _, letter in (p.partition(":") for p in _PIECES.split())
    ]
    rows += [
        Row(f"customPiece{i}", "piece", "-", "pieces", field="pieces", since=V57) for i in range(1, _CUSTOM_PIECES + 1)
    ]
    rows.append(Row("king", "piece", "k", "pieces", field="pieces"))
    rows += [
        Row(
            f"mobilityRegion{c.word.title()}{name[0].upper()}{name[1:]}",
            "bitboard",
            "-",
            "pieces",
            field="pieces.region",
        )
        for name in [*_PIECE_NAMES, "king"]
        for c in Color
    ]
    return rows


_PAWN_TYPES = tuple(f"{k}Types{c}" for k in ("promotionPawn", "enPassant", "nMoveRule") for c in ("White", "Black"))

# fmt: off
ROWS: tuple[Row, ...] = (
    # board
    Row("maxFile", "file", "h", "board", lambda v: v.board.files, "board.files"),
    Row("maxRank", "rank", "8", "board", lambda v: v.board.ranks, "board.ranks"),
    Row("diagonalLines", "bitboard", "-", "board", w.diagonal_lines, "diagonal_lines"),
    # pieces: written piece by piece (.pieces)
    Row("pieceToCharTable", "string", "-", "pieces"),
    *_pieces(),
    Row("soldierPromotionRank", "rank", "1", "pieces", field="pieces.advanced"),
    Row("pawnTypes", "pieceset", "p", "pieces", field="pieces.roles", maps_to=_PAWN_TYPES,
        note="its first letter is also the main promotion pawn type"),
    Row("pieceValueMg", "other", ""),
    Row("pieceValueEg", "other", ""),
    Row("variantTemplate", "string", "fairy"),
    Row("pocketSize", "int", "0"),
    Row("twoBoards", "bool", "false"),
    # pawns
    Row("doubleStep", "bool", "true", "pawns", w.double_step, "pawn_rules.max_steps"),
    *_pair("doubleStepRegion", "bitboard", ("*2", "*7"), "pawns", w.double_step_region,
        "pawn_rules.multi_step_ranks", since=V78),
    *_pair("tripleStepRegion", "bitboard", ("-", "-"), "pawns", w.triple_step_region, "pawn_rules.triple_step_ranks",
        since=V78),
    Row("enPassantRegion", "bitboard", ALL, "pawns", w.en_passant_region, "pawn_rules.en_passant",
        since=("0.0.53", "2020-11-19"), maps_to=("enPassantRegionWhite", "enPassantRegionBlack")),
    *_pair("promotionRegion", "bitboard", ("*8", "*1"), "pawns", w.promotion_region, "pawn_rules.promotion.ranks",
        since=V78),
    Row("promotionPieceTypes", "pieceset", "qrbn", "pawns", w.promotion_piece_types, "pawn_rules.promotion.choices",
        maps_to=("promotionPieceTypesWhite", "promotionPieceTypesBlack")),
    *_pair("promotionPieceTypes", "pieceset", ("qrbn", "qrbn"), "pawns", w.promotion_piece_types_of,
        "pawn_rules.promotion.black_choices"),
    Row("promotionLimit", "other", "", "pawns", w.promotion_limit, "pawn_rules.promotion.limits"),
    Row("mandatoryPawnPromotion", "bool", "true", "pawns", w.mandatory_pawn_promotion,
        "pawn_rules.promotion.mandatory"),
    *_pair("enPassantRegion", "bitboard", (ALL, ALL), "pawns", w.en_passant_region_of, "pawn_rules.en_passant_ranks",
        since=V89_EP),
    Row("enPassantTypes", "pieceset", "p", "pawns", w.en_passant_types, "pawn_rules.en_passant_takers",
        maps_to=("enPassantTypesWhite", "enPassantTypesBlack")),
    *_pair("enPassantTypes", "pieceset", ("p", "p")),
    Row("promotionPawnTypes", "pieceset", "p", maps_to=("promotionPawnTypesWhite", "promotionPawnTypesBlack")),
    *_pair("promotionPawnTypes", "pieceset", ("p", "p")),
    Row("sittuyinPromotion", "bool", "false", "pawns", w.sittuyin_promotion, "pawn_rules.promotion.own_move"),
    Row("piecePromotionOnCapture", "bool", "false", "piece promotion", w.piece_promotion_on_capture,
        "piece_promotion.on_capture"),
    Row("pieceDemotion", "bool", "false", "piece promotion", w.piece_demotion, "piece_promotion.demotion"),
    Row("promotionRank", "rank", "8", maps_to=("promotionRegionWhite", "promotionRegionBlack"), deprecated=True,
        note="each side's ranks from this one to its last"),
    Row("doubleStepRank", "rank", "2", maps_to=("doubleStepRegionWhite", "doubleStepRegionBlack"), deprecated=True,
        note="each side's ranks from doubleStepRankMin to this one"),
    Row("doubleStepRankMin", "rank", "2", maps_to=("doubleStepRegionWhite", "doubleStepRegionBlack"), deprecated=True,
        note="each side's ranks from this one to doubleStepRank"),
    # promotion by piece, and squares a piece may not stop on
    Row("promotedPieceType", "other", "", "piece promotion", w.promoted_piece_type, "piece_promotion.pieces"),
    Row("mandatoryPiecePromotion", "bool", "false", "piece promotion", w.mandatory_piece_promotion,
        "piece_promotion.mandatory"),
    Row("immobilityIllegal", "bool", "false", "piece promotion", w.immobility_illegal, "immobility_illegal"),
    # castling
    Row("castling", "bool", "true", "castling", w.castling, "castling"),
    Row("gating", "bool", "false", "castling", w.gating, "first_leaps"),
    Row("cambodianMoves", "bool", "false", "castling", w.first_leaps, "first_leaps"),
    Row("seirawanGating", "bool", "false", "castling", w.only_true(lambda v: v.gating), "gating"),
    Row("castlingKingPiece", "piecetype", "k", "castling", w.castling_king_piece, "castling",
        since=("0.0.54", "2021-02-07"), maps_to=("castlingKingPieceWhite", "castlingKingPieceBlack")),
    Row("castlingRank", "rank", "1", "castling", w.castling_rank, "castling"),
    Row("castlingKingsideFile", "file", "g", "castling", w.castling_file(True, False), "castling"),
    Row("castlingQueensideFile", "file", "c", "castling", w.castling_file(False, False), "castling"),
    Row("castlingRookKingsideFile", "file", "l", "castling", w.castling_file(True, True), "castling", since=V80_FILES),
    Row("castlingRookQueensideFile", "file", "a", "castling", w.castling_file(False, True), "castling",
        since=V80_FILES),
    Row("castlingRookPieces", "pieceset", "r", "castling", w.castling_rook_pieces, "castling", since=V78_ROOKS,
        maps_to=("castlingRookPiecesWhite", "castlingRookPiecesBlack")),
    *_pair("castlingRookPieces", "pieceset", ("r", "r"), "castling", w.castling_rook_pieces_of, "castling"),
    Row("chess960", "bool", "false", "castling", w.chess960, "chess960_castling"),
    Row("castlingKingFile", "file", "e", "castling", w.castling_king_file, "drops.castling"),
    *_pair("castlingKingPiece", "piecetype", ("k", "k")),
    Row("castlingDroppedPiece", "bool", "false", "castling", w.castling_dropped_piece, "drops.castling"),
    Row("oppositeCastling", "bool", "false", "castling", w.opposite_castling, "opposite_castling"),
    Row("castlingWins", "other", "-", "castling", w.castling_wins, "goals.castling_wins"),
    Row("castlingRookPiece", "pieceset", "r", maps_to=("castlingRookPiecesWhite", "castlingRookPiecesBlack"),
        deprecated=True),
    # drops
    Row("pieceDrops", "bool", "false", "drops", w.piece_drops, "drops"),
    Row("capturesToHand", "bool", "false", "drops", w.captures_to_hand, "drops.captures_to_hand"),
    Row("dropLoop", "bool", "false", "drops", w.drop_loop, "drops.keep_promoted"),
    *_pair("dropRegion", "bitboard", (ALL, ALL), "drops", w.drop_region, "drops.ranks", since=V89),
    Row("firstRankPawnDrops", "bool", "false", "drops", w.pawn_drops(False), "drops.piece_ranks"),
    Row("promotionZonePawnDrops", "bool", "false", "drops", w.pawn_drops(True), "drops.piece_ranks"),
    Row("dropNoDoubled", "piecetype", "-", "drops", w.drop_no_doubled, "drops.one_per_file"),
    Row("dropNoDoubledCount", "int", "1", "drops", w.drop_no_doubled_count, "drops.per_file"),
    Row("shogiPawnDropMateIllegal", "bool", "false", "drops", w.shogi_pawn_drop_mate_illegal, "drops.no_drop_mate"),
    Row("dropChecks", "bool", "true", "drops", w.drop_checks, "drops.no_checks"),
    Row("mustDrop", "bool", "false", "drops", w.must_drop, "drops.must"),
    Row("mustDropType", "piecetype", "*", "drops", w.must_drop_type, "drops.must_piece"),
    Row("enclosingDrop", "other", "none"),
    Row("enclosingDropStart", "bitboard", "-"),
    Row("sittuyinRookDrop", "bool", "false", "drops", w.sittuyin_rook_drop, "drops.piece_ranks"),
    Row("dropOppositeColoredBishop", "bool", "false", "drops", w.drop_opposite_colored_bishop,
        "drops.opposite_colors"),
    Row("dropPromoted", "bool", "false", "drops", w.drop_promoted, "drops.promoted"),
    Row("whiteDropRegion", "bitboard", ALL, maps_to=("dropRegionWhite",), deprecated=True),
    Row("blackDropRegion", "bitboard", ALL, maps_to=("dropRegionBlack",), deprecated=True),
    Row("dropOnTop", "bool", "false", maps_to=("enclosingDrop",), deprecated=True, note="true: enclosingDrop = top"),
    # captures
    Row("blastOnCapture", "bool", "false", "captures", w.blast_on_capture, "explosions",
        since=("0.0.54", "2021-01-19")),
    Row("blastImmuneTypes", "pieceset", "-", "captures", w.blast_immune_types, "explosions.immune", since=V80_IMMUNE),
    Row("mutuallyImmuneTypes", "pieceset", "-", "captures", w.mutually_immune_types, "mutually_immune",
        since=V80_IMMUNE),
    Row("petrifyOnCaptureTypes", "pieceset", "-", "captures", w.petrify_on_capture_types, "petrify",
        since=("0.0.80", "2023-09-15")),
    Row("petrifyBlastPieces", "bool", "false"),
    # goals
    Row("checkmateValue", "value", "loss", "goals", w.checkmate_value, "goals.checkmate_result"),
    Row("flagPiece", "piecetype", "*", "goals", w.flag_piece, "goals.flag.piece",
        maps_to=("flagPieceWhite", "flagPieceBlack")),
    *_pair("flagRegion", "bitboard", ("-", "-"), "goals", w.flag_region, "goals.flag.regions", since=V78),
    Row("flagPieceCount", "int", "1", "goals", w.flag_piece_count, "goals.flag.count", since=("0.0.80", "2023-04-12")),
    Row("flagMove", "bool", "false", "goals", w.flag_move, "goals.flag.reply"),
    Row("flagPieceBlockedWin", "bool", "false", "goals", w.flag_piece_blocked_win, "goals.flag.blocked_win",
        since=("0.0.80", "2023-04-22")),
    Row("flagPieceSafe", "bool", "false", "goals", w.flag_piece_safe, "goals.flag.safe"),
    Row("extinctionValue", "value", "none", "goals", w.extinction_value, "goals.extinction"),
    Row("extinctionClaim", "bool", "false", "goals", w.extinction_claim, "goals.bare_king",
        since=("0.0.50", "2020-05-22")),
    Row("extinctionPieceTypes", "pieceset", "-", "goals", w.extinction_piece_types, "goals.extinction.pieces"),
    Row("extinctionPieceCount", "int", "0", "goals", w.extinction_piece_count, "goals.extinction.count"),
    Row("extinctionOpponentPieceCount", "int", "0", "goals", w.extinction_opponent_piece_count,
        "goals.bare_king.opponent_minimum"),
    Row("extinctionPseudoRoyal", "bool", "false", "goals", w.extinction_pseudo_royal,
        "goals.extinction.pseudo_royal", since=("0.0.55", "2021-02-28")),
    Row("dupleCheck", "bool", "false", "goals", w.duple_check, "goals.extinction.duple_check"),
    Row("checkCounting", "bool", "false", "goals", w.check_counting, "goals.check_count"),
    *_pair("flagPiece", "piecetype", ("*", "*")),
    Row("flagRegion", "bitboard", "-", maps_to=("flagRegionWhite", "flagRegionBlack")),
    Row("whiteFlag", "bitboard", "-", maps_to=("flagRegionWhite",), deprecated=True),
    Row("blackFlag", "bitboard", "-", maps_to=("flagRegionBlack",), deprecated=True),
    Row("shatarMateRule", "bool", "false", "goals", w.shatar_mate_rule, "goals.shatar_mate"),
    Row("bikjangRule", "bool", "false", "goals", w.only_true(lambda v: v.draws.bikjang), "draws.bikjang"),
    Row("connectN", "int", "0"),
    Row("connectPieceTypes", "pieceset", "*"),
    Row("connectHorizontal", "bool", "true"),
    Row("connectVertical", "bool", "true"),
    Row("connectDiagonal", "bool", "true"),
    *_pair("connectRegion1", "bitboard", ("-", "-")),
    *_pair("connectRegion2", "bitboard", ("-", "-")),
    Row("connectNxN", "int", "0"),
    Row("collinearN", "int", "0"),
    Row("connectValue", "value", "win"),
    Row("adjudicateFullBoard", "bool", "false"),
    # draws, and what a move may not do
    Row("stalemateValue", "value", "draw", "draws", w.stalemate_value, "draws.stalemate"),
    Row("passOnStalemate", "bool", "false", "draws", w.pass_on_stalemate, "draws.stalemate",
        maps_to=("passOnStalemateWhite", "passOnStalemateBlack")),
    Row("stalematePieceCount", "bool", "false", "draws", w.only_true(lambda v: v.draws.stalemate_piece_count),
        "draws.stalemate_piece_count"),
    Row("mustCapture", "bool", "false", "draws", lambda v: w.flag(v.must_capture), "must_capture"),
    Row("checking", "bool", "true", "draws", lambda v: "false" if v.no_checks else None, "no_checks"),
    Row("makpongRule", "bool", "false", "draws", w.only_true(lambda v: v.royal_held_in_check), "royal_held_in_check"),
    Row("flyingGeneral", "bool", "false", "draws", w.only_true(lambda v: v.flying_general), "flying_general"),
    Row("nMoveRule", "int", "50", "draws", lambda v: v.draws.move_rule, "draws.move_rule"),
    Row("nFoldRule", "int", "3", "draws", lambda v: v.draws.repetition, "draws.repetition"),
    Row("nFoldValue", "value", "draw", "draws", w.n_fold_value, "draws.repetition_winner"),
    Row("nFoldValueAbsolute", "bool", "false", "draws", w.n_fold_value_absolute, "draws.repetition_winner"),
    Row("countingRule", "other", "none", "draws", w.counting_rule, "draws.counting"),
    Row("materialCounting", "other", "none", "draws", w.material_counting, "draws.draw_odds"),
    Row("perpetualCheckIllegal", "bool", "false", "draws", w.only_true(lambda v: v.draws.perpetual_check_loses),
        "draws.perpetual_check_loses"),
    *_pair("passOnStalemate", "bool", ("false", "false")),
    Row("pass", "bool", "false", "draws", w.only_true(lambda v: v.passing), "passing",
        maps_to=("passWhite", "passBlack")),
    *_pair("pass", "bool", ("false", "false")),
    Row("nMoveRuleTypes", "pieceset", "p", "draws", w.n_move_rule_types, "draws.move_rule_pieces",
        maps_to=("nMoveRuleTypesWhite", "nMoveRuleTypesBlack")),
    *_pair("nMoveRuleTypes", "pieceset", ("p", "p"), "draws", w.n_move_rule_types_of, "draws.move_rule_pieces"),
    Row("moveRepetitionIllegal", "bool", "false", "draws", w.only_true(lambda v: v.draws.move_repetition_loses),
        "draws.move_repetition_loses"),
    Row("chasingRule", "other", "none", "draws", w.chasing_rule, "draws.chasing", since=("0.0.72", "2022-04-29")),
    # walls and the rest of the board games
    Row("wallingRule", "other", "none", "walls", w.walling_rule, "walling.rule"),
    Row("wallingRegion", "bitboard", ALL, maps_to=("wallingRegionWhite", "wallingRegionBlack")),
    *_pair("wallingRegion", "bitboard", (ALL, ALL), "walls", w.walling_region, "walling.region"),
    Row("wallOrMove", "bool", "false", "walls", w.only_true(lambda v: bool(v.walling and v.walling.or_move)),
        "walling.or_move"),
    Row("flipEnclosedPieces", "other", "none"),
    # setup: the start position, written after every group
    Row("startFen", "string", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "setup", field="setup"),
)
# fmt: on

#: key -> its row
ROW = {row.key: row for row in ROWS}
assert len(ROW) == len(ROWS), "a key has two rows"

#: The emitter's groups, in the order written (the start position last).
GROUPS = tuple(dict.fromkeys(row.group for row in ROWS if row.group))

#: The first pyffish release (Fairy-Stockfish's Python build, versioned with its sources) that reads
#: each option, with the date of the commit that added it, for the options newer than pyffish 0.0.44
#: (April 2020): an older build ignores an option it does not know without a word.
#: Worked out from Fairy-Stockfish's history: the first commit whose ``src/parser.cpp`` has the
#: option's name (``git log -S'"NAME"' -- src/parser.cpp``), then the first ``setup.py`` version bump
#: that contains it (``git merge-base --is-ancestor``).
SINCE: dict[str, tuple[str, str]] = {row.key: row.since for row in ROWS if row.since is not None}
