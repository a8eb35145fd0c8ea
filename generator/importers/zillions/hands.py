"""Pieces in hand: what each side starts with, where each piece is dropped, and whether a captured piece
goes to the captor's hand (``drops``, ``setup.pockets``).

A game keeps its pieces in hand in its stores (``(Knight off 1)`` in the board-setup, Chess.zrf's Pocket
Knight Chess), or on hand positions beside the board (:attr:`~generator.zrf.layout.Layout.hands`), from
which a move onto the board is a drop: the downloads ``variantgen build`` writes keep captured pieces there
(created by the capture, for the captor), as Dobutsu Shogi's and Simple Shogi's rules files do.  As
everything else, it is read from what the game does: a piece set on a hand position, and the captures of
each piece by another.
"""

from __future__ import annotations

from collections import Counter

from generator.importers.zillions.probe import Found, drop_loses, drops_of, landing_code, moves_of, to_hand
from generator.importers.zillions.refused import Data, Refused
from generator.zrf.layout import Layout, Square
from generator.zrf.program import Program

#: the squares around a capturing piece (at the centre) where the piece it may take is set, one at a time
_AROUND = [(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if (dx, dy) != (0, 0)]


def held(prog: Program, lay: Layout, side: int) -> Counter[int]:
    """The pieces ``side`` has in hand at the start, by type: in its store and on hand positions."""
    out: Counter[int] = Counter({t: n for t, n in enumerate(prog.setup[1][side]) if n})
    for p in lay.hands:
        code = prog.setup[0][p]
        if code >= 0 and code & 15 == side:
            out[code >> 4 & 0xFFF] += 1
    return out


def read_hands(
    prog: Program, lay: Layout, sides: tuple[int, int], letters: dict[str, str], data: Data, marker: bool = False
) -> None:
    """The pockets at the start, the ranks each piece in hand is dropped on (counted from each side's own
    first rank, from 1), captures to hand and the drop rules, into ``data``."""
    start = {side: held(prog, lay, side) for side in sides}
    back = _captured_to_hand(prog, lay, sides, letters, data)
    droppable = sorted({t for side in sides for t in start[side]} | set(back.values()))
    if not droppable:
        return
    if any(start.values()):
        data["setup"]["pockets"] = {
            color: {letters[prog.type_names[t]]: n for t, n in sorted(start[side].items())}
            for color, side in zip(("white", "black"), sides, strict=True)
        }
    rows, per_file = _rows(prog, lay, sides, droppable)
    most = Counter(rows.values()).most_common(1)[0][0]
    drops: Data = {"ranks": sorted(r + 1 for r in most)}
    if back:
        drops["captures_to_hand"] = True
        if _keeps_promoted(prog, lay, sides, letters, data):
            drops["keep_promoted"] = True
    own = {letters[prog.type_names[t]]: sorted(r + 1 for r in rs) for t, rs in rows.items() if rs != most}
    if own:
        drops["piece_ranks"] = own
    # a piece dropped in front of a royal piece on the last rank (a shogi pawn) might mate
    no_mate = [t for t, rs in rows.items() if lay.ranks - 2 in rs and _no_drop_mate(prog, lay, sides, t, letters, data)]
    drops |= _one_type(prog, letters, "one_per_file", per_file) | _one_type(prog, letters, "no_drop_mate", no_mate)
    if marker and not no_mate:
        raise Refused("a loss by a piece on dummy positions that no drop that may not mate creates")
    data["drops"] = drops


def _rows(
    prog: Program, lay: Layout, sides: tuple[int, int], droppable: list[int]
) -> tuple[dict[int, frozenset[int]], list[int]]:
    """Each droppable type's drop rows (from its side's own first), the same for both sides; and the types
    dropped only on files without one of their own."""
    rows: dict[int, frozenset[int]] = {}
    per_file: list[int] = []
    for t in droppable:
        each = {_drop_rows(prog, lay, side, side != sides[0], t) for side in sides}
        if len(each) != 1:
            raise Refused(f"{prog.type_names[t]}: Black's drops do not mirror White's")
        rows[t], one = each.pop()
        per_file += [t] if one else []
    return rows, per_file


def _one_type(prog: Program, letters: dict[str, str], key: str, types: list[int]) -> Data:
    """``{key: letter}`` for the one type a drop rule holds for, ``{}`` for none."""
    if len(types) > 1:
        raise Refused(f"more than one piece type with a drop rule of its own ({key})")
    return {key: letters[prog.type_names[types[0]]]} if types else {}


def _captured_to_hand(
    prog: Program, lay: Layout, sides: tuple[int, int], letters: dict[str, str], data: Data
) -> dict[int, int]:
    """Each piece type a capture by White sends to White's hand, and the type it goes there as (none: its
    captures go nowhere).  :class:`Refused` where only some do, or one goes as another type, or none does
    though the game draws hands on its grid."""
    if not lay.hands:
        return {}
    white, black = sides
    royal = {letter for letter, piece in data["pieces"].items() if "royal" in piece.get("roles", [])}
    out: dict[int, int] = {}
    tried = 0
    by_letter = {letter: name for name, letter in letters.items()}
    for name, letter in letters.items():
        if letter in royal:
            continue
        t = prog.types[name]
        got = _capture(prog, lay, white, letters, prog.code(t, black))
        if got is None:
            continue
        tried += 1
        if len(got) > 1 or any(code & 15 != white for code in got):
            raise Refused(f"{name}: its capture sets more than one piece of the captor beside the board")
        if got:
            out[t] = got[0] >> 4 & 0xFFF
            # a promoted form (lettered +X) goes back as what it promoted from (X)
            want = prog.types[by_letter[letter[1:]]] if letter.startswith("+") else t
            if out[t] != want:
                raise Refused(f"{name}: a captured {name} goes to hand as a {prog.type_names[out[t]]}")
    if out and len(out) != tried:
        raise Refused("some captured pieces go to the captor's hand and others do not")
    if not out and any(prog.game.board.coords[p] is not None for p in lay.hands):
        # Dagaz's shogis draw their hands on the grid beside the board, and fill them in JavaScript
        raise Refused("hands on the grid beside the board that no capture fills")
    return out


def _capture(prog: Program, lay: Layout, player: int, letters: dict[str, str], target: int) -> list[int] | None:
    """What the first capture of a piece coded ``target`` by one of ``player``'s pieces sets on hand
    positions (``None``: no piece of ``player`` takes it from a square near the centre)."""
    c = (lay.files // 2, lay.ranks // 2)
    for name in letters:
        for dx, dy in _AROUND:
            sq: Square = (c[0] + dx, c[1] + dy)
            if sq not in lay.position or c not in lay.position:
                continue
            pieces = {c: prog.code(prog.types[name], player), sq: target}
            for taken, codes in to_hand(prog, lay, player, c, pieces):
                if taken == target:
                    return codes
    return None


def _keeps_promoted(prog: Program, lay: Layout, sides: tuple[int, int], letters: dict[str, str], data: Data) -> bool:
    """Whether a captured piece that a pawn promoted to goes to hand as itself (loop chess), not as the pawn
    it was (crazyhouse).  :class:`Refused` where it goes as neither."""
    promotion = data.get("pawns", {}).get("promotion")
    if promotion is None:
        return False
    white, black = sides
    by_letter = {letter: prog.types[name] for name, letter in letters.items()}
    pawn = next(by_letter[k] for k, piece in data["pieces"].items() if "pawn" in piece.get("roles", []))
    choice = by_letter[promotion["choices"][0]]
    for sq in lay.position:
        code = landing_code(prog, lay, black, sq, choice, {sq: prog.code(pawn, black)})
        if code is None:
            continue
        got = _capture(prog, lay, white, letters, code)
        if not got:
            break
        if got[0] >> 4 & 0xFFF not in (pawn, choice):
            raise Refused(f"a captured promoted piece goes to hand as a {prog.type_names[got[0] >> 4 & 0xFFF]}")
        return got[0] >> 4 & 0xFFF == choice
    raise Refused("a piece a pawn promoted to, captured, goes nowhere though other captured pieces go to hand")


def _drop_rows(prog: Program, lay: Layout, side: int, black: bool, t: int) -> tuple[frozenset[int], bool]:
    """The rows (from the side's own first) where ``side`` drops its piece of type ``t``: every square of
    them on the empty board, and every empty one of them in the start position; and whether a file that
    holds one of its own is left out (shogi's one pawn a file)."""
    start = {sq: prog.setup[0][p] for p, sq in lay.square.items() if prog.setup[0][p] >= 0}

    def row(sq: Square) -> int:
        return lay.ranks - 1 - sq[1] if black else sq[1]

    def expected(board: dict[Square, int], one: bool) -> set[Square]:
        own = {sq[0] for sq, code in board.items() if code == prog.code(t, side)} if one else set()
        return {sq for sq in lay.position if row(sq) in rows and sq not in board and sq[0] not in own}

    rows = frozenset(row(f.to) for f in _drops(prog, lay, side, t, {}))
    if not rows:
        raise Refused(f"{prog.type_names[t]}: a piece in hand with no drop")
    if {f.to for f in _drops(prog, lay, side, t, {})} != expected({}, False):
        raise Refused(f"{prog.type_names[t]}: {_not_drops(lay)} on every empty square of some ranks")
    # one of its own on the first file, on a row it is dropped on
    mine = {min(sq for sq in lay.position if sq[0] == 0 and row(sq) in rows): prog.code(t, side)}
    found = {f.to for f in _drops(prog, lay, side, t, mine)}
    one = found != expected(mine, False)
    for board in (mine, start):
        if {f.to for f in _drops(prog, lay, side, t, board)} != expected(board, one):
            raise Refused(f"{prog.type_names[t]}: {_not_drops(lay)} on every empty square of some ranks")
    return rows, one


def _not_drops(lay: Layout) -> str:
    # beside the board, a position may be a square of a board that is not one grid (Omega Chess's corners)
    return "its moves from beside the board are not drops" if lay.hands else "its drops are not"


def _drops(prog: Program, lay: Layout, side: int, t: int, board: dict[Square, int]) -> list[Found]:
    found = drops_of(prog, lay, side, t, board)
    if any(f.captures or f.parts != 1 or f.to in board for f in found):
        raise Refused(f"{prog.type_names[t]}: a drop that is more than a piece set on an empty square")
    return found


def _no_drop_mate(
    prog: Program, lay: Layout, sides: tuple[int, int], t: int, letters: dict[str, str], data: Data
) -> bool:
    """Whether White may not drop its ``t`` in front of Black's royal piece in a corner where that mates (two
    of Black's own ``t`` beside it, the square dropped on defended), though it may where the royal piece
    could take it (no defender).  :class:`Refused` where it may not even then."""
    white, black = sides
    royal = [letter for letter, piece in data["pieces"].items() if "royal" in piece.get("roles", [])]
    top = lay.ranks - 1
    king, target = (0, top), (0, top - 1)
    if not royal or lay.files < 2 or top < 2:
        return False
    by_letter = {letter: prog.types[name] for name, letter in letters.items()}
    walled = {
        king: prog.code(by_letter[royal[0]], black),
        (1, top): prog.code(t, black),
        (1, top - 1): prog.code(t, black),
    }
    # a defender of the square that does not check: any piece but a t of its own (one a file) or a royal one
    kinds = [k for letter, k in by_letter.items() if letter not in royal and not letter.startswith("+") and k != t]
    defender = _defender(prog, lay, white, kinds, walled, target, prog.code(t, black))
    if defender is None:
        return False
    mating = {**walled, **defender}
    played = target in {f.to for f in drops_of(prog, lay, white, t, mating)}
    if target not in {f.to for f in drops_of(prog, lay, white, t, walled)}:
        raise Refused(f"{prog.type_names[t]}: its drop in front of the royal piece depends on the pieces around")
    # refused, as SimpleShogi.zrf's no-mate refuses it, or played and lost at once where it mates and only
    # there, as Fairy-Stockfish plays it
    loses = drop_loses(prog, lay, white, t, mating, target) and not drop_loses(prog, lay, white, t, walled, target)
    return not played or loses


def _defender(
    prog: Program, lay: Layout, white: int, kinds: list[int], walled: dict[Square, int], target: Square, piece: int
) -> dict[Square, int] | None:
    """A piece of White's of one of ``kinds`` that would take ``piece`` on ``target`` among ``walled`` and
    does not take anything there now (its square: its code), or ``None``."""
    for kind in kinds:
        for sq in lay.position:
            if sq in walled or sq == target:
                continue
            takes = {f.captures for f in moves_of(prog, lay, white, kind, sq, {**walled, target: piece})}
            if (target,) in takes and not any(f.captures for f in moves_of(prog, lay, white, kind, sq, walled)):
                return {sq: prog.code(kind, white)}
    return None
