"""ZRF moves: :class:`ZMove`, and the ``E`` of the generated code that turns what a block did into moves.

A block's compiled code collects what it did (the piece moved, cascades, captures,
attribute changes, other effects) and calls ``E``; ``E`` works out the squares that
change and appends a :class:`ZMove`, or nothing when the move is not allowed (it
changes nothing, a promotion type is not in the store); a piece's copy added on its own
square is a move that changes nothing (the piece stays put).  As in Zillions, and as Dagaz
runs ZRF, the pieces move first, then attributes and ``create`` and the other effects
apply, then the captures: a piece that lands on a friend replaces it (a block that does not
want that verifies ``not-friend?``), and a ``capture`` on the square a piece lands on
removes that piece too (Duke's strike: ``to capture back (create ...) add``).

>>> m = ZMove(((12, -1), (28, 0x11)), 12, 28, 0x11, 0x11, -1, (), (), 0)
>>> m, m.is_pass, PASS.is_pass
(ZMove(12->28, ((12, -1), (28, 17))), False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from generator.zrf.compiler import EMPTY, Effect

Changes = tuple[tuple[int, int], ...]  # (position, new code), -1 for empty
StoreChanges = tuple[tuple[int, int, int], ...]  # (owner, type, +-count)
Parts = tuple[tuple[int, int, int, int], ...]  # (from, to, code before, code after) per moving piece

NOTHING: tuple[()] = ()


class ZMove:
    """One move: the squares it changes (``changes``: ``(position, new code)``, -1 for empty), the
    store counts it changes, and what notation needs (the first piece's from/to, promotion, drop)."""

    __slots__ = (
        "captured",
        "changes",
        "drop",
        "frm",
        "mtype",
        "partial",
        "parts",
        "piece",
        "placed",
        "promo",
        "stores",
        "to",
    )

    def __init__(
        self,
        changes: Changes,
        frm: int,
        to: int,
        piece: int,
        placed: int,
        promo: int,
        captured: tuple[int, ...],
        stores: StoreChanges,
        mtype: int,
        parts: Parts | None = None,
        partial: str | None = None,
    ) -> None:
        self.changes = changes
        self.frm = frm  # -1 for a drop or a pass
        self.to = to
        self.piece = piece  # the moving piece's code (before)
        self.placed = placed  # the code it lands as
        self.promo = promo  # the promotion type, or -1
        self.drop = frm < 0 and to >= 0
        self.captured = captured
        self.stores = stores
        self.mtype = mtype
        self.parts = parts  # for multi-piece moves
        self.partial = partial

    @property
    def is_pass(self) -> bool:
        """Whether this is the pass move (nothing moves)."""
        return self.to < 0

    def key(self) -> tuple[Changes, StoreChanges, str | None]:
        """What the move does: two moves with equal keys count once."""
        return self.changes, self.stores, self.partial

    def __repr__(self) -> str:
        return f"ZMove({self.frm}->{self.to}, {self.changes})"


PASS = ZMove(NOTHING, -1, -1, -1, -1, -1, NOTHING, NOTHING, -1)


class HasStores(Protocol):
    """What ``E`` reads of the position besides the board: the pieces in hand."""

    stores: list[list[int]]


# the arguments of E, as the generated code passes them
MovedParts = tuple[tuple[int, int, int], ...]  # (from, to, code) of the pieces moved before a cascade
AttrSets = tuple[tuple[int, int, bool], ...]  # (position, attribute mask, value)
Effects = tuple[tuple[int, int, int], ...]  # (position, Effect as a number, argument)
# the kinds as globals for _apply_effects: ``Effect.CREATE`` is an attribute look-up of the enum's class,
# 0.14 us each on Python 3.11 (timeit, 2026-11-27), six times the comparison it serves
_OWNER, _FLIP, _TYPE, _CREATE = Effect
Emit = Callable[..., None]


class MoveMaker:
    """The rules ``E`` applies that come from the game's options and pieces."""

    def __init__(
        self, recycle_captures: bool, recycle_promotions: bool, default_attrs: Sequence[int], nplayers: int
    ) -> None:
        self.recycle_captures = recycle_captures
        self.recycle_promotions = recycle_promotions
        self.default_attrs = default_attrs
        self.nplayers = nplayers

    def general(
        self,
        S: HasStores,
        B: list[int],
        frm: int,
        pc: int,
        dest: int,
        parts: MovedParts,
        caps: tuple[int, ...],
        attrs: AttrSets,
        effs: Effects,
        promo: int | None,
        mtype: int,
        flags: int,
        partial: str | None,
    ) -> ZMove | None:
        """A move with cascades, captures, effects, promotion or a copy; None if it is not allowed."""
        allparts = [*parts, (frm, dest, pc)]
        vacated = set() if flags & 1 else {f for f, _, c in allparts if c >= 0 and f >= 0}
        new = dict.fromkeys(vacated, EMPTY)
        stores: list[tuple[int, int, int]] = []
        landed = self._land(S, B, allparts, promo, new, stores)
        if landed is None:
            return None
        self._apply_attributes(B, attrs, new)
        self._apply_effects(B, effs, new)
        new.update(dict.fromkeys(caps, EMPTY))
        captured = self._captured(B, landed | set(caps), vacated, stores)
        changes = tuple(sorted((p, c) for p, c in new.items() if B[p] != c))
        # a copy added on the square the piece stands on leaves it there: a move that changes nothing, the
        # piece's staying put (the corpus's lion passes so: Tenjiku Shogi's common-nomove, (add-copy $1) where
        # it stands, and Chu Shogi's nomove, whose help says "select the piece and then drop it back on its
        # starting square")
        stays = flags & 1 and frm == dest >= 0 and not parts
        if not changes and not stores and not stays:
            return None
        moving = [(f, t, c, new.get(t, B[t])) for f, t, c in allparts if c >= 0]
        if not moving:
            return None
        f0, t0, c0, placed = moving[0]  # notation shows the first piece that moves
        return ZMove(
            changes,
            f0,
            t0,
            c0,
            placed,
            -1 if promo is None else promo,
            tuple(captured),
            tuple(stores),
            mtype,
            tuple(moving) if len(moving) > 1 else None,
            partial if flags & 2 else None,
        )

    def _land(
        self,
        S: HasStores,
        B: list[int],
        allparts: list[tuple[int, int, int]],
        promo: int | None,
        new: dict[int, int],
        stores: list[tuple[int, int, int]],
    ) -> set[int] | None:
        """Put the moving pieces down (the last one promoted), over whatever stands there; the squares
        they land on, None if the move promotes to a type the store lacks."""
        landed = set()
        for k, (f, t, c) in enumerate(allparts):
            if c < 0:
                continue
            if k == len(allparts) - 1 and promo is not None:
                owner = c & 15
                c = self.default_attrs[promo] | promo << 4 | owner
                if self.recycle_promotions:
                    if S.stores[owner][promo] <= 0:
                        return None
                    stores.append((owner, promo, -1))
            new[t] = c
            landed.add(t)
            if f < 0:
                stores.append((c & 15, allparts[k][2] >> 4 & 0xFFF, -1))
        return landed

    @staticmethod
    def _apply_attributes(B: list[int], attrs: AttrSets, new: dict[int, int]) -> None:
        for p, mask, val in attrs:
            c = new.get(p, B[p])
            if c >= 0:
                new[p] = c | mask if val else c & ~mask

    def _apply_effects(self, B: list[int], effs: Effects, new: dict[int, int]) -> None:
        default_attrs = self.default_attrs
        for p, kind, arg in effs:
            c = new.get(p, B[p])
            if kind == _CREATE:
                new[p] = default_attrs[arg >> 4] | arg
            elif c < 0:
                continue
            elif kind == _OWNER:
                new[p] = c & ~15 | arg
            elif kind == _FLIP:
                new[p] = c & ~15 | (c & 15) ^ 1 if self.nplayers == 2 else c
            elif kind == _TYPE:
                new[p] = c & 15 | default_attrs[arg] | arg << 4  # a new type: its default attributes

    def _captured(
        self, B: list[int], hit: set[int], vacated: set[int], stores: list[tuple[int, int, int]]
    ) -> list[int]:
        captured = []
        for p in hit:
            old = B[p]
            if old >= 0 and p not in vacated:
                captured.append(old)
                if self.recycle_captures:
                    stores.append((old & 15, old >> 4 & 0xFFF, 1))
        return captured


def make_emit(maker: MoveMaker) -> Emit:
    """The ``E`` of the generated code: what a block did, turned into moves appended to ``out``."""
    recycle_caps = maker.recycle_captures
    general = maker.general

    def E(
        S: HasStores,
        B: list[int],
        out: list[ZMove],
        frm: int,
        pc: int,
        dest: int,
        parts: MovedParts,
        caps: tuple[int, ...],
        attrs: AttrSets,
        effs: Effects,
        promos: tuple[int, ...] | None,
        mtype: int,
        flags: int,
        partial: str | None = None,
    ) -> None:
        if not parts and not caps and not effs and promos is None and not flags and frm != dest:
            # the common case: one piece moves (or is dropped), perhaps setting attributes where it lands
            if pc < 0:
                return
            old = B[dest]
            code = pc
            for p, mask, val in attrs:
                if p == dest:
                    code = code | mask if val else code & ~mask
                elif p != frm and B[p] >= 0:
                    break  # an attribute set on a piece that stays: the general case
            else:
                changes: Changes
                stores: StoreChanges
                if frm < 0:
                    changes = ((dest, code),)
                    stores = ((pc & 15, pc >> 4 & 0xFFF, -1),)
                else:
                    changes = ((frm, EMPTY), (dest, code)) if frm < dest else ((dest, code), (frm, EMPTY))
                    stores = NOTHING
                if old >= 0:
                    captured: tuple[int, ...] = (old,)
                    if recycle_caps:
                        stores = (*stores, (old & 15, old >> 4 & 0xFFF, 1))
                else:
                    captured = NOTHING
                out.append(ZMove(changes, frm, dest, pc, code, -1, captured, stores, mtype))
                return
        for t in promos if promos is not None else (None,):
            m = general(S, B, frm, pc, dest, parts, caps, attrs, effs, t, mtype, flags, partial)
            if m is not None:
                out.append(m)

    return E
