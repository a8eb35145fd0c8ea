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
"""

from __future__ import annotations

from generator.catalogue.model import CastlingMove, PieceType, Variant
from generator.emit.fidelity.zillions_gating import gate_types, gated_types
from generator.emit.zillions.context import Call
from generator.emit.zillions.macros import Group, Macros

#: the macro kinds whose landing is the last thing their block does, and those that land in a loop
TAILED = frozenset({"leap", "lame-leap", "hop", "royal-capture"})
LOOPED = frozenset({"slide", "slide-limited"})


def gate_pieces(v: Variant) -> frozenset[str]:
    """The letters of the pieces that gate, where the file writes gating: they carry ``never-moved?``."""
    return frozenset(gate_types(v)) if v.gating and gated_types(v) else frozenset()


class Gating:
    """The gating of one variant's moves, defining the macros it needs in ``macros``."""

    def __init__(self, macros: Macros, v: Variant, piece: dict[str, str]) -> None:
        self.macros = macros
        self.types = tuple(piece[x] for x in gated_types(v)) if v.gating else ()
        self.gates = gate_pieces(v)

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
                    gated = self.macros.again(c.macro, "-gated", gated=True)
                    out += [Call(gated, (*c.args, t)) for t in self.types]
            elif kind in TAILED:
                out.append(Call(c.macro, (*c.args[:-1], self._after(c.args[-1]))))
            else:
                out.append(c)
        return out

    def _after(self, land: str) -> str:
        """``land``, then the same move from a gate with each type in hand put there."""
        name = self.macros.use(Group.GATING, "gate-after", "gate-after", gates=self.types, picker=self.picker())
        return f"({name} {land})"

    def picker(self) -> str:
        """The macro that puts the first piece of a type in hand onto a square."""
        return self.macros.use(Group.GATING, "gate-from-hand", "gate-from-hand")

    def castle_squares(self, cm: CastlingMove) -> tuple[str, ...]:
        """The squares a castling may gate: the king's and the rook's, where neither lands."""
        if not self.types:
            return ()
        landings = (cm.king_to, cm.rook_to)
        return tuple(s.name for s in (cm.king_from, cm.rook_from) if s not in landings)
