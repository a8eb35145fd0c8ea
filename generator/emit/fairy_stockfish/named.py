"""Fairy-Stockfish's own pieces by name, with the moves it gives each: what a section's ``knight = n`` or
``janggiCannon = c`` means, for the read-back and the importers."""

from __future__ import annotations

from generator.betza import IMMOBILE
from generator.emit.fairy_stockfish.values import KING
from generator.emit.fidelity.fairy_stockfish import BERS, FSF_PAWN, FSF_SOLDIER, FSF_STANDARD, KHON

__all__ = ["NAMED_BETZA"]

#: The moves of every FSF piece by name, as ``PieceMap::init`` (``src/piece.cpp``) gives them, in this
#: dialect: the pawn's ``e`` (en passant) is the pawn rules', the soldier's sideways step its advanced
#: moves (``soldierPromotionRank``); the janggi cannon's ``pR`` is the hops of a piece that shuns its own
#: type (``shuns_own_type``); the immobile piece's is ``-``, as a custom piece's without moves (``o:``).
NAMED_BETZA = {
    **{name: movement.render() for movement, name in FSF_STANDARD.items()},
    "pawn": FSF_PAWN.render(),
    "silver": KHON.render(),
    "fers": "F",
    "bers": BERS.render(),
    "soldier": FSF_SOLDIER[0].render(),
    "king": KING.render(),
    "alfil": "A",
    "fersAlfil": "FA",
    "aiwok": "RNF",
    "archbishop": "BN",
    "chancellor": "RN",
    "amazon": "QN",
    "knibis": "mNcB",
    "biskni": "mBcN",
    "kniroo": "mNcR",
    "rookni": "mRcN",
    "shogiPawn": "fW",
    "lance": "fR",
    "shogiKnight": "fN",
    "gold": "WfF",
    "dragonHorse": "BW",
    "clobber": "cW",
    "breakthrough": "fmWfF",
    "cannon": "mRcpR",
    "janggiCannon": "pR",
    "horse": "nN",
    "elephant": "nA",
    "janggiElephant": "nZ",
    "banner": "RcpRnN",
    "wazir": "W",
    "commoner": "K",
    "centaur": "KN",
    "immobile": IMMOBILE,
}
