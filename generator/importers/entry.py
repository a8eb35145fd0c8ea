"""A section, read back into the model (:class:`~generator.emit.fairy_stockfish.reading.Stated`), as a
catalogue entry: the plain data ``variants.yaml`` holds, keys the model's defaults would give left out.

:func:`entry_data` gives an entry's every key; :func:`difference` what a child restates over its
parent, as ``extends`` merges it (mappings key by key, ``setup`` and everything else whole, null for
a key the child drops).  Squares are written as ranges along a rank (``a2-h2``).

>>> squares_text({Square(0, 1), Square(1, 1), Square(2, 1), Square(4, 3)})
['a2-c2', 'e4']
>>> difference({"a": 1, "b": {"x": 1, "y": 2}, "c": 3}, {"a": 1, "b": {"x": 2, "y": 2}, "d": 4})
{'b': {'x': 2}, 'd': 4, 'c': None}
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Color, Drops, Goals, PawnRules, Promotion, Square
from generator.emit.fairy_stockfish.reading import Stated
from generator.emit.fairy_stockfish.table import KING, Opt
from generator.emit.fairy_stockfish.values import FILES
from generator.emit.fidelity.fairy_stockfish import PawnDrops
from generator.emit.fidelity.fsf_pieces import PieceKind
from generator.importers.options import PRIVATE, Rules
from generator.importers.translate import piece_order

__all__ = ["difference", "entry_data", "piece_name", "squares_text"]

Data = dict[str, Any]


def _square(sq: Square) -> str:
    return f"{FILES[sq.file]}{sq.rank + 1}"


def squares_text(squares: Iterable[Square]) -> list[str]:
    """``squares`` as squares and ranges along a rank, rank by rank."""
    out = []
    by_rank: dict[int, list[int]] = {}
    for sq in squares:
        by_rank.setdefault(sq.rank, []).append(sq.file)
    for rank in sorted(by_rank):
        files = sorted(by_rank[rank])
        start = prev = files[0]
        for f in [*files[1:], None]:
            if f is not None and f == prev + 1:
                prev = f
                continue
            first, last = _square(Square(start, rank)), _square(Square(prev, rank))
            out.append(first if start == prev else f"{first}-{last}")
            if f is not None:
                start = prev = f
    return out


def piece_name(pt: str, letter: str) -> str:
    """A piece's name from its FSF type: ``janggiElephant`` -> ``Janggi elephant``; a custom piece by letter."""
    if pt.startswith(("customPiece", PRIVATE)):
        return f"Piece {letter.upper()}"
    words = re.sub(r"([A-Z])", r" \1", pt).lower()
    return words[0].upper() + words[1:]


@functools.cache
def known_names() -> dict[tuple[str, bool, bool], str]:
    """(Betza, royal, pawn) -> the name the shipped catalogues give a piece that moves so (Fairy-Stockfish's
    built-ins' first, whose names its users know, then the seed variants').

    >>> known_names()[("BN", False, False)], known_names()[("KN", False, False)]
    ('Archbishop', 'Centaur')
    """
    out: dict[tuple[str, bool, bool], str] = {}
    for path in (FAIRY_STOCKFISH_CATALOGUE, DEFAULT_CATALOGUE):
        for v in load_catalogue(path).variants:
            for p in v.pieces:
                out.setdefault((p.movement.render(), p.royal, p.pawn), p.name)
    return out


def _custom_name(betza: str, royal: bool, pawn: bool) -> str:
    """A custom piece's name: the name of the piece it equals, else its Betza."""
    return known_names().get((betza, royal, pawn), betza)


def _plain(value: Any) -> Any:
    """A model value as YAML data."""
    if isinstance(value, Color):
        return value.word
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) for x in value):
            return {x: _plain(y) for x, y in value}
        return [_plain(x) for x in value]
    return value


def _struct(obj: Any, required: tuple[str, ...] = (), skip: tuple[str, ...] = ()) -> Data:
    """A model dataclass as a mapping of its fields that differ from their defaults (``required`` always)."""
    out: Data = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name in skip or (f.name not in required and value == f.default):
            continue
        if dataclasses.is_dataclass(value):
            out[f.name] = _struct(value)
        elif value is not None:
            out[f.name] = _plain(value)
    return out


def _sides(pair: tuple[frozenset[Square], frozenset[Square]]) -> Data:
    return {"white": squares_text(pair[0]), "black": squares_text(pair[1])}


def _pieces(stated: Stated, rules: Rules) -> Data:
    types = {letter.upper(): pt for pt, (letter, _) in rules.pieces.items()}
    royal = rules.pieces[KING].letter.upper() if KING in rules.pieces else None
    lines = dict(stated.line_moves)
    out: Data = {}
    named: set[str] = set()
    for p in sorted(stated.pieces, key=lambda p: piece_order(types[p.letter])):
        name = piece_name(types[p.letter], p.letter)
        if name.startswith("Piece "):
            name = _custom_name(p.betza, p.letter == royal, p.pawn)
            name = f"{name} {p.letter}" if name in named else name  # two alike: told apart by letter
        named.add(name)
        piece: Data = {"name": name, "betza": p.betza}
        roles = [r for r, on in (("royal", p.letter == royal), ("pawn", p.pawn)) if on]
        if roles:
            piece["roles"] = roles
        if p.region is not None:
            piece["region"] = _sides(p.region)
        if p.advanced is not None:
            piece["advanced"] = {"rank": p.advanced, "betza": "fsW"}
        if p.letter in lines:
            piece["line_moves"] = lines[p.letter]
        out[p.letter] = piece
    return out


def _setup(stated: Stated, order: list[str]) -> Data:
    sides: dict[Color, dict[str, list[Square]]] = {Color.WHITE: {}, Color.BLACK: {}}
    # a piece that starts promoted is written under ``+`` and the letter it was promoted from
    was = dict(stated.setup.promoted)
    for sq, color, letter in sorted(stated.setup.placement, key=lambda x: order.index(was.get(x[0], x[2]))):
        sides[color].setdefault(f"+{was[sq]}" if sq in was else letter, []).append(sq)
    out: Data = {c.word: {x: squares_text(sqs) for x, sqs in sides[c].items()} for c in Color}
    pockets = {c.word: {x: n for cc, x, n in stated.setup.pockets if cc is c} for c in Color}
    if stated.setup.pockets:
        out["pockets"] = {k: v for k, v in pockets.items() if v}
    if stated.setup.to_move is Color.BLACK:
        out["to_move"] = "black"
    return out


def _promotion(p: Promotion) -> Data:
    out = _sides(p.squares) if p.squares is not None else {"ranks": list(p.ranks)}
    out.update(_struct(p, required=("choices",), skip=("squares", "ranks")))
    return out


def _pawns(pr: PawnRules) -> Data:
    out = _struct(pr, skip=("promotion", "multi_step_squares"))
    if pr.multi_step_squares is not None:
        out["multi_step_squares"] = _sides(pr.multi_step_squares)
    if pr.promotion is not None:
        out["promotion"] = _promotion(pr.promotion)
    return out


def _drops(stated: Stated, rules: Rules) -> Data | None:
    d: Drops | None = stated.drops
    if d is None:
        return None
    # each side's squares stand for the ranks, which are then every rank
    skip = ("squares", "ranks") if d.squares is not None else ("squares",)
    out = _sides(d.squares) if d.squares is not None else {}
    out.update(
        _struct(d, required=() if d.squares else ("ranks",), skip=skip + (() if d.one_per_file else ("per_file",)))
    )
    piece_ranks = _piece_ranks(stated, rules, d)
    if piece_ranks:
        out["piece_ranks"] = piece_ranks
    if rules.on(Opt.shogiPawnDropMateIllegal) and PieceKind.SHOGI_PAWN in rules.pieces:
        out["no_drop_mate"] = rules.pieces[PieceKind.SHOGI_PAWN].letter.upper()
    return out


def _piece_ranks(stated: Stated, rules: Rules, d: Drops) -> dict[str, list[int]]:
    """The ranks of their own Fairy-Stockfish's pawn (in hand: off its first rank or its zone) and rook
    (its first rank alone: ``sittuyinRookDrop``) are dropped on."""
    first, zone = stated.pawn_drops or PawnDrops(True, True)
    promo = stated.pawn_rules.promotion
    piece_ranks: dict[str, list[int]] = {}
    pawn = rules.pieces[PieceKind.PAWN].letter.upper() if PieceKind.PAWN in rules.pieces else None
    in_hand = d.captures_to_hand or any(x == pawn for _, x, _ in stated.setup.pockets)
    if pawn is not None and in_hand and not (first and zone):
        piece_ranks[pawn] = [
            r for r in d.ranks if (first or r != 1) and (zone or promo is None or r not in promo.ranks)
        ]
    if rules.on(Opt.sittuyinRookDrop) and PieceKind.ROOK in rules.pieces and 1 in d.ranks:
        piece_ranks[rules.pieces[PieceKind.ROOK].letter.upper()] = [1]
    return piece_ranks


def _goals(g: Goals) -> Data:
    out = _struct(g, skip=("flag",))
    if g.flag is not None:
        flag = _struct(g.flag, skip=("regions",))
        flag.update(_sides(g.flag.regions))
        out["flag"] = flag
    if g.checkmate_result.value == "loss":
        out.pop("checkmate_result", None)
    return out


def entry_data(stated: Stated, rules: Rules) -> Data:
    """Every key of the entry stating ``stated`` (``rules``: FSF's piece types, for names and royalty)."""
    board: Data = {"files": stated.board.files, "ranks": stated.board.ranks}
    if stated.board.holes:
        board["holes"] = [_square(sq) for sq in sorted(stated.board.holes)]
    pieces = _pieces(stated, rules)
    out: Data = {"board": board, "pieces": pieces, "setup": _setup(stated, list(pieces))}
    if stated.castling:
        out["castling"] = [
            {
                "color": m.color.word,
                "king": _square(m.king_from),
                "king_to": _square(m.king_to),
                "rook": _square(m.rook_from),
                "rook_to": _square(m.rook_to),
            }
            for m in sorted(stated.castling, key=lambda m: (m.color, -m.king_to.file))
        ]
    pawns = _pawns(stated.pawn_rules)
    if pawns:
        out["pawns"] = pawns
    drops = _drops(stated, rules)
    if drops is not None:
        out["drops"] = drops
    if stated.piece_promotion is not None:
        out["piece_promotion"] = _struct(stated.piece_promotion, required=("ranks", "pieces"))
    goals = _goals(stated.goals)
    if goals:
        out["goals"] = goals
    # FSF restarts the move rule on every drop, and a pass by each side in a row ends the game drawn
    passing = stated.flags.passing
    draws = _struct(
        dataclasses.replace(
            stated.draws,
            drops_reset_move_rule=stated.drops is not None,
            double_pass=stated.draws.stalemate.value == "pass" or passing,
        )
    )
    if draws:
        out["draws"] = draws
    for f in dataclasses.fields(stated.flags):
        if getattr(stated.flags, f.name):
            out[f.name] = True
    for key in sorted(stated.toggles_on):
        out[key] = True
    if stated.explosions is not None:
        out["explosions"] = _struct(stated.explosions)
    if stated.diagonal_lines:
        out["diagonal_lines"] = squares_text(stated.diagonal_lines)
    for key in ("mutually_immune", "petrify", "shuns_own_type"):
        if getattr(stated, key):
            out[key] = sorted(getattr(stated, key))
    if stated.walling is not None:
        walling = _struct(stated.walling, required=("rule",), skip=("region",))
        if stated.walling.region is not None:
            walling["region"] = _sides(stated.walling.region)
        out["walling"] = walling
    return out


def difference(
    parent: Mapping[str, Any], child: Mapping[str, Any], whole: tuple[str, ...] = ("setup", "region")
) -> Data:
    """What ``child`` restates over ``parent``: changed keys, mappings key by key (except ``whole``),
    and null for a key only the parent has."""
    out: Data = {}
    for key, value in child.items():
        old = parent.get(key)
        if value == old:
            continue
        if isinstance(value, dict) and isinstance(old, dict) and key not in whole:
            out[key] = difference(old, value, ("region",))
        else:
            out[key] = value
    for key in parent:
        if key not in child:
            out[key] = None
    return out
