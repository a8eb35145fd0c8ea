"""Perft's last ply: the moves of table blocks (:mod:`generator.zrf.fast`) counted, not made.

A position's moves need not be made to be counted where each is plain, needs no check test and
cannot be another's too: see ``State.count_moves``.  Here, per start square, a table's count is
what its move function would append, read off the same squares with the same tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from generator.zrf.fast import Promote, Table, groups

CountFn = Callable[[list[int], int], int]  # (board, start) -> how many moves


def table_count(tables: Sequence[Table], recycle_promotions: bool) -> CountFn | None:
    """How many moves the table blocks make from ``start``, counted without making them (perft's last
    ply), if no two of them can be the same move: None when the tables of a start square look at a
    square twice, or when a promotion depends on the pieces in store.

    >>> t = Table(True, [(1, 2), (0,), (0,)], (True, True, frozenset(), -1, 0, -1, 0, -1), None)
    >>> count = table_count([t], False)
    >>> board = [0x10, -1, 0x11]  # a piece of the first side on square 0, one of the second on 2
    >>> count(board, 0), count(board, 2)  # 0 goes to 1 or takes on 2; 2 takes on 0
    (2, 1)
    """
    for s in range(len(tables[0].squares)):
        seen = [d for t in tables for d in t.squares[s]]
        if len(set(seen)) < len(seen):
            return None
    if recycle_promotions and any(t.promotions() for t in tables):
        return None
    counts: list[CountFn] = []
    for first, dests, rays in groups(tables):
        quiet, capture, keep = first.how[:3]
        if first.legs is not None:
            counts.append(_chain_count(first))
        elif not first.leap:
            counts.append(_slides_count(rays, capture, keep))
        else:
            counts.append(_leaps_count(dests, quiet, capture, keep, *_zone(first.promote)))
    if len(counts) == 1:
        return counts[0]

    def count(B: list[int], start: int) -> int:
        n = 0
        for part in counts:
            n += part(B, start)
        return n

    return count


def _zone(promote: Promote | None) -> tuple[list[bool] | None, int]:
    """Where an add promotes (None: nowhere), and how many moves it makes there: one per type."""
    return (promote[1], len(set(promote[2]))) if promote else (None, 1)


def _leaps_count(
    dests: list[tuple[int, ...]],
    quiet: bool,
    capture: bool,
    keep: frozenset[int],
    zone: list[bool] | None,
    promos: int,
) -> CountFn:
    def count(B: list[int], start: int) -> int:
        own = B[start] & 15
        n = 0
        for d in dests[start]:
            old = B[d]
            if quiet if old < 0 else capture and old & 15 != own and old >> 4 & 0xFFF not in keep:
                n += promos if zone is not None and zone[d] else 1
        return n

    return count


def _slides_count(rays: list[tuple[tuple[int, ...], ...]], capture: bool, keep: frozenset[int]) -> CountFn:
    def count(B: list[int], start: int) -> int:
        own = B[start] & 15
        n = 0
        for ray in rays[start]:
            for d in ray:
                old = B[d]
                if old < 0:
                    n += 1
                    continue
                if capture and old & 15 != own and old >> 4 & 0xFFF not in keep:
                    n += 1
                break
        return n

    return count


def _chain_count(table: Table) -> CountFn:
    """How many moves a chain makes: leg by leg, as its move function makes them, until a test fails."""
    assert table.legs is not None
    dests = table.squares
    legs = [(leg.quiet, leg.capture, *_zone(leg.promote)) for leg in table.legs]

    def count(B: list[int], start: int) -> int:
        own = B[start] & 15
        n = 0
        for d, (quiet, capture, zone, promos) in zip(dests[start], legs, strict=False):
            old = B[d]
            if old < 0:
                if not quiet:
                    break
            elif not capture or old & 15 == own:
                break
            n += promos if zone is not None and zone[d] else 1
        return n

    return count
