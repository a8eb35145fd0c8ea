"""Promotion by piece in the file: each promoted form is a piece type of its own (``PromotedPawn``), read
back ``+P``; a pawn that also promotes by the pawns' rules takes its form as one more of its own choices."""

from __future__ import annotations

import dataclasses

from generator.catalogue.model import PieceType, Variant


def promotions(v: Variant) -> tuple[tuple[str, str], ...]:
    """Promotion by piece: (letter, the letter of what it moves like once promoted), for ``v``'s pieces."""
    pp = v.piece_promotion
    letters = {p.letter for p in v.pieces}
    return tuple((x, y) for x, y in pp.pieces if x in letters) if pp else ()


def promoted_form(v: Variant, letter: str) -> PieceType:
    """The piece ``letter`` once promoted: the moves of what it promotes to, under its own name."""
    target = v.piece(dict(promotions(v))[letter])
    return dataclasses.replace(
        target, letter=f"+{letter}", name=f"Promoted {v.piece(letter).name}", help="", roles=frozenset()
    )


def pawn_forms(v: Variant) -> dict[str, str]:
    """The pawns that promote by the pawns' rules and to a promoted form beside their choices: letter ->
    the letter of what the form moves like (Fairy-Stockfish's ``promotedPieceType`` of a promotion pawn
    type: one more choice on the pawns' own zone, not a promotion by piece of the moves)."""
    if v.pawn_rules.promotion is None:
        return {}
    return {x: y for x, y in promotions(v) if v.piece(x).pawn}
