"""The build's targets: every kind of output, one enum member each.

A target's value is its name on the command line, in the build's summary and in ``list --json``;
:attr:`Target.product` is how a person would name it.  Each registry is keyed by it: the emitters
(:data:`generator.emit.output.EMITTERS`), the fidelity checks (:data:`generator.emit.fidelity.ANALYSED`)
and the check adapters (:data:`generator.check.command.ADAPTERS`); ``tests/test_targets.py`` holds
every member to an emitter, and every target with fidelity checks to a check adapter.

>>> Target("zillions") is Target.ZILLIONS, f"{Target.FAIRY_STOCKFISH}", Target.ZILLIONS.product
(True, 'fairy-stockfish', 'Zillions of Games')
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Target"]


class Target(StrEnum):
    """One kind of output: an engine's rules file, an upload, pictures, a page."""

    FAIRY_STOCKFISH = "fairy-stockfish"
    ZILLIONS = "zillions"
    #: pychess-variants uploads: Fairy-Stockfish sections of the variants it plays exactly
    PYCHESS = "pychess"
    DIAGRAMS = "diagrams"
    PAGE = "page"
    PLAY = "play"

    @property
    def product(self) -> str:
        """The target as a person names it."""
        return _PRODUCTS[self]

    @property
    def unit(self) -> str:
        """What it holds of one variant: a ``section``, a ``game``, an ``upload``, a ``picture``..."""
        return _UNITS[self]


_PRODUCTS = {
    Target.FAIRY_STOCKFISH: "Fairy-Stockfish",
    Target.ZILLIONS: "Zillions of Games",
    Target.PYCHESS: "pychess-variants",
    Target.DIAGRAMS: "diagrams",
    Target.PAGE: "the catalogue's page",
    Target.PLAY: "the play page",
}
_UNITS = {
    Target.FAIRY_STOCKFISH: "section",
    Target.ZILLIONS: "game",
    Target.PYCHESS: "upload",
    Target.DIAGRAMS: "picture",
    Target.PAGE: "entry",
    Target.PLAY: "game",
}
