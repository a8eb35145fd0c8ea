"""Gating (:mod:`generator.engine.gating`): a piece from hand onto the square a first-rank piece leaves
on its first move, in the same move.

* **Gates.** The pieces a side sets up on its first rank carry ``never-moved?``, and every way onto
  the board (a move, a drop, a promotion, a gating) clears it, so a gate is a ``never-moved?`` piece.
  The pieces in hand stand on hand positions (:mod:`.hands`).
* **Moves whose landing ends the block** (leaps, steps, lame leaps, a grasshopper's hop): the landing
  makes the move, then ``gate-after`` makes it again from a gate, once per type in hand: ``to`` keeps
  the piece's square, ``(go from)`` and ``mark`` note the gate, ``cascade`` ends the piece's part, and
  ``gate-from-hand`` picks up the first piece of the type on the hand positions (``from``) and lands
  it on the gate.  A block moves its last piece anew after each ``add`` (``from`` picks another), so
  one block gates every type.
* **Moves whose landing is inside a loop** (slides, a cannon's hop): everything a block did before a
  ``cascade`` stays for each later ``add``, so a slide cannot be cascaded square by square; its gating
  moves start instead by bringing the piece from hand onto the gate (``cascade`` there, then the piece
  on the gate moves as ever), one call per type in hand and per direction leaving the first rank.
* **Castling** (Chess.zrf's cascade of king and rook) then puts a piece from hand on the king's square
  or the rook's, where neither lands.
* **The walk along the first rank** (:mod:`generator.emit.fidelity.zillions_gating`): a gating move off
  the rank first walks the rank both ways from the gate (``gate-pinned``), and a royal piece's step along
  it walks the other way (``gate-open``); ``exposed?`` set, the move comes without its gated piece only, as
  the gated piece would shield the royal piece from a line the move opens.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.catalogue.model import CastlingMove, PieceType, Variant
from generator.emit.fidelity.zillions_gating import gate_types, gated_types, rank_sliders
from generator.emit.zillions.context import Call
from generator.emit.zillions.macros import Group, Macros
from generator.emit.zillions.walks import Kinds

EXPOSED = "exposed?"  #: the flag the walks along the first rank set where a gated piece would shield its royal piece
ALONG = {"e": "w", "w": "e"}  #: the directions along a first rank, each with the other

#: the macro kinds whose landing is the last thing their block does, and those that land in a loop
TAILED = frozenset({"leap", "lame-leap", "hop", "royal-capture"})
LOOPED = frozenset({"slide", "slide-limited"})


def gate_pieces(v: Variant) -> frozenset[str]:
    """The letters of the pieces that gate, where the file writes gating: they carry ``never-moved?``."""
    return frozenset(gate_types(v)) if v.gating and gated_types(v) else frozenset()


class Gating:
    """The gating of one variant's moves, defining the macros it needs in ``macros``."""

    def __init__(self, macros: Macros, v: Variant, names: Mapping[str, str]) -> None:
        self.macros = macros
        self.types = tuple(names[x] for x in gated_types(v)) if v.gating else ()
        self.gates = gate_pieces(v)
        self.kinds = Kinds(names, macros)
        self.sliders = rank_sliders(v) or {}
        self.royals = tuple(p.letter for p in v.pieces if p.royal)

    def moves(self, p: PieceType, calls: list[Call]) -> list[Call]:
        """``p``'s moves, with its gating moves where it is a gate's type."""
        if p.letter not in self.gates:
            return calls
        out: list[Call] = []
        for c in calls:
            kind = self.macros.kind_of(c.macro) if c.args else ""
            looped = kind in LOOPED or (kind == "hop" and self.macros.params_of(c.macro).get("hop") == "p")
            if looped:
                out.append(c)
                if not c.args[0].startswith("s"):  # a direction back off the first rank leaves no gate
                    out += self._gated_slides(p, c)
            elif kind in TAILED:
                out.append(Call(c.macro, (*c.args[:-1], self._after(c.args[-1], self._walk(p, c.args[0])))))
            else:
                out.append(c)
        return out

    def _gated_slides(self, p: PieceType, c: Call) -> list[Call]:
        """The slide ``c`` from a gate, once per type in hand: off the rank, only where ``gate-pinned`` finds the
        piece no shield of its royal piece."""
        if p.royal or c.args[0] in ALONG or not any(self.sliders.values()):
            gated = self.macros.again(c.macro, "-gated", gated=True)
        else:
            gated = self.macros.again(c.macro, "-gated-pinned", gated=True, pin=self._pinned(), hit=EXPOSED)
        return [Call(gated, (*c.args, t)) for t in self.types]

    def _walk(self, p: PieceType, direction: str) -> str:
        """The walk that sets ``exposed?`` before ``p``'s gating move in ``direction`` ("" where none is needed):
        a royal piece's step along the rank looks behind it, any other piece's move off the rank looks for a
        pin along it."""
        if p.royal:
            if direction not in ALONG:
                return ""
            behind = ALONG[direction]
            sliders = self.sliders.get(1 if behind == "e" else -1, ())
            if not sliders:
                return ""
            name = self.macros.use(Group.GATING, "gate-open", "gate-open", hit=EXPOSED)
            return f"({name} {behind} {self.kinds.kind(sliders)})"
        return "" if direction in ALONG or not any(self.sliders.values()) else f"({self._pinned()})"

    def _pinned(self) -> str:
        """The walk both ways along the rank from a gate: ``exposed?`` where the player's royal piece stands first
        one way and an enemy slider along the rank first the other."""
        line = self.macros.use(Group.GATING, "gate-line", "gate-line", hit=EXPOSED)
        royal = self.kinds.kind(self.royals)
        walks = tuple(
            f"({line} {d} {royal} {ALONG[d]} {self.kinds.kind(self.sliders.get(1 if ALONG[d] == 'e' else -1, ()))})"
            for d in ALONG
            if self.sliders.get(1 if ALONG[d] == "e" else -1)
        )
        return self.macros.use(
            Group.GATING, "gate-pinned", "gate-pinned", hit=EXPOSED, lines=(f"(set-flag {EXPOSED} false)", *walks)
        )

    def _after(self, land: str, walk: str) -> str:
        """``land``, then the same move from a gate with each type in hand put there (``walk`` first, where the
        move needs one, and then only where it found no line opened onto the royal piece)."""
        if not walk:
            name = self.macros.use(Group.GATING, "gate-after", "gate-after", gates=self.types, picker=self.picker())
            return f"({name} {land})"
        name = self.macros.use(
            Group.GATING, "gate-after-walked", "gate-after", gates=self.types, picker=self.picker(), hit=EXPOSED
        )
        return f"({name} {land} {walk})"

    def picker(self) -> str:
        """The macro that puts the first piece of a type in hand onto a square."""
        return self.macros.use(Group.GATING, "gate-from-hand", "gate-from-hand")

    def castle_squares(self, cm: CastlingMove) -> tuple[str, ...]:
        """The squares a castling may gate: the king's and the rook's, where neither lands."""
        if not self.types:
            return ()
        landings = (cm.king_to, cm.rook_to)
        return tuple(s.name for s in (cm.king_from, cm.rook_from) if s not in landings)
