"""One Zillions game as a catalogue entry: board, setup, pieces, pawns, castling and goals.

Everything is read from what the game does, through the interpreter (:mod:`.probe`, :mod:`.synth`),
except the goals, which are read from its conditions.  A game the catalogue cannot state exactly
gives :class:`Refused` with the reason.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from generator.betza import BetzaPiece
from generator.importers.zillions.probe import Layout, Square, layout, moves_of
from generator.importers.zillions.synth import Probe, atoms, expected, render
from generator.zrf.model import Condition, Game
from generator.zrf.notation import default_letter
from generator.zrf.program import Program
from generator.zrf.reader import List, Sym

Data = dict[str, Any]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Refused(Exception):
    """Why the catalogue cannot state a game exactly."""


def square_name(sq: Square) -> str:
    return f"{chr(ord('a') + sq[0])}{sq[1] + 1}"


@dataclass(frozen=True)
class Imported:
    """A game read: the entry's data, and each ZRF piece name's catalogue letter (for the proof)."""

    data: Data
    letters: dict[str, str]
    squares: dict[str, str]  # ZRF position name -> catalogue square


def read_game(game: Game) -> Imported:
    """The entry for ``game``; :class:`Refused` if the catalogue cannot state it."""
    prog = Program(game)
    if len(prog.players) != 2 or len(prog.turns) != 2 or [t.gen for t in prog.turns] != [0, 1]:
        raise Refused("the turn order is not one move each, first player first")
    if any(t.mtype >= 0 for t in prog.turns):
        raise Refused("the turns allow only some move types")
    if any(p.drops for p in game.pieces.values()):
        raise Refused("pieces are dropped, which the importer does not read yet")
    lay = layout(prog)
    if isinstance(lay, str):
        raise Refused(lay)
    if len(lay.position) != lay.files * lay.ranks:
        raise Refused("the board has holes, which the importer does not read yet")
    if any(s for side in prog.setup[1] for s in side):
        raise Refused("pieces start off the board, which the importer does not read yet")
    used = sorted({prog.setup[0][p] >> 4 & 0xFFF for p in lay.square if prog.setup[0][p] >= 0})
    letters = _letters(prog, used)
    pieces: Data = {}
    pawn_rules: Data | None = None
    for t in used:
        betza, pawn = _piece(prog, lay, t)
        entry: Data = {"name": prog.type_names[t], "betza": betza}
        if pawn is not None:
            if pawn_rules is not None:
                raise Refused("two piece types move as pawns")
            entry["roles"] = ["pawn"]
            pawn_rules = pawn
        pieces[letters[prog.type_names[t]]] = entry
    data: Data = {"title": game.title, "board": {"files": lay.files, "ranks": lay.ranks}, "pieces": pieces}
    data["setup"] = _setup(prog, lay, letters)
    if pawn_rules is not None:
        promo = pawn_rules.get("promotion")
        if promo is not None:
            promo["choices"] = [letters[prog.type_names[t]] for t in promo["choices"]]
        data["pawns"] = pawn_rules
    data["draws"] = {"move_rule": 0, "repetition": 3 if _has_repetition_draw(game.conditions) else 0}
    _goals(prog, game.conditions, letters, data)
    castling = _castling(prog, lay)
    if castling:
        data["castling"] = castling
    squares = {prog.names[p]: square_name(sq) for p, sq in lay.square.items()}
    return Imported(data, letters, squares)


def _letters(prog: Program, used: list[int]) -> dict[str, str]:
    out: dict[str, str] = {}
    taken: set[str] = set()
    for t in used:
        name = prog.type_names[t]
        first = default_letter(name, prog.game.pieces[name].notation)
        options = [first, *[ch.upper() for ch in name if ch.isalpha()], *LETTERS]
        letter = next(ch for ch in options if ch in LETTERS and ch not in taken)
        taken.add(letter)
        out[name] = letter
    return out


def _piece(prog: Program, lay: Layout, t: int) -> tuple[str, Data | None]:
    """The piece's Betza (as White plays it), and its pawn rules if its moves depend on the rank."""
    name = prog.type_names[t]
    probes = [Probe(prog, lay, side, t, prog.code(t, 1 - side), prog.code(t, side)) for side in (0, 1)]
    found = atoms(probes[0])
    if isinstance(found, str):
        raise Refused(f"{name}: {found}")
    if not found:
        raise Refused(f"{name} has no move on an empty board")
    piece = render(found)
    pawn = _pawn_rules(probes[0], piece, lay)
    _mirrored(probes, lay)
    return piece.render(), pawn


def _mirrored(probes: list[Probe], lay: Layout) -> None:
    """Black's piece must move as White's seen in a mirror across the middle rank."""
    for sq in lay.position:
        white = probes[0].quiet(sq)
        black = probes[1].quiet((sq[0], lay.ranks - 1 - sq[1]))
        if {(v[0], -v[1]) for v in black} != set(white):
            raise Refused(f"{probes[0].prog.type_names[probes[0].kind]}: Black's moves are not White's mirrored")


def _pawn_rules(probe: Probe, piece: BetzaPiece, lay: Layout) -> Data | None:
    """Rank-dependent moves as the catalogue's pawn rules: longer first steps, promotion; else ``None``."""
    multi: dict[int, int] = {}
    promo_ranks: set[int] = set()
    choices: set[int] = set()
    optional = False
    for sq in sorted(lay.position):
        seen = probe.quiet(sq)
        base = expected(piece, lay, sq)
        if base - set(seen):
            raise Refused(f"{probe.prog.type_names[probe.kind]}: its moves depend on the square")
        for v in set(seen) - base:
            if v[0] != 0 or v[1] < 2 or (0, 1) not in base:
                raise Refused(f"{probe.prog.type_names[probe.kind]}: its moves depend on the square")
            multi[sq[1] + 1] = max(multi.get(sq[1] + 1, 1), v[1])
        for v, promos in seen.items():
            if promos - {-1}:
                promo_ranks.add(sq[1] + v[1] + 1)
                choices |= promos - {-1}
                optional = optional or -1 in promos
    if not multi and not promo_ranks:
        return None
    out: Data = {}
    if multi:
        if len(set(multi.values())) != 1:
            raise Refused(f"{probe.prog.type_names[probe.kind]}: first steps of different lengths")
        out["max_steps"] = next(iter(multi.values()))
        out["multi_step_ranks"] = sorted(multi)
    else:
        out["max_steps"] = 1
    out["en_passant"] = _en_passant(probe.prog, probe.kind)
    if promo_ranks:
        out["promotion"] = {"ranks": sorted(promo_ranks), "choices": sorted(choices), "mandatory": not optional}
    return out


def _en_passant(prog: Program, kind: int) -> bool:
    """Whether the pawn's blocks look at the last move (how the corpus writes en passant)."""
    text = " ".join(str(b.node) for b in prog.game.pieces[prog.type_names[kind]].moves)
    return "last-to?" in text or "last-from?" in text


def _setup(prog: Program, lay: Layout, letters: dict[str, str]) -> Data:
    sides: list[dict[str, list[str]]] = [defaultdict(list), defaultdict(list)]
    for p, sq in sorted(lay.square.items(), key=lambda x: x[1]):
        code = prog.setup[0][p]
        if code >= 0:
            sides[code & 15][letters[prog.type_names[code >> 4 & 0xFFF]]].append(square_name(sq))
    return {"white": dict(sides[0]), "black": dict(sides[1])}


def _castling(prog: Program, lay: Layout) -> list[Data]:
    """King moves of two pieces from the start position, with the rest of the back rank cleared."""
    out: list[Data] = []
    board = prog.setup[0]
    for side in (0, 1):
        royal = [p for p in lay.square if board[p] >= 0 and (board[p] >> 4 & 0xFFF) << 4 | side in prog.royal_keys]
        for k in royal:
            rank = lay.square[k][1]
            for p, sq in lay.square.items():
                if sq[1] != rank or p == k or board[p] < 0 or board[p] & 15 != side:
                    continue
                kept = {lay.square[q]: board[q] for q in lay.square if board[q] >= 0 and (lay.square[q][1] != rank or q == p)}
                for f in moves_of(prog, lay, side, board[k] >> 4 & 0xFFF, lay.square[k], kept):
                    if f.parts == 2 and len(f.others) == 1 and f.others[0][0] == sq:
                        out.append(
                            {
                                "color": "white" if side == 0 else "black",
                                "king": square_name(lay.square[k]),
                                "king_to": square_name(f.to),
                                "rook": square_name(sq),
                                "rook_to": square_name(f.others[0][1]),
                            }
                        )
    return out


def _goal_name(c: Condition) -> str:
    goal = c.goal
    if isinstance(goal, Sym):
        return goal.name
    if isinstance(goal, List) and goal.items and isinstance(goal.items[0], Sym):
        return goal.items[0].name
    return "?"


def _goals(prog: Program, conditions: list[Condition], letters: dict[str, str], data: Data) -> None:
    """Checkmate of one royal type, stalemate as a draw (Zillions' default) or a loss."""
    goals: Data = {"checkmate": False}
    stalemate = "draw"
    for c in conditions:
        if set(c.players) != set(prog.players):
            raise Refused(f"a {c.kind} for one player only")
        name = _goal_name(c)
        if name == "checkmated" and c.kind == "loss-condition":
            goals["checkmate"] = True
        elif name == "stalemated" and c.kind in ("loss-condition", "draw-condition"):
            stalemate = "loss" if c.kind == "loss-condition" else "draw"
        elif name == "repetition" and c.kind == "draw-condition":
            continue
        else:
            raise Refused(f"the goal ({c.kind} {name}) has no equivalent the importer reads yet")
    if not goals["checkmate"]:
        raise Refused("no checkmate goal")
    royal = {letters.get(prog.type_names[k >> 4 & 0xFFF]) for k in prog.royal_keys}
    if len(royal) != 1 or None in royal:
        raise Refused("not exactly one royal piece type")
    letter = royal.pop()
    assert letter is not None
    data["pieces"][letter]["roles"] = ["royal"]
    data["goals"] = goals
    data["draws"]["stalemate"] = stalemate


def _has_repetition_draw(conditions: list[Condition]) -> bool:
    return any(_goal_name(c) == "repetition" and c.kind == "draw-condition" for c in conditions)
