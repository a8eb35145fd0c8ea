"""Royal pieces in the Zillions files.

Zillions' ``(checkmated A B)`` makes every piece of its types royal, however many of them a side holds:
no move may leave one attacked, and a side with none of its moves left while one is attacked is
checkmated.  Fairy-Stockfish's pseudo-royal pieces (``extinctionPseudoRoyal``) are royal only while their
side holds at most ``count + 1`` of a type; where a side can never hold more (coregal's queens: royal
up to 65 of them; a lone king that nothing can bring back), the two rules are one, and the file names
those types in its goal beside the royal pieces.  Where captures explode, or with duple check, they are
not: a blast may take a royal piece with the one that blows it up, and duple check holds a side in check
only while all of them are attacked.

Where a side holds one piece of the type, royal, until its one piece that promotes to the type does (sho
shogi's king, and its drunk elephant that becomes a prince moving as a king), the file retypes them as
the count changes (:class:`Pairing`): the promotion turns both into their *paired* forms, pieces of their
own that the goal does not name, and a capture of one paired form turns the other back into its royal
form, each found by a walk of the whole board, as a pawn's promotion limits are counted.

>>> from generator.catalogue import find_catalogue, load_catalogue
>>> built_ins = load_catalogue(find_catalogue("fairy-stockfish"))
>>> royal_letters(built_ins.get("coregal")), royal_letters(built_ins.get("shoshogi"))
(('K', 'Q'), ('K', '+E'))
>>> pairing(built_ins.get("shoshogi")), pairing(built_ins.get("spartan"))
(Pairing(royal='K', promoting='E'), None)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator.catalogue.model import Color, Variant
from generator.emit.fidelity.notes import Notes
from generator.emit.fidelity.zillions_blasts import plan


@dataclass(frozen=True)
class Pairing:
    """A pseudo-royal type ``royal`` (one a side, royal while alone) and the one piece a side has, ``promoting``,
    whose promoted form is of that type: the forms the file retypes, ``royal`` and ``+promoting``."""

    royal: str
    promoting: str

    @property
    def forms(self) -> tuple[str, str]:
        """The two letters a side's pieces of the type stand as: the type, and the promoted piece."""
        return self.royal, f"+{self.promoting}"


def royal_letters(v: Variant) -> tuple[str, ...]:
    """The letters of the pieces the file's checkmated goal names: the royal pieces, and the pseudo-royal
    types that stay royal (:func:`lasting`), are retyped (:func:`pairing`) or are written royal beside the
    blasts (:func:`generator.emit.fidelity.zillions_blasts.plan`)."""
    paired, blast = pairing(v), plan(v)
    blasted = (blast.royal,) if blast is not None and blast.royal else ()
    return tuple(p.letter for p in v.pieces if p.royal) + lasting(v) + (paired.forms if paired else ()) + blasted


def pairing(v: Variant) -> Pairing | None:
    """The pseudo-royal type of ``v`` the file retypes as its count goes from one to two and back (see the
    module's text): each side starts with one piece of it and one of the one type that promotes to it,
    nothing else brings either (no pawn promotion to them, no hands, gates or demotion), and every move
    lands as a piece's own move (no castling, swap or pass), where the retyping is written."""
    pp = v.piece_promotion
    royal = _alone_royal(v)
    if royal is None or pp is None:
        return None
    sources = [x for x, y in pp.pieces if y == royal]
    if len(sources) != 1 or _brought(v) or v.castling or v.swaps or v.passing:
        return None
    pair = Pairing(royal, sources[0])
    promo = v.pawn_rules.promotion
    gained = set(promo.all_choices if promo else ()) | {y for _, y in pp.pieces if y != royal}
    each = v.setup.one_each(royal) and v.setup.one_each(pair.promoting)
    return pair if each and not gained & {royal, pair.promoting} else None


def _alone_royal(v: Variant) -> str | None:
    """The one pseudo-royal type of ``v`` that is royal while a side holds one piece of it (no duple check)."""
    ext = v.goals.extinction
    if ext is None or not ext.pseudo_royal or ext.duple_check or ext.count or len(ext.pieces) != 1:
        return None
    return ext.pieces[0]


def _brought(v: Variant) -> bool:
    """Whether a rule brings pieces onto the board or back from their promoted forms: blasts, hands, gates,
    walls, demotion."""
    pp = v.piece_promotion
    demotes = pp is not None and pp.demotion
    return (
        v.explosions is not None
        or v.drops is not None
        or v.gating
        or v.walling is not None
        or demotes
        or bool(v.setup.pockets)
    )


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
    return v.setup.count(color, letter) + sum(n for c, x, n in v.setup.pockets if c is color and x == letter)


def pseudo_royal(notes: Notes, exploding: bool) -> None:
    """Pseudo-royal pieces that may lapse: played as ordinary pieces (where captures explode, the extinction
    stays, which the blasts can bring about)."""
    v = notes.variant
    goals = v.goals
    ext = goals.extinction
    if ext is None or not ext.pseudo_royal or (not exploding and (lasting(v) or pairing(v))):
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
