"""Royal pieces in the Zillions files.

Zillions' ``(checkmated A B)`` makes every piece of its types royal, however many of them a side holds:
no move may leave one attacked, and a side with none of its moves left while one is attacked is
checkmated.  Fairy-Stockfish's pseudo-royal pieces (``extinctionPseudoRoyal``) are royal only while their
side holds at most ``count + 1`` of a type; where a side can never hold more (coregal's queens: royal
up to 65 of them; a lone king that nothing can bring back), the two rules are one, and the file names
those types in its goal beside the royal pieces.  Where captures explode, or with duple check, they are
not: a blast may take a royal piece with the one that blows it up, and duple check holds a side in check
only while all of them are attacked.

>>> from generator.catalogue import find_catalogue, load_catalogue
>>> built_ins = load_catalogue(find_catalogue("fairy-stockfish"))
>>> royal_letters(built_ins.get("coregal")), royal_letters(built_ins.get("shoshogi"))
(('K', 'Q'), ())
"""

from __future__ import annotations

import dataclasses

from generator.catalogue.model import Color, Variant
from generator.emit.fidelity.notes import Notes


def royal_letters(v: Variant) -> tuple[str, ...]:
    """The letters of the pieces the file's checkmated goal names: the royal pieces, and the pseudo-royal
    types that stay royal (:func:`lasting`)."""
    return tuple(p.letter for p in v.pieces if p.royal) + lasting(v)


def lasting(v: Variant) -> tuple[str, ...]:
    """The pseudo-royal extinction types of ``v`` that no side can ever hold more of than keeps them royal;
    () where captures explode, with duple check, or where one of them may lapse."""
    ext = v.goals.extinction
    if ext is None or not ext.pseudo_royal or ext.duple_check or v.explosions is not None or not ext.pieces:
        return ()
    if all(_most_held(v, x, c) <= ext.count + 1 for x in ext.pieces for c in Color):
        return ext.pieces
    return ()


def _most_held(v: Variant, letter: str, color: Color) -> int:
    """The most pieces of type ``letter`` side ``color`` can ever hold: those it starts with, or as many as
    the board has squares where a promotion, a drop or a gate can bring more."""
    promo, pp = v.pawn_rules.promotion, v.piece_promotion
    gained = (
        (promo is not None and letter in promo.all_choices)
        or (pp is not None and any(y == letter for _, y in pp.pieces))
        or v.drops is not None
        or v.gating
        or (v.walling is not None)
    )
    if gained:
        return v.board.files * v.board.ranks
    on_board = sum(1 for _, c, x in v.setup.placement if c is color and x == letter)
    return on_board + sum(n for c, x, n in v.setup.pockets if c is color and x == letter)


def pseudo_royal(notes: Notes, exploding: bool) -> None:
    """Pseudo-royal pieces that may lapse: played as ordinary pieces (where captures explode, the extinction
    stays, which the blasts can bring about)."""
    v = notes.variant
    goals = v.goals
    ext = goals.extinction
    if ext is None or not ext.pseudo_royal or (lasting(v) and not exploding):
        return
    names = ", ".join(v.piece(x).name for x in ext.pieces)
    # without explosions nothing takes a pseudo-royal piece: the extinction never comes
    kept = dataclasses.replace(ext, pseudo_royal=False, duple_check=False) if exploding else None
    notes.add(
        "pseudo-royal",
        f"Zillions' checkmate goal ((checkmated A B): every piece of those types, however many) knows no piece "
        f"that is royal only while its side has few of its kind, so the "
        f"{names} is played as an ordinary piece, "
        + ("which may be left attacked and taken." if kept else "which may be left attacked."),
    )
    if ext.duple_check:
        notes.add(
            "duple-check",
            f"Zillions' checkmate goal cannot hold a side in check only while all its {names}s are attacked, "
            "so duple check is left out: they may all be left attacked.",
        )
    notes.relax(goals=dataclasses.replace(goals, extinction=kept))
