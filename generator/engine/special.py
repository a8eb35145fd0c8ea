"""Legality under the rules of captures (explosions, mutually immune and petrifying pieces) and of
pseudo-royal extinction pieces, as Fairy-Stockfish's ``Position::legal`` decides it.

Move generation lists the moves as if none of these rules were there; :func:`keep_legal` then
keeps those they allow.  A pseudo-royal piece is a piece of an extinction type of which its side
has at most the extinction count plus one: while it is, a move may not leave it attacked, a move
that explodes or petrifies it is illegal, and a move that takes one of the other side's goes
whatever it leaves attacked.  With duple check a side's pieces of those types, however many, are in
check together: no move may leave all of them attacked, and all attacked and no move is checkmate.
Where captures explode, two pseudo-royal pieces side by side cannot
attack each other (taking one would blow up the taker).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from generator.engine import moves as mv
from generator.engine.geometry import Bitboard, bits
from generator.engine.moves import Move
from generator.engine.state import EMPTY, State


def keep_legal(pos: State, moves: list[Move], quiet_tested: bool = True) -> list[Move]:
    """The moves of ``moves`` (listed as if no rule of captures applied) that these rules allow;
    without ``quiet_tested``, moves that take nothing are kept without a test where they are sure
    to be legal."""
    return list(legal(pos, moves, quiet_tested))


def legal(pos: State, moves: list[Move], quiet_tested: bool = True) -> Iterator[Move]:
    """As :func:`keep_legal`, one move at a time: whether a side has a move at all stops at the first."""
    if not moves:
        return iter(moves)
    rules = pos.rules
    mutual = rules.mutually_immune
    board = pos.board
    kept: Iterable[Move] = moves
    if any(mutual):
        kept = (m for m in kept if not _mutual_capture(board, m, mutual))
    if rules.pseudo_royal is None:
        return iter(kept)
    their_royals = _royals_of(pos, 1 - pos.turn)
    if rules.duple_check:
        kept = (m for m in kept if not _duple_checked(pos, m, their_royals))
    return _pseudo_royals_safe(pos, kept, their_royals, quiet_tested)


def _pseudo_royals_safe(pos: State, kept: Iterable[Move], their_royals: Bitboard, quiet_tested: bool) -> Iterator[Move]:
    """The moves of ``kept`` that leave the pseudo-royal pieces of the side to move safe (see :func:`keep_legal`)."""
    assert pos.rules.pseudo_royal is not None
    us = pos.turn
    types, most = pos.rules.pseudo_royal
    ours = tuple(t for t in types if pos.pieces(t, us).bit_count() <= most)
    if not ours:
        return iter(kept)
    theirs = tuple((t, n) for t in types if (n := pos.pieces(t, 1 - us).bit_count()) <= most)
    royal = 0
    for t in ours:
        royal |= pos.pieces(t, us)
    safe = None if quiet_tested else _quiet_safe(pos, royal)
    if safe is None:
        return (m for m in kept if _royals_safe(pos, m, royal, theirs, their_royals))
    return (m for m in kept if _sure(pos.board, m, safe) or _royals_safe(pos, m, royal, theirs, their_royals))


def _sure(board: list[int], m: Move, safe: Bitboard) -> bool:
    """Whether ``m`` is a move that takes nothing by a piece on ``safe`` (see :func:`_quiet_safe`)."""
    return (m[0] == mv.NORMAL or m[0] == mv.MULTISTEP) and bool(safe >> m[1] & 1) and board[m[2]] == EMPTY


def quiet_safe(pos: State) -> Bitboard | None:
    """As :func:`_quiet_safe`, for the pseudo-royal pieces of the side to move (None where there are none)."""
    rules = pos.rules
    if rules.pseudo_royal is None or any(rules.mutually_immune) or rules.royal_types:
        return None  # a royal piece besides: its tests are move generation's
    return _quiet_safe(pos, _royals_of(pos, pos.turn))


def _quiet_safe(pos: State, royal: Bitboard) -> Bitboard | None:
    """The pieces whose moves that take nothing are sure to be legal without playing them out: with one
    pseudo-royal piece, unattacked, every other piece that does not shield it from an attack; None if
    every move must be played out."""
    if not royal or royal & (royal - 1):
        return None
    square = royal.bit_length() - 1
    if pos.rules.hoppers and pos.hoppers_aimed(square, pos.turn):
        return None  # a piece stepping onto the hopper's line gives it a hurdle: no pin tells that
    checked, pinned = pos.check_and_pins(square, pos.turn)
    return None if checked else pos.by_color[pos.turn] & ~pinned & ~royal


def _captures(board: list[int], m: Move) -> bool:
    kind, _, to, _ = m
    if kind in (mv.EN_PASSANT, mv.EP_PROMO):
        return True
    return kind in (mv.NORMAL, mv.PROMOTION, mv.PIECE_PROMO, mv.PIECE_DEMO) and board[to] != EMPTY


def _mutual_capture(board: list[int], m: Move, mutual: tuple[bool, ...]) -> bool:
    """Whether ``m`` is a piece of a mutually immune type taking one of its own type."""
    kind, frm, to, _ = m
    if frm < 0 or kind not in (mv.NORMAL, mv.PROMOTION, mv.PIECE_PROMO, mv.PIECE_DEMO) or board[to] == EMPTY:
        return False
    mover = board[frm] >> 1
    return mutual[mover] and board[to] >> 1 == mover


def _royals_safe(
    pos: State, m: Move, royal: Bitboard, theirs: tuple[tuple[int, int], ...], their_royals: Bitboard
) -> bool:
    """Whether ``m`` leaves every pseudo-royal piece of the side to move (``royal``) standing and
    unattacked, or takes one of the other side's (``theirs``, each type with how many it has, on
    ``their_royals``)."""
    rules = pos.rules
    us = pos.turn
    kind, frm, _, extra = m
    moves_royal = frm >= 0 and bool(royal >> frm & 1)
    if moves_royal and rules.petrify[pos.board[frm] >> 1] and _captures(pos.board, m):
        return False  # it would turn to stone
    if kind == mv.CASTLE and moves_royal and not _castling_path_safe(pos, frm, extra & mv.CASTLE_INDEX, their_royals):
        return False
    after = _royals_after(pos, m, royal, moves_royal)
    pos.push(m)
    try:
        return _after(pos, us, after, theirs, their_royals)
    finally:
        pos.pop()


def _royals_after(pos: State, m: Move, royal: Bitboard, moves_royal: bool) -> Bitboard:
    """Where the pseudo-royal pieces of the side to move stand after ``m``, as Fairy-Stockfish follows
    them: the royal piece moved; a pawn promoting to a royal type adds one, or, when its side then has
    more than the count allows, takes the type's royalty away; a drop of a royal type adds one.
    A piece promoting by piece (shogi) changes nothing."""
    kind, frm, to, extra = m
    after = royal
    if moves_royal:
        after ^= 1 << frm | 1 << (pos.rules.castles[extra & mv.CASTLE_INDEX].king_to if kind == mv.CASTLE else to)
    if kind not in (mv.DROP, mv.PROMOTION, mv.EP_PROMO):
        return after
    assert pos.rules.pseudo_royal is not None
    types, most = pos.rules.pseudo_royal
    if extra not in types:
        return after
    if kind != mv.DROP and pos.pieces(extra, pos.turn).bit_count() >= most:
        return after & ~pos.pieces(extra, pos.turn)
    return after | 1 << to


def _after(pos: State, us: int, royals: Bitboard, theirs: tuple[tuple[int, int], ...], their_royals: Bitboard) -> bool:
    """The test of :func:`_royals_safe` on the position after the move."""
    them = 1 - us
    if royals & ~pos.by_color[us]:
        return False  # blown up
    if any(pos.pieces(t, them).bit_count() < n for t, n in theirs):
        return True
    return not _royals_attacked(pos, royals, them, their_royals, every=False)


def _duple_checked(pos: State, m: Move, their_royals: Bitboard) -> bool:
    """Whether ``m`` leaves every piece of the pseudo-royal types of the side to move attacked (duple
    check), followed as Fairy-Stockfish follows them: the piece moved, and a pawn promoting to one of
    the types added; a move that takes one of the other side's is no exception."""
    rules = pos.rules
    assert rules.pseudo_royal is not None
    types = rules.pseudo_royal[0]
    us, them = pos.turn, 1 - pos.turn
    kind, frm, to, extra = m
    mine = 0
    for t in types:
        mine |= pos.pieces(t, us)
    if frm >= 0 and mine >> frm & 1:
        mine ^= 1 << frm | 1 << (rules.castles[extra & mv.CASTLE_INDEX].king_to if kind == mv.CASTLE else to)
    if kind in (mv.PROMOTION, mv.EP_PROMO) and extra in types:
        mine |= 1 << to
    if not mine:
        return False
    pos.push(m)
    try:
        return _royals_attacked(pos, mine, them, their_royals, every=True)
    finally:
        pos.pop()


def _royals_of(pos: State, color: int) -> Bitboard:
    """The pseudo-royal pieces of ``color``."""
    assert pos.rules.pseudo_royal is not None
    types, most = pos.rules.pseudo_royal
    out = 0
    for t in types:
        if (bb := pos.pieces(t, color)).bit_count() <= most:
            out |= bb
    return out


def _royals_attacked(pos: State, squares: Bitboard, them: int, their_royals: Bitboard, every: bool) -> bool:
    """Whether ``them`` attacks one of ``squares`` (with ``every``, all of them), as it may attack a
    pseudo-royal piece: not with its pseudo-royal pieces that would turn to stone by taking, and
    not at all where explosions leave it (:func:`_threatens`)."""
    rules = pos.rules
    assert rules.pseudo_royal is not None
    stone = 0
    for t in rules.pseudo_royal[0]:
        if rules.petrify[t]:
            stone |= pos.pieces(t, them)
    occ = pos.occupied | pos.walls  # the move may have made a wall
    everyone = pos.by_color[them]
    pos.by_color[them] = everyone & ~stone
    try:
        hits = (_threatens(pos, sq, them, occ, their_royals) for sq in bits(squares))
        return all(hits) if every else any(hits)
    finally:
        pos.by_color[them] = everyone


def _threatens(pos: State, sq: int, them: int, occ: Bitboard, their_royals: Bitboard) -> bool:
    """Whether ``them`` attacks ``sq`` with occupancy ``occ``: never where one of its pseudo-royal
    pieces (``their_royals``) stands around ``sq`` and captures explode, as taking would blow it up."""
    around = pos.rules.around
    return not (around is not None and around[sq] & their_royals) and pos.attacked(sq, them, occ)


def _castling_path_safe(pos: State, king: int, index: int, their_royals: Bitboard) -> bool:
    """Whether the squares a pseudo-royal king castles from and across (not onto) are unattacked."""
    rules = pos.rules
    c = rules.castles[index]
    geo = rules.geo
    rank = geo.rank_of(king)
    a, b = geo.file_of(king), geo.file_of(c.king_to)
    step = 1 if b > a else -1
    occ = (pos.occupied | pos.walls) ^ 1 << king
    them = 1 - pos.turn
    return not any(
        _threatens(pos, geo.square(f, rank), them, occ, their_royals) for f in (range(a, b, step) if a != b else (a,))
    )


def pseudo_royal_attacked(pos: State) -> bool:
    """Whether a pseudo-royal piece of the side to move is attacked (then having no move is checkmate);
    a piece that would turn to stone taking it attacks it here too, as in Fairy-Stockfish."""
    rules = pos.rules
    if rules.pseudo_royal is None:
        return False
    us, them = pos.turn, 1 - pos.turn
    theirs = _royals_of(pos, them)
    occ = pos.occupied | pos.walls
    if any(_threatens(pos, sq, them, occ, theirs) for sq in bits(_royals_of(pos, us))):
        return True
    if not rules.duple_check:
        return False
    candidates = 0
    for t in rules.pseudo_royal[0]:
        candidates |= pos.pieces(t, us)
    return bool(candidates) and all(_threatens(pos, sq, them, occ, theirs) for sq in bits(candidates))
