"""One Zillions game as a catalogue entry: board, setup, pieces, pawns, castling and goals.

Everything is read from what the game does, through the interpreter (:mod:`.probe`, :mod:`.synth`),
except the goals, which are read from its conditions.  A game the catalogue cannot state exactly
gives :class:`Refused` with the reason.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from generator.betza import BetzaMove, BetzaPiece, Modality, spell
from generator.importers.zillions.hands import held, read_hands
from generator.importers.zillions.piece_promotion import ByPiece, by_piece
from generator.importers.zillions.piece_promotion import entry as promotion_entry
from generator.importers.zillions.probe import Found, moved_code, moves_of
from generator.importers.zillions.refused import Data, Refused
from generator.importers.zillions.synth import Probe, Vector, atom_of, atoms, centre, expected, lame, render
from generator.zrf.layout import Layout, Square, layout
from generator.zrf.model import Condition, Game
from generator.zrf.notation import default_letter
from generator.zrf.program import Program
from generator.zrf.reader import List, Node, Sym

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Imported:
    """A game read: the entry's data, and each ZRF piece name's catalogue letter (for the proof)."""

    data: Data
    letters: dict[str, str]
    squares: dict[str, str]  # ZRF position name -> catalogue square
    hands: tuple[str, ...] = ()  # the positions beside the board where pieces in hand stand


@dataclass(frozen=True)
class PawnRules:
    """A pawn type's rules as the catalogue's ``pawns`` states them (promotion choices as ZRF types), and
    whether it may not stay a pawn where it could never move again (the catalogue's ``immobility_illegal``)."""

    data: Data
    stuck: bool = False


def read_game(game: Game, prefer: Mapping[str, str] | None = None) -> Imported:
    """The entry for ``game``; :class:`Refused` if the catalogue cannot state it.  ``prefer`` gives
    pieces (by ZRF name) the letter to take where it is free."""
    prog = Program(game)
    _recycled(prog)
    lay = layout(prog)
    if isinstance(lay, str):
        raise Refused(lay)
    sides = _sides(prog, lay)
    must_capture = _must_capture(prog)
    in_hand = {t for side in sides for t in held(prog, lay, side)}
    used = sorted({prog.setup[0][p] >> 4 & 0xFFF for p in lay.square if prog.setup[0][p] >= 0} | in_hand)
    by_type, pawn_rules = _pieces(prog, lay, sides, used)
    promotes = {t: set(r.data.get("promotion", {}).get("choices", [])) for t, r in pawn_rules.items()}
    promoted = by_piece(prog, lay, sides, promotes) if len(pawn_rules) > 1 else None
    letters = _letters(prog, list(by_type), prefer or {})
    by_piece_entry: Data = {}
    if promoted is not None:
        by_piece_entry = _by_piece(prog, lay, promoted, by_type, letters)
        pawn_rules = {}
    data: Data = {"title": game.title, "board": _board(lay)}
    data["pieces"] = {letters[prog.type_names[t]]: entry for t, entry in by_type.items()}
    data["setup"] = _setup(prog, lay, letters, sides)
    if promoted is not None:
        # the forms are lettered as the FEN writes them (+P) once the entry's pieces are written
        letters |= {prog.type_names[form]: "+" + letters[prog.type_names[t]] for t, form in promoted.forms.items()}
        data |= by_piece_entry
    if pawn_rules:
        data["pawns"] = _pawns(prog, list(pawn_rules.values()), letters)
        if next(iter(pawn_rules.values())).stuck:
            data["immobility_illegal"] = True
    data["draws"] = {"move_rule": 0, "repetition": 3 if _has_repetition(game.conditions) else 0}
    marker = _goals(prog, game.conditions, letters, data)
    read_hands(prog, lay, sides, letters, data, marker)  # after the goals, which name the royal pieces
    castling = _castling(prog, lay, sides)
    if castling:
        data["castling"] = castling
    if must_capture:
        data["must_capture"] = True
    return Imported(data, letters, lay.names(prog), tuple(prog.names[p] for p in sorted(lay.hands)))


def _recycled(prog: Program) -> None:
    """``recycle captures`` returns a captured piece to its owner's store; with ``recycle promotions`` as
    well, and nothing dropped from the store, the store only limits promotions (Grand Chess)."""
    if prog.recycle_captures != prog.recycle_promotions or (
        prog.recycle_captures and any(p.drops for p in prog.game.pieces.values())
    ):
        raise Refused(
            "captured pieces go back to their owner's store (recycle captures), which the importer does not read"
        )


def _board(lay: Layout) -> Data:
    board: Data = {"files": lay.files, "ranks": lay.ranks}
    holes = [Layout.name((f, r)) for r in range(lay.ranks) for f in range(lay.files) if (f, r) not in lay.position]
    if holes:
        board["holes"] = holes
    return board


def _by_piece(prog: Program, lay: Layout, promoted: ByPiece, by_type: dict[int, Data], letters: dict[str, str]) -> Data:
    """``piece_promotion`` (and ``immobility_illegal``) for promotion by piece; the forms' entries that move as
    a piece of the game are dropped from ``by_type``, and the promoting pieces are no pawns."""
    if any(prog.setup[0][p] >> 4 & 0xFFF in promoted.forms.values() for p in lay.square if prog.setup[0][p] >= 0):
        raise Refused("a piece starts promoted")
    for t in promoted.forms:
        del by_type[t]["roles"]
    out: Data = {"piece_promotion": promotion_entry(prog, promoted, by_type, letters)}
    if promoted.stuck:
        out["immobility_illegal"] = True
    return out


def _pawns(prog: Program, found: list[PawnRules], letters: dict[str, str]) -> Data:
    """The pawn rules, the same for every pawn type, with the promotion choices by letter."""
    if any(r != found[0] for r in found):
        choices = [set(r.data.get("promotion", {}).get("choices", [])) for r in found]
        if all(choices) and sum(len(c) for c in choices) == len(set().union(*choices)):
            raise Refused(
                "several piece types promote, each to pieces of its own and one to more than one, "
                "which the catalogue cannot state (a piece promotes by piece to one form)"
            )
        raise Refused("two piece types move as pawns by different rules")
    out = dict(found[0].data)
    promo = out.get("promotion")
    if promo is not None:
        promo = out["promotion"] = dict(promo)
        if prog.recycle_promotions:  # only to a piece the side has lost: no more than it starts with
            promo["limits"] = {letters[prog.type_names[t]]: _start_count(prog, t) for t in promo["choices"]}
        promo["choices"] = [letters[prog.type_names[t]] for t in promo["choices"]]
    return out


def _start_count(prog: Program, t: int) -> int:
    """How many pieces of type ``t`` each side starts with (:class:`Refused` if the sides differ)."""
    counts = {q: sum(1 for c in prog.setup[0] if c >= 0 and c >> 4 & 0xFFF == t and c & 15 == q) for q in prog.gens}
    if len(set(counts.values())) != 1:
        raise Refused(f"{prog.type_names[t]}: the sides start with different numbers, which promotion is limited to")
    return counts[prog.gens[0]]


def _must_capture(prog: Program) -> bool:
    """Move priorities as the corpus writes a capture that must be made: the captures' move type
    first, then the others (whether the blocks of that type are exactly the captures, the proof tells)."""
    ranked = prog.game.move_priorities
    if not ranked:
        return False
    named = {b.move_type for piece in prog.game.pieces.values() for b in piece.moves}
    if len(ranked) != 2 or named != set(ranked):
        raise Refused("move priorities other than a capture that must be made")
    return True


def _pieces(
    prog: Program, lay: Layout, sides: tuple[int, int], used: list[int]
) -> tuple[dict[int, Data], dict[int, PawnRules]]:
    """Each piece type of the setup, and each a pawn promotes to: its entry; and the pawn rules found."""
    out: dict[int, Data] = {}
    pawn_rules: dict[int, PawnRules] = {}
    todo = list(used)
    while todo:
        t = todo.pop(0)
        if t in out:
            continue
        moves, pawn = _piece(prog, lay, t, sides)
        out[t] = {"name": prog.type_names[t], **moves}
        if pawn is not None:
            out[t]["roles"] = ["pawn"]
            pawn_rules[t] = pawn
            todo += pawn.data.get("promotion", {}).get("choices", [])
    return out, pawn_rules


def _sides(prog: Program, lay: Layout) -> tuple[int, int]:
    """The players as (White, Black), after checking the turns allow every move type."""
    kinds = {t.mtype for t in prog.turns}
    if kinds != {-1}:
        named = {b.move_type for piece in prog.game.pieces.values() for b in piece.moves}
        names = {n for n, i in prog.mtypes.items() if i in kinds}
        if len(kinds) != 1 or named != names:
            raise Refused("the turns allow only some move types")
    return lay.white, lay.black


def _letters(prog: Program, used: list[int], prefer: Mapping[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    taken: set[str] = set(prefer.values())
    for t in used:
        name = prog.type_names[t]
        if name in prefer:
            out[name] = prefer[name]
            continue
        first = default_letter(name, prog.game.pieces[name].notation)
        options = [first, *[ch.upper() for ch in name if ch.isalpha()], *LETTERS]
        letter = next((ch for ch in options if ch in LETTERS and ch not in taken), None)
        if letter is None:
            raise Refused("more than 26 piece types")
        taken.add(letter)
        out[name] = letter
    return out


def _piece(prog: Program, lay: Layout, t: int, sides: tuple[int, int]) -> tuple[Data, PawnRules | None]:
    """The piece's entry as White plays it (Betza, and a region or advanced moves where its moves depend
    on the square), and its pawn rules if they depend on the rank as a pawn's do."""
    white, black = sides
    probes = [
        Probe(prog, lay, white, t, prog.code(t, black), prog.code(t, white)),
        Probe(prog, lay, black, t, prog.code(t, white), prog.code(t, black)),
    ]
    piece = _betza(probes[0], None, still=True)
    _takes_alike(probes[0], lay, sides[1])
    turned = _mirrored(probes, lay)
    whole = _whole(probes[0], lay, piece)
    # the leaps no one square has room for all of (a knight on a board four files wide)
    for read in (piece, whole):
        if all(expected(read, lay, sq) == set(probes[0].quiet(sq)) for sq in lay.position):
            return _as_pawn(probes[0], read, lay, turned)
    kept = _region(probes[0], whole, lay)
    if kept is not None:
        region, whole = kept
        mirror = sorted((f, lay.ranks - 1 - r) for f, r in region)
        names = [Layout.name(sq) for sq in region], [Layout.name(sq) for sq in mirror]
        return {"betza": whole.render(), "region": {"white": names[0], "black": names[1]}}, None
    advanced = _advanced(probes[0], lay)
    if advanced is not None:
        return advanced, None
    return _as_pawn(probes[0], piece, lay, turned)


def _takes_alike(probe: Probe, lay: Layout, enemy: int) -> None:
    """:class:`Refused` where what the piece takes from the middle of the board depends on the piece
    taken (Non-Prise Chess's knight takes no knight), as no Betza capture does; royal pieces aside."""
    prog = probe.prog
    royal = {k >> 4 & 0xFFF for k in prog.royal_keys}  # never taken in a game won by checkmate
    types = sorted({c >> 4 & 0xFFF for c in prog.setup[0] if c >= 0} - royal)
    c = centre(lay)
    near = {(c[0] + dx, c[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    for sq in sorted((near | {(c[0] + v[0], c[1] + v[1]) for v in probe.quiet(c)}) & set(lay.position) - {c}):
        taken = {u: probe.takes(c, sq, enemy=prog.code(u, enemy)) for u in types}
        if len(set(taken.values())) > 1:
            yes = next(prog.type_names[u] for u, t in taken.items() if t)
            no = next(prog.type_names[u] for u, t in taken.items() if not t)
            raise Refused(
                f"{prog.type_names[probe.kind]}: what it takes depends on the piece taken (a {yes}, not a {no}), "
                "which Betza cannot say"
            )


def _as_pawn(probe: Probe, piece: BetzaPiece, lay: Layout, turned: bool) -> tuple[Data, PawnRules | None]:
    """The piece with its pawn rules, if its moves depend on the rank as a pawn's do."""
    rules, initial = _pawn_rules(probe, piece, lay, turned)
    if initial:
        piece = BetzaPiece(piece.moves + tuple(initial))
    return {"betza": piece.render()}, rules


def _betza(probe: Probe, squares: list[Square] | None, still: bool = False) -> BetzaPiece:
    """The piece's Betza read on ``squares``; with ``still``, a piece with no move there never moves
    (a king that only castles castles by the castling read, else the proof finds its moves)."""
    found = atoms(probe, squares)
    name = probe.prog.type_names[probe.kind]
    if isinstance(found, str):
        raise Refused(f"{name}: {found}")
    if not found and probe.prog.game.pieces[name].moves:
        raise Refused(f"{name}: its moves need other pieces around it (none on an empty board), which Betza cannot say")
    if not found and not still:
        raise Refused(f"{name} has no move on an empty board")
    # a piece without move blocks never moves (the catalogue's immobile piece, ``-``)
    return render(found)


def _whole(probe: Probe, lay: Layout, piece: BetzaPiece) -> BetzaPiece:
    """The piece with the single leaps it makes from some square and not from the one it was read on
    (a region cuts some off there), each taking or not as the piece's leaps of that atom do."""
    modality = {m.atom: m.modality for m in piece.moves if m.range == 1 and not m.hop and not m.lame}
    have = {v for m in piece.moves for v in m.vectors()}
    extra = []
    for s in lay.position:
        for v in probe.quiet(s):
            atom = atom_of(v)
            if v not in have and atom in modality:
                extra.append(BetzaMove(atom, spell(atom, [v]) or "", modality[atom], False, False, 1))
                have.add(v)
    return BetzaPiece(piece.moves + tuple(extra)) if extra else piece


def _region(probe: Probe, piece: BetzaPiece, lay: Layout) -> tuple[list[Square], BetzaPiece] | None:
    """The squares the piece keeps to, if its moves are its Betza's that land on them."""
    inside = {(s[0] + v[0], s[1] + v[1]) for s in lay.position for v in probe.quiet(s)}
    if len(inside) == len(lay.position):
        return None
    for s in inside:
        want = {v for v in expected(piece, lay, s) if (s[0] + v[0], s[1] + v[1]) in inside}
        if set(probe.quiet(s)) != want:
            return None
    return sorted(inside), piece


def _advanced(probe: Probe, lay: Layout) -> Data | None:
    """Moves that change from a rank on (the xiangqi soldier across the river): the Betza below it and
    the advanced Betza from it, if each holds on every square of its ranks."""
    for rank in range(1, lay.ranks):
        low = [s for s in lay.position if s[1] < rank]
        high = [s for s in lay.position if s[1] >= rank]
        try:
            below, above = _betza(probe, low), _betza(probe, high)
        except Refused:
            continue
        if below != above and all(
            expected(below if s[1] < rank else above, lay, s) == set(probe.quiet(s)) for s in lay.position
        ):
            return {"betza": below.render(), "advanced": {"rank": rank + 1, "betza": above.render()}}
    return None


def _mirrored(probes: list[Probe], lay: Layout) -> bool:
    """Black's piece must move as White's turned half round (as Betza's Black moves: the Legan pawn
    towards its own corner), or seen in a mirror across the middle rank (the same for a piece whose
    moves are the same to either side); whether it was turned."""
    turned = [((sq[0], sq[1]), (lay.files - 1 - sq[0], lay.ranks - 1 - sq[1])) for sq in lay.position]
    if all(b in lay.position for _, b in turned) and all(
        {(-v[0], -v[1]) for v in probes[1].quiet(b)} == set(probes[0].quiet(w)) for w, b in turned
    ):
        return True
    differ: set[Vector] = set()
    for sq in lay.position:
        if (sq[0], lay.ranks - 1 - sq[1]) not in lay.position:
            raise Refused("the board's holes are not mirrored across its middle rank")
        black = {(v[0], -v[1]) for v in probes[1].quiet((sq[0], lay.ranks - 1 - sq[1]))}
        differ |= black ^ set(probes[0].quiet(sq))
    name = probes[0].prog.type_names[probes[0].kind]
    if differ and all(v[0] == 0 and v[1] >= 2 for v in differ):
        # Dunsany's chess: only Black's pawns step two
        raise Refused(f"{name}: its multi-steps are one side's only, and the catalogue's are both sides'")
    if differ:
        raise Refused(f"{name}: Black's moves are not White's mirrored")
    return False


def _pawn_rules(probe: Probe, piece: BetzaPiece, lay: Layout, turned: bool) -> tuple[PawnRules | None, list[BetzaMove]]:
    """Rank-dependent moves as the catalogue's pawn rules: longer first steps, promotion (else ``None``);
    and the first steps in other directions, as the piece's initial moves (Betza ``i``)."""
    multi: dict[int, int] = {}
    initial: dict[Vector, set[int]] = defaultdict(set)
    landings: dict[Square, set[int]] = defaultdict(set)
    for sq in sorted(lay.position):
        seen = probe.quiet(sq)
        base = expected(piece, lay, sq)
        if base - set(seen):
            raise Refused(f"{probe.prog.type_names[probe.kind]}: its moves depend on the square")
        for v in set(seen) - base:
            if v[0] == 0 and v[1] >= 2 and (0, 1) in base:
                multi[sq[1] + 1] = max(multi.get(sq[1] + 1, 1), v[1])
            else:
                initial[v].add(sq[1] + 1)
        for v, promos in seen.items():
            landings[(sq[0] + v[0], sq[1] + v[1])] |= promos
    moves = _initial_moves(probe, lay, initial, set(multi))
    _one_list_of_choices(probe, landings)
    promotion = _promotion(lay, landings, turned)
    stuck = promotion is not None and not promotion["mandatory"] and _stuck(probe, piece, lay, landings)
    if not multi and not promotion and not moves:
        return None, []
    out: Data = {"max_steps": 1}
    if len(set(multi.values())) > 1:
        raise Refused(f"{probe.prog.type_names[probe.kind]}: first steps of different lengths")
    if multi or moves:
        out["max_steps"] = max(multi.values(), default=1)
        out["multi_step_ranks"] = sorted(set(multi) | {r for rs in initial.values() for r in rs})
    out["en_passant"] = _en_passant(probe.prog, probe.kind)
    if promotion:
        out["promotion"] = promotion
    return PawnRules(out, stuck), moves


def _stuck(probe: Probe, piece: BetzaPiece, lay: Layout, landings: dict[Square, set[int]]) -> bool:
    """Whether a pawn that may stay a pawn in its zone must promote on the squares it could never leave
    (:class:`Refused` where it must on others too)."""
    forced = {sq for sq, promos in landings.items() if promos - {-1} and -1 not in promos}
    if forced and forced != {sq for sq in landings if not expected(piece, lay, sq)}:
        raise Refused(f"{probe.prog.type_names[probe.kind]}: promotes by force on some squares of its zone")
    return bool(forced)


def _one_list_of_choices(probe: Probe, landings: dict[Square, set[int]]) -> None:
    """:class:`Refused` where what the piece promotes to depends on the square it lands on (Passive Chess):
    the catalogue's zone has one list of choices, and their union would promote to any of them anywhere."""
    if len({frozenset(promos - {-1}) for promos in landings.values() if promos - {-1}}) > 1:
        name = probe.prog.type_names[probe.kind]
        raise Refused(f"{name}: what it promotes to depends on the square, which the catalogue cannot state")


def _promotion(lay: Layout, landings: dict[Square, set[int]], turned: bool) -> Data | None:
    """What the pawn promotes to, and where: the ranks it promotes on entering, or the squares where it
    enters some of those ranks without promoting (Legan chess's corner), Black's turned or mirrored as
    its moves are."""
    zone = sorted(sq for sq, promos in landings.items() if promos - {-1})
    if not zone:
        return None
    out: Data = {
        "choices": sorted({t for sq in zone for t in landings[sq] - {-1}}),
        "mandatory": not any(-1 in landings[sq] for sq in zone),
    }
    ranks = {sq[1] for sq in zone}
    if all(sq in zone for sq in landings if sq[1] in ranks):
        return {"ranks": sorted(r + 1 for r in ranks), **out}
    black = sorted((lay.files - 1 - f if turned else f, lay.ranks - 1 - r) for f, r in zone)
    return {"white": [Layout.name(sq) for sq in zone], "black": [Layout.name(sq) for sq in black], **out}


def _initial_moves(probe: Probe, lay: Layout, initial: dict[Vector, set[int]], multi: set[int]) -> list[BetzaMove]:
    """The moves the piece makes only from some ranks, as initial moves (played from the multi-step
    ranks): each a forward leap, made from the same ranks as every other such move, lame where a piece
    on its path stops it."""
    ranks = {frozenset(rs) for rs in initial.values()} | ({frozenset(multi)} if multi else set())
    if len(ranks) > 1 or any(v[1] < 1 or atom_of(v) is None for v in initial):
        raise Refused(f"{probe.prog.type_names[probe.kind]}: its moves depend on the square")
    out = []
    for v in sorted(initial):
        starts = [s for s in lay.position if s[1] + 1 in initial[v] and (s[0] + v[0], s[1] + v[1]) in lay.position]
        if any(v not in probe.quiet(s) for s in starts):
            raise Refused(f"{probe.prog.type_names[probe.kind]}: its moves depend on the square")
        at = starts[0]
        atom = atom_of(v)
        assert atom is not None
        out.append(BetzaMove(atom, spell(atom, [v]) or "", Modality.MOVE, lame(probe, at, v), True, 1))
    return out


def _en_passant(prog: Program, kind: int) -> bool:
    """Whether the pawn's blocks look at the last move (how the corpus writes en passant)."""
    text = " ".join(str(b.node) for b in prog.game.pieces[prog.type_names[kind]].moves)
    return "last-to?" in text or "last-from?" in text


def _setup(prog: Program, lay: Layout, letters: dict[str, str], sides: tuple[int, int]) -> Data:
    found: dict[int, dict[str, list[str]]] = {sides[0]: defaultdict(list), sides[1]: defaultdict(list)}
    for p, sq in sorted(lay.square.items(), key=lambda x: (x[1][1], x[1][0])):
        code = prog.setup[0][p]
        if code >= 0:
            found[code & 15][letters[prog.type_names[code >> 4 & 0xFFF]]].append(Layout.name(sq))
    return {"white": dict(found[sides[0]]), "black": dict(found[sides[1]])}


def _castling(prog: Program, lay: Layout, sides: tuple[int, int]) -> list[Data]:
    """Moves of two pieces of one side along its first rank, found from the start position with the
    rest of that rank cleared: for each pair of its pieces there, the first one's moves that move the
    other too (the king's part and the rook's)."""
    out: list[Data] = []
    board = prog.setup[0]
    for side, rank in ((sides[0], 0), (sides[1], lay.ranks - 1)):
        row = [p for p, sq in lay.square.items() if sq[1] == rank and board[p] >= 0 and board[p] & 15 == side]
        for k in row:
            for p in row:
                if p == k:
                    continue
                kept = {sq: board[q] for q, sq in lay.square.items() if board[q] >= 0 and (sq[1] != rank or q == p)}
                for f in moves_of(prog, lay, side, board[k] >> 4 & 0xFFF, lay.square[k], kept):
                    if f.parts == 2 and len(f.others) == 1 and f.others[0][0] == lay.square[p]:
                        _castles_once(prog, lay, side, {**kept, lay.square[k]: board[k]}, lay.square[k], f)
                        out.append(
                            {
                                "color": "white" if side == sides[0] else "black",
                                "king": Layout.name(lay.square[k]),
                                "king_to": Layout.name(f.to),
                                "rook": Layout.name(lay.square[p]),
                                "rook_to": Layout.name(f.others[0][1]),
                            }
                        )
    return out


def _castles_once(prog: Program, lay: Layout, side: int, pieces: dict[Square, int], king: Square, f: Found) -> None:
    """The castling ``f`` must be lost once its king or its rook has moved (and come back)."""
    for sq in (king, f.others[0][0]):
        moved = moved_code(prog, lay, side, sq, pieces)
        if moved is None:
            continue
        after = {**pieces, sq: moved}
        own = after.pop(king)
        if f in moves_of(prog, lay, side, own >> 4 & 0xFFF, king, after, own):
            raise Refused("the game castles with a king or rook that has moved, which the catalogue cannot state")


def _goal_name(c: Condition) -> str:
    goal = c.goal
    if isinstance(goal, Sym):
        return goal.name
    if isinstance(goal, List) and goal.items and isinstance(goal.items[0], Sym):
        return goal.items[0].name
    return "?"


_PIECES_REMAINING = Sym("pieces-remaining", 0)
_RESULTS = {"loss-condition": "loss", "win-condition": "win", "draw-condition": "draw"}


def _goals(prog: Program, conditions: list[Condition], letters: dict[str, str], data: Data) -> bool:
    """Checkmate of the royal types, stalemate (a draw by Zillions' default), and extinction by
    ``pieces-remaining`` or ``captured``; whether a loss by a marker on dummy positions was read (:func:`_marker`),
    which the hands must explain."""
    if not conditions:
        # Dagaz files keep their goals in their JavaScript; what is left ends only in a draw
        raise Refused("the game states no goal (no win, loss or draw condition), and a variant needs a way to win")
    goals: Data = {"checkmate": False}
    movers = {prog.players[g] for g in prog.gens}
    marker = False
    for c in conditions:
        if _marker(prog, c) and set(c.players) == movers:
            marker = True
            continue
        # a side's own checkmate may be stated for it alone (fairychess.zrf's Maharaja and the Sepoys)
        own_mate = c.kind == "loss-condition" and _goal_name(c) == "checkmated" and set(c.players) < movers
        if set(c.players) != movers and not own_mate:
            raise Refused(f"a {c.kind} for one player only")
        _goal(prog, c, letters, goals, data["draws"])
    if goals["checkmate"]:
        for letter in _royal_letters(prog, letters, data):
            data["pieces"][letter]["roles"] = ["royal"]
    data["goals"] = goals
    return marker


def _marker(prog: Program, c: Condition) -> bool:
    """``(loss-condition ... (absolute-config T (P ...)))`` with every ``P`` a dummy position: a piece that
    only a move creates there loses for its owner (variantgen's downloads create one on a mating drop)."""
    goal = c.goal
    if c.kind != "loss-condition" or _goal_name(c) != "absolute-config" or not isinstance(goal, List):
        return False
    where = goal.items[-1]
    dummies = {prog.names[p] for p in prog.game.board.dummies}
    names = [x.name for x in where.items if isinstance(x, Sym)] if isinstance(where, List) else []
    return isinstance(where, List) and len(names) == len(where.items) > 0 and set(names) <= dummies


def _royal_letters(prog: Program, letters: dict[str, str], data: Data) -> list[str]:
    """The royal types: one for both sides, or each side's own where neither side ever has the other's
    (none set up, in hand or promoted to)."""
    mine = {g: {k >> 4 & 0xFFF for k in prog.royal_keys if k & 15 == g} for g in prog.gens}
    types = set().union(*mine.values())
    if len(types) == 1:
        return [letters[prog.type_names[t]] for t in types]
    choices = set(data.get("pawns", {}).get("promotion", {}).get("choices", []))
    each_own = all(len(ts) == 1 for ts in mine.values()) and all(
        not (mine[g] & _held(prog, h)) for g in prog.gens for h in prog.gens if g != h
    )
    if not each_own or any(letters[prog.type_names[t]] in choices for t in types):
        raise Refused("not exactly one royal piece type")
    return sorted(letters[prog.type_names[t]] for t in types)


def _held(prog: Program, g: int) -> set[int]:
    """The types side ``g`` starts with, on the board or in hand."""
    on_board = {c >> 4 & 0xFFF for c in prog.setup[0] if c >= 0 and c & 15 == g}
    return on_board | {t for t, n in enumerate(prog.setup[1][g]) if n}


def _goal(prog: Program, c: Condition, letters: dict[str, str], goals: Data, draws: Data) -> None:
    name, result = _goal_name(c), _RESULTS.get(c.kind)
    if name == "checkmated" and c.kind == "loss-condition" and isinstance(c.goal, List):
        goals["checkmate"] = True
    elif name == "stalemated" and result is not None:
        draws["stalemate"] = result
    elif name == "repetition" and result is not None:
        # tested for the side about to move (generator/zrf/goals.py): its loss is the win of the side
        # that brought the position back
        if result != "draw":
            draws["repetition_winner"] = "mover" if result == "loss" else "to_move"
    elif name in ("pieces-remaining", "captured", "or") and result is not None and "extinction" not in goals:
        if name == "captured":
            goals["extinction"] = _captured(prog, c, letters, result)
        else:
            goals["extinction"] = _extinction(c, letters, result)
    else:
        raise Refused(f"the goal ({c.kind} {name}) has no equivalent the importer reads yet")


def _extinction(c: Condition, letters: dict[str, str], result: str) -> Data:
    """``(pieces-remaining N T)``, or an ``or`` of them with one ``N`` and one type each (Chess.zrf's
    Extinction Chess: a side left without one of its types loses), as extinction of those types at ``N``."""
    assert isinstance(c.goal, List)
    either = _goal_name(c) == "or"
    each = c.goal.items[1:] if either else [c.goal]
    read = [_remaining(g) for g in each]
    if None in read:
        raise Refused(
            "an or of goals that are not all pieces-remaining" if either else "a pieces-remaining goal with no count"
        )
    if any(r and (len(r[1]) > 1 or (len(each) > 1 and not r[1])) for r in read):
        raise Refused("a pieces-remaining goal of several piece types")
    counts = {r[0] for r in read if r}
    types = [letters.get(name) for r in read if r for name in r[1]]
    if len(counts) != 1:
        raise Refused("pieces-remaining goals with different counts")
    if None in types:
        raise Refused("a pieces-remaining goal of a piece that is not in the game")
    return {"pieces": types, "count": counts.pop(), "result": result}


def _remaining(goal: Node) -> tuple[int, list[str]] | None:
    """``(pieces-remaining N T...)`` as ``(N, [T...])``, else ``None``."""
    if not isinstance(goal, List) or len(goal.items) < 2 or goal.items[0] != _PIECES_REMAINING:
        return None
    args = goal.items[1:]
    if not isinstance(args[0], Sym) or not args[0].is_int or not all(isinstance(a, Sym) for a in args[1:]):
        return None
    return int(args[0].name), [a.name for a in args[1:] if isinstance(a, Sym)]


def _captured(prog: Program, c: Condition, letters: dict[str, str], result: str) -> Data:
    """``(captured T)``: the first capture of a T ends the game, as extinction at one fewer than each
    side starts with (the sides must start with as many)."""
    assert isinstance(c.goal, List)
    names = [a.name for a in c.goal.items[1:] if isinstance(a, Sym)]
    if len(names) != 1 or len(c.goal.items) != 2 or names[0] not in letters:
        raise Refused("a captured goal of no piece or of several")
    t = prog.types[names[0]]
    counts = {
        q: sum(1 for code in prog.setup[0] if code >= 0 and code >> 4 & 0xFFF == t and code & 15 == q) for q in (0, 1)
    }
    if counts[0] != counts[1] or counts[0] == 0:
        raise Refused(f"a captured goal of {names[0]}, of which the sides start with different numbers")
    return {"pieces": [letters[names[0]]], "count": counts[0] - 1, "result": result}


def _has_repetition(conditions: list[Condition]) -> bool:
    return any(_goal_name(c) == "repetition" and c.kind in _RESULTS for c in conditions)
