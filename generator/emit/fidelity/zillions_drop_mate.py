"""The drop that may not mate (``drops.no_drop_mate``) in the Zillions files: where it can be written exactly,
the geometry the file's test walks (:func:`plan`); elsewhere the named limitation ``drop-mate``.  One of the
checks of :mod:`generator.emit.fidelity.zillions`.

The file tests the drop before it lands, on the board as it stands, as SimpleShogi.zrf's ``no-mate`` does,
and writes what that file leaves out.  The drop mates where its piece attacks the enemy royal piece and
every reply fails: the royal piece may not take it (the square is attacked by a piece of the dropper's) nor
step to a square that is attacked once the dropped piece stands (its square is marked, so that no line
passes it) or that the dropped piece attacks; no other enemy piece may take it, unless that piece is pinned
to its royal piece along a line the capture leaves (the squares between them empty: okisaki shogi's knight two
squares beside its king).  No other reply exists where the check is a leap (no
square between to block) and every piece takes by leaps and slides.  A mating drop then
``create``\\ s a marker on a dummy position, whose ``absolute-config`` loses for the side that dropped it
(Fairy-Stockfish plays the drop and ends the game there).

>>> from generator.catalogue.loader import load_catalogue
>>> from generator.catalogue.source import FAIRY_STOCKFISH_CATALOGUE
>>> cat = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
>>> p = plan(cat.get("minishogi"))
>>> p.piece, p.royal, [c.vector for c in p.checks]
('P', 'K', [(0, 1)])
>>> plan(cat.get("chess")) is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from generator.betza import Modality, Vector
from generator.catalogue.model import Color, PieceType, Variant
from generator.emit.fidelity.zillions_walks import Ray, attack_rays, immobile_ranks, order, walkable


@dataclass(frozen=True)
class Check:
    """The dropped piece attacking the enemy royal piece along ``vector``: the royal piece's steps to the
    squares it might flee to (``steps``, the enemy's view turned to the mover's) and the rays from the
    dropped piece along which another enemy piece might take it (``defenders``)."""

    vector: Vector
    steps: tuple[Vector, ...]
    defenders: tuple[Ray, ...]


@dataclass(frozen=True)
class DropMate:
    """What the file's test walks: ``attacks``, the rays along which the dropper's pieces attack a square."""

    piece: str
    royal: str
    attacks: tuple[Ray, ...]
    checks: tuple[Check, ...]

    def attack(self, vector: Vector) -> Ray | None:
        """The attack ray along ``vector``, if any piece attacks along it."""
        return next((r for r in self.attacks if r.vector == vector), None)


def plan(v: Variant) -> DropMate | None:
    """The test the file writes for ``v``'s drop that may not mate, or None where none is exact."""
    drops = v.drops
    if drops is None or drops.no_drop_mate is None or not _plain(v):
        return None
    movers = walkable(v)
    if movers is None:
        return None
    royals = [p for p in v.pieces if p.royal]
    if len(royals) != 1:
        return None
    attacks = attack_rays(movers, enemy=False)
    checks = []
    for f in _leaps(movers[drops.no_drop_mate]):
        check = _check(v, movers, royals[0], f, attacks)
        if check is None:
            return None
        checks.append(check)
    return DropMate(drops.no_drop_mate, royals[0].letter, attacks, tuple(checks))


def _plain(v: Variant) -> bool:
    """Whether nothing but the board and the pieces' moves decides the replies to a check: one royal piece a
    side, checkmate the goal, captures to hand, no rule that adds, forbids or forces a move."""
    drops = v.drops
    assert drops is not None
    one_royal = all(sum(1 for _, c, x in v.setup.placement if c is color and v.piece(x).royal) == 1 for color in Color)
    forbidden = (
        v.passing,
        v.swaps,
        v.gating,
        v.must_capture,
        v.royal_held_in_check,
        v.explosions,
        v.walling,
        v.first_leaps,
        v.castling,
        v.mutually_immune,
        v.petrify,
        v.shuns_own_type,
        v.flying_general,
        v.goals.extinction,
        drops.must,
    )
    return one_royal and v.goals.checkmate and drops.captures_to_hand and not any(forbidden) and _unstuck(v)


def _unstuck(v: Variant) -> bool:
    """Whether every capture is a legal move: where a piece may not stop where it could never move again,
    each such piece promotes by piece on those ranks."""
    if not v.immobility_illegal:
        return True
    pp = v.piece_promotion
    promoting = {x for x, _ in pp.pieces} if pp else set()
    for p in v.pieces:
        dead = immobile_ranks(v, p)
        if dead is None or (dead and (p.letter not in promoting or pp is None or not set(dead) <= set(pp.ranks))):
            return False
    return True


def _leaps(p: PieceType) -> tuple[Vector, ...]:
    """The squares ``p`` attacks by single leaps (empty if it also slides: then it is not written)."""
    caps = [m for m in p.movement.moves if m.modality & Modality.CAPTURE]
    if any(m.range != 1 for m in caps):
        return ()
    return tuple(sorted({w for m in caps for w in m.vectors()}))


def _line(x: Vector) -> tuple[Vector, int] | None:
    """``x`` as ``t`` steps of a compass direction, or None if it is on no such line (or zero)."""
    dx, dy = x
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    t = max(abs(dx), abs(dy))
    return (dx // t, dy // t), t


def _check(
    v: Variant, movers: dict[str, PieceType], royal: PieceType, f: Vector, attacks: Sequence[Ray]
) -> Check | None:
    """The replies to a check along ``f`` (from the dropped piece to the royal piece), or None where a
    defender's capture could leave its royal piece attacked in a way the test does not walk."""
    if any(m.range != 1 or m.lame or m.initial or m.modality != Modality.BOTH for m in royal.movement.moves):
        return None
    pawn = set(_leaps(movers[v.drops.no_drop_mate])) if v.drops and v.drops.no_drop_mate else set()
    defenders = _defenders(movers, royal, f, attacks, max(v.board.files, v.board.ranks))
    return None if defenders is None else Check(f, _steps(royal, f, pawn), defenders)


def _steps(royal: PieceType, f: Vector, pawn: set[Vector]) -> tuple[Vector, ...]:
    """The royal piece's steps (the enemy's view turned to the mover's) to squares other than the dropped
    piece's that it does not attack."""
    steps = []
    for w in sorted({w for m in royal.movement.moves for w in m.vectors()}, key=order):
        kv = (-w[0], -w[1])  # the enemy's step, in the mover's view
        e = (f[0] + kv[0], f[1] + kv[1])  # where it lands, from the dropped piece
        if e != (0, 0) and e not in pawn:
            steps.append(kv)
    return tuple(steps)


def _defenders(
    movers: dict[str, PieceType], royal: PieceType, f: Vector, attacks: Sequence[Ray], size: int
) -> tuple[Ray, ...] | None:
    """The rays along which another enemy piece might take the dropped piece, with where it might be pinned;
    None where a pin is not walked (a sliding defender beyond the first square on a line with its royal piece,
    or a limited slide pinning)."""
    defenders = []
    for ray in attack_rays(movers, enemy=True, skip=[royal.letter]):
        if ray.vector == f:
            continue  # its first square is the royal piece's
        walked, pin, gap = _pin(ray, f, size)
        pinners = next((r for r in attacks if r.vector == pin), None)
        if not walked or (pinners is not None and pinners.ranged):
            return None
        defenders.append(dataclasses.replace(ray, pin=pin, gap=gap))
    return tuple(defenders)


def _pin(ray: Ray, f: Vector, size: int) -> tuple[bool, Vector | None, int]:
    """Whether the test walks every pin of a defender along ``ray``, the pin it walks: the direction from the
    royal piece through the ray's first square where that square is on a line with it (None where it is on no
    line), and the squares between them (a knight two squares beside the royal piece: pinned only while they are
    empty).  A defender further along the ray on a line with the royal piece is not walked."""
    r = ray.vector
    pin: Vector | None = None
    gap = 0
    for j in range(1, (size if ray.far else max(1, ray.reach)) + 1):
        at = _line((j * r[0] - f[0], j * r[1] - f[1]))  # the defender, from the royal piece
        if at is None:
            continue
        u, t = at
        if any((f[0] + m * u[0], f[1] + m * u[1]) == (0, 0) for m in range(1, t)):
            continue  # the dropped piece stands between: taking it, the defender stays on the line
        if j > 1:
            return False, None, 0
        pin, gap = u, t - 1
    return True, pin, gap
