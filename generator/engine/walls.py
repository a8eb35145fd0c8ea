"""A variant's walling rule compiled for play: where each side may place the wall its move places.

:mod:`generator.engine.walled_moves` pairs the moves with the squares these tables allow.

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> from generator.engine.geometry import Geometry
>>> duck = load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("duck")
>>> walls = Walls.of(duck, Geometry.of(duck.board))
>>> walls.rule.value, bin(walls.region[0]).count("1"), walls.replaces
('duck', 64, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.catalogue.model import Variant, WallingRule
from generator.engine.geometry import Bitboard, Geometry


@dataclass(frozen=True)
class Walls:
    """``region``: per colour, where it may place a wall; ``replaces``: a new wall takes the place of
    every wall there was (the duck); ``edges``: the board's edge squares; ``beside``: per square, the
    squares beside it along a rank or file (the edge rule's)."""

    rule: WallingRule
    region: tuple[Bitboard, Bitboard]
    or_move: bool
    replaces: bool
    edges: Bitboard
    beside: tuple[Bitboard, ...]

    @staticmethod
    def of(variant: Variant, geo: Geometry) -> Walls | None:
        walling = variant.walling
        if walling is None:
            return None
        if walling.region is None:
            region = (geo.all, geo.all)
        else:
            white, black = (sum(1 << geo.square(sq.file, sq.rank) for sq in side) for side in walling.region)
            region = (white & geo.all, black & geo.all)
        edges = 0
        for s in range(geo.size):
            if geo.file_of(s) in (0, geo.files - 1) or geo.rank_of(s) in (0, geo.ranks - 1):
                edges |= 1 << s
        beside = tuple(
            sum(1 << t for v in ((1, 0), (-1, 0), (0, 1), (0, -1)) if (t := geo.leap(s, v)) is not None)
            for s in range(geo.size)
        )
        return Walls(walling.rule, region, walling.or_move, walling.rule is WallingRule.DUCK, edges, beside)
