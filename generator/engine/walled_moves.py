"""Moves that also place a wall (Fairy-Stockfish's ``wallingRule``: duck chess, Atlantis, the Game of
the Amazons): every legal move paired with each square its wall may go on.

A move's wall goes on a square empty once the piece has moved (the square it left included), in the
side's region, and where the rule allows (:class:`~generator.catalogue.model.WallingRule`).  A wall
counts as no one's piece: it blocks every line, and no piece may land on it.  Whether a move leaves a
royal piece in check is decided without the wall it places; the rules of captures and pseudo-royal
pieces see it (Fairy-Stockfish's ``Position::legal``).  With ``or_move`` a side either moves, placing
nothing, or places a wall without moving, which Fairy-Stockfish spells as a move of its first piece
onto its own square (``a1a1,a1a3``), and which is no escape from check.

>>> from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
>>> from generator.engine.position import Position
>>> pos = Position.start(load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("duck"))
>>> [mv.uci(pos.rules, m) for m in pos.legal_moves()[:2]], pos.count_moves()
(['b1a3,a3b1', 'b1a3,a3b3'], 640)
"""

from __future__ import annotations

from collections.abc import Callable

from generator.catalogue.model import WallingRule
from generator.engine import moves as mv
from generator.engine.geometry import Bitboard, bits
from generator.engine.moves import Move, Walled
from generator.engine.special import keep_legal
from generator.engine.state import State
from generator.engine.tables import targets

Generator = Callable[[State, "list[Move] | None"], int]


def walled(pos: State, out: list[Move] | None, base: Generator) -> int:
    """Count the moves of ``pos`` with their walls, appending them to ``out`` unless it is None;
    ``base`` lists the moves as if no wall were placed (legal, or under the rules of captures as
    generated before those rules test them)."""
    rules = pos.rules
    walls = rules.walling
    assert walls is not None
    own = pos.by_color[pos.turn]
    moves, checked = _unwalled(pos, base)
    if walls.or_move:
        if own and not checked:
            first = (own & -own).bit_length() - 1
            stay: Move = (mv.PASS, first, first, 0)
            moves += [Walled(stay, w) for w in bits(wall_squares(pos, stay))]
    elif out is None and not rules.special:  # perft's last ply: the walls counted, not listed
        return sum(wall_squares(pos, m).bit_count() for m in moves)
    else:
        moves = [Walled(m, w) for m in moves for w in bits(wall_squares(pos, m))]
    if rules.special:
        moves = keep_legal(pos, moves)
    if out is not None:
        out.extend(moves)
    return len(moves)


def _unwalled(pos: State, base: Generator) -> tuple[list[Move], bool]:
    """The moves ``base`` lists with the walls standing, and whether the side to move is in check where
    it may place a wall instead of moving."""
    walls = pos.rules.walling
    assert walls is not None
    us, held = pos.turn, pos.walls
    own = pos.by_color[us]
    moves: list[Move] = []
    # a wall, counted among the mover's own pieces for the time being, blocks every line and is never
    # a target; it is of no type, so never moves
    pos.by_color[us] = own | held
    try:
        base(pos, moves)
        checked = walls.or_move and pos.in_check(us)
    finally:
        pos.by_color[us] = own
    return moves, checked


def first_walls(pos: State, base: Generator, first: Callable[[Bitboard], int]) -> list[Move]:
    """Each move of ``pos`` that may place a wall, with the one wall of its squares that ``first``
    chooses (the rules of captures and walls placed instead of a move aside: each wall is a move of
    its own there)."""
    walls = pos.rules.walling
    assert walls is not None and not walls.or_move and not pos.rules.special
    found: list[Move] = []
    for m in _unwalled(pos, base)[0]:
        squares = wall_squares(pos, m)
        if squares:
            found.append(Walled(m, first(squares)))
    return found


def wall_squares(pos: State, m: Move) -> Bitboard:
    """The squares the wall of ``m`` may go on (Fairy-Stockfish's ``make_move_and_gating``)."""
    rules = pos.rules
    walls = rules.walling
    assert walls is not None
    kind, frm, to, extra = m
    before = pos.occupied | pos.walls
    occ = before
    if kind == mv.CASTLE:
        c = rules.castles[extra]
        occ = occ & ~(1 << c.king_from | 1 << c.rook_from) | 1 << c.king_to | 1 << c.rook_to
    elif kind == mv.DROP:
        occ |= 1 << to
    elif kind != mv.PASS and kind != mv.SWAP:
        occ = occ & ~(1 << frm) | 1 << to
        if kind == mv.EN_PASSANT or kind == mv.EP_PROMO:
            occ &= ~(1 << (extra if kind == mv.EN_PASSANT else pos.ep_victim))
    b = rules.geo.all & ~occ & walls.region[pos.turn]
    rule = walls.rule
    if rule is WallingRule.PAST:
        b &= 1 << frm if frm >= 0 else 0
    elif rule is WallingRule.EDGE:
        near = walls.edges
        for s in bits(pos.walls):
            near |= walls.beside[s]
        b &= near
    elif rule is WallingRule.ARROW and frm >= 0:  # on from where the piece landed, as it moves there
        around = before & ~(1 << frm)
        b &= targets(rules.tables[pos.turn][pos.board[frm] >> 1], to, around, rules.geo.all & ~around, 0)
    return b
