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
(True, 106)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from generator.catalogue.model import Board, Color, Square
from generator.catalogue.rule_kinds import NO_CHECKS, NO_DROP_CHECKS, PETRIFY_BLAST, TOGGLES
from generator.emit.fairy_stockfish import values as w
from generator.emit.fairy_stockfish.codecs import CODECS, Codec, Kind, Words, set_letters, squares
from generator.emit.fairy_stockfish.values import Writer
from generator.emit.fidelity.fsf_pieces import CHESS_LETTERS, NAMED_BETZA, PieceKind

__all__ = [
    "CUSTOM_PIECE",
    "GROUPS",
    "KING",
    "MOBILITY_KEYS",
    "PARSER_RELEASE",
    "ROW",
    "ROWS",
    "SINCE",
    "Kind",
    "Opt",
    "Row",
    "mobility",
]

WHITE, BLACK = Color.WHITE, Color.BLACK
#: the pyffish release whose parser the table is: an option it has no row for, that release ignores
PARSER_RELEASE = "0.0.90"
# the first releases that read an option (see SINCE)
V57 = ("0.0.57", "2021-04-17")
V78 = ("0.0.78", "2023-03-24")
V78_ROOKS = ("0.0.78", "2023-03-25")
V80_FILES = ("0.0.80", "2023-04-01")
V80_IMMUNE = ("0.0.80", "2023-08-23")
V80_PETRIFY = ("0.0.80", "2023-09-15")
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
    #: the values of a ``word`` option
    words: tuple[str, ...] = ()
    #: the moves of FSF's own piece that the row names (``knight``), in Betza
    betza: str | None = None
    #: whether the option changes what is played (False: display and evaluation only; an importer ignores it)
    plays: bool = True
    #: the option's name: the attribute of :class:`Opt` that holds the row, or given for the generated rows
    key: str = ""

    def __set_name__(self, owner: type, name: str) -> None:
        object.__setattr__(self, "key", name.removesuffix("_"))

    @property
    def codec(self) -> Codec:
        """How FSF reads the value, and how the lint checks it."""
        return Words("word", self.words) if self.kind == "word" else CODECS[self.kind]

    # --- the option in a section's options (key -> value text): its value there, else FSF's default ---

    def text(self, options: Mapping[str, str]) -> str:
        return options.get(self.key, self.default)

    def on(self, options: Mapping[str, str]) -> bool:
        """A bool option's value."""
        return self.text(options) == "true"

    def number(self, options: Mapping[str, str]) -> int:
        """An int or rank option's value."""
        return int(self.text(options))

    def file(self, options: Mapping[str, str]) -> int:
        """A file option's value, from 0 (``a`` or ``1``)."""
        return int(self.codec.read(self.text(options))) - 1

    def letters(self, options: Mapping[str, str]) -> tuple[str, ...]:
        """A piece set's letters, upper case (``*`` for every piece)."""
        return tuple(x.upper() for x in set_letters(self.text(options)))

    def squares(self, options: Mapping[str, str], board: Board) -> frozenset[Square]:
        """A Bitboard option's squares on ``board``, its holes left out."""
        return squares(self.text(options), board.files, board.ranks) - board.holes

    def of(self, color: Color) -> Row:
        """The row of ``color`` of the White-and-Black pair whose White row this is."""
        return ROW[self.key.removesuffix("White") + color.word.title()]


def _pair(
    kind: Kind,
    default: tuple[str, str],
    group: str = "",
    write: Callable[[Color], Writer] | None = None,
    field: str = "",
    since: tuple[str, str] | None = None,
) -> tuple[Row, Row]:
    """``keyWhite`` and ``keyBlack``, named by the attributes they are assigned to; ``write`` gives one color's
    writer."""
    white, black = (Row(kind, default[c], group, write(c) if write else None, field, since) for c in Color)
    return white, black


_CUSTOM_PIECES = 25
#: the option of FSF's royal piece, and the stem of its custom pieces' (``customPiece1`` ...)
KING, CUSTOM_PIECE = PieceKind.KING, "customPiece"


def mobility_keys(piece: str) -> tuple[str, str]:
    """The options (White's, Black's) of the regions the piece of the option ``piece`` may stand on.

    >>> mobility_keys("customPiece2")
    ('mobilityRegionWhiteCustomPiece2', 'mobilityRegionBlackCustomPiece2')
    """
    white, black = (f"mobilityRegion{c.word.title()}{piece[0].upper()}{piece[1:]}" for c in Color)
    return white, black


def _pieces() -> list[Row]:
    """FSF's own pieces in its order, the custom pieces before the king, then every piece's mobility regions."""
    named = [kind.value for kind in PieceKind if kind not in (PieceKind.KING, PieceKind.CUSTOM)]
    # FSF's janggi cannon is the piece that shuns its own type
    fields: dict[str, str] = {PieceKind.JANGGI_CANNON: "shuns_own_type"}
    customs = [f"{CUSTOM_PIECE}{i}" for i in range(1, _CUSTOM_PIECES + 1)]
    rows = [
        Row(
            "piece",
            CHESS_LETTERS.get(k, "-"),
            "pieces",
            field=fields.get(k, "pieces"),
            betza=NAMED_BETZA[k],
            key=k,
        )
        for k in named
    ]
    rows += [Row("piece", "-", "pieces", field="pieces", since=V57, key=key) for key in customs]
    rows.append(Row("piece", CHESS_LETTERS[KING], "pieces", field="pieces", betza=NAMED_BETZA[KING], key=KING.value))
    rows += [
        Row("bitboard", "-", "pieces", field="pieces.region", key=key)
        for n in [*named, *customs, KING.value]
        for key in mobility_keys(n)
    ]
    return rows


_PAWN_TYPES = tuple(f"{k}Types{c}" for k in ("promotionPawn", "enPassant", "nMoveRule") for c in ("White", "Black"))


class Opt:
    """Every option FSF reads, by its name (the attribute; ``pass_`` for ``pass``)."""

    # board
    maxFile = Row("file", "h", "board", lambda v: v.board.files, "board.files")
    maxRank = Row("rank", "8", "board", lambda v: v.board.ranks, "board.ranks")
    diagonalLines = Row("bitboard", "-", "board", w.diagonal_lines, "diagonal_lines")
    # pieces: written piece by piece (.pieces)
    pieceToCharTable = Row("string", "-", "pieces", plays=False)
    # FSF's own pieces, the custom pieces and their mobility regions (_pieces()) come here
    soldierPromotionRank = Row("rank", "1", "pieces", field="pieces.advanced")
    pawnTypes = Row(
        "pieceset",
        "p",
        "pieces",
        field="pieces.roles",
        maps_to=_PAWN_TYPES,
        note="its first letter is also the main promotion pawn type",
    )
    # what a GUI shows and the engine's evaluation: no rule of play
    pieceValueMg = Row("other", "", plays=False)
    pieceValueEg = Row("other", "", plays=False)
    variantTemplate = Row("string", "fairy", plays=False)
    pocketSize = Row("int", "0", plays=False)
    twoBoards = Row("bool", "false")
    # pawns
    doubleStep = Row("bool", "true", "pawns", w.double_step, "pawn_rules.max_steps")
    doubleStepRegionWhite, doubleStepRegionBlack = _pair(
        "bitboard", ("*2", "*7"), "pawns", w.double_step_region, "pawn_rules.multi_step_ranks", since=V78
    )
    tripleStepRegionWhite, tripleStepRegionBlack = _pair(
        "bitboard", ("-", "-"), "pawns", w.triple_step_region, "pawn_rules.triple_step_ranks", since=V78
    )
    enPassantRegion = Row(
        "bitboard",
        ALL,
        "pawns",
        w.en_passant_region,
        "pawn_rules.en_passant",
        since=("0.0.53", "2020-11-19"),
        maps_to=("enPassantRegionWhite", "enPassantRegionBlack"),
    )
    promotionRegionWhite, promotionRegionBlack = _pair(
        "bitboard", ("*8", "*1"), "pawns", w.promotion_region, "pawn_rules.promotion.ranks", since=V78
    )
    promotionPieceTypes = Row(
        "pieceset",
        "qrbn",
        "pawns",
        w.promotion_piece_types,
        "pawn_rules.promotion.choices",
        maps_to=("promotionPieceTypesWhite", "promotionPieceTypesBlack"),
    )
    promotionPieceTypesWhite, promotionPieceTypesBlack = _pair(
        "pieceset", ("qrbn", "qrbn"), "pawns", w.promotion_piece_types_of, "pawn_rules.promotion.black_choices"
    )
    promotionLimit = Row("other", "", "pawns", w.promotion_limit, "pawn_rules.promotion.limits")
    mandatoryPawnPromotion = Row("bool", "true", "pawns", w.mandatory_pawn_promotion, "pawn_rules.promotion.mandatory")
    enPassantRegionWhite, enPassantRegionBlack = _pair(
        "bitboard", (ALL, ALL), "pawns", w.en_passant_region_of, "pawn_rules.en_passant_ranks", since=V89_EP
    )
    enPassantTypes = Row(
        "pieceset",
        "p",
        "pawns",
        w.en_passant_types,
        "pawn_rules.en_passant_takers",
        maps_to=("enPassantTypesWhite", "enPassantTypesBlack"),
    )
    enPassantTypesWhite, enPassantTypesBlack = _pair("pieceset", ("p", "p"))
    promotionPawnTypes = Row("pieceset", "p", maps_to=("promotionPawnTypesWhite", "promotionPawnTypesBlack"))
    promotionPawnTypesWhite, promotionPawnTypesBlack = _pair("pieceset", ("p", "p"))
    sittuyinPromotion = Row("bool", "false", "pawns", w.sittuyin_promotion, "pawn_rules.promotion.own_move")
    piecePromotionOnCapture = Row(
        "bool", "false", "piece promotion", w.piece_promotion_on_capture, "piece_promotion.on_capture"
    )
    pieceDemotion = Row("bool", "false", "piece promotion", w.piece_demotion, "piece_promotion.demotion")
    promotionRank = Row(
        "rank",
        "8",
        maps_to=("promotionRegionWhite", "promotionRegionBlack"),
        deprecated=True,
        note="each side's ranks from this one to its last",
    )
    doubleStepRank = Row(
        "rank",
        "2",
        maps_to=("doubleStepRegionWhite", "doubleStepRegionBlack"),
        deprecated=True,
        note="each side's ranks from doubleStepRankMin to this one",
    )
    doubleStepRankMin = Row(
        "rank",
        "2",
        maps_to=("doubleStepRegionWhite", "doubleStepRegionBlack"),
        deprecated=True,
        note="each side's ranks from this one to doubleStepRank",
    )
    # promotion by piece, and squares a piece may not stop on
    promotedPieceType = Row("other", "", "piece promotion", w.promoted_piece_type, "piece_promotion.pieces")
    mandatoryPiecePromotion = Row(
        "bool", "false", "piece promotion", w.mandatory_piece_promotion, "piece_promotion.mandatory"
    )
    immobilityIllegal = Row("bool", "false", "piece promotion", w.immobility_illegal, "immobility_illegal")
    # castling
    castling = Row("bool", "true", "castling", w.castling, "castling")
    gating = Row("bool", "false", "castling", w.gating, "first_leaps")
    cambodianMoves = Row("bool", "false", "castling", w.first_leaps, "first_leaps")
    seirawanGating = Row("bool", "false", "castling", w.only_true(lambda v: v.gating), "gating")
    castlingKingPiece = Row(
        "piecetype",
        "k",
        "castling",
        w.castling_king_piece,
        "castling",
        since=("0.0.54", "2021-02-07"),
        maps_to=("castlingKingPieceWhite", "castlingKingPieceBlack"),
    )
    castlingRank = Row("rank", "1", "castling", w.castling_rank, "castling")
    castlingKingsideFile = Row("file", "g", "castling", w.castling_file(True, False), "castling")
    castlingQueensideFile = Row("file", "c", "castling", w.castling_file(False, False), "castling")
    castlingRookKingsideFile = Row("file", "l", "castling", w.castling_file(True, True), "castling", since=V80_FILES)
    castlingRookQueensideFile = Row("file", "a", "castling", w.castling_file(False, True), "castling", since=V80_FILES)
    castlingRookPieces = Row(
        "pieceset",
        "r",
        "castling",
        w.castling_rook_pieces,
        "castling",
        since=V78_ROOKS,
        maps_to=("castlingRookPiecesWhite", "castlingRookPiecesBlack"),
    )
    castlingRookPiecesWhite, castlingRookPiecesBlack = _pair(
        "pieceset", ("r", "r"), "castling", w.castling_rook_pieces_of, "castling"
    )
    chess960 = Row("bool", "false", "castling", w.chess960, "chess960_castling")
    castlingKingFile = Row("file", "e", "castling", w.castling_king_file, "drops.castling")
    castlingKingPieceWhite, castlingKingPieceBlack = _pair("piecetype", ("k", "k"))
    castlingDroppedPiece = Row("bool", "false", "castling", w.castling_dropped_piece, "drops.castling")
    oppositeCastling = Row("bool", "false", "castling", w.opposite_castling, "opposite_castling")
    castlingWins = Row("other", "-", "castling", w.castling_wins, "goals.castling_wins")
    castlingRookPiece = Row(
        "pieceset", "r", maps_to=("castlingRookPiecesWhite", "castlingRookPiecesBlack"), deprecated=True
    )
    # drops
    pieceDrops = Row("bool", "false", "drops", w.piece_drops, "drops")
    capturesToHand = Row("bool", "false", "drops", w.captures_to_hand, "drops.captures_to_hand")
    dropLoop = Row("bool", "false", "drops", w.drop_loop, "drops.keep_promoted")
    dropRegionWhite, dropRegionBlack = _pair("bitboard", (ALL, ALL), "drops", w.drop_region, "drops.ranks", since=V89)
    firstRankPawnDrops = Row("bool", "false", "drops", w.pawn_drops(False), "drops.piece_ranks")
    promotionZonePawnDrops = Row("bool", "false", "drops", w.pawn_drops(True), "drops.piece_ranks")
    dropNoDoubled = Row("piecetype", "-", "drops", w.drop_no_doubled, "drops.one_per_file")
    dropNoDoubledCount = Row("int", "1", "drops", w.drop_no_doubled_count, "drops.per_file")
    shogiPawnDropMateIllegal = Row("bool", "false", "drops", w.shogi_pawn_drop_mate_illegal, "drops.no_drop_mate")
    dropChecks = Row("bool", "true", "drops", w.stating(NO_DROP_CHECKS, negated=True, explicit=True), "drops.no_checks")
    mustDrop = Row("bool", "false", "drops", w.must_drop, "drops.must")
    mustDropType = Row("piecetype", "*", "drops", w.must_drop_type, "drops.must_piece")
    enclosingDrop = Row("word", "none", words=("reversi", "ataxx", "quadwrangle", "snort", "anyside", "top", "none"))
    enclosingDropStart = Row("bitboard", "-")
    sittuyinRookDrop = Row("bool", "false", "drops", w.sittuyin_rook_drop, "drops.piece_ranks")
    dropOppositeColoredBishop = Row("bool", "false", "drops", w.drop_opposite_colored_bishop, "drops.opposite_colors")
    dropPromoted = Row("bool", "false", "drops", w.drop_promoted, "drops.promoted")
    whiteDropRegion = Row("bitboard", ALL, maps_to=("dropRegionWhite",), deprecated=True)
    blackDropRegion = Row("bitboard", ALL, maps_to=("dropRegionBlack",), deprecated=True)
    dropOnTop = Row("bool", "false", maps_to=("enclosingDrop",), deprecated=True, note="true: enclosingDrop = top")
    # captures
    blastOnCapture = Row("bool", "false", "captures", w.blast_on_capture, "explosions", since=("0.0.54", "2021-01-19"))
    blastImmuneTypes = Row("pieceset", "-", "captures", w.blast_immune_types, "explosions.immune", since=V80_IMMUNE)
    mutuallyImmuneTypes = Row("pieceset", "-", "captures", w.mutually_immune_types, "mutually_immune", since=V80_IMMUNE)
    petrifyOnCaptureTypes = Row("pieceset", "-", "captures", w.petrify_on_capture_types, "petrify", since=V80_PETRIFY)
    petrifyBlastPieces = Row(
        "bool", "false", "captures", w.stating(PETRIFY_BLAST), "explosions.petrify_blast", since=V80_PETRIFY
    )
    # goals
    checkmateValue = Row("value", "loss", "goals", w.checkmate_value, "goals.checkmate_result")
    flagPiece = Row(
        "piecetype", "*", "goals", w.flag_piece, "goals.flag.piece", maps_to=("flagPieceWhite", "flagPieceBlack")
    )
    flagRegionWhite, flagRegionBlack = _pair(
        "bitboard", ("-", "-"), "goals", w.flag_region, "goals.flag.regions", since=V78
    )
    flagPieceCount = Row("int", "1", "goals", w.flag_piece_count, "goals.flag.count", since=("0.0.80", "2023-04-12"))
    flagMove = Row("bool", "false", "goals", w.flag_move, "goals.flag.reply")
    flagPieceBlockedWin = Row(
        "bool", "false", "goals", w.flag_piece_blocked_win, "goals.flag.blocked_win", since=("0.0.80", "2023-04-22")
    )
    flagPieceSafe = Row("bool", "false", "goals", w.flag_piece_safe, "goals.flag.safe")
    extinctionValue = Row("value", "none", "goals", w.extinction_value, "goals.extinction")
    extinctionClaim = Row(
        "bool", "false", "goals", w.extinction_claim, "goals.bare_king", since=("0.0.50", "2020-05-22")
    )
    extinctionPieceTypes = Row("pieceset", "-", "goals", w.extinction_piece_types, "goals.extinction.pieces")
    extinctionPieceCount = Row("int", "0", "goals", w.extinction_piece_count, "goals.extinction.count")
    extinctionOpponentPieceCount = Row(
        "int", "0", "goals", w.extinction_opponent_piece_count, "goals.bare_king.opponent_minimum"
    )
    extinctionPseudoRoyal = Row(
        "bool",
        "false",
        "goals",
        w.extinction_pseudo_royal,
        "goals.extinction.pseudo_royal",
        since=("0.0.55", "2021-02-28"),
    )
    dupleCheck = Row("bool", "false", "goals", w.duple_check, "goals.extinction.duple_check")
    checkCounting = Row("bool", "false", "goals", w.check_counting, "goals.check_count")
    flagPieceWhite, flagPieceBlack = _pair("piecetype", ("*", "*"))
    flagRegion = Row("bitboard", "-", maps_to=("flagRegionWhite", "flagRegionBlack"))
    whiteFlag = Row("bitboard", "-", maps_to=("flagRegionWhite",), deprecated=True)
    blackFlag = Row("bitboard", "-", maps_to=("flagRegionBlack",), deprecated=True)
    shatarMateRule = Row("bool", "false", "goals", w.shatar_mate_rule, "goals.shatar_mate")
    bikjangRule = Row("bool", "false", "goals", w.only_true(lambda v: v.draws.bikjang), "draws.bikjang")
    connectN = Row("int", "0")
    connectPieceTypes = Row("pieceset", "*")
    connectHorizontal = Row("bool", "true")
    connectVertical = Row("bool", "true")
    connectDiagonal = Row("bool", "true")
    connectRegion1White, connectRegion1Black = _pair("bitboard", ("-", "-"))
    connectRegion2White, connectRegion2Black = _pair("bitboard", ("-", "-"))
    connectNxN = Row("int", "0")
    collinearN = Row("int", "0")
    connectValue = Row("value", "win")
    adjudicateFullBoard = Row("bool", "false")
    # draws, and what a move may not do
    stalemateValue = Row("value", "draw", "draws", w.stalemate_value, "draws.stalemate")
    passOnStalemate = Row(
        "bool",
        "false",
        "draws",
        w.pass_on_stalemate,
        "draws.stalemate",
        maps_to=("passOnStalemateWhite", "passOnStalemateBlack"),
    )
    stalematePieceCount = Row(
        "bool", "false", "draws", w.only_true(lambda v: v.draws.stalemate_piece_count), "draws.stalemate_piece_count"
    )
    mustCapture = Row("bool", "false", "draws", lambda v: w.flag(v.must_capture), "must_capture")
    checking = Row("bool", "true", "draws", w.stating(NO_CHECKS, negated=True), "no_checks")
    makpongRule = Row("bool", "false", "draws", w.only_true(lambda v: v.royal_held_in_check), "royal_held_in_check")
    flyingGeneral = Row("bool", "false", "draws", w.only_true(lambda v: v.flying_general), "flying_general")
    nMoveRule = Row("int", "50", "draws", lambda v: v.draws.move_rule, "draws.move_rule")
    nFoldRule = Row("int", "3", "draws", lambda v: v.draws.repetition, "draws.repetition")
    nFoldValue = Row("value", "draw", "draws", w.n_fold_value, "draws.repetition_winner")
    nFoldValueAbsolute = Row("bool", "false", "draws", w.n_fold_value_absolute, "draws.repetition_winner")
    countingRule = Row("word", "none", "draws", w.counting_rule, "draws.counting", words=("makruk", "asean", "none"))
    materialCounting = Row(
        "word",
        "none",
        "draws",
        w.material_counting,
        "draws.draw_odds",
        words=("janggi", "unweighted", "whitedrawodds", "blackdrawodds", "none"),
    )
    perpetualCheckIllegal = Row(
        "bool", "false", "draws", w.only_true(lambda v: v.draws.perpetual_check_loses), "draws.perpetual_check_loses"
    )
    passOnStalemateWhite, passOnStalemateBlack = _pair("bool", ("false", "false"))
    pass_ = Row(
        "bool", "false", "draws", w.only_true(lambda v: v.passing), "passing", maps_to=("passWhite", "passBlack")
    )
    passWhite, passBlack = _pair("bool", ("false", "false"))
    nMoveRuleTypes = Row(
        "pieceset",
        "p",
        "draws",
        w.n_move_rule_types,
        "draws.move_rule_pieces",
        maps_to=("nMoveRuleTypesWhite", "nMoveRuleTypesBlack"),
    )
    nMoveRuleTypesWhite, nMoveRuleTypesBlack = _pair(
        "pieceset", ("p", "p"), "draws", w.n_move_rule_types_of, "draws.move_rule_pieces"
    )
    moveRepetitionIllegal = Row(
        "bool", "false", "draws", w.only_true(lambda v: v.draws.move_repetition_loses), "draws.move_repetition_loses"
    )
    chasingRule = Row(
        "word", "none", "draws", w.chasing_rule, "draws.chasing", since=("0.0.72", "2022-04-29"), words=("axf", "none")
    )
    # walls and the rest of the board games
    wallingRule = Row(
        "word",
        "none",
        "walls",
        w.walling_rule,
        "walling.rule",
        words=("arrow", "duck", "edge", "past", "static", "none"),
    )
    wallingRegion = Row("bitboard", ALL, maps_to=("wallingRegionWhite", "wallingRegionBlack"))
    wallingRegionWhite, wallingRegionBlack = _pair("bitboard", (ALL, ALL), "walls", w.walling_region, "walling.region")
    wallOrMove = Row(
        "bool", "false", "walls", w.only_true(lambda v: bool(v.walling and v.walling.or_move)), "walling.or_move"
    )
    flipEnclosedPieces = Row(
        "word", "none", words=("reversi", "ataxx", "quadwrangle", "snort", "anyside", "top", "none")
    )
    # setup: the start position, written after every group
    startFen = Row("string", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "setup", field="setup")


def _rows() -> tuple[Row, ...]:
    """:class:`Opt`'s rows in the order written, the pieces' rows after ``pieceToCharTable``."""
    rows = [row for row in vars(Opt).values() if isinstance(row, Row)]
    at = rows.index(Opt.pieceToCharTable) + 1
    return (*rows[:at], *_pieces(), *rows[at:])


ROWS = _rows()
#: the options of every piece's mobility regions
MOBILITY_KEYS = frozenset(row.key for row in ROWS if row.field == "pieces.region")


def mobility(piece: str) -> tuple[Row, Row]:
    """The rows of :func:`mobility_keys`."""
    white, black = mobility_keys(piece)
    return ROW[white], ROW[black]


#: key -> its row
ROW = {row.key: row for row in ROWS}
assert len(ROW) == len(ROWS), "a key has two rows"
#: the option that states each yes-or-no rule kind, by the rule's key (tests/test_rule_kinds.py: one each)
TOGGLE_ROWS = {row.field: row for row in ROWS if row.field in {toggle.key for toggle in TOGGLES}}

#: The emitter's groups, in the order written (the start position last).
GROUPS = tuple(dict.fromkeys(row.group for row in ROWS if row.group))

#: The first pyffish release (Fairy-Stockfish's Python build, versioned with its sources) that reads
#: each option, with the date of the commit that added it, for the options newer than pyffish 0.0.44
#: (April 2020): an older build ignores an option it does not know without a word.
#: Worked out from Fairy-Stockfish's history: the first commit whose ``src/parser.cpp`` has the
#: option's name (``git log -S'"NAME"' -- src/parser.cpp``), then the first ``setup.py`` version bump
#: that contains it (``git merge-base --is-ancestor``).
SINCE: dict[str, tuple[str, str]] = {row.key: row.since for row in ROWS if row.since is not None}
