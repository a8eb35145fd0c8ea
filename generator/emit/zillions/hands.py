"""Hands: where captured pieces go to the captor's hand, each player keeps them on hand positions beside
the board, as Dobutsu Shogi's and Simple Shogi's rules files do.

* **Positions.** Each player has as many hand positions as there are pieces that could be captured (every
  piece but the royal ones, and those in hand at the start): White's in columns right of the board, filled
  from the bottom, Black's left of it, filled from the top.  They are ``(positions ...)`` outside the grid,
  so no move of the board reaches them; the links ``hand-next`` and ``hand-prev`` chain each player's own,
  ``hand-first`` (``black-hand-first`` for Black, by the symmetry) leads from the dummy position
  ``hand-start`` to the player's first, and ``board-next`` from ``hand-start`` through every square.
* **Captures.** Before a piece lands on an enemy, the landing calls ``to-hand``: it marks the square, finds
  the piece's test (its type, a promoted form, or the ``promoted?`` attribute of a pawn promoted to it),
  walks to the captor's first free hand position and ``create``\\ s there the type the piece goes back as,
  for the captor, then comes ``back``.
* **Drops.** A piece on one of its owner's hand positions moves to an empty square of the drop zone; only
  the first of the player's hand positions holding that type drops it, so each drop is one move.
* **Gating** without drops (:mod:`.gating`): the pieces in hand at the start stand on as many hand
  positions, chained by ``hand-first`` and ``hand-next`` only, as nothing is captured to them or dropped.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from generator.catalogue.model import Color, Square, Variant
from generator.emit.zillions.context import PLAYERS

HAND_START = "hand-start"  #: the dummy position the hand's and the board's links start from
PROMOTED = "promoted?"  #: the attribute of a piece a pawn promoted to, where a capture demotes it


@dataclass(frozen=True)
class HandLayout:
    """The hand positions of a variant: per colour, in filling order, each with its (column, row) on
    the board picture (columns counted from the picture's left, the board's first file at ``left``)."""

    left: int  #: Black's columns, left of the board
    right: int  #: White's columns, right of the board
    slots: Mapping[Color, tuple[tuple[str, tuple[int, int]], ...]]


def uses_hand(v: Variant) -> bool:
    """Whether captured pieces go to the captor's hand: then every piece in hand stands on a hand position."""
    return v.drops is not None and v.drops.captures_to_hand


def has_hand(v: Variant) -> bool:
    """Whether pieces in hand stand on hand positions: captured pieces go there, or pieces in hand wait
    there to be gated (gating without drops)."""
    return uses_hand(v) or (v.gating and v.drops is None)


def marks_promotions(v: Variant) -> bool:
    """Whether a pawn's promotion is marked (``promoted?``), for a capture to send it back as a pawn."""
    drops = v.drops
    return (
        drops is not None
        and drops.captures_to_hand
        and not drops.keep_promoted
        and v.pawn_rules.promotion is not None
        and any(p.pawn for p in v.pieces)
    )


def hand_size(v: Variant) -> int:
    """How many hand positions each player gets: every piece that may be captured, and those in hand
    (without captures to hand, the most either side holds at the start)."""
    if not uses_hand(v):
        return max(sum(n for c, _, n in v.setup.pockets if c is side) for side in Color)
    royal = {p.letter for p in v.pieces if p.royal}
    return sum(1 for _, _, x in v.setup.placement if x not in royal) + sum(n for _, _, n in v.setup.pockets)


def hand_layout(v: Variant) -> HandLayout | None:
    """Where the hand positions go (None without a hand)."""
    if not has_hand(v):
        return None
    n, rows = hand_size(v), v.board.ranks
    cols = -(-n // rows)
    white = tuple(
        (f"{Color.WHITE.word}-hand-{k + 1}", (cols + v.board.files + k // rows, rows - 1 - k % rows)) for k in range(n)
    )
    black = tuple((f"{Color.BLACK.word}-hand-{k + 1}", (cols - 1 - k // rows, k % rows)) for k in range(n))
    return HandLayout(cols, cols, {Color.WHITE: white, Color.BLACK: black})


def hand_links(v: Variant, layout: HandLayout) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The links of the hand: each player's chain both ways, its first position, and the squares in order
    (only the first position and the chain forwards where nothing is dropped from the hand)."""
    chains = [[name for name, _ in layout.slots[c]] for c in Color]
    first = (
        ("hand-first", ((HAND_START, chains[0][0]),)),
        ("black-hand-first", ((HAND_START, chains[1][0]),)),
        ("hand-next", tuple((a, b) for chain in chains for a, b in itertools.pairwise(chain))),
    )
    if not uses_hand(v):
        return tuple((name, pairs) for name, pairs in first if pairs)
    squares = [
        Square(f, r).name for r in range(v.board.ranks) for f in range(v.board.files) if v.board.contains(Square(f, r))
    ]
    return (
        *first,
        ("hand-prev", tuple((b, a) for chain in chains for a, b in itertools.pairwise(chain))),
        ("board-next", tuple(zip([HAND_START, *squares], squares, strict=False))),
    )


def hand_zone(layout: HandLayout) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The ``hand-zone`` of each player: its own hand positions."""
    return tuple((PLAYERS[c], tuple(name for name, _ in layout.slots[c])) for c in Color)


def hand_entries(v: Variant, piece: Mapping[str, str], promoted: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """What a capture puts in hand: (the test of the captured piece, the ZRF type it goes back as), one
    per type that may be in hand; ``piece`` and ``promoted`` name the types and promoted forms by letter."""
    drops = v.drops
    assert drops is not None
    keep = drops.keep_promoted
    promo = v.pawn_rules.promotion
    choices = promo.all_choices if promo is not None and marks_promotions(v) else ()
    present = {x for _, _, x in v.setup.placement} | {x for _, x, _ in v.setup.pockets}
    present |= {origin for _, origin in v.setup.promoted}
    present |= set(promo.all_choices if promo else ())
    out: list[tuple[str, str]] = []
    for p in v.pieces:
        if p.royal or p.letter not in present:
            continue
        name = piece[p.letter]
        tests = [f"(piece? {name})"]
        if p.letter in choices:
            tests = [f"(and (piece? {name}) (not {PROMOTED}))"]
        if p.pawn and choices:
            tests.append(PROMOTED)
        form = promoted.get(p.letter)
        if form is not None and not keep:
            tests.append(f"(piece? {form})")
        out.append((tests[0] if len(tests) == 1 else f"(or {' '.join(tests)})", name))
        if form is not None and keep:
            out.append((f"(piece? {form})", form))
    return tuple(out)
