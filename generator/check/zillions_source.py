"""Entries imported from a Zillions game, compared with the original game through the ZRF interpreter.

An entry written by ``variantgen import FILE.zrf`` names its game (``source: {file, game}``).  The file
is found beside the catalogue, as the import named it; the game is opened by its title or number and
laid out as the import read it (:func:`generator.zrf.layout.layout`: White is the player who moves
first).  Its pieces take the entry's letters by their names, which the import kept.  Before anything
is asked, the game's start position must be the entry's.  The questions are then answered as for any
Zillions file (:class:`~generator.check.zillions.Zillions`), from the start position: the game-end
proofs, which set positions up from a FEN on the emitter's own files, run on the entry's download.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from generator.catalogue.model import Catalogue, Variant
from generator.check.compare import EngineError
from generator.check.zillions import Zillions, _Line
from generator.emit.manifest import GameEntry
from generator.emit.target import Target
from generator.engine import Position
from generator.zrf import Notation, ZrfError, start
from generator.zrf.layout import Layout, layout
from generator.zrf.model import load
from generator.zrf.state import State


def imported_from_zillions(variants: Sequence[Variant]) -> list[Variant]:
    """The variants whose ``source`` is a Zillions game."""
    return [v for v in variants if v.source is not None and v.source.game is not None]


def source_path(catalogue: Catalogue, v: Variant) -> Path:
    """Where ``v``'s game is: its ``source.file`` from the catalogue's folder (``FILE.zip:NAME`` kept whole)."""
    assert v.source is not None and v.source.game is not None
    return Path(catalogue.path).parent / v.source.file


def on_disk(path: Path) -> bool:
    """Whether the rules file (the zip of ``FILE.zip:NAME``) is there."""
    text = str(path)
    return Path(text[: text.lower().index(".zip:") + 4] if ".zip:" in text.lower() else text).is_file()


class ZillionsSources(Zillions):
    """The adapter for the original games of imported entries; ``sources`` lists the files read."""

    def __init__(self, catalogue: Catalogue, variants: Sequence[Variant]) -> None:
        self.lines = {}
        self.notes = ()
        self.sources = []
        for v in variants:
            path = source_path(catalogue, v)
            assert v.source is not None and v.source.game is not None
            try:
                game = load(path).game(v.source.game)
                state = start(game)
            except (OSError, ZrfError) as e:
                raise EngineError(
                    f"{Target.ZILLIONS}: {v.name}: cannot open game {v.source.game!r} of {path}: {e}"
                ) from None
            lay = layout(state.prog)
            if isinstance(lay, str):
                raise EngineError(f"{Target.ZILLIONS}: {v.name}: {game.title!r} of {path}: {lay}")
            letters = {p.name: letter for letter, p in v.piece_index.items()}
            notation = Notation(
                state.prog, letters, lay.names(state.prog), hand=(state.prog.names[p] for p in lay.hands)
            )
            got, want = _board(state, lay, letters), _sorted_pocket(Position.start(v).fen().split(" ")[0])
            if got != want:
                raise EngineError(
                    f"{Target.ZILLIONS}: {v.name}: {game.title!r} of {path} starts from {got}, the entry from {want}"
                )
            state.track_history()
            entry = GameEntry(v.name, game.title, 0, tuple((letter, name) for name, letter in letters.items()), want)
            self.lines[v.name] = _Line(v, game.title, state, notation, entry)
            if str(path) not in self.sources:
                self.sources.append(str(path))


def _sorted_pocket(field: str) -> str:
    """A FEN's first field with the pieces in hand sorted, White's first (no brackets where none is)."""
    board, _, pocket = field.partition("[")
    if not pocket.rstrip("]"):
        return board
    return f"{board}[{''.join(sorted(pocket.rstrip(']'), key=lambda c: (c.islower(), c)))}]"


def _board(state: State, lay: Layout, letters: dict[str, str]) -> str:
    """The game's board as a FEN's first field, each piece by its letter, White's upper case, and the
    pieces in its stores and on its hand positions as the pocket (sorted, White's first)."""
    prog = state.prog
    rows = []
    for rank in range(lay.ranks - 1, -1, -1):
        row, run = "", 0
        for file in range(lay.files):
            p = lay.position.get((file, rank))
            code = state.board[p] if p is not None else -1
            if p is not None and code < 0:
                run += 1
                continue
            row, run = row + (str(run) if run else ""), 0
            if p is None:
                row += "*"
                continue
            letter = letters.get(prog.type_names[code >> 4 & 0xFFF], "?")
            row += letter.upper() if code & 15 == lay.white else letter.lower()
        rows.append(row + (str(run) if run else ""))
    in_hand = [
        (owner, t) for owner in (lay.white, lay.black) for t, n in enumerate(state.stores[owner]) for _ in range(n)
    ]
    in_hand += [(code & 15, code >> 4 & 0xFFF) for p in lay.hands if (code := state.board[p]) >= 0]
    held = [
        letters.get(prog.type_names[t], "?").upper()
        if owner == lay.white
        else letters.get(prog.type_names[t], "?").lower()
        for owner, t in in_hand
    ]
    return "/".join(rows) + (_sorted_pocket(f"[{''.join(held)}]") if held else "")
