"""What a position's royal pieces and material decide: bikjang (``DrawRules.bikjang``: the royal pieces
facing each other on a file or rank with nothing between) and point counting (``DrawRules.points``: whom a
game end that would be a draw goes to), both as Fairy-Stockfish reads them (``bikjangRule``,
``materialCounting``)."""

from __future__ import annotations

from typing import Any, Protocol

from generator.catalogue.model import Color
from generator.engine import moves as mv
from generator.engine.geometry import Bitboard
from generator.engine.moves import Move
from generator.engine.outcome import Outcome, Reason
from generator.engine.rules import Rules

#: the rook's four directions, along which the royal pieces face each other
_LINES = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Material(Protocol):
    """What these rules read of a position (a :class:`~generator.engine.state.State`)."""

    rules: Rules
    by_color: list[Bitboard]
    by_type: list[Bitboard]

    @property
    def occupied(self) -> Bitboard: ...

    def royals(self, color: int) -> Bitboard: ...


class Played(Material, Protocol):
    """A position with the moves that led to it."""

    stack: list[Any]

    def played(self, back: int) -> Move: ...


class Playable(Material, Protocol):
    """A position whose moves can be played out."""

    def push(self, m: Move) -> None: ...

    def pop(self) -> Move: ...


def parted(pos: Playable, moves: list[Move]) -> list[Move]:
    """Of ``moves``, made where the royal pieces face each other, the pass and those that part them."""
    out = []
    for m in moves:
        pos.push(m)
        if m[0] == mv.PASS or not kings_face(pos):
            out.append(m)
        pos.pop()
    return out


def kings_face(pos: Material) -> bool:
    """Whether each side has one royal piece and the two see each other along a rook's line (whichever side
    is to move, both are in bikjang then)."""
    white, black = pos.royals(0), pos.royals(1)
    if not white or not black or white & (white - 1) or black & (black - 1):
        return False
    geo, occ, start = pos.rules.geo, pos.occupied, white.bit_length() - 1
    for v in _LINES:
        s = geo.offset(start, v)
        while s is not None and not occ >> s & 1:
            s = geo.offset(s, v)
        if s is not None and black >> s & 1:
            return True
    return False


def drawn_for(pos: Material) -> Color | None:
    """The side a game end that would be a draw goes to: the side with draw odds, or with point counting
    the side with more points (equal points: None, a draw)."""
    rules = pos.rules
    if rules.points is None:
        return rules.draw_odds
    values, bonus = rules.points
    score = [
        bonus[c] + sum(n * (pos.by_type[t] & pos.by_color[c]).bit_count() for t, n in enumerate(values) if n)
        for c in (0, 1)
    ]
    return None if score[0] == score[1] else Color.WHITE if score[0] > score[1] else Color.BLACK


def passed_end(pos: Played) -> Outcome | None:
    """The end the last move makes if it passed: a pass that leaves the royal pieces facing (which no other
    move may, :func:`parted`), or a second pass in a row, where those rules hold."""
    rules = pos.rules
    if not (rules.bikjang or rules.double_pass) or not pos.stack or pos.played(1)[0] != mv.PASS:
        return None
    if rules.bikjang and kings_face(pos):
        return Outcome(drawn_for(pos), Reason.BIKJANG)
    if rules.double_pass and len(pos.stack) > 1 and pos.played(2)[0] == mv.PASS:
        return Outcome(drawn_for(pos), Reason.DOUBLE_PASS)
    return None
