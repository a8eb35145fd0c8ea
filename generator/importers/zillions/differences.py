"""A difference between the entry and the game named as the rule the catalogue cannot state.

The proof (:mod:`.proof`) finds where the two first play differently; where a move only the game plays
is one of a few rules of the corpus the catalogue has no field for, the import is refused with that
rule in one line instead of the position.  Each test looks at the game's moves at that position only,
so a difference it does not recognise keeps its position (a reading error must stay visible):

* castling (the king's move of one of the entry's castlings, with its rook) that the engine's
  conditions forbid: the king or the rook has moved (Zillions keeps no record of it; a game that does
  not check it lets a king or rook that went away and came back castle), the king is in check, or it
  passes an attacked square (a castling block that does not test attacks);
* a capture of a piece the mover leaps over, on the line between its squares (checkers' jump), by any
  of the game's moves there (where it must be made, the entry's other moves differ instead);
* the last move (spelled alike by both) taking, in the game only, a piece on a square it neither left nor
  reached (custodian and intervention captures: Makyek, Gonu);
* a piece turning into another type where it stands, as a move (Cubic chess);
* a pass where the entry has no move (``(option "pass turn" forced)``: High Jump);
* a move, any of the game's here, after which the piece belongs to the other side (Andernach chess: a
  difference in the moves that stay is then that piece's checks, not a misreading).
"""

from __future__ import annotations

from math import gcd

from generator.engine.position import Position
from generator.engine.rules import Castle
from generator.zrf.compiler import EMPTY
from generator.zrf.moves import ZMove
from generator.zrf.notation import ALGEBRAIC, Notation
from generator.zrf.state import State


def genuine(
    pos: Position, state: State, theirs: dict[str, ZMove], only_theirs: list[str], notation: Notation
) -> str | None:
    """The rule the catalogue cannot state that a move of ``only_theirs`` (the game's moves in ``state``,
    the entry's position being ``pos``) plays, or ``None``."""
    for text in only_theirs:
        m = theirs[text]
        castle = _castle(pos, text, m)
        reason = _castling_reason(pos, castle) if castle is not None else None
        if reason is not None:
            return reason
        if m.is_pass and not pos.legal_moves():
            return "a side that has no move passes its turn, which the catalogue cannot state"
        if m.frm >= 0 and m.frm == m.to and m.promo >= 0 and not m.parts:
            return "a piece turns into another where it stands, which the catalogue cannot state"
        if m.piece >= 0 and any(c & 15 == m.piece & 15 for c in m.captured):
            # a block that does not verify not-friend? lands on a friend, as in Zillions: the piece there goes
            return "a piece takes a piece of its own side, which the catalogue cannot state"
    if _took_elsewhere(pos, state, notation):
        return (
            "a move takes a piece on a square it does not reach (as custodian captures do), "
            "which the catalogue cannot state"
        )
    if any(_leaps_over(m, state.board, notation) for m in theirs.values()):
        return "a piece takes by leaping over the piece taken (as in checkers), which the catalogue cannot state"
    if any(m.frm >= 0 and m.placed >= 0 and m.placed & 15 != m.piece & 15 for m in theirs.values()):
        return "a piece changes side as it moves (as in Andernach chess), which the catalogue cannot state"
    return None


def _castle(pos: Position, text: str, m: ZMove) -> Castle | None:
    """The entry's castling of the side to move that the game's two-piece move ``text`` is."""
    if not m.parts or len(m.parts) != 2:
        return None
    name = pos.rules.geo.name
    for c in pos.rules.castles_by_color[pos.turn]:
        if text in (name(c.king_from) + name(c.king_to), name(c.king_from) + name(c.rook_from)):
            return c
    return None


def _castling_reason(pos: Position, c: Castle) -> str | None:
    if not (pos.unmoved >> c.king_from & 1 and pos.unmoved >> c.rook_from & 1):
        return "the game castles with a king or rook that has moved, which the catalogue cannot state"
    if pos.in_check():
        return "the game castles out of check, which the catalogue cannot state"
    if any(pos.attacked(s, 1 - pos.turn, pos.occupied) for s in c.king_path):
        return "the game castles through or into an attacked square, which the catalogue cannot state"
    return None


def _coords(text: str) -> tuple[int, int] | None:
    return (ord(text[0]) - ord("a"), int(text[1:])) if ALGEBRAIC.fullmatch(text) else None


def _leaps_over(m: ZMove, board: list[int], notation: Notation) -> bool:
    """Whether the move takes a piece standing on the line strictly between its from and to."""
    if m.frm < 0 or m.to < 0 or m.parts:
        return False
    a, b = _coords(notation.square(m.frm)), _coords(notation.square(m.to))
    if a is None or b is None or a == b:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    g = gcd(dx, dy)
    line = {(a[0] + k * dx // g, a[1] + k * dy // g) for k in range(1, g)}
    mover = board[m.frm] & 15
    taken = [
        p for p, code in m.changes if code == EMPTY and p != m.frm and board[p] != EMPTY and board[p] & 15 != mover
    ]
    return any(_coords(notation.square(p)) in line for p in taken)


def _took_elsewhere(pos: Position, state: State, notation: Notation) -> bool:
    """Whether the game's last move (the entry made it too, spelled alike) emptied a square it neither left
    nor reached, where the entry's piece still stands."""
    if not state.stack:
        return False
    m, undo = state.stack[-1][0], state.stack[-1][1]
    geo = pos.rules.geo
    for p, old in undo:
        if old == EMPTY or state.board[p] != EMPTY or p in (m.frm, m.to) or not ALGEBRAIC.fullmatch(notation.square(p)):
            continue
        if pos.occupied >> geo.parse(notation.square(p)) & 1:
            return True
    return False
