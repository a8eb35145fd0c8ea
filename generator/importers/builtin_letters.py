"""The letters of a Fairy-Stockfish built-in, for an imported game that sets up and moves its pieces as
that built-in does.

An importer names a piece by what it reads (a Zillions game's ``Alfil`` is ``A``); where the game is
a built-in, say Shatranj, Fairy-Stockfish's own letters (``B`` for the alfil) keep its positions in
the FEN every engine and site reads for that game.  A built-in qualifies when its board is the
entry's, its start position is the entry's but for the letters (one letter for each, the same for
both sides), and each piece, paired by that renaming, moves as its counterpart (Betza read as moves,
its roles, region and advanced moves alike); a piece not in the start position pairs with the
built-in's one piece of the same moves left unpaired.  The built-ins are the shipped
``fairy-stockfish`` catalogue's entries, which the checks hold to Fairy-Stockfish.

>>> from generator.catalogue.loader import load_catalogue_text
>>> plain = load_catalogue_text("variants:\\n  plain:\\n    extends: fairy-stockfish:chess\\n    title: Plain\\n")
>>> builtin_letters(plain.variants[0])
{'B': 'B', 'K': 'K', 'N': 'N', 'P': 'P', 'Q': 'Q', 'R': 'R'}
"""

from __future__ import annotations

import functools

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import PieceType, Variant


@functools.lru_cache(maxsize=1)
def _builtins() -> tuple[Variant, ...]:
    """The shipped built-ins."""
    return tuple(v for v in load_catalogue(FAIRY_STOCKFISH_CATALOGUE).variants if v.fairy_stockfish_builtin)


def _same_moves(a: PieceType, b: PieceType) -> bool:
    return (a.movement, a.roles, a.region, a.advanced, a.line_moves) == (
        b.movement,
        b.roles,
        b.region,
        b.advanced,
        b.line_moves,
    )


def _pairing(ours: Variant, theirs: Variant) -> dict[str, str] | None:
    """Our letter -> theirs, from the two start positions square by square (pieces in hand alike); None
    where they differ but for the letters."""
    a, b = ours.setup, theirs.setup
    if (ours.board, a.to_move, a.promoted, b.promoted) != (theirs.board, b.to_move, (), ()):
        return None
    mine = {(sq, color): letter for sq, color, letter in a.placement}
    other = {(sq, color): letter for sq, color, letter in b.placement}
    if mine.keys() != other.keys():
        return None
    pairs: dict[str, str] = {}
    for key, letter in mine.items():
        if pairs.setdefault(letter, other[key]) != other[key]:
            return None
    held = {(color, pairs.get(letter), n) for color, letter, n in a.pockets}
    if len(set(pairs.values())) != len(pairs) or held != set(b.pockets):
        return None
    return pairs


def builtin_letters(variant: Variant) -> dict[str, str] | None:
    """``variant``'s letter -> the letter of the same piece in a built-in it sets up and moves as (see
    the module's docstring); None if there is none."""
    for ref in _builtins():
        pairs = _pairing(variant, ref)
        if pairs is None:
            continue
        theirs = {q.letter: q for q in ref.pieces}
        for p in variant.pieces:  # the pieces the start position does not show: the one of the same moves left
            if p.letter not in pairs:
                free = [q.letter for q in ref.pieces if q.letter not in pairs.values() and _same_moves(p, q)]
                pairs[p.letter] = free[0] if len(free) == 1 else ""
        if all(b in theirs and _same_moves(variant.piece(a), theirs[b]) for a, b in pairs.items()):
            return dict(sorted(pairs.items()))
    return None
