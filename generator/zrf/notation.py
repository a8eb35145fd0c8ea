"""ZRF moves in the project's UCI dialect (see ``generator.engine.moves``).

* squares: the position's own name when it is algebraic (``e2``, ``a10``), else
  file letter + rank number worked out from a two-dimensional grid (files = the
  first dimension, ranks counted from the last label of the second), else the
  position name as it is; ``squares={name: text}`` overrides;
* a move: the moving piece's from and to (``e2e4``); for a move of several pieces
  (``cascade``) the royal piece's part if one moves (castling is the king's own
  move, ``e1g1``, or, where the king moves one file or none, or with ``onto_rook`` (Chess960) always, the
  king onto the other piece's square, ``d1a1``, as Fairy-Stockfish writes it), else the first piece's;
* promotion: the lower-case letter of the new type (``e7e8q``), or ``+`` for a type
  lettered ``+X`` (promotion by piece, Fairy-Stockfish's ``b2h8+``), ``-`` from a type lettered
  ``+X`` to the type lettered ``X`` (demotion, Fairy-Stockfish's ``a1a2-``); none to a type lettered
  ``*``, a wall (a piece that turns to stone as it takes, Fairy-Stockfish's ``d1d7``);
* drop: ``N@f3`` (upper-case letter), also a move from a hand position (``hand=``: the
  positions where pieces in hand stand), with the letter of the type it lands as (``+N@f3``,
  Fairy-Stockfish's drop of a piece as what it promotes to); pass: ``0000``, also a move that changes
  nothing (a piece staying put, a copy of it added on its own square) or only a piece into one of the same
  letter on its own square (a royal piece staying as its stand-in);
* gating, a move of several pieces one of which comes from a hand position: the other pieces'
  move, then the lower-case letter of the piece from hand (``g1f3h``); where that piece goes onto
  another square than the one the lead piece left (castling's rook square), that square, then the
  lead piece's (``h1e1h``), as Fairy-Stockfish writes it.

Letters: ``letters={piece name: letter}`` overrides; otherwise the first letter
of the piece's ``notation`` if it has one, the usual letter of a chess piece
name (Knight is N), else the first letter of the name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from generator.zrf.moves import ZMove
from generator.zrf.program import Program
from generator.zrf.state import State

ALGEBRAIC = re.compile(r"[a-z][0-9]+")
WALL = "*"  #: the letter of a wall: a move that turns its piece into one is spelt as the move alone
CHESS_LETTERS = {"King": "K", "Queen": "Q", "Rook": "R", "Bishop": "B", "Knight": "N", "Pawn": "P"}


def default_letter(name: str, notation: str = "") -> str:
    if notation.strip():
        return notation.strip()[0].upper()
    if name in CHESS_LETTERS:
        return CHESS_LETTERS[name]
    return name[:1].upper() or "?"


class Notation:
    """Spells moves of one compiled game (``uci``) and reads them back (``parse``)."""

    def __init__(
        self,
        prog: Program,
        letters: dict[str, str] | None = None,
        squares: dict[str, str] | None = None,
        hand: Iterable[str] = (),
        onto_rook: bool = False,
    ) -> None:
        self.prog = prog
        #: castling spelled as the royal piece onto the other piece's square, however far it moves (Chess960)
        self.onto_rook = onto_rook
        game = prog.game
        letters = letters or {}
        self.letters = [
            letters.get(name) or default_letter(name, game.pieces[name].notation) for name in prog.type_names
        ]
        squares = squares or {}
        self.squares = [squares.get(n) or _square_name(prog, i) for i, n in enumerate(prog.names)]
        #: the hand positions: a move from one is a drop
        self.hand = frozenset(prog.index[n] for n in hand if n in prog.index)

    def letter(self, t: int) -> str:
        return self.letters[t]

    def square(self, p: int) -> str:
        return self.squares[p]

    def uci(self, m: ZMove) -> str:
        if m.to < 0 or not (m.changes or m.stores) or self._stays(m):
            return "0000"  # a pass, or a piece staying put (a copy added on its own square)
        frm, to, promo = m.frm, m.to, m.promo
        if m.parts:
            parts = [p for p in m.parts if p[0] not in self.hand]
            if len(parts) < len(m.parts) and parts:  # gating: a piece from hand onto a square a piece left
                return self._gating(m.parts, parts)
            frm, to, promo = self._lead(m.parts)
        if frm < 0 or frm in self.hand:
            return f"{self.letters[promo if promo >= 0 else m.piece >> 4 & 0xFFF]}@{self.squares[to]}"
        return self.squares[frm] + self.squares[to] + self._promotion(m.piece >> 4 & 0xFFF, promo)

    def _stays(self, m: ZMove) -> bool:
        """Whether ``m`` leaves its piece on its square as a piece of the same letter (a stand-in) and moves none."""
        return (
            m.frm == m.to
            and not m.parts
            and m.promo >= 0
            and self.letters[m.promo] == self.letters[m.piece >> 4 & 0xFFF]
        )

    def _lead(self, parts: Sequence[tuple[int, int, int, int]]) -> tuple[int, int, int]:
        """The squares and promotion of a move of several pieces: the royal piece's (else the first's); where
        the royal piece moves one file or none, or with ``onto_rook`` always, it takes the other piece's square
        (castling, as Fairy-Stockfish writes it)."""
        royal = self.prog.royal_types
        lead = next((p for p in parts if p[2] >> 4 & 0xFFF in royal), parts[0])
        frm, to = lead[0], lead[1]
        promo = lead[3] >> 4 & 0xFFF if lead[3] >= 0 and lead[3] & 0xFFF0 != lead[2] & 0xFFF0 else -1
        other = next((p for p in parts if p is not lead), None)
        if other is not None and other[0] != to and (self.onto_rook or self._files_apart(frm, to) <= 1):
            to = other[0]
        return frm, to, promo

    def _gating(self, whole: Sequence[tuple[int, int, int, int]], parts: Sequence[tuple[int, int, int, int]]) -> str:
        """A gating move (``whole``; ``parts``, those of the pieces on the board): the board pieces' move, then
        the letter of the piece from hand; where that piece goes onto another square than the one the lead piece
        left (castling's rook square), that square first."""
        gate = next(p for p in whole if p[0] in self.hand)
        frm, to, _ = self._lead(parts)
        gated = self.letters[gate[2] >> 4 & 0xFFF].lower()
        if gate[1] != frm:
            return self.squares[gate[1]] + self.squares[frm] + gated
        return self.squares[frm] + self.squares[to] + gated

    def _promotion(self, was: int, promo: int) -> str:
        """What a move from a piece of type ``was`` that becomes one of type ``promo`` (-1: none) ends with."""
        if promo < 0 or self.letters[promo] == WALL:
            return ""
        letter = self.letters[promo]
        if self.letters[was] == f"+{letter}":
            return "-"
        return "+" if letter.startswith("+") else letter.lower()

    def _files_apart(self, a: int, b: int) -> int:
        """How many files apart two squares named algebraically are (99 for other names)."""
        x, y = self.squares[a], self.squares[b]
        return abs(ord(x[0]) - ord(y[0])) if ALGEBRAIC.fullmatch(x) and ALGEBRAIC.fullmatch(y) else 99

    def moves(self, state: State) -> dict[str, ZMove]:
        """The legal moves of ``state`` by spelling (the first of moves spelled alike)."""
        out: dict[str, ZMove] = {}
        for m in state.legal_moves():
            out.setdefault(self.uci(m), m)
        return out

    def merged_into(self, state: State, text: str) -> ZMove | None:
        """The legal move that ``text`` was merged into, as a move leaving the same position (see
        :meth:`State.legal_moves`); None where no move generated is spelled ``text``."""
        found = next((m for m in state.unmerged_moves() if self.uci(m) == text), None)
        if found is None:
            return None
        key = found.key()
        return next((m for m in state.legal_moves() if m.key() == key), None)

    def parse(self, state: State, text: str) -> ZMove:
        """The legal move spelled ``text``; ``ValueError`` if there is none."""
        m = self.moves(state).get(text)
        if m is None:
            raise ValueError(f"{text!r} is not a legal move here (legal: {' '.join(sorted(self.moves(state)))})")
        return m

    def push(self, state: State, text: str) -> None:
        state.push(self.parse(state, text))


def _square_name(prog: Program, p: int) -> str:
    name = prog.names[p]
    if ALGEBRAIC.fullmatch(name):
        return name
    b = prog.game.board
    coord = b.coords[p]
    if coord is not None and len(coord) == 2 and len(b.grids[b.grid_of[p]]) == 2:
        ranks = len(b.grids[b.grid_of[p]][1])
        if coord[0] < 26:
            return f"{'abcdefghijklmnopqrstuvwxyz'[coord[0]]}{ranks - coord[1]}"
    return name
