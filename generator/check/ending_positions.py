"""The small positions the game-end proofs (:mod:`generator.check.endings`) search: a few pieces drawn
at random around a square by the edge, the same ones on every run, each read back as an engine sees
its FEN."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

from generator.catalogue.model import Color, Variant
from generator.check.fairy_stockfish_worker import fsf_fen
from generator.engine import FenError, Position
from generator.engine.fen import read_fen
from generator.engine.geometry import Geometry, bits
from generator.engine.rules import Rules
from generator.engine.state import EMPTY

__all__ = ["ATTEMPTS", "lone_pawn_positions", "reread", "small_positions"]

#: random small positions tried per rule before giving up
ATTEMPTS = 3000


def reread(pos: Position) -> Position | None:
    """``pos`` as an engine sees its six-field FEN (unmoved pieces implied by the setup), or None
    if that FEN is not a position of the variant."""
    seen = Position(pos.rules)
    try:
        read_fen(seen, fsf_fen(pos.fen()))
    except FenError:
        return None
    return seen


def small_positions(
    variant: Variant, rule: str, attempts: int = ATTEMPTS, mover: Color | None = None
) -> Iterator[Position]:
    """Random small positions of ``variant`` that are legal, still going on, with the mover to move (the
    side that moves first, or ``mover``; the same ones on every run: the generator is seeded with the
    variant's name and the rule): the other side's royal pieces on and around a square by the edge, the
    mover's anywhere, and a few other pieces of each side's setup around that square."""
    rng = random.Random(f"endings:{variant.name}:{rule}" + (f":{mover.word}" if mover is not None else ""))
    rules = Rules.of(variant)
    side = int(variant.setup.to_move if mover is None else mover)
    for _ in range(attempts):
        pos = _placed(rules, rng, side, _placements(rules, rng, side))
        if pos is not None:
            yield pos


def lone_pawn_positions(variant: Variant, rule: str, attempts: int = ATTEMPTS) -> Iterator[Position]:
    """Random positions where the other side has only its royal piece, by the edge, and one pawn around
    it, and the mover its royal piece anywhere and one or two other pieces around them (for a rule on a
    king left with one pawn: pieces in hand or not, a game may come to that)."""
    rng = random.Random(f"endings:{variant.name}:{rule}")
    rules = Rules.of(variant)
    mover = int(variant.setup.to_move)
    royal = [t for t in range(rules.ntypes) if rules.is_royal[t]]
    pawns = [t for t in range(rules.ntypes) if rules.is_pawn[t]]
    plain = [t for t in range(rules.ntypes) if _plain(rules, t)]
    for _ in range(attempts if royal and pawns else 0):
        squares, anchor, around = _area(rules.geo, rng)
        placements = [(royal[0] * 2 + 1 - mover, [anchor]), (rng.choice(pawns) * 2 + 1 - mover, around)]
        placements.append((royal[0] * 2 + mover, squares))
        placements += [(t * 2 + mover, around) for t in rng.sample(plain, min(len(plain), rng.randint(1, 2)))]
        pos = _placed(rules, rng, mover, placements)
        if pos is not None:
            yield pos


def _placed(rules: Rules, rng: random.Random, mover: int, placements: list[tuple[int, list[int]]]) -> Position | None:
    """The pieces put on free squares of their pools (in their regions), the mover to move, as an engine reads
    the FEN;
    None if that is no legal position, or one whose game is over."""
    pos = Position(rules)
    pos.turn = mover
    for code, pool in placements:
        # a piece stands in its region, as every game keeps it (janggi's generals in their palaces)
        region = rules.regions[code & 1][code >> 1]
        free = [s for s in pool if pos.board[s] == EMPTY and (region is None or region >> s & 1)]
        if not free:
            return None
        pos.put(rng.choice(free), code)
    seen = reread(pos)
    if seen is None or seen.in_check(1 - mover) or seen.outcome() is not None:
        return None
    if rules.flag is not None and (seen.flag_reached(0) or seen.flag_reached(1)):
        return None  # a region reached before any move: engines test it after different moves
    return seen


def _placements(rules: Rules, rng: random.Random, mover: int) -> list[tuple[int, list[int]]]:
    """The pieces of a small position, each with the squares it may stand on."""
    squares, anchor, around = _area(rules.geo, rng)
    royal = [code for _, code in rules.setup if rules.is_royal[code >> 1]]
    theirs_royal = [code for code in royal if code & 1 != mover]
    placed = [(code, [anchor] if i == 0 else around) for i, code in enumerate(theirs_royal)]
    placed += [(code, squares) for code in royal if code & 1 == mover]
    # a side without a royal piece gets one piece at least: no real game leaves a side with none
    for side, fewest, most in ((mover, 1, 3), (1 - mover, 0 if theirs_royal else 1, 1)):
        plain = [code for _, code in rules.setup if code & 1 == side and _plain(rules, code >> 1)] or [
            code for _, code in rules.setup if code & 1 == side and not rules.is_royal[code >> 1]
        ]  # or its pawns, where it has nothing else (horde's White)
        placed += [(code, around) for code in rng.sample(plain, min(len(plain), rng.randint(fewest, most)))]
    return placed


def _area(geo: Geometry, rng: random.Random) -> tuple[list[int], int, list[int]]:
    """The board's squares, a square drawn by the edge, and the squares at most 3 steps from it."""
    squares, edge, around = _areas(geo)
    anchor = rng.choice(edge or squares)
    return list(squares), anchor, list(around[anchor])


@functools.lru_cache(maxsize=64)
def _areas(geo: Geometry) -> tuple[tuple[int, ...], list[int], dict[int, tuple[int, ...]]]:
    """The board's squares, those by the edge, and the squares at most 3 steps from each (the searches
    draw thousands of small positions on one board)."""
    squares = tuple(bits(geo.all))
    edge = [s for s in squares if geo.file_of(s) in (0, geo.files - 1) or geo.rank_of(s) in (0, geo.ranks - 1)]
    around = {a: tuple(s for s in squares if _distance(geo, s, a) <= 3) for a in edge or squares}
    return squares, edge, around


def _distance(geo: Geometry, a: int, b: int) -> int:
    return max(abs(geo.file_of(a) - geo.file_of(b)), abs(geo.rank_of(a) - geo.rank_of(b)))


def _plain(rules: Rules, t: int) -> bool:
    """A piece the random positions may use besides the royal ones: no pawn (its first and last
    ranks are special) and no piece with moves of its own from its first square."""
    return not rules.is_royal[t] and not rules.is_pawn[t] and all(tabs[t] is None for tabs in rules.initial_tables)
