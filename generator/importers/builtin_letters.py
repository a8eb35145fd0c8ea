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
from generator.engine import Position


@functools.lru_cache(maxsize=1)
def _builtins() -> tuple[tuple[Variant, str], ...]:
    """The shipped built-ins, each with its start position's board."""
    catalogue = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
    return tuple((v, _board(v)) for v in catalogue.variants if v.fairy_stockfish_builtin)


def _board(v: Variant) -> str:
    """The start position's board, a character per square (``.`` empty, ``*`` a hole)."""
    fen = Position.start(v).fen().split()[0].split("[")[0]
    return "".join("." * int(run) if run.isdigit() else run for run in _runs(fen))


def _runs(fen: str) -> list[str]:
    out: list[str] = []
    for ch in fen:
        if ch.isdigit() and out and out[-1].isdigit():
            out[-1] += ch
        elif ch != "/":
            out.append(ch)
    return out


def _same_moves(a: PieceType, b: PieceType) -> bool:
    return (a.movement, a.roles, a.region, a.advanced, a.line_moves) == (
        b.movement,
        b.roles,
        b.region,
        b.advanced,
        b.line_moves,
    )


def _pairing(ours: str, theirs: str) -> dict[str, str] | None:
    """Our letter -> theirs, from two boards square by square; None where they differ but for letters."""
    pairs: dict[str, str] = {}
    for a, b in zip(ours, theirs, strict=True):
        if (a in ".*" or b in ".*") and a != b:
            return None
        if a in ".*":
            continue
        if a.isupper() != b.isupper() or pairs.setdefault(a.upper(), b.upper()) != b.upper():
            return None
    if len(set(pairs.values())) != len(pairs):
        return None
    return pairs


def builtin_letters(variant: Variant) -> dict[str, str] | None:
    """``variant``'s letter -> the letter of the same piece in a built-in it sets up and moves as (see
    the module's docstring); None if there is none."""
    if any(p.letter.startswith("+") for p in variant.pieces):
        return None
    board = _board(variant)
    for ref, ref_board in _builtins():
        if (ref.board.files, ref.board.ranks) != (variant.board.files, variant.board.ranks):
            continue
        pairs = _pairing(board, ref_board)
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
