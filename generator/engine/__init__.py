"""The reference rules engine: every rule of the catalogue, played exactly.

``Position`` holds a position of one variant; ``generate`` (in ``movegen``)
lists or counts its legal moves; ``fen`` reads and writes positions;
``perft`` counts move paths.
"""

from generator.engine.fen import FenError
from generator.engine.moves import Move, uci
from generator.engine.position import Outcome, Position
from generator.engine.rules import Rules

__all__ = ["FenError", "Move", "Outcome", "Position", "Rules", "uci"]
