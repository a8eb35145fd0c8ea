"""Fairy-Stockfish's own pieces by name, with the moves it gives each (their rows in :mod:`.table`): what a
section's ``knight = n`` or ``janggiCannon = c`` means, for the read-back and the importers.

>>> NAMED_BETZA["janggiCannon"], NAMED_BETZA["silver"]
('pR', 'fWF')
"""

from __future__ import annotations

from generator.emit.fairy_stockfish.table import ROWS

__all__ = ["NAMED_BETZA"]

#: FSF's piece option -> the moves it gives the piece, in Betza
NAMED_BETZA = {row.key: row.betza for row in ROWS if row.betza is not None}
