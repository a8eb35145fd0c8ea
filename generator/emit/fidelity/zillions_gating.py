"""Gating in the Zillions files: left out, and why no idiom of the corpus plays it exactly.

What was tried (the branch's commit "Zillions gating, tried: ..." holds it, run through the ZRF
interpreter on S-Chess and S-House): the pieces in hand on hand positions (:mod:`generator.emit.zillions.hands`),
the first rank's pieces as gates while ``never-moved?`` (every way onto the board clearing it), and a
``cascade`` that brings the first piece of a type from the hand positions onto the square a gate
leaves; castling likewise onto the king's square or the rook's.  The cross-check then found two rules
of Fairy-Stockfish's gating that no ZRF statement reaches:

* Zillions judges a move by the position it leaves, where the gated piece may shield its own king
  along the first rank (a piece pinned on that rank moves with a piece gated behind it); the
  reference, as Fairy-Stockfish, judges a gating move without the gated piece
  (:mod:`generator.engine.gating`).  A move block can test the board only as it was before the move.
  The check found it in S-House (game 2, ply 47): at ``rEb1k2r/p1hh3p/2n1p1pn/P1p1Ep2/1P1p4/4b1Pp/
  PpQPNP1P/RNBK1B1R[q] b ABCFHkqc - 1 24`` the bishop on c8, pinned by the elephant on b8, moved with
  a queen gated behind it (``c8b7q``, ``c8a6q``).
* Zillions' repetition compares whole positions, pieces with their attributes (as the interpreter
  plays Zillions' ``repetition`` goal), and a gate must be written on the board to be read at all;
  Fairy-Stockfish's position key leaves the gates out, so a knight's round trip repeats the start for
  it (the check's repetition proof: a draw on the eighth ply) and not for the file.

Besides, a block varies only its last moving piece (``from`` picks another after each ``add``; what it
did before a ``cascade`` stays for every later ``add``), so a slide's gating moves take one block per
type in hand and per direction off the first rank: the S-Chess family's file grew from 38.4 to
49.8 KB.  (That alone would now only cut the family into two downloads, :mod:`generator.emit.zillions.downloads`;
the two differences above are what keeps gating out.)
"""

from __future__ import annotations

import dataclasses

from generator.emit.fidelity.notes import Notes


def check(notes: Notes) -> None:
    """Gating: left out, and with it the pieces in hand where nothing else brings them onto the board."""
    v = notes.variant
    repeats = ", and repeats a position only with the same pieces still able to gate" if v.draws.repetition else ""
    notes.add(
        "gating",
        "A cascade could bring a piece from hand onto the square a first-rank piece leaves, but Zillions judges "
        "the move by the position it leaves, where the gated piece would shield its king along the first rank "
        f"(Fairy-Stockfish judges it without){repeats}: gating is left out"
        + ("." if v.drops else ", and with it the pieces in hand, which have no other way onto the board."),
    )
    notes.relax(gating=False, setup=v.setup if v.drops else dataclasses.replace(v.setup, pockets=()))
