"""The pieces of a section: each piece as FSF's own piece or a numbered custom piece, its mobility
region and soldier rank, and the custom pawns.

The pieces' options are the one group not written row by row from :mod:`.table`: which rows
(``knight``, ``customPiece3``, ``mobilityRegionWhiteCustomPiece3``) a variant uses depends on its
pieces, so they are written piece by piece, and :class:`~.options.OptionGroup` checks each key
against the table.
"""

from __future__ import annotations

import re

from generator.catalogue.model import Color, PieceType, Variant
from generator.emit.fairy_stockfish.table import CUSTOM_PIECE, Opt, mobility
from generator.emit.fairy_stockfish.values import KING, squares
from generator.emit.fidelity.fairy_stockfish import fairy_stockfish_pieces
from generator.emit.fidelity.fsf_pieces import PieceKind

__all__ = ["Option", "piece_rows"]

#: One option as the rules give it: ``(key, value)``; an int is written in decimal.
Option = tuple[str, str | int]


def _piece_option(v: Variant, p: PieceType, kind: PieceKind, custom: int) -> Option:
    if not re.fullmatch("[A-Z]", p.letter):
        raise ValueError(f"piece letter {p.letter!r} of {v.name} is not one upper-case letter A-Z")
    letter = p.letter.lower()
    if kind == PieceKind.CUSTOM:
        return (f"{CUSTOM_PIECE}{custom}", f"{letter}:{p.movement.render()}")
    if kind == PieceKind.KING:
        return (kind.value, letter if p.movement == KING else f"{letter}:{p.movement.render()}")
    return (kind.value, letter)


def piece_rows(v: Variant) -> list[Option]:
    """Every piece's options, in the order written."""
    kinds = fairy_stockfish_pieces(v)
    options: list[Option] = [(Opt.pieceToCharTable.key, "-")]
    custom = 0
    for p, kind in kinds:
        if kind == PieceKind.CUSTOM:
            custom += 1
        options.append(_piece_option(v, p, kind, custom))
        if p.region is not None:
            rows = mobility(f"{CUSTOM_PIECE}{custom}" if kind == PieceKind.CUSTOM else kind)
            options += [(rows[c].key, squares(v, p.region[c])) for c in Color]
        if kind == PieceKind.SOLDIER and p.advanced is not None:
            options.append((Opt.soldierPromotionRank.key, p.advanced.rank))
    custom_pawns = "".join(p.letter.lower() for p, kind in kinds if p.pawn and kind == PieceKind.CUSTOM)
    if custom_pawns:
        options.append((Opt.pawnTypes.key, custom_pawns))
    return options
