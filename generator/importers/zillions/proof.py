"""The proof of an entry read from a Zillions game: the reference engine plays what the game plays.

Both start from the game's start position; at every position of the tree to :data:`DEPTH` - 1 plies the
two must give the same set of moves, spelled in the project's UCI dialect (the interpreter's moves by
:class:`~generator.zrf.notation.Notation` with the entry's letters and squares); at :data:`DEPTH` plies
the perft counts must agree.  Then :data:`GAMES` random games of up to :data:`PLIES` plies (seeded: the
same every run) must meet the same moves at every ply and end alike (both over or both going on, with
the same result).  A difference that is a rule the catalogue cannot state is :class:`Unstatable`, named in
one line (:mod:`.differences`); any other is :class:`Disagreement` with its position.
"""

from __future__ import annotations

import random

from generator.catalogue.model import Variant
from generator.engine import moves as mv
from generator.engine.perft import perft as engine_perft
from generator.engine.position import Position
from generator.importers.zillions.differences import genuine
from generator.zrf import Game, Notation, start
from generator.zrf.interpreter import perft as zrf_perft
from generator.zrf.moves import ZMove
from generator.zrf.state import State

#: the depth of the proof's perft
DEPTH = 3
#: the random games played, and their length
GAMES, PLIES = 4, 120


class Disagreement(Exception):
    """Where the entry and the game first play differently."""


class Unstatable(Disagreement):
    """The entry and the game play differently by a rule the catalogue cannot state (named, :mod:`.differences`)."""


def _differ(pos: Position, state: State, ours: set[str], theirs: dict[str, ZMove], notation: Notation, at: str) -> None:
    """Raise where the two sets of moves differ: :class:`Unstatable` where the difference is a rule
    the catalogue cannot state, else :class:`Disagreement` with the position."""
    if ours == set(theirs):
        return
    only_ours, only_theirs = sorted(ours - set(theirs)), sorted(set(theirs) - ours)
    named = genuine(pos, state, theirs, only_theirs, notation)
    if named is not None:
        raise Unstatable(named)
    raise Disagreement(f"{at}: only the entry plays {only_ours[:5]}, only the game {only_theirs[:5]}")


def prove(
    variant: Variant,
    game: Game,
    letters: dict[str, str],
    squares: dict[str, str],
    depth: int = DEPTH,
    hands: tuple[str, ...] = (),
) -> int:
    """The perft count at ``depth`` on which the two agree; :class:`Disagreement` names the first difference.
    ``hands``: the positions beside the board where the game keeps pieces in hand (a move from one is a drop)."""
    state = start(game)
    notation = Notation(state.prog, letters=letters, squares=squares, hand=hands)
    pos = Position.start(variant)
    _walk(pos, state, notation, depth - 1, [])
    ours, theirs = engine_perft(pos, depth), zrf_perft(state, depth)
    if ours != theirs:
        raise Disagreement(f"perft {depth}: the entry counts {ours}, the game {theirs}")
    rng = random.Random(1)
    for n in range(1, GAMES + 1):
        _game(Position.start(variant), start(game), notation, rng, f"random game {n}")
    return ours


def _game(pos: Position, state: State, notation: Notation, rng: random.Random, name: str) -> None:
    pos.track_history()
    state.track_history()
    line: list[str] = []
    for _ in range(PLIES):
        end, theirs_end = pos.outcome(), state.outcome()
        ours = {} if end is not None else {mv.uci(pos.rules, m): m for m in pos.legal_moves()}
        theirs = {} if theirs_end is not None else notation.moves(state)
        at = f"{name}, after {' '.join(line) or 'the start'}"
        _differ(pos, state, set(ours), theirs, notation, at)
        if (end is None) != (theirs_end is None):
            ends = {True: "ends", False: "goes on"}
            raise Disagreement(f"{at}: the game {ends[theirs_end is not None]}, the entry {ends[end is not None]}")
        if end is not None and theirs_end is not None:
            if end.result != theirs_end.result:
                raise Disagreement(f"{at}: the game ends {theirs_end.result}, the entry {end.result}")
            return
        text = rng.choice(sorted(ours))
        pos.push(ours[text])
        state.push(theirs[text])
        line.append(text)


def _walk(pos: Position, state: State, notation: Notation, depth: int, line: list[str]) -> None:
    ours = {mv.uci(pos.rules, m): m for m in pos.legal_moves()}
    theirs = notation.moves(state)
    _differ(pos, state, set(ours), theirs, notation, f"after {' '.join(line) or 'the start'}")
    if depth <= 0:
        return
    for text, m in sorted(ours.items()):
        pos.push(m)
        state.push(theirs[text])
        _walk(pos, state, notation, depth - 1, [*line, text])
        state.pop()
        pos.pop()
