"""Zillions of Games rules files (.zrf): reader, game model, interpreter, notation and lint.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> from generator.emit.zillions import render_family
>>> rules = load_text(render_family(load_catalogue(DEFAULT_CATALOGUE), "chess"), "Chess.zrf")
>>> perft(start(rules.game(rules.titles()[0])), 3)
8902
"""

from generator.zrf.goals import Outcome
from generator.zrf.interpreter import divide, open_game, perft, start
from generator.zrf.model import Game, RulesFile, load, load_text
from generator.zrf.moves import ZMove
from generator.zrf.notation import Notation
from generator.zrf.program import Program
from generator.zrf.reader import ZrfError, ZrfSyntaxError, read_file, read_text
from generator.zrf.state import State

__all__ = [
    "Game",
    "Notation",
    "Outcome",
    "Program",
    "RulesFile",
    "State",
    "ZMove",
    "ZrfError",
    "ZrfSyntaxError",
    "divide",
    "load",
    "load_text",
    "open_game",
    "perft",
    "read_file",
    "read_text",
    "start",
]
