"""FEN in and out, in Fairy-Stockfish's dialect, plus one extension field.

The dialect: ranks from the top, numbers for runs of empty squares (``10``
on wide boards), ``*`` for a hole, the pocket in brackets after the board
(``[MMmm]``, upper case White's), castling as ``KQkq`` (file letters are read
too; first leaps' rights are file letters, ``DEde``, and so are gates after each side's castling,
``KQBCDFGkqbcdfg``), several en passant squares written together (``e3e4``).

Where a variant counts checks, the fifth field says how many each side has
still to give, White's first (``3+3``), as Fairy-Stockfish writes it; a FEN
without it means that the next check wins, and lichess's checks given at the
end (``+1+0``) are counted from three, as Fairy-Stockfish reads them.

The extension holds what Fairy-Stockfish cannot: which pieces have never
moved, and how many swaps each side has left.  It is the last field, written
only when the plain FEN would not imply it::

    {unmoved:a1,b1,d1;swaps:0/1}

``swaps`` gives White's then Black's count per swap rule of the variant.  Read
without the extension, a FEN means: a piece standing on its own setup square
has not moved (for castling pieces the castling field decides), and every
side has all its swaps left.

>>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
>>> ajax = load_catalogue(DEFAULT_CATALOGUE).get("ajax-chess")
>>> state = State(Rules.of(ajax))
>>> set_start(state)
>>> format_fen(state)
'rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1'
"""

from __future__ import annotations

import re

from generator.catalogue.model import FILE_LETTERS, Color
from generator.engine.gating import first_ranks
from generator.engine.geometry import Bitboard, bits
from generator.engine.rules import Rules
from generator.engine.state import EMPTY, State


class FenError(ValueError):
    """A FEN that does not describe a position of the variant; the message says why, in one line."""


def set_start(pos: State) -> None:
    """Put the variant's setup on an empty ``pos``: pieces, pockets, side to move, swaps."""
    rules = pos.rules
    for sq, code in rules.setup:
        pos.put(sq, code)
        pos.unmoved |= 1 << sq
    setup = rules.variant.setup
    for square, origin in setup.promoted:
        pos.unpromoted[rules.geo.square(square.file, square.rank)] = rules.type_of[origin]
    for color, letter, count in setup.pockets:
        pos.pockets[color][rules.type_of[letter]] += count
    pos.turn = int(setup.to_move)
    pos.swaps_left = _full_swaps(rules)
    checks = rules.check_count
    if checks is not None:
        pos.checks_left = (checks, checks)


def _full_swaps(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    full = tuple(sw.per_player for sw in rules.swaps)
    return (full, full)


def tracks_unmoved(rules: Rules) -> bool:
    """Whether anything besides castling reads which pieces are unmoved."""
    return bool(rules.swaps) or any(t is not None for row in rules.initial_tables for t in row)


def _implied_unmoved(pos: State, rights: str) -> int:
    rules = pos.rules
    unmoved = 0
    for sq, code in rules.setup:
        if pos.board[sq] == code:
            unmoved |= 1 << sq
    unmoved &= ~rules.castle_squares
    for c in rules.castles:
        if c.fen_char in rights:
            unmoved |= 1 << c.king_from | 1 << c.rook_from
    if rules.first_leaps:
        unmoved &= ~_leap_pieces(pos, 0) & ~_leap_pieces(pos, 1)
        for ch in rights:
            unmoved |= 1 << rules.leap_rank[ch.islower()][FILE_LETTERS.index(ch.lower())]
    if rules.gating:  # the first ranks' pieces are unmoved where the field names them
        unmoved &= ~(first_ranks(rules)[0] | first_ranks(rules)[1]) | rules.castle_squares
        for ch in rights:
            if ch not in "KQkq":
                unmoved |= 1 << _gate_square(pos, ch)
    return unmoved


def _gate_square(pos: State, ch: str) -> int:
    """The square of the first rank that the gate letter ``ch`` names (upper case: White's)."""
    color = 0 if ch.isupper() else 1
    file = FILE_LETTERS.find(ch.lower())
    first = first_ranks(pos.rules)[color]
    for s in bits(first & pos.by_color[color]):
        if pos.rules.geo.file_of(s) == file:
            return s
    raise FenError(f"gate {ch!r}: no {Color(color).word} piece on that file's first rank")


def _gate_letters(pos: State, color: int, castling: set[str]) -> str:
    """A side's gates as Fairy-Stockfish writes them after its castling rights: the files of its
    unmoved first-rank pieces but the king's and the castling rooks' (while it has a piece in hand, or
    captures go to hand)."""
    rules = pos.rules
    if not any(pos.pockets[color]) and not rules.captures_to_hand:
        return ""
    said = 0
    for c in rules.castles_by_color[color]:
        if c.fen_char in castling:
            said |= 1 << c.king_from | 1 << c.rook_from
    gates = pos.unmoved & pos.by_color[color] & first_ranks(rules)[color] & ~said
    letters = "".join(FILE_LETTERS[rules.geo.file_of(s)] for s in bits(gates))
    return letters.upper() if color == 0 else letters


def _leap_pieces(pos: State, color: int) -> Bitboard:
    """Where ``color``'s pieces with a first leap stand on its first rank."""
    rules = pos.rules
    first_rank = sum(1 << s for s in rules.leap_rank[color])
    return (pos.by_type[rules.leap_king] | pos.by_type[rules.leap_met]) & pos.by_color[color] & first_rank


def _leap_rights(pos: State) -> str:
    """The first leaps' rights, as Fairy-Stockfish writes its gates: file letters, White's in upper case."""
    geo = pos.rules.geo
    return "".join(
        FILE_LETTERS[geo.file_of(s)].upper() if c == 0 else FILE_LETTERS[geo.file_of(s)]
        for c in (0, 1)
        for s in bits(_leap_pieces(pos, c) & pos.unmoved)
    )


def castling_rights(pos: State) -> str:
    chars = set()
    rules = pos.rules
    for c in rules.castles:
        if pos.unmoved >> c.king_from & 1 and pos.unmoved >> c.rook_from & 1 and pos.castling_pieces_home(c):
            chars.add(c.fen_char)
    leaps = _leap_rights(pos) if rules.first_leaps else ""
    if rules.gating:
        return (
            "".join(ch for ch in "KQ" if ch in chars)
            + _gate_letters(pos, 0, chars)
            + "".join(ch for ch in "kq" if ch in chars)
            + _gate_letters(pos, 1, chars)
            or "-"
        )
    return "".join(ch for ch in "KQkq" if ch in chars) + leaps or "-"


def format_fen(pos: State) -> str:
    rules = pos.rules
    geo = rules.geo
    board = _board_text(pos)
    if rules.drops or rules.gating:
        board += (
            "["
            + "".join(rules.letter(t * 2 + c) * pos.pockets[c][t] for c in (0, 1) for t in range(rules.ntypes))
            + "]"
        )
    rights = castling_rights(pos)
    ep = "".join(geo.name(s) for s in bits(pos.effective_ep())) or "-"
    checks = "" if rules.check_count is None else f"{pos.checks_left[0]}+{pos.checks_left[1]} "
    clock = pos.halfmove
    if pos.count_limit:  # Fairy-Stockfish's counting FEN: the limit in the en passant field, the count in the clock's
        ep, clock = str(pos.count_limit), pos.count_ply
    fen = f"{board} {'wb'[pos.turn]} {rights} {ep} {checks}{clock} {pos.fullmove}"
    if tracks_unmoved(rules) and (pos.unmoved != _implied_unmoved(pos, rights) or pos.swaps_left != _full_swaps(rules)):
        squares = ",".join(geo.name(s) for s in bits(pos.unmoved))
        swaps = "/".join(",".join(str(n) for n in side) for side in pos.swaps_left)
        fen += f" {{unmoved:{squares};swaps:{swaps}}}"
    return fen


def _board_text(pos: State) -> str:
    """The board field: ranks from the top, runs of empty squares as numbers, holes as ``*``."""
    rules = pos.rules
    geo = rules.geo
    rows = []
    for r in range(geo.ranks - 1, -1, -1):
        row, run = "", 0
        for f in range(geo.files):
            s = geo.square(f, r)
            code = pos.board[s]
            if code == EMPTY and geo.is_square(s) and not pos.walls >> s & 1:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += "*" if code == EMPTY else _piece_text(rules, code, pos.unpromoted[s])
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows)


def _piece_text(rules: Rules, code: int, origin: int) -> str:
    """A piece as the FEN writes it: ``+P`` for a piece promoted by piece from a ``P`` (shogi),
    ``Q~`` for one promoted from a pawn where captures demote it (Fairy-Stockfish's crazyhouse),
    else its letter."""
    if origin != EMPTY:
        if rules.promotes_to[origin] == code >> 1:
            return "+" + rules.letter(origin * 2 + (code & 1))
        if rules.demote:
            return rules.letter(code) + "~"
    return rules.letter(code)


_SQUARES = re.compile(r"([a-z])(\d+)")


def read_fen(pos: State, fen: str) -> None:
    """Set an empty ``pos`` to a FEN of its variant; ``FenError`` with a one-line reason if it does not fit."""
    rules = pos.rules
    fields = fen.split()
    if len(fields) < 2:
        raise FenError(f"FEN {fen!r} needs at least the board and the side to move")
    extension = fields.pop() if fields[-1].startswith("{") else None
    checks = _take_checks(rules, fields)
    if len(fields) > 6:
        raise FenError(
            f"FEN has {len(fields)} fields besides the {{unmoved:...}} extension"
            + (" and the checks left" if rules.check_count is not None else "")
            + "; at most 6"
        )
    board_text, side = fields[0], fields[1]
    rights = fields[2] if len(fields) > 2 else "-"
    ep_text = fields[3] if len(fields) > 3 else "-"
    board_text, pocket_text = _split_pocket(rules, board_text)
    _parse_board(pos, board_text)
    if pocket_text:
        _parse_pocket(pos, pocket_text)
    if side not in ("w", "b"):
        raise FenError(f"side to move {side!r} must be 'w' or 'b'")
    pos.turn = 0 if side == "w" else 1
    rights = _parse_castling(pos, rights)
    pos.unmoved = _implied_unmoved(pos, rights)
    pos.swaps_left = _full_swaps(rules)
    if rules.counting is not None and ep_text.isdigit():
        pos.count_limit = int(ep_text)
    else:
        _parse_ep(pos, ep_text)
    for i, name in ((4, "halfmove clock"), (5, "fullmove number")):
        if len(fields) > i:
            if not fields[i].isdigit():
                raise FenError(f"{name} {fields[i]!r} is not a number")
            setattr(pos, "halfmove" if i == 4 else "fullmove", int(fields[i]))
    pos.checks_left = checks
    if pos.count_limit:  # the clock's field holds the count, and the move rule's count is lost (as Fairy-Stockfish)
        pos.count_ply, pos.halfmove = pos.halfmove, 0
    if extension is not None:
        _parse_extension(pos, extension)
    _check_sanity(pos)


def _split_pocket(rules: Rules, text: str) -> tuple[str, str | None]:
    """The board and the pocket: ``[...]`` after the board, or, as Fairy-Stockfish also reads it, one
    rank more than the board has (``4K3/Qn``)."""
    m = re.fullmatch(r"([^\[\]]*)\[([^\[\]]*)\]", text)
    if m:
        return m.group(1), m.group(2)
    if (rules.drops or rules.gating) and text.count("/") == rules.geo.ranks:
        board, _, pocket = text.rpartition("/")
        return board, pocket
    return text, None


def _parse_pocket(pos: State, text: str) -> None:
    rules = pos.rules
    if not rules.drops and not rules.gating:
        raise FenError(f"pocket [{text}] given, but {rules.variant.name} has no drops")
    for ch in text.replace("-", ""):  # [-]: nothing in hand, as Fairy-Stockfish's shogi writes it
        code = rules.code_of(ch)
        if code is None:
            raise FenError(f"pocket letter {ch!r} is not a piece of {rules.variant.name}")
        pos.pockets[code & 1][code >> 1] += 1


_CHECKS = re.compile(r"(\d)\+(\d)")
_CHECKS_GIVEN = re.compile(r"\+(\d)\+(\d)")


def _take_checks(rules: Rules, fields: list[str]) -> tuple[int, int]:
    """The checks each side has left to give, taken out of ``fields`` as Fairy-Stockfish reads them: the
    fifth field (``3+3``, what it writes); without it, the next check wins; and a last field of checks
    given, lichess's ``+1+0``, counts them from three, whatever the variant's count."""
    if rules.check_count is None:
        if any("+" in field for field in fields[2:]):
            raise FenError(f"checks are given in the FEN, but {rules.variant.name} does not count checks")
        return (0, 0)
    checks = (1, 1)
    if len(fields) > 4 and "+" in fields[4] and not fields[4].startswith("+"):
        m = _CHECKS.fullmatch(fields.pop(4))
        if m is None:
            raise FenError("checks left must be one digit for each side, White's first, such as 3+3")
        checks = (int(m[1]), int(m[2]))
    if len(fields) > 4 and fields[-1].startswith("+"):
        m = _CHECKS_GIVEN.fullmatch(fields.pop())
        if m is None:
            raise FenError("checks given must be written +N+M, one digit for each side, White's first")
        checks = (max(3 - int(m[1]), 0), max(3 - int(m[2]), 0))
    return checks


def _parse_board(pos: State, text: str) -> None:
    rules = pos.rules
    geo = rules.geo
    rows = text.split("/")
    if len(rows) != geo.ranks:
        raise FenError(f"board has {len(rows)} ranks; {rules.variant.name} has {geo.ranks}")
    for i, row in enumerate(rows):
        r = geo.ranks - 1 - i
        f = 0
        for token in re.findall(r"\d+|\+?[A-Za-z]~?|.", row):
            if token.isdigit():
                if token.startswith("0"):
                    raise FenError(f"rank {r + 1}: bad number {token!r}")
                for _ in range(int(token)):
                    if f < geo.files and not geo.is_square(geo.square(f, r)):
                        raise FenError(
                            f"{geo.name(geo.square(f, r))} is a hole in {rules.variant.name}; write '*' there"
                        )
                    f += 1
                continue
            if f >= geo.files:
                break
            s = geo.square(f, r)
            if token == "*":
                if geo.is_square(s) and (rules.stone or rules.walling):  # a wall: stone, or placed
                    pos.walls |= 1 << s
                elif geo.is_square(s):
                    raise FenError(f"'*' marks {geo.name(s)} as a hole, but it is a square of {rules.variant.name}")
            else:
                code = rules.code_of(token.strip("+~"))
                if code is None:
                    raise FenError(
                        f"{token!r} on {geo.name(s)} is not a piece letter of {rules.variant.name} "
                        f"(pieces: {''.join(rules.letters)})"
                    )
                if not geo.is_square(s):
                    raise FenError(f"{geo.name(s)} is a hole; no piece can stand there")
                if token.startswith("+"):
                    code = _promoted(pos, s, token, code)
                pos.put(s, code)
                if token.endswith("~"):
                    _mark_promoted(pos, s)
            f += 1
        if f != geo.files:
            raise FenError(f"rank {r + 1} of the board has {f} squares; {rules.variant.name} has {geo.files} files")


def _promoted(pos: State, s: int, token: str, code: int) -> int:
    """``+P``: the piece ``P`` promotes to, standing on ``s``, that remembers it was a ``P``."""
    rules = pos.rules
    promoted = rules.promotes_to[code >> 1]
    if promoted < 0:
        raise FenError(f"{token!r} on {rules.geo.name(s)}: the {rules.variant.pieces[code >> 1].name} does not promote")
    pos.unpromoted[s] = code >> 1
    return promoted * 2 + (code & 1)


def _mark_promoted(pos: State, s: int) -> None:
    """``Q~``: the piece on ``s`` was promoted from a pawn.  Read in any variant, as Fairy-Stockfish
    does, and kept where a capture would demote it."""
    rules = pos.rules
    if rules.demote and rules.pawn_type >= 0:
        pos.unpromoted[s] = rules.pawn_type


def _parse_castling(pos: State, text: str) -> str:
    rules = pos.rules
    if text == "-":
        return ""
    out = set()
    for ch in text:
        color = 0 if ch.isupper() else 1
        if rules.first_leaps:
            out.add(_parse_leap_right(pos, ch, color))
            continue
        if rules.gating and ch not in "KQkq":
            _gate_square(pos, ch)
            out.add(ch)
            continue
        found = [
            c
            for c in rules.castles_by_color[color]
            if c.fen_char == ch
            or (ch.lower() in FILE_LETTERS and FILE_LETTERS.index(ch.lower()) == rules.geo.file_of(c.rook_from))
        ]
        if not found:
            raise FenError(f"castling right {ch!r}: {rules.variant.name} has no such castling")
        for c in found:
            if not pos.castling_pieces_home(c):
                raise FenError(
                    f"castling right {ch!r} needs the king on {rules.geo.name(c.king_from)} "
                    f"and the rook on {rules.geo.name(c.rook_from)}"
                )
            out.add(c.fen_char)
    return "".join(sorted(out))


def _parse_leap_right(pos: State, ch: str, color: int) -> str:
    rules = pos.rules
    file = FILE_LETTERS.find(ch.lower())
    if not 0 <= file < rules.geo.files or not _leap_pieces(pos, color) >> rules.leap_rank[color][file] & 1:
        raise FenError(
            f"first leap right {ch!r}: no {'white' if color == 0 else 'black'} king or met on that file's first rank"
        )
    return ch


def _parse_ep(pos: State, text: str) -> None:
    if text == "-":
        return
    geo = pos.rules.geo
    if not re.fullmatch(r"([a-z]\d+)+", text):
        raise FenError(f"en passant field {text!r} is not '-' or a list of squares")
    squares = []
    for f, r in _SQUARES.findall(text):
        try:
            squares.append(geo.parse(f + r))
        except ValueError as e:
            raise FenError(f"en passant square {f + r}: {e}") from None
    # Fairy-Stockfish lists a piece's landing square with the squares it passed where the piece is not its
    # built-in pawn (berolina, all-way pawns): that square, holding the enemy pawn, names the victim
    landed = [s for s in squares if pos.board[s] != EMPTY]
    if landed:
        victim = landed[0]
        squares = [s for s in squares if s != victim]
    else:
        # the pawn that passed these squares stands one step beyond them, in its own direction
        step = -geo.files if pos.turn == 0 else geo.files
        last = min(squares) if pos.turn == 0 else max(squares)
        victim = last + step
    code = pos.board[victim] if 0 <= victim < geo.size else EMPTY
    if code == EMPTY or code & 1 == pos.turn or not pos.rules.is_pawn[code >> 1]:
        raise FenError(f"en passant squares {text}: no enemy pawn stands just beyond them")
    for s in squares:
        if pos.board[s] != EMPTY:
            raise FenError(f"en passant square {geo.name(s)} is occupied")
        pos.ep |= 1 << s
    pos.ep_victim = victim


def _parse_extension(pos: State, text: str) -> None:
    rules = pos.rules
    m = re.fullmatch(r"\{unmoved:([a-z0-9,]*);swaps:([0-9,]*)/([0-9,]*)\}", text)
    if not m:
        raise FenError(f"7th field {text!r} is not the extension {{unmoved:a1,b1;swaps:1/1}}")
    unmoved = 0
    for name in filter(None, m.group(1).split(",")):
        try:
            s = rules.geo.parse(name)
        except ValueError as e:
            raise FenError(f"extension: {e}") from None
        if pos.board[s] == EMPTY:
            raise FenError(f"extension: unmoved square {name} is empty")
        unmoved |= 1 << s
    counts = []
    for part in m.group(2), m.group(3):
        nums = [int(x) for x in part.split(",")] if part else []
        if len(nums) != len(rules.swaps):
            raise FenError(f"extension: swaps needs {len(rules.swaps)} count(s) per side, got {part!r}")
        counts.append(tuple(nums))
    pos.unmoved = unmoved
    pos.swaps_left = (counts[0], counts[1])


def _check_sanity(pos: State) -> None:
    rules = pos.rules
    variant = rules.variant
    if variant.goals.checkmate and rules.royal_types:  # none: royalty given up where a target cannot say it
        for c in Color:
            # a royal piece in hand is to be dropped (a set-up phase by drops)
            n = pos.royals(c).bit_count() + sum(pos.pockets[c][t] for t in rules.royal_types)
            if n > 1 or (n == 0 and variant.goals.extinction is None):
                royal = "/".join(rules.letters[t] for t in rules.royal_types)
                raise FenError(f"{c.word} has {n} royal pieces ({royal}); {variant.name} needs exactly one")
    if rules.royal_types and pos.in_check(1 - pos.turn):
        raise FenError(f"the side not to move ({Color(1 - pos.turn).word}) is in check")
