"""What promoted pieces were promoted from, where a variant keeps track (a captured one goes to hand as
that, shogi; a demoting one becomes it again, kyoto shogi): the bookkeeping of a move on the
per-square record :class:`~generator.engine.state.State` keeps (``unpromoted``, ``EMPTY`` where a
square's piece is none, or not promoted)."""

from __future__ import annotations

from generator.engine import moves as mv

#: an empty square's code, and "promoted from nothing"
EMPTY = -1


def origins_of(unpromoted: list[int], kind: int, frm: int, taken_at: int, captured: int) -> tuple[int, int] | None:
    """What the moving and the captured piece were promoted from (None for moves of no single piece)."""
    if frm < 0 or kind in (mv.CASTLE, mv.SWAP):
        return None
    return unpromoted[frm], unpromoted[taken_at] if captured != EMPTY else EMPTY


def carry_origin(
    unpromoted: list[int],
    origins: tuple[int, int],
    frm: int,
    to: int,
    taken_at: int,
    moved: int,
    placed: int,
    demoted: bool,
) -> None:
    """A move's effect on what pieces were promoted from: the captured piece's is gone, the moved
    piece takes its own to ``to``, or, promoting, its type, or, demoting, none."""
    unpromoted[taken_at] = EMPTY
    unpromoted[frm] = EMPTY
    unpromoted[to] = EMPTY if demoted else origins[0] if placed == moved else moved >> 1


def to_hand(demote: bool, captured: int, origins: tuple[int, int] | None) -> int:
    """The type a captured piece goes to the captor's hand as: what it was promoted from, if it was
    (``demote``: the variant sends promoted pieces back so)."""
    if origins is not None and origins[1] != EMPTY and demote:
        return origins[1]
    return captured >> 1
