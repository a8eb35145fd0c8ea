"""The reference rules engine: every rule of the catalogue, played exactly.

``Position`` holds a position of one variant; ``generate`` (in ``movegen``)
lists or counts its legal moves; ``fen`` reads and writes positions;
``perft`` counts move paths.  ``COMPILED`` says whether these modules run compiled by mypyc (a wheel
built with ``VARIANTGEN_MYPYC=1``, see ``setup.py``) or as Python.
"""

from generator.engine import movegen as _movegen
from generator.engine.fen import FenError
from generator.engine.moves import Move, uci
from generator.engine.position import Outcome, Position
from generator.engine.rules import Rules

#: whether the engine's modules are the compiled ones (``moves.py`` stays Python: its ``Walled`` subclasses tuple)
COMPILED = not _movegen.__file__.endswith(".py")

__all__ = ["COMPILED", "FenError", "Move", "Outcome", "Position", "Rules", "uci"]
