"""A piece's moves found by running its game's own move blocks through the ZRF interpreter.

The piece stands alone on an otherwise empty board (then with one other piece as a target, a
blocker or a screen), and each move the blocks produce is read as a step ``(dx, dy)`` in White's
view: ``dy > 0`` is towards the higher ranks of the catalogue's board.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.zrf.compiler import EMPTY
from generator.zrf.layout import Layout, Square
from generator.zrf.moves import ZMove
from generator.zrf.program import Program
from generator.zrf.state import State


@dataclass(frozen=True)
class Found:
    """One move a block produced: where it went, what it captured, and the type it lands as."""

    to: Square
    captures: tuple[Square, ...]
    promo: int  # the promotion type, or -1
    parts: int  # how many pieces moved
    others: tuple[tuple[Square, Square], ...] = ()  # the other pieces' moves: (from, to)


def _state(prog: Program, player: int, pieces: dict[int, int]) -> State:
    st = State(prog)
    st.board = [EMPTY] * prog.npos
    for p, code in pieces.items():
        st.board[p] = code
    # with "recycle promotions" a pawn promotes only to what its side's store holds: a full store shows
    # every choice
    full = len(prog.types) * [64 if prog.recycle_promotions else 0]
    st.stores = [full[:] for _ in prog.players]
    st.ply = next(i for i, t in enumerate(prog.turns) if t.gen == player)
    return st


def moves_of(
    prog: Program, lay: Layout, player: int, kind: int, at: Square, others: dict[Square, int], code: int | None = None
) -> list[Found]:
    """What a piece of type ``kind`` of ``player`` on ``at`` may do, with ``others`` (square: code) around it;
    ``code``: the piece's own code where it is not a new piece's (its attributes changed by a move)."""
    start = lay.position[at]
    pieces = {lay.position[s]: c for s, c in others.items()}
    pieces[start] = prog.code(kind, player) if code is None else code
    st = _state(prog, player, pieces)
    before = st.board[:]
    return [_found(m, lay, before, player) for m in st.pseudo_moves() if m.frm == start]


def drops_of(prog: Program, lay: Layout, player: int, kind: int, others: dict[Square, int]) -> list[Found]:
    """Where ``player`` may drop its piece of type ``kind`` in hand, with ``others`` (square: code) on the board:
    from its store, or where the game keeps hands beside the board, from the first of them it drops from."""
    pieces = {lay.position[s]: c for s, c in others.items()}
    if lay.hands:
        # the piece on every hand position at once: the moves of the first one that drops
        st = _state(prog, player, {**pieces, **dict.fromkeys(lay.hands, prog.code(kind, player))})
        st.stores = [[0] * len(prog.types) for _ in prog.players]
        moves = [m for m in st.pseudo_moves() if m.frm in lay.hands]
        first = min((m.frm for m in moves), default=-1)
        return [_found(m, lay, st.board[:], player) for m in moves if m.frm == first]
    st = _state(prog, player, pieces)
    st.stores = [[0] * len(prog.types) for _ in prog.players]
    st.stores[player][kind] = 1
    before = st.board[:]
    return [_found(m, lay, before, player) for m in st.pseudo_moves() if m.drop]


def drop_loses(prog: Program, lay: Layout, player: int, kind: int, others: dict[Square, int], to: Square) -> bool:
    """Whether ``player``'s drop of its ``kind`` in hand on ``to``, with ``others`` around, is played and loses at
    once (a goal of the file says so as it lands: a mating drop that creates a marker, as variantgen's
    downloads write the drop that may not mate)."""
    pieces = {lay.position[s]: c for s, c in others.items()}
    if lay.hands:
        pieces |= dict.fromkeys(lay.hands, prog.code(kind, player))
    st = _state(prog, player, pieces)
    if not lay.hands:
        st.stores = [[0] * len(prog.types) for _ in prog.players]
        st.stores[player][kind] = 1
    target = lay.position[to]
    moves = [m for m in st.pseudo_moves() if (m.drop or m.frm in lay.hands) and any(p == target for p, _ in m.changes)]
    if not moves:
        return False
    st.push(moves[0])
    end = st.outcome(cheap_only=True)
    return end is not None and end.loser == prog.players[player]


def to_hand(
    prog: Program, lay: Layout, player: int, at: Square, pieces: dict[Square, int]
) -> list[tuple[int, list[int]]]:
    """The captures the piece on ``at`` of ``player`` may make among ``pieces`` (square: code): for each, the
    code it took and the codes the move sets on hand positions."""
    st = _state(prog, player, {lay.position[s]: c for s, c in pieces.items()})
    start = lay.position[at]
    out = []
    for m in st.pseudo_moves():
        taken = [
            st.board[p] for p, _ in m.changes if p in lay.square and st.board[p] >= 0 and st.board[p] & 15 != player
        ]
        if m.frm == start and len(taken) == 1:
            out.append((taken[0], [code for p, code in m.changes if p in lay.hands]))
    return out


def landing_code(
    prog: Program, lay: Layout, player: int, at: Square, promo: int, pieces: dict[Square, int]
) -> int | None:
    """The code a piece of ``player`` on ``at`` lands as on a quiet move that promotes it to type ``promo``
    (with the attributes the move sets, such as a promoted mark), or ``None`` if it has no such move."""
    st = _state(prog, player, {lay.position[s]: c for s, c in pieces.items()})
    start = lay.position[at]
    for m in st.pseudo_moves():
        if m.frm == start and m.promo == promo and st.board[m.to] < 0:
            return dict(m.changes).get(m.to)
    return None


def moved_code(prog: Program, lay: Layout, player: int, at: Square, pieces: dict[Square, int]) -> int | None:
    """The code of the piece on ``at`` once it has made a move of its own alone (what its move blocks
    set on it, such as a never-moved attribute), or ``None`` if it has no such move."""
    start = lay.position[at]
    st = _state(prog, player, {lay.position[s]: c for s, c in pieces.items()})
    for m in st.pseudo_moves():
        if m.frm == start and m.to != start and len(m.parts or ()) <= 1:
            return dict(m.changes).get(m.to)
    return None


def _found(m: ZMove, lay: Layout, before: list[int], player: int) -> Found:
    to = lay.square.get(m.to, (-1, -1))
    caps = tuple(
        sorted(lay.square.get(p, (-1, -1)) for p, _ in m.changes if before[p] != EMPTY and before[p] & 15 != player)
    )
    others = tuple(
        (lay.square.get(p[0], (-1, -1)), lay.square.get(p[1], (-1, -1))) for p in m.parts or () if p[0] != m.frm
    )
    return Found(to, caps, m.promo, len(m.parts) if m.parts else 1, others)
