"""Fairy-Stockfish's piece types: the name of each (also the option that puts it on the board), its letter in
chess, and the moves Fairy-Stockfish gives it.

A catalogue piece is written as one of them where it moves exactly alike and its rules need no more
(:func:`generator.emit.fidelity.fairy_stockfish.fairy_stockfish_pieces`), else as a numbered custom piece
(:attr:`PieceKind.CUSTOM`); the option table (:mod:`generator.emit.fairy_stockfish.table`) has one row for each.

>>> PieceKind.JANGGI_CANNON, NAMED_BETZA[PieceKind.JANGGI_CANNON], PieceKind.KNIGHT == "knight"
(<PieceKind.JANGGI_CANNON: 'janggiCannon'>, 'pR', True)
"""

from __future__ import annotations

from enum import StrEnum

from generator.betza import IMMOBILE

__all__ = ["CHESS_LETTERS", "NAMED_BETZA", "PieceKind"]


class PieceKind(StrEnum):
    """Fairy-Stockfish's piece types in its order (``PieceMap::init``, ``src/piece.cpp``), each named as its
    option, the king last; and ``CUSTOM``, a numbered custom piece (``customPiece1`` ...)."""

    PAWN = "pawn"
    KNIGHT = "knight"
    BISHOP = "bishop"
    ROOK = "rook"
    QUEEN = "queen"
    FERS = "fers"
    ALFIL = "alfil"
    FERS_ALFIL = "fersAlfil"
    SILVER = "silver"
    AIWOK = "aiwok"
    BERS = "bers"
    ARCHBISHOP = "archbishop"
    CHANCELLOR = "chancellor"
    AMAZON = "amazon"
    KNIBIS = "knibis"
    BISKNI = "biskni"
    KNIROO = "kniroo"
    ROOKNI = "rookni"
    SHOGI_PAWN = "shogiPawn"
    LANCE = "lance"
    SHOGI_KNIGHT = "shogiKnight"
    GOLD = "gold"
    DRAGON_HORSE = "dragonHorse"
    CLOBBER = "clobber"
    BREAKTHROUGH = "breakthrough"
    IMMOBILE = "immobile"
    CANNON = "cannon"
    JANGGI_CANNON = "janggiCannon"
    SOLDIER = "soldier"
    HORSE = "horse"
    ELEPHANT = "elephant"
    JANGGI_ELEPHANT = "janggiElephant"
    BANNER = "banner"
    WAZIR = "wazir"
    COMMONER = "commoner"
    CENTAUR = "centaur"
    KING = "king"
    CUSTOM = "custom"


_K = PieceKind
#: The letter of each piece type in chess (FSF's defaults); the others are not on the board.
CHESS_LETTERS: dict[str, str] = {
    _K.PAWN: "p",
    _K.KNIGHT: "n",
    _K.BISHOP: "b",
    _K.ROOK: "r",
    _K.QUEEN: "q",
    _K.KING: "k",
}

#: The moves FSF gives each of its piece types, in this dialect: the pawn's ``e`` (en passant) is the pawn
#: rules', the soldier's sideways step its advanced moves (``soldierPromotionRank``); the janggi cannon's
#: ``pR`` is the hops of a piece that shuns its own type (``shuns_own_type``); the immobile piece's is
#: ``-``, as a custom piece's without moves (``o:``).
NAMED_BETZA: dict[str, str] = {
    _K.PAWN: "fmWfcF",
    _K.KNIGHT: "N",
    _K.BISHOP: "B",
    _K.ROOK: "R",
    _K.QUEEN: "Q",
    _K.FERS: "F",
    _K.ALFIL: "A",
    _K.FERS_ALFIL: "FA",
    _K.SILVER: "fWF",
    _K.AIWOK: "RNF",
    _K.BERS: "RF",
    _K.ARCHBISHOP: "BN",
    _K.CHANCELLOR: "RN",
    _K.AMAZON: "QN",
    _K.KNIBIS: "mNcB",
    _K.BISKNI: "mBcN",
    _K.KNIROO: "mNcR",
    _K.ROOKNI: "mRcN",
    _K.SHOGI_PAWN: "fW",
    _K.LANCE: "fR",
    _K.SHOGI_KNIGHT: "fN",
    _K.GOLD: "WfF",
    _K.DRAGON_HORSE: "BW",
    _K.CLOBBER: "cW",
    _K.BREAKTHROUGH: "fmWfF",
    _K.IMMOBILE: IMMOBILE,
    _K.CANNON: "mRcpR",
    _K.JANGGI_CANNON: "pR",
    _K.SOLDIER: "fW",
    _K.HORSE: "nN",
    _K.ELEPHANT: "nA",
    _K.JANGGI_ELEPHANT: "nZ",
    _K.BANNER: "RcpRnN",
    _K.WAZIR: "W",
    _K.COMMONER: "K",
    _K.CENTAUR: "KN",
    _K.KING: "K",
}
