"""The options of one Fairy-Stockfish section, group by group: board, pieces, pawns, castling,
drops, goals, draws.

Each group is a function of the (relaxed) variant alone, and every value it returns is checked
to be writable into ``variants.ini`` (:func:`ini_value`).  Sections have no parent, so a group
writes every option its rules touch, FSF's defaults included (see :mod:`generator.emit.fairy_stockfish`).

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> chess = load_catalogue(DEFAULT_CATALOGUE).get("chess")
>>> board_options(chess)
OptionGroup(label='board', options=(('maxFile', '8'), ('maxRank', '8')))
>>> [group.label for group in option_groups(chess)]
['board', 'pieces', 'pawns', 'castling', 'drops', 'goals', 'draws']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generator.betza import parse_betza
from generator.catalogue.model import (
    CastlingMove,
    Color,
    DrawRules,
    Flag,
    PieceType,
    Promotion,
    Square,
    StalemateResult,
    Variant,
    absolute_rank,
)
from generator.emit.fidelity import fairy_stockfish_pieces, relative_rank
from generator.emit.fidelity_drops import pawn_drop_flags

__all__ = [
    "CONTROL_CHARACTERS",
    "FILES",
    "SINCE",
    "OptionGroup",
    "board_options",
    "ini_value",
    "needs",
    "option_groups",
]

FILES = "abcdefghijkl"
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")
_KING = parse_betza("K")

#: The first pyffish release (Fairy-Stockfish's Python build, versioned with its sources) that reads
#: each option the emitter writes, with the date of the commit that added it, for the options newer
#: than pyffish 0.0.44 (April 2020): an older build ignores an option it does not know without a word.
#: Worked out from Fairy-Stockfish's history: the first commit whose ``src/parser.cpp`` has the
#: option's name (``git log -S'"NAME"' -- src/parser.cpp``), then the first ``setup.py`` version bump
#: that contains it (``git merge-base --is-ancestor``).
SINCE: dict[str, tuple[str, str]] = {
    "extinctionClaim": ("0.0.50", "2020-05-22"),
    "enPassantRegion": ("0.0.53", "2020-11-19"),
    "blastOnCapture": ("0.0.54", "2021-01-19"),
    "castlingKingPiece": ("0.0.54", "2021-02-07"),
    "extinctionPseudoRoyal": ("0.0.55", "2021-02-28"),
    "customPiece": ("0.0.57", "2021-04-17"),  # customPiece1, customPiece2, ...
    "castlingRookPieces": ("0.0.78", "2023-03-25"),
    "doubleStepRegionWhite": ("0.0.78", "2023-03-24"),
    "doubleStepRegionBlack": ("0.0.78", "2023-03-24"),
    "tripleStepRegionWhite": ("0.0.78", "2023-03-24"),
    "tripleStepRegionBlack": ("0.0.78", "2023-03-24"),
    "promotionRegionWhite": ("0.0.78", "2023-03-24"),
    "promotionRegionBlack": ("0.0.78", "2023-03-24"),
    "flagRegionWhite": ("0.0.78", "2023-03-24"),
    "flagRegionBlack": ("0.0.78", "2023-03-24"),
    "castlingRookKingsideFile": ("0.0.80", "2023-04-01"),
    "castlingRookQueensideFile": ("0.0.80", "2023-04-01"),
    "flagPieceCount": ("0.0.80", "2023-04-12"),
    "flagPieceBlockedWin": ("0.0.80", "2023-04-22"),
    "blastImmuneTypes": ("0.0.80", "2023-08-23"),
    "mutuallyImmuneTypes": ("0.0.80", "2023-08-23"),
    "petrifyOnCaptureTypes": ("0.0.80", "2023-09-15"),
    "dropRegionWhite": ("0.0.89", "2025-08-15"),
    "dropRegionBlack": ("0.0.89", "2025-08-15"),
}
_OLDEST = "0.0.44"


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in version.split("."))


def _family(key: str) -> str:
    """The option a numbered one belongs to (``customPiece3``: ``customPiece``)."""
    return key.rstrip("0123456789")


def needs(keys: Iterable[str]) -> tuple[str, str, tuple[str, ...]]:
    """The oldest pyffish release that reads every option in ``keys``, the date of the newest
    option's sources, and the options that need that release.

    >>> needs(["maxFile", "dropRegionWhite", "flagPieceCount"])
    ('0.0.89', '2025-08-15', ('dropRegionWhite',))
    >>> needs(["customPiece7", "enPassantRegion"])
    ('0.0.57', '2021-04-17', ('customPiece7',))
    >>> needs(["maxFile"])
    ('0.0.44', '', ())
    """
    dated = {k: SINCE[_family(k)] for k in keys if _family(k) in SINCE}
    if not dated:
        return _OLDEST, "", ()
    version = max((v for v, _ in dated.values()), key=_version_key)
    newest = sorted(k for k, (v, _) in dated.items() if v == version)
    return version, max(dated[k][1] for k in newest), tuple(newest)


#: One option as the rules give it: ``(key, value)``; an int is written in decimal.
Option = tuple[str, str | int]


@dataclass(frozen=True)
class OptionGroup:
    """Options written together under a ``# label`` comment, in order."""

    label: str
    options: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, label: str, options: Iterable[Option]) -> OptionGroup:
        """A group whose values are checked with :func:`ini_value`."""
        return cls(label, tuple((key, ini_value(value, f"value of {key}")) for key, value in options))


def ini_value(value: object, what: str) -> str:
    """``value`` as text, or ``ValueError`` if it cannot be one ini value (empty, control character, padding)."""
    text = str(value)
    if not text or CONTROL_CHARACTERS.search(text) or text != text.strip():
        raise ValueError(f"{what} {text!r} cannot be written into variants.ini (empty, control character or padding)")
    return text


def _ranks(color: Color, relative: Iterable[int], ranks: int) -> str:
    """A Bitboard value: whole ranks, absolute, ascending (``*8 *9``), or ``-`` for none."""
    absolute = sorted({absolute_rank(color, r, ranks) for r in relative})
    return " ".join(f"*{r}" for r in absolute) or "-"


def _region(v: Variant, flag: Flag, color: Color) -> str:
    """A flag region: whole ranks (``*8``) where it is, else its squares, rank by rank."""
    if flag.ranks and not (flag.blocked_win and v.board.holes):  # FSF's *8 would count a hole as empty
        return _ranks(color, flag.ranks, v.board.ranks)
    return _squares(v, flag.regions[color])


def _squares(v: Variant, squares: frozenset[Square]) -> str:
    """A region of squares: whole ranks (``*8``) where it is, else its squares, rank by rank."""
    ranks = sorted({sq.rank + 1 for sq in squares})
    if not v.board.holes and squares == {Square(f, r - 1) for r in ranks for f in range(v.board.files)}:
        return _ranks(Color.WHITE, ranks, v.board.ranks)
    return " ".join(sq.name for sq in sorted(squares, key=lambda sq: (sq.rank, sq.file)))


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _royal_letter(kinds: Sequence[tuple[PieceType, str]]) -> str | None:
    """The ini letter of the piece written as FSF's ``king``, if any."""
    royal = None
    for p, kind in kinds:
        if kind == "king":
            royal = p.letter.lower()
    return royal


def board_options(v: Variant) -> OptionGroup:
    """The board's size."""
    return OptionGroup.of("board", [("maxFile", v.board.files), ("maxRank", v.board.ranks)])


def _piece_option(v: Variant, p: PieceType, kind: str, custom: int) -> Option:
    if not re.fullmatch("[A-Z]", p.letter):
        raise ValueError(f"piece letter {p.letter!r} of {v.name} is not one upper-case letter A-Z")
    letter = p.letter.lower()
    if kind == "custom":
        return (f"customPiece{custom}", f"{letter}:{p.movement.render()}")
    if kind == "king":
        return ("king", letter if p.movement == _KING else f"{letter}:{p.movement.render()}")
    return (kind, letter)


def piece_options(v: Variant) -> OptionGroup:
    """Every piece, as FSF's own piece or a numbered custom piece, and the custom pawns."""
    kinds = fairy_stockfish_pieces(v)
    options: list[Option] = [("pieceToCharTable", "-")]
    custom = 0
    for p, kind in kinds:
        if kind == "custom":
            custom += 1
        options.append(_piece_option(v, p, kind, custom))
        if p.region is not None:
            name = f"CustomPiece{custom}" if kind == "custom" else kind[0].upper() + kind[1:]
            options += [(f"mobilityRegion{c.word.title()}{name}", _squares(v, p.region[c])) for c in Color]
        if kind == "soldier" and p.advanced is not None:
            options.append(("soldierPromotionRank", p.advanced.rank))
    custom_pawns = "".join(p.letter.lower() for p, kind in kinds if p.pawn and kind == "custom")
    if custom_pawns:
        options.append(("pawnTypes", custom_pawns))
    return OptionGroup.of("pieces", options)


def _promotion_regions(v: Variant, promo: Promotion | None) -> list[tuple[str, str]]:
    """``promotionRegionWhite``/``Black``: whole ranks, or each side's squares."""
    # one promotion region serves pawns and promotion by piece
    zone = promo.ranks if promo else v.piece_promotion.ranks if v.piece_promotion else ()
    squares = promo.squares if promo else None
    return [
        (
            f"promotionRegion{c.word.title()}",
            _ranks(c, zone, v.board.ranks) if squares is None else _squares(v, squares[c]),
        )
        for c in Color
    ]


def pawn_options(v: Variant) -> OptionGroup:
    """Multi-step regions, en passant and promotion (all off without pawns)."""
    pr, ranks = v.pawn_rules, v.board.ranks
    has_pawns = any(p.pawn for p in v.pieces)
    steps = pr.max_steps if has_pawns else 1
    # a custom pawn's initial moves are its multi-steps, played from the double-step region
    initial = any(m.initial for p in v.pieces if p.pawn for m in p.movement.moves)
    multi = {c: _ranks(c, pr.multi_step_ranks, ranks) if steps >= 2 or initial else "-" for c in Color}
    promo = pr.promotion if has_pawns else None
    multi_steps = steps >= 2 or initial
    en_passant = _ranks(Color.WHITE, range(1, ranks + 1), ranks) if pr.en_passant and multi_steps else "-"
    return OptionGroup.of(
        "pawns",
        [
            ("doubleStep", _flag(multi_steps)),
            ("doubleStepRegionWhite", multi[Color.WHITE]),
            ("doubleStepRegionBlack", multi[Color.BLACK]),
            ("tripleStepRegionWhite", multi[Color.WHITE] if steps >= 3 else "-"),
            ("tripleStepRegionBlack", multi[Color.BLACK] if steps >= 3 else "-"),
            ("enPassantRegion", en_passant),
            *_promotion_regions(v, promo),
            *_promotion_choices(promo),
            *_promotion_limits(promo),
            ("mandatoryPawnPromotion", _flag(promo is None or promo.mandatory)),
        ],
    )


def _promotion_choices(promo: Promotion | None) -> list[tuple[str, str]]:
    """One ``promotionPieceTypes``, or one per side where Black promotes to other pieces."""
    if promo is None or promo.black_choices is None:
        return [("promotionPieceTypes", "".join(x.lower() for x in promo.choices) if promo else "-")]
    return [(f"promotionPieceTypes{c.word.title()}", "".join(x.lower() for x in promo.choices_of(c))) for c in Color]


def _promotion_limits(promo: Promotion | None) -> list[tuple[str, str]]:
    """``promotionLimit``, only where some piece has a limit."""
    if promo is None or not promo.limits:
        return []
    return [("promotionLimit", " ".join(f"{x.lower()}:{n}" for x, n in promo.limits))]


def piece_promotion_options(v: Variant) -> OptionGroup | None:
    """Promotion by piece (shogi) and the squares a piece may not stop on; None without either."""
    pp = v.piece_promotion
    if pp is None and not v.immobility_illegal:
        return None
    pairs = " ".join(f"{x.lower()}:{y.lower()}" for x, y in pp.pieces) if pp else ""
    return OptionGroup.of(
        "piece promotion",
        [
            *([("promotedPieceType", pairs)] if pairs else []),
            ("mandatoryPiecePromotion", _flag(bool(pp and pp.mandatory))),
            ("immobilityIllegal", _flag(v.immobility_illegal)),
        ],
    )


def _castling_rook_options(v: Variant) -> list[Option]:
    """The castling rooks' letters, one option if both sides castle with the same pieces."""
    rook_sets: dict[Color, set[str]] = {c: set() for c in Color}
    for cm in v.castling:
        placed = v.setup.piece_at(cm.rook_from)  # the loader guarantees a piece there
        rook_sets[cm.color].add(placed[1].lower() if placed else "r")
    white, black = ("".join(sorted(rook_sets[c])) for c in Color)
    if white == black or not white or not black:
        return [("castlingRookPieces", white or black)]
    return [("castlingRookPiecesWhite", white), ("castlingRookPiecesBlack", black)]


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


def _castling_king(v: Variant) -> str:
    """The letter of the piece that castles as the king (the loader puts the same one in every castling)."""
    placed = v.setup.piece_at(v.castling[0].king_from)
    assert placed is not None
    return placed[1].lower()


def castling_options(v: Variant) -> OptionGroup:
    """Castling: the king's and rooks' files, the rank, and the pieces that castle."""
    if not v.castling:  # the first leaps' rights are Fairy-Stockfish's gates, in the castling field
        leaps = [("gating", "true"), ("cambodianMoves", "true")] if v.first_leaps else []
        return OptionGroup.of("castling", [("castling", "false"), *leaps])
    first = v.castling[0]
    side = _castling_files(v.castling, v.board.files)
    return OptionGroup.of(
        "castling",
        [
            ("castling", "true"),
            ("castlingKingPiece", _castling_king(v)),
            ("castlingRank", relative_rank(first.color, first.king_from, v.board.ranks)),
            ("castlingKingsideFile", side[True][0]),
            ("castlingQueensideFile", side[False][0]),
            ("castlingRookKingsideFile", side[True][1]),
            ("castlingRookQueensideFile", side[False][1]),
            *_castling_rook_options(v),
            *((("chess960", "true"),) if v.chess960_castling else ()),
        ],
    )


def drop_options(v: Variant) -> OptionGroup:
    """Drops from the hand, and whether captures go there."""
    if v.drops is None:
        return OptionGroup.of("drops", [("pieceDrops", "false")])
    drops = v.drops
    to_hand = drops.captures_to_hand
    ranks = v.board.ranks
    first_rank, zone = pawn_drop_flags(v, fairy_stockfish_pieces(v))
    return OptionGroup.of(
        "drops",
        [
            ("pieceDrops", "true"),
            ("capturesToHand", _flag(to_hand)),
            *([("dropLoop", _flag(drops.keep_promoted))] if to_hand else []),
            ("dropRegionWhite", _ranks(Color.WHITE, drops.ranks, ranks)),
            ("dropRegionBlack", _ranks(Color.BLACK, drops.ranks, ranks)),
            ("firstRankPawnDrops", _flag(first_rank)),
            ("promotionZonePawnDrops", _flag(zone)),
            *([("dropNoDoubled", drops.one_per_file.lower())] if drops.one_per_file else []),
            *([("dropNoDoubledCount", drops.per_file)] if drops.per_file != 1 else []),
            *([("shogiPawnDropMateIllegal", "true")] if drops.no_drop_mate else []),
            ("dropChecks", "true"),
        ],
    )


def goal_options(v: Variant) -> OptionGroup | None:
    """Checkmate of the royal piece, a flag goal (a race), a bare king, counted checks, extinction; None if the
    variant has none of them."""
    goals = v.goals
    options: list[Option] = []
    if _royal_letter(fairy_stockfish_pieces(v)) is not None:
        options.append(("checkmateValue", goals.checkmate_result.value))
    flag = goals.flag
    if flag is not None:
        # all pieces (a race) are counted as the pieces White starts with
        count = sum(1 for _, c, x in v.setup.placement if c is Color.WHITE and flag.piece in (None, x))
        options += [
            ("flagPiece", "*" if flag.piece is None else flag.piece.lower()),
            ("flagRegionWhite", _region(v, flag, Color.WHITE)),
            ("flagRegionBlack", _region(v, flag, Color.BLACK)),
            ("flagPieceCount", count if flag.count is None else flag.count),
            ("flagMove", _flag(flag.reply)),
            ("flagPieceBlockedWin", _flag(flag.blocked_win)),
            *([("flagPieceSafe", "true")] if flag.safe else []),
        ]
    if goals.bare_king is not None:
        options += [
            ("extinctionValue", "loss"),
            ("extinctionClaim", "true"),
            ("extinctionPieceTypes", "*"),
            ("extinctionPieceCount", 1),
            ("extinctionOpponentPieceCount", goals.bare_king.opponent_minimum),
        ]
    if goals.check_count is not None:  # the counts themselves are the start FEN's
        options.append(("checkCounting", "true"))
    if goals.extinction is not None:
        ext = goals.extinction
        options += [
            ("extinctionValue", ext.result.value),
            ("extinctionClaim", "false"),
            ("extinctionPieceTypes", "".join(x.lower() for x in ext.pieces) or "*"),
            ("extinctionPieceCount", ext.count),
            ("extinctionOpponentPieceCount", 0),
            *([("extinctionPseudoRoyal", "true")] if ext.pseudo_royal else []),
            *([("dupleCheck", "true")] if ext.duple_check else []),
        ]
    return OptionGroup.of("goals", options) if options else None


def _repetition_value(draws: DrawRules) -> list[Option]:
    """nFoldValue is the result for the side to move; absolute, for Black it is White's."""
    winner = draws.repetition_winner
    if winner is None:
        return [("nFoldValue", "draw")]
    if winner == "to_move":
        return [("nFoldValue", "win")]
    return [("nFoldValue", "win" if winner is Color.WHITE else "loss"), ("nFoldValueAbsolute", "true")]


#: a pass is Fairy-Stockfish's passOnStalemate; the position is never a stalemate then
_STALEMATE_VALUE = {
    StalemateResult.DRAW: "draw",
    StalemateResult.LOSS: "loss",
    StalemateResult.WIN: "win",
    StalemateResult.PASS: "draw",
}


def draw_options(v: Variant) -> OptionGroup:
    """Stalemate, forced captures and forbidden checks, the n-move rule, repetition and a counting rule."""
    draws = v.draws
    return OptionGroup.of(
        "draws",
        [
            ("stalemateValue", _STALEMATE_VALUE[draws.stalemate]),
            ("passOnStalemate", _flag(draws.stalemate is StalemateResult.PASS)),
            *([("stalematePieceCount", "true")] if draws.stalemate_piece_count else []),
            ("mustCapture", _flag(v.must_capture)),
            *([("checking", "false")] if v.no_checks else []),
            *((("makpongRule", "true"),) if v.royal_held_in_check else ()),
            *((("flyingGeneral", "true"),) if v.flying_general else ()),
            ("nMoveRule", draws.move_rule),
            ("nFoldRule", draws.repetition),
            *_repetition_value(draws),
            *((("countingRule", draws.counting.value),) if draws.counting is not None else ()),
            *((("materialCounting", f"{draws.draw_odds.word}drawodds"),) if draws.draw_odds is not None else ()),
            *((("perpetualCheckIllegal", "true"),) if draws.perpetual_check_loses else ()),
        ],
    )


def capture_options(v: Variant) -> OptionGroup | None:
    """Explosions, mutually immune and petrifying pieces; None if the variant has none of them."""
    options: list[Option] = []
    if v.explosions is not None:
        options.append(("blastOnCapture", "true"))
        if v.explosions.immune:
            options.append(("blastImmuneTypes", "".join(x.lower() for x in v.explosions.immune)))
    if v.mutually_immune:
        options.append(("mutuallyImmuneTypes", "".join(x.lower() for x in v.mutually_immune)))
    if v.petrify:
        options.append(("petrifyOnCaptureTypes", "".join(x.lower() for x in v.petrify)))
    return OptionGroup.of("captures", options) if options else None


def option_groups(v: Variant) -> tuple[OptionGroup, ...]:
    """Every option group of a (relaxed) variant's section, in the order written (the start
    position aside)."""
    goals = goal_options(v)
    captures = capture_options(v)
    promotion = piece_promotion_options(v)
    return (
        board_options(v),
        piece_options(v),
        pawn_options(v),
        *((promotion,) if promotion is not None else ()),
        castling_options(v),
        drop_options(v),
        *((captures,) if captures is not None else ()),
        *((goals,) if goals is not None else ()),
        draw_options(v),
    )
