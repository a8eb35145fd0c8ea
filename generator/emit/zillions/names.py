"""The ZRF names of a variant's piece types: its pieces, swap tokens, promoted forms, the wall and the
paired forms, each unique in the game (numbered where two would clash)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator.catalogue.model import Variant
from generator.emit.fidelity.zillions_blasts import plan
from generator.emit.fidelity.zillions_facing import plan as facing_plan
from generator.emit.fidelity.zillions_royal import pairing
from generator.emit.zillions.forms import promotions
from generator.emit.zillions.text import piece_id


@dataclass(frozen=True)
class Names:
    """ZRF names of one variant's piece types (by letter) and swap tokens (by swap index)."""

    piece: dict[str, str]
    tokens: dict[int, str]
    promoted: dict[str, str] = dataclasses.field(default_factory=dict)  #: letter -> its promoted form's name
    stone: str = ""  #: the wall a piece that captures turns into ("" where none does)
    #: the paired forms of a pseudo-royal type the file retypes (:func:`pairing`): letter -> ZRF name
    paired: dict[str, str] = dataclasses.field(default_factory=dict)
    #: where a blast may take the royal piece: the non-royal form the mover's royal piece takes as it wins
    victor: str = ""
    #: where a pass may draw while the royal pieces face each other: the royal piece's stand-in, which it stays as
    stand_in: str = ""

    def letters(self) -> dict[str, str]:
        """Catalogue letter -> ZRF piece name, a promoted form as ``+P`` (Fairy-Stockfish's FEN letter)."""
        return {**self.piece, **{f"+{x}": name for x, name in self.promoted.items()}}


def _unique(base: str, used: set[str]) -> str:
    name, n = base, 1
    while name in used:
        n += 1
        name = f"{base}{n}"
    used.add(name)
    return name


def names_of(v: Variant) -> Names:
    """The ZRF names of ``v``'s pieces and swap tokens, numbered where two would clash."""
    used: set[str] = set()
    pieces = {p.letter: _unique(piece_id(p.name), used) for p in v.pieces}
    tokens = {i: _unique(f"{pieces[sw.piece]}SwapRight", used) for i, sw in enumerate(v.swaps)}
    promoted = {x: _unique(f"Promoted{pieces[x]}", used) for x, _ in promotions(v)}
    stone = _unique("Stone", used) if v.petrify else ""
    pair = pairing(v)
    letters = {**pieces, **{f"+{x}": name for x, name in promoted.items()}}
    paired = {x: _unique(f"Paired{letters[x]}", used) for x in pair.forms} if pair else {}
    blast = plan(v)
    victor = _unique(f"Victorious{pieces[blast.royal]}", used) if blast is not None and blast.royal else ""
    facing = facing_plan(v)
    stand_in = _unique(f"Passed{pieces[facing.royal]}", used) if facing is not None and facing.bikjang else ""
    return Names(pieces, tokens, promoted, stone, paired, victor, stand_in)


def zrf_piece_names(v: Variant) -> dict[str, str]:
    """FEN letter -> ZRF piece name, for the pieces of ``v``."""
    return dict(names_of(v).piece)
