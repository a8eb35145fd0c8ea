"""What the targets cannot say of hands and promotion by piece (for :mod:`generator.emit.fidelity`).

Fairy-Stockfish lets every piece be dropped in one region, less two restrictions of its own pawn
(none on its first rank, none in its promotion zone), each of which the ini can lift
(``firstRankPawnDrops``, ``promotionZonePawnDrops``); the ini's drop options read them here too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from generator.catalogue.model import Drops, PieceType, Square, Variant
from generator.emit.fidelity.notes import Notes


def pawn_drop_flags(v: Variant, kinds: Sequence[tuple[PieceType, str]]) -> tuple[bool, bool]:
    """``firstRankPawnDrops`` and ``promotionZonePawnDrops``: whether the catalogue lets the piece
    played as Fairy-Stockfish's pawn (``kinds``: each piece with its Fairy-Stockfish kind) be
    dropped on its first rank and in its promotion zone."""
    drops, promo = v.drops, v.pawn_rules.promotion
    pawn = next((p for p, kind in kinds if kind == "pawn"), None)
    if drops is None or pawn is None:
        return True, True
    ranks = drops.ranks_of(pawn.letter)
    zone = [r for r in (promo.ranks if promo else ()) if r in drops.ranks]
    return 1 in ranks or 1 not in drops.ranks, not zone or any(r in ranks for r in zone)


def drop_ranks_played(v: Variant, kinds: Sequence[tuple[PieceType, str]]) -> dict[str, tuple[int, ...]]:
    """Per piece letter, the relative ranks Fairy-Stockfish lets it be dropped on."""
    assert v.drops is not None
    first, zone = pawn_drop_flags(v, kinds)
    promo = v.pawn_rules.promotion
    pawn_ranks = tuple(
        r for r in v.drops.ranks if (first or r != 1) and (zone or promo is None or r not in promo.ranks)
    )
    return {p.letter: pawn_ranks if kind == "pawn" else v.drops.ranks for p, kind in kinds}


def fairy_stockfish_drops(v: Variant, kinds: Sequence[tuple[PieceType, str]], notes: Notes) -> None:
    """What Fairy-Stockfish cannot say of drop ranks, mates by a drop and promotion zones."""
    _drop_ranks(v, kinds, notes)
    _piece_promotion(v, kinds, notes)


def _drop_ranks(v: Variant, kinds: Sequence[tuple[PieceType, str]], notes: Notes) -> None:
    drops = v.drops or Drops(())
    played = drop_ranks_played(v, kinds) if drops.piece_ranks else {}
    odd = [p.name for p, _ in kinds if p.letter in played and set(played[p.letter]) != set(drops.ranks_of(p.letter))]
    if odd:
        notes.add(
            "drop-ranks",
            f"Fairy-Stockfish drops every piece on the same ranks, a pawn only off its first rank or its "
            f"promotion zone, so the {', '.join(odd)} may be dropped where Fairy-Stockfish lets it.",
        )
        own = tuple((x, r) for x, r in played.items() if r != drops.ranks)
        notes.changes["drops"] = dataclasses.replace(drops, piece_ranks=own)


def _piece_promotion(v: Variant, kinds: Sequence[tuple[PieceType, str]], notes: Notes) -> None:
    pp, promo = v.piece_promotion, v.pawn_rules.promotion
    if pp is not None and promo is not None and set(pp.ranks) != set(promo.ranks):
        notes.add(
            "promotion-zones",
            "Fairy-Stockfish has one promotion zone for pawns and for promotion by piece, so pieces promote "
            "where pawns do.",
            switchable=False,
        )
    drops = notes.changes.get("drops", v.drops)
    if drops is not None and drops.no_drop_mate:
        kind = dict((p.letter, k) for p, k in kinds)[drops.no_drop_mate]
        if kind != "shogiPawn":
            notes.add(
                "drop-mate",
                f"Fairy-Stockfish forbids mating by a drop only to its shogi pawn (fW), so a mate by a dropped "
                f"{v.piece(drops.no_drop_mate).name} wins.",
            )
            notes.changes["drops"] = dataclasses.replace(drops, no_drop_mate=None)


def zillions_hands(v: Variant, notes: Notes) -> None:
    """What the Zillions files cannot say of hands and promotion by piece, switched off."""
    drops = v.drops
    if drops is not None and not drops.captures_to_hand and (drops.piece_ranks or drops.one_per_file):
        notes.add(
            "drop-rules",
            "Where captures leave the board, the Zillions files keep the pieces in hand in Zillions' own store and "
            "drop every piece on the same ranks, so drop ranks of a piece's own and one piece per file are left out.",
        )
        drops = dataclasses.replace(drops, piece_ranks=(), one_per_file=None)
    if drops is not None and drops.one_per_file and drops.per_file > 1:
        name = v.piece(drops.one_per_file).name
        notes.add(
            "drop-per-file",
            f"The Zillions files' walk along a file finds whether a side has a {name} there, not how many, so "
            f"the limit of {drops.per_file} per file is left out: a {name} drops on any file.",
        )
        drops = dataclasses.replace(drops, one_per_file=None, per_file=1)
    if drops is not None and drops.no_drop_mate:
        notes.add(
            "drop-mate",
            f"Zillions generates a move without looking at the replies, and its checkmated goal is tested only for "
            f"the side to move, so a drop of a {v.piece(drops.no_drop_mate).name} cannot be refused for mating: "
            f"mating by a dropped {v.piece(drops.no_drop_mate).name} wins.",
        )
        drops = dataclasses.replace(drops, no_drop_mate=None)
    if drops != v.drops:
        notes.changes["drops"] = drops
    stuck = [p.name for p in v.pieces if immobile_ranks(v, p) is None] if v.immobility_illegal else []
    if stuck:
        notes.add(
            "immobility",
            f"The Zillions files keep a piece off the squares it could never leave by ranks (a zone), and the "
            f"{', '.join(stuck)} would be stuck on squares that are not whole ranks, so the rule is left out.",
        )
        notes.changes["immobility_illegal"] = False


def immobile_ranks(v: Variant, p: PieceType) -> tuple[int, ...] | None:
    """The relative ranks on which ``p`` could never move again (on an empty board, as Fairy-Stockfish
    reckons it: hops left out), or None where those squares are not whole ranks."""
    vectors = {vec for m in p.movement.moves if not m.hop for vec in m.vectors()}
    board = v.board
    dead: dict[int, list[bool]] = {}
    for r in range(board.ranks):
        for f in range(board.files):
            if board.contains(Square(f, r)):
                on = any(board.contains(Square(f + dx, r + dy)) for dx, dy in vectors)
                dead.setdefault(r + 1, []).append(not on)
    if any(any(row) and not all(row) for row in dead.values()):
        return None
    return tuple(r for r, row in sorted(dead.items()) if all(row))
