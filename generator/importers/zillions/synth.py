"""A piece's moves in Betza, worked out from what its move blocks do (:mod:`.probe`).

From a square near the middle of the board the piece moves alone (its quiet moves), takes an
enemy placed on each square in turn (its captures), meets a friendly piece on the first square
of a line (a rider stops, a leaper does not) or on the path of a leap (a lame leap is blocked),
and meets a screen (a hopper lands beyond it).  The moves found become Betza atoms with their
directions; :func:`expected` then gives, for any square, what those atoms reach on an empty
board, so that every square of the board can be held to the Betza (:mod:`.pieces`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.betza import BetzaMove, BetzaPiece, Modality, lame_path, spell
from generator.importers.zillions.probe import moves_of
from generator.zrf.layout import Layout, Square
from generator.zrf.program import Program

Vector = tuple[int, int]
#: the leap of each atom, longer leg first
ATOMS: dict[Vector, str] = {
    (1, 0): "W", (1, 1): "F", (2, 0): "D", (2, 1): "N", (2, 2): "A",
    (3, 0): "H", (3, 1): "C", (3, 2): "Z", (3, 3): "G",
}  # fmt: skip


def atom_of(v: Vector) -> str | None:
    a, b = sorted((abs(v[0]), abs(v[1])), reverse=True)
    return ATOMS.get((a, b))


def _add(a: Square, v: Vector) -> Square:
    return a[0] + v[0], a[1] + v[1]


@dataclass(frozen=True)
class Probe:
    """One piece type of one side, and the board it is probed on."""

    prog: Program
    lay: Layout
    player: int
    kind: int
    enemy: int  # the code of an enemy piece used as a target
    friend: int  # the code of a friendly piece used as a blocker or screen
    #: the moves on the empty board, by square, once found
    alone: dict[Square, dict[Vector, frozenset[int]]] = field(default_factory=dict, compare=False, repr=False)

    def quiet(self, at: Square, others: dict[Square, int] | None = None) -> dict[Vector, frozenset[int]]:
        """Where the piece goes from ``at`` without taking: vector -> the promotion types (-1: none)."""
        if not others:
            if at not in self.alone:
                self.alone[at] = self._quiet(at, {})
            return self.alone[at]
        return self._quiet(at, others)

    def _quiet(self, at: Square, others: dict[Square, int]) -> dict[Vector, frozenset[int]]:
        out: dict[Vector, set[int]] = defaultdict(set)
        for f in moves_of(self.prog, self.lay, self.player, self.kind, at, others):
            if not f.captures and f.parts == 1 and f.to[0] >= 0 and f.to != at:
                out[(f.to[0] - at[0], f.to[1] - at[1])].add(f.promo)
        return {v: frozenset(p) for v, p in out.items()}

    def takes(self, at: Square, target: Square, others: dict[Square, int] | None = None, enemy: int = -1) -> bool:
        """Whether the piece on ``at`` takes an enemy on ``target`` by moving there (``enemy``: that piece's
        code, where it is not the probe's own target)."""
        around = dict(others or {})
        around[target] = self.enemy if enemy < 0 else enemy
        found = moves_of(self.prog, self.lay, self.player, self.kind, at, around)
        return any(f.to == target and f.captures == (target,) for f in found)


def centre(lay: Layout) -> Square:
    """The square nearest the middle of the board (the lower-left of a middle four)."""
    middle = ((lay.files - 1) / 2, (lay.ranks - 1) / 2)
    return min(lay.position, key=lambda s: (abs(s[0] - middle[0]) + abs(s[1] - middle[1]), s[1], s[0]))


def _primitive(v: Vector) -> tuple[Vector, int]:
    k = math.gcd(abs(v[0]), abs(v[1]))
    return (v[0] // k, v[1] // k), k


def _line_length(lay: Layout, start: Square, u: Vector) -> int:
    n, sq = 0, _add(start, u)
    while sq in lay.position:
        n, sq = n + 1, _add(sq, u)
    return n


def _far_start(lay: Layout, u: Vector, near: Square) -> Square:
    """The square from which the line ``u`` is longest, nearest ``near`` among those."""
    return max(lay.position, key=lambda s: (_line_length(lay, s, u), -abs(s[0] - near[0]) - abs(s[1] - near[1])))


@dataclass(frozen=True)
class Atom:
    """One Betza atom in one direction: the leap, the modality, its range (0: unlimited), lame, hopper."""

    vector: Vector
    modality: Modality
    range: int = 1
    lame: bool = False
    hop: str = ""


def _modalities(quiet: set[Vector], takes: set[Vector]) -> dict[Vector, Modality]:
    out: dict[Vector, Modality] = {}
    for v in quiet | takes:
        out[v] = (Modality.MOVE if v in quiet else Modality(0)) | (Modality.CAPTURE if v in takes else Modality(0))
    return out


def _runs(mods: dict[Vector, Modality]) -> dict[tuple[Vector, Modality], list[int]]:
    runs: dict[tuple[Vector, Modality], list[int]] = defaultdict(list)
    for v, m in mods.items():
        if v == (0, 0):
            continue
        u, k = _primitive(v)
        runs[(u, m)].append(k)
    return runs


def atoms(probe: Probe, squares: Iterable[Square] | None = None) -> list[Atom] | str:
    """The piece's atoms, as found from the square (of ``squares``, default all) where it has the most
    moves (the nearest the middle of those), or why Betza cannot say them."""
    middle = centre(probe.lay)
    c = max(
        squares if squares is not None else probe.lay.position,
        key=lambda s: (len(probe.quiet(s)), -abs(s[0] - middle[0]) - abs(s[1] - middle[1]), -s[1], -s[0]),
    )
    quiet = set(probe.quiet(c))
    takes = {(t[0] - c[0], t[1] - c[1]) for t in probe.lay.position if t != c and probe.takes(c, t)}
    out: list[Atom] = []
    for (u, mod), ks in sorted(_runs(_modalities(quiet, takes)).items(), key=lambda x: (x[0][0], x[0][1].value)):
        ks.sort()
        run = 0
        while run < len(ks) and ks[run] == run + 1:
            run += 1
        at = _slide_start(probe, c, u, mod, run)
        if at is not None and _blocked(probe, at, u, mod):
            out.append(Atom(u, mod, _range(probe, u, mod, c)))
            rest = ks[run:]
        elif run >= 2 and any(atom_of((u[0] * k, u[1] * k)) is None for k in ks):
            # a line the piece goes on along past a piece in its way (Ultima's Chameleon): no run of
            # leaps the atoms reach can say it, and the dialect refuses ``n`` on a rider
            return f"its line moves go on past a piece in their way, which Betza cannot say; one is along {u}"
        else:
            rest = ks
        for k in rest:
            v = (u[0] * k, u[1] * k)
            if atom_of(v) is None:
                return _no_atom(probe, c, v, quiet | takes)
            out.append(Atom(v, mod, 1, lame(probe, c, v, mod)))
    hops = _hops(probe, c, out)
    return hops if isinstance(hops, str) else out + hops


def _no_atom(probe: Probe, c: Square, v: Vector, reached: set[Vector]) -> str:
    """Why a move of ``v`` from ``c`` is not Betza: the piece goes to any square, or it crosses from
    one part of the board to another (a hand kept beside the board, another level), or a leap
    longer than Betza's atoms."""
    lay = probe.lay
    if {_add(c, r) for r in reached} >= set(lay.position) - {c}:
        return f"its moves reach every square of the board, which Betza cannot say; one is a leap of {v}"
    part = _parts(probe.prog, lay)
    if part[c] != part[_add(c, v)]:
        return (
            "its moves join separate parts of the board (a hand kept beside it, or another level), "
            f"which the catalogue's one board cannot state; one is a move of {v}"
        )
    return f"a leap of {v} has no Betza atom"


def _parts(prog: Program, lay: Layout) -> dict[Square, int]:
    """The board's parts: squares joined by the game's links of one step (a link that jumps farther
    joins what its grid keeps apart: Dagaz's hands beside the board, Dragonchess's levels)."""
    part: dict[Square, int] = {}
    for first in lay.position:
        if first in part:
            continue
        part[first], todo = len(set(part.values())), [first]
        while todo:
            sq = todo.pop()
            for table in prog.game.board.links.values():
                to = lay.square.get(table[lay.position[sq]])
                if to is not None and to not in part and max(abs(to[0] - sq[0]), abs(to[1] - sq[1])) == 1:
                    part[to] = part[first]
                    todo.append(to)
    return part


def _reaches(probe: Probe, at: Square, v: Vector, mod: Modality, others: dict[Square, int]) -> bool:
    target = _add(at, v)
    if target not in probe.lay.position or target in others:
        return False
    if mod & Modality.MOVE:
        return v in probe.quiet(at, others)
    return probe.takes(at, target, others)


def _slide_start(probe: Probe, c: Square, u: Vector, mod: Modality, run: int) -> Square | None:
    """Where to tell a slide along ``u`` from a step: ``c`` if the piece went two squares or more from
    there; if it went one and the board ends there (a narrow board's middle has no room), the square
    the line is longest from, if the piece goes two squares from it; else ``None``."""
    if run >= 2:
        return c
    if run != 1 or _line_length(probe.lay, c, u) != 1:
        return None
    start = _far_start(probe.lay, u, c)
    return start if _reaches(probe, start, (2 * u[0], 2 * u[1]), mod, {}) else None


def _blocked(probe: Probe, c: Square, u: Vector, mod: Modality) -> bool:
    """Whether a friendly piece on the first square of the line stops the piece there (a rider)."""
    return not _reaches(probe, c, (2 * u[0], 2 * u[1]), mod, {_add(c, u): probe.friend})


def _range(probe: Probe, u: Vector, mod: Modality, c: Square) -> int:
    start = _far_start(probe.lay, u, c)
    length = _line_length(probe.lay, start, u)
    n = 0
    while n < length and _reaches(probe, start, (u[0] * (n + 1), u[1] * (n + 1)), mod, {}):
        n += 1
    return 0 if n == length else n


def lame(probe: Probe, c: Square, v: Vector, mod: Modality = Modality.MOVE) -> bool:
    """Whether a friendly piece on any square of the leap's path stops the piece's leap ``v`` from ``c``."""
    path = lame_path(*v)
    if not path or any(_add(c, p) not in probe.lay.position for p in path):
        return False
    return all(not _reaches(probe, c, v, mod, {_add(c, p): probe.friend}) for p in path)


_LINES = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _hops(probe: Probe, c: Square, found: list[Atom]) -> list[Atom] | str:
    """Hopper lines, found with a friendly screen on the first square of a line: a piece that then
    moves to every square beyond it is a cannon (``p``), one that lands only right behind it a
    grasshopper (``g``); each side of the move (quiet, capture) is read on its own."""
    leaps = {a.vector for a in found if a.range == 1 and not a.lame}
    # the same leaps where ``c`` had no room for them (an alfil near the edge of a narrow board)
    kinds = {atom_of(v) for v in leaps}
    leaps |= {v for s in probe.lay.position for v in probe.quiet(s) if atom_of(v) in kinds}
    out: list[Atom] = []
    for u in _LINES:
        hop = _hop_line(probe, _far_start(probe.lay, u, c), u, leaps)
        if isinstance(hop, str):
            return hop
        out += [hop] if hop is not None else []
    return out


def _hop_line(probe: Probe, start: Square, u: Vector, leaps: set[Vector]) -> Atom | str | None:
    length = _line_length(probe.lay, start, u)
    if length < 3:
        return None
    screen = {_add(start, u): probe.friend}
    beyond = sorted(k for v, k in map(_primitive, probe.quiet(start, screen)) if v == u and k >= 2)
    beyond = [k for k in beyond if (u[0] * k, u[1] * k) not in leaps]
    far = [k for k in (2, 3, length) if (u[0] * k, u[1] * k) not in leaps]
    takes = [k for k in far if probe.takes(start, _add(start, (u[0] * k, u[1] * k)), screen)]
    if _over_foe(probe, start, u, leaps, far) != (beyond, takes):
        # Betza's hoppers hop over any piece (4-line Kono's balls jump their own men only)
        return f"the piece hops over a screen of one side only along {u}, which Betza does not say"
    every = [k for k in range(2, length + 1) if (u[0] * k, u[1] * k) not in leaps]
    kinds = {_hop_kind(beyond, every), _hop_kind(takes, far)} - {""}
    if not kinds:
        return None
    if len(kinds) != 1 or "?" in kinds:
        return f"the piece hops over a screen along {u} in a way Betza does not say"
    mod = (Modality.MOVE if beyond else Modality(0)) | (Modality.CAPTURE if takes else Modality(0))
    return Atom(u, mod, 0, hop=kinds.pop())


def _over_foe(
    probe: Probe, start: Square, u: Vector, leaps: set[Vector], far: list[int]
) -> tuple[list[int], list[int]]:
    """What :func:`_hop_line` finds beyond a screen, with an enemy screen instead: (moves, captures)."""
    foe = {_add(start, u): probe.enemy}
    over = sorted(k for v, k in map(_primitive, probe.quiet(start, foe)) if v == u and k >= 2)
    takes = [k for k in far if probe.takes(start, _add(start, (u[0] * k, u[1] * k)), foe)]
    return [k for k in over if (u[0] * k, u[1] * k) not in leaps], takes


def _hop_kind(ks: list[int], every: list[int]) -> str:
    """``p`` for ``every`` square tried beyond the screen, ``g`` for the one right behind it alone,
    ``?`` for anything else."""
    if not ks:
        return ""
    if ks == [2] and every != [2]:
        return "g"
    return "p" if ks == every else "?"


def render(found: list[Atom]) -> BetzaPiece:
    """The atoms as one canonical Betza piece."""
    groups: dict[tuple[str, Modality, int, bool, str], set[Vector]] = defaultdict(set)
    for a in found:
        atom = atom_of(a.vector)
        assert atom is not None
        groups[(atom, a.modality, a.range, a.lame, a.hop)].add(_unit(a.vector, atom))
    moves = []
    for (atom, mod, rng, lame, hop), vectors in groups.items():
        directions = spell(atom, vectors)
        assert directions is not None
        moves.append(BetzaMove(atom, directions, mod, lame, False, rng, hop))
    return BetzaPiece(tuple(moves))


def _unit(v: Vector, atom: str) -> Vector:
    return v if atom_of(v) == atom else _primitive(v)[0]


def expected(piece: BetzaPiece, lay: Layout, at: Square) -> set[Vector]:
    """The quiet moves of ``piece`` from ``at`` on an empty board (lame leaps are never blocked there)."""
    out: set[Vector] = set()
    for m in piece.moves:
        if not m.modality & Modality.MOVE or m.hop:
            continue
        for v in m.vectors():
            k, sq = 0, at
            while m.range == 0 or k < m.range:
                sq, k = _add(sq, v), k + 1
                if sq not in lay.position:
                    break
                out.add((sq[0] - at[0], sq[1] - at[1]))
    return out
