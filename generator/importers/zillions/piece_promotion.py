"""Promotion by piece, as in shogi: several piece types, each promoting to a form of its own (``piece_promotion``).

Each such piece is run on every square of the board alone (:class:`~.synth.Probe`): a move may promote
where it starts or ends in the zone, the ranks on which every move landing may promote.  A move that must
promote is one onto a square the piece could never leave (the catalogue's ``immobility_illegal``), or
every move that may (``mandatory``).  A promoted form whose moves are a piece's of the game (a promoted
silver moves as the gold) is written as that piece; the FEN writes a promoted piece ``+S`` whatever it
moves as.  Anything else is :class:`~.refused.Refused`, named.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.importers.zillions.refused import Data, Refused
from generator.importers.zillions.synth import Probe
from generator.zrf.layout import Layout, Square
from generator.zrf.program import Program


@dataclass(frozen=True)
class ByPiece:
    """The promotion zone (White's ranks, from 0), each promoting type's promoted type, and how it is forced."""

    ranks: frozenset[int]
    forms: dict[int, int]
    mandatory: bool
    stuck: bool


def by_piece(prog: Program, lay: Layout, sides: tuple[int, int], promotes: dict[int, set[int]]) -> ByPiece | None:
    """``promotes``: each type's promotion choices, as its pawn rules read them.  The promotion by piece, or
    ``None`` where fewer than two types promote, or one promotes to several types or to another's."""
    forms = _forms(promotes)
    if forms is None:
        return None
    white, black = sides
    found = [
        _moves(Probe(prog, lay, white, t, prog.code(t, black), prog.code(t, white)), lay, f) for t, f in forms.items()
    ]
    landing = [(to[1], may) for moves in found for (_, to), (may, _) in moves.items()]
    ranks = frozenset(r for r in range(lay.ranks) if all(may for rank, may in landing if rank == r))
    forced, stuck = _forced(found, ranks)
    may = {(i, *m) for i, moves in enumerate(found) for m, (can, _) in moves.items() if can}
    if forced and forced != may and forced != stuck:
        raise Refused(
            "pieces promote by force on some moves of their zone, and not only where they could never move again"
        )
    return ByPiece(ranks, forms, mandatory=bool(forced) and forced == may, stuck=bool(forced) and forced != may)


def _forms(promotes: dict[int, set[int]]) -> dict[int, int] | None:
    """Each type's one promoted form, where two or more types promote each to a form no other has."""
    forms = {t: next(iter(c)) for t, c in promotes.items() if len(c) == 1}
    if len(promotes) < 2 or len(forms) != len(promotes) or len(set(forms.values())) != len(forms):
        return None
    return forms


def _forced(
    found: list[dict[tuple[Square, Square], tuple[bool, bool]]], ranks: frozenset[int]
) -> tuple[set[tuple[int, Square, Square]], set[tuple[int, Square, Square]]]:
    """The moves (the piece's index in ``found``, from, to) that must promote, and those that may and land
    where the piece could never move again; :class:`Refused` where a move may promote though neither end is
    in the zone, or may not though one is."""
    forced, stuck = set(), set()
    for i, moves in enumerate(found):
        for (frm, to), (may, must) in moves.items():
            if may != (frm[1] in ranks or to[1] in ranks):
                raise Refused("pieces promote on moves that no zone of ranks, entered or left, says")
            if must:
                forced.add((i, frm, to))
            if may and not _moves_from(moves, to):
                stuck.add((i, frm, to))
    return forced, stuck


def _moves_from(moves: dict[tuple[Square, Square], tuple[bool, bool]], sq: Square) -> bool:
    return any(frm == sq for frm, _ in moves)


def _moves(probe: Probe, lay: Layout, form: int) -> dict[tuple[Square, Square], tuple[bool, bool]]:
    """Each quiet move of the piece alone, from and to: whether it may promote, and whether it must."""
    out: dict[tuple[Square, Square], tuple[bool, bool]] = {}
    for sq in lay.position:
        for v, promos in probe.quiet(sq).items():
            to = (sq[0] + v[0], sq[1] + v[1])
            if promos - {-1, form}:
                raise Refused(f"{probe.prog.type_names[probe.kind]}: promotes to more than its own form")
            out[(sq, to)] = (form in promos, -1 not in promos)
    return out


def entry(prog: Program, read: ByPiece, pieces: dict[int, Data], letters: dict[str, str]) -> Data:
    """The catalogue's ``piece_promotion``, with each promoted form written as the piece it moves as where
    there is one (its entry dropped from ``pieces``)."""
    plain = {d["betza"]: letters[prog.type_names[t]] for t, d in pieces.items() if t not in read.forms.values()}
    to: dict[str, str] = {}
    for t, form in read.forms.items():
        same = plain.get(pieces[form]["betza"])
        if same is not None:
            del pieces[form]
        to[letters[prog.type_names[t]]] = same or letters[prog.type_names[form]]
    out: Data = {"ranks": sorted(r + 1 for r in read.ranks), "pieces": to}
    if read.mandatory:
        out["mandatory"] = True
    return out
