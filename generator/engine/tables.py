"""Per-square move tables for one piece type and colour, compiled from its Betza.

Leaps become two bitboards per square (targets for moves to an empty square and
for captures); lame leaps keep the squares that must be empty; rides become
:class:`Slide` groups whose targets, for a given occupancy, are computed once
and cached, keyed by the occupancy of the squares that matter.  Lines of two
opposite rays share one cache, so a queen costs four look-ups.

Inverse tables answer "which squares attack this one" for check detection.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from generator.betza import BetzaMove, BetzaPiece, Modality
from generator.catalogue.model import Color
from generator.engine.geometry import Bitboard, Geometry, Vector

MOVE = 1
CAPTURE = 2


class Targets(dict[Bitboard, Bitboard]):
    """A slide's targets by the occupancy of its mask's squares, each computed the first time it is
    looked up: ``targets[occ & mask]`` is the one slider look-up of the hot loops (a subscript, as
    fast as the ``dict.get`` and test for None it replaces, and one way of writing it)."""

    __slots__ = ("slide",)

    def __init__(self, slide: Slide) -> None:
        super().__init__()
        self.slide = slide

    def __missing__(self, key: Bitboard) -> Bitboard:
        hit = self[key] = self.slide.compute(key)
        return hit


class Slide:
    """Rays from one square sharing a modality; ``targets(occ)`` includes the first blocker of each ray."""

    __slots__ = ("between", "cache", "mask", "rays", "reach")

    def __init__(self, rays: list[list[int]]) -> None:
        self.rays = rays
        self.mask: Bitboard = 0
        #: every square of the rays: the targets on an empty board
        self.reach: Bitboard = 0
        #: for each square a ray reaches, the squares strictly between the origin and it
        self.between: dict[int, Bitboard] = {}
        for ray in rays:
            passed = 0
            for s in ray:
                self.between[s] = passed
                passed |= 1 << s
            self.reach |= passed
            for s in ray[:-1]:  # the last square's occupant never changes what is reached
                self.mask |= 1 << s
        self.cache = Targets(self)

    def targets(self, occ: Bitboard) -> Bitboard:
        return self.cache[occ & self.mask]

    def compute(self, key: Bitboard) -> Bitboard:
        """The targets for the occupancy ``key`` of the mask's squares (what the cache keeps)."""
        hit = 0
        for ray in self.rays:
            hit |= self._ray_targets(ray, key)
        return hit

    def _ray_targets(self, ray: list[int], key: Bitboard) -> Bitboard:
        """The targets along one ray for the occupancy ``key``: up to and including the first piece."""
        hit = 0
        for s in ray:
            hit |= 1 << s
            if key >> s & 1:
                break
        return hit


class Hop(Slide):
    """Hopper rays: the targets lie beyond the first piece on the ray, the hurdle.

    ``kind`` ``"p"`` reaches every square beyond the hurdle up to and including the next piece (a cannon;
    with a range, ``"p2"`` in a hop spec, its rays stop that many squares from the origin, as Fairy-Stockfish's),
    ``"g"`` only the square right behind it (a grasshopper); ``"G"`` is the grasshopper seen backwards,
    for attacks: the square next to the origin must hold the hurdle, and the hopper is the first piece
    beyond it.  The squares whose occupancy matters are a slide's, so the cache works alike.
    """

    __slots__ = ("kind",)

    def __init__(self, rays: list[list[int]], kind: str) -> None:
        super().__init__(rays)
        self.kind = kind

    def _ray_targets(self, ray: list[int], key: Bitboard) -> Bitboard:
        """The targets along one ray for the occupancy ``key``."""
        if self.kind == "G":
            if not key >> ray[0] & 1:
                return 0
            hurdle = 0
        else:
            hurdle = next((i for i, s in enumerate(ray) if key >> s & 1), len(ray))
        hit = 0
        for s in ray[hurdle + 1 :]:
            hit |= 1 << s
            if self.kind == "g" or key >> s & 1:
                break
        return hit


class Kept(Slide):
    """A slide or hop whose targets are kept to the squares of ``keep``: a piece's moves along the diagonal
    lines, which may cross other squares but land on the lines only."""

    __slots__ = ("inner", "keep")

    def __init__(self, inner: Slide, keep: Bitboard) -> None:
        super().__init__(inner.rays)
        self.inner = inner
        self.keep = keep
        self.reach &= keep

    def compute(self, key: Bitboard) -> Bitboard:
        return self.inner.compute(key) & self.keep


def _kept(entries: tuple[SlideEntry, ...], keep: Bitboard) -> tuple[SlideEntry, ...]:
    return tuple((kept.mask, kept.cache, kept, mod) for _, _, sl, mod in entries for kept in (Kept(sl, keep),))


# Per square: (mask, cache, slide, modality) - unpacked in the hot loops, hence a plain tuple.
SlideEntry = tuple[Bitboard, Targets, Slide, int]
#: what groups a line's vectors besides the line and the modality: a slide's limit, a hop's kind
K = TypeVar("K", int, str)
# Per square: (target bitboard, squares that must be empty, modality)
LameEntry = tuple[Bitboard, Bitboard, int]
# (d, sources): each square s of ``sources`` reaches s + d, so a set of pieces P on them reaches
# (P & sources) shifted by d, one target per piece
Shift = tuple[int, Bitboard]


def shifts(table: list[Bitboard]) -> tuple[Shift, ...]:
    """A per-square leap table as shifts: the targets of every piece of a set, by their offset.

    Grouping by the offset ``t - s`` rather than by vector is exact even where two vectors share
    an offset (a wrap-around), since each source lists only targets its table holds.

    >>> shifts([0b10, 0b100, 0])  # squares 0 and 1 each reach the next one
    ((1, 3),)
    """
    out: dict[int, Bitboard] = {}
    for s, targets in enumerate(table):
        while targets:
            low = targets & -targets
            targets ^= low
            d = low.bit_length() - 1 - s
            out[d] = out.get(d, 0) | 1 << s
    return tuple(sorted(out.items()))


def modality_bits(m: Modality) -> int:
    return (MOVE if m & Modality.MOVE else 0) | (CAPTURE if m & Modality.CAPTURE else 0)


def oriented(v: Vector, color: Color) -> Vector:
    """Betza vectors are written for White; Black's are turned half round, as Fairy-Stockfish turns them:
    forward is down the board, and left is White's right (tori shogi's quails)."""
    return v if color is Color.WHITE else (-v[0], -v[1])


@dataclass
class MoveTables:
    """Move tables of one piece type, colour and move set (normal moves or initial-only moves)."""

    quiet: list[Bitboard]
    capture: list[Bitboard]
    slides: list[tuple[SlideEntry, ...]]
    lame: list[tuple[LameEntry, ...]]
    has_slides: bool = False
    has_lame: bool = False
    # The rider vectors with their limits, for inverse tables and pin detection.
    ride_specs: list[tuple[Vector, int, int]] = field(default_factory=list)
    lame_specs: list[tuple[Vector, int]] = field(default_factory=list)
    #: the hopper vectors with their kind (``p`` or ``g``), for inverse tables
    hop_specs: list[tuple[Vector, str, int]] = field(default_factory=list)
    #: ``quiet`` and ``capture`` as shifts, for counting the leaps of many pieces at once
    quiet_shifts: tuple[Shift, ...] = ()
    capture_shifts: tuple[Shift, ...] = ()
    #: every leap both moves and captures (most pieces): one table answers for both
    leaps_both: bool = False
    #: per square attacked, the slides and the hops along the diagonal lines that capture there (which
    #: the ride and hop specs, the same from every square, do not give)
    line_slides: list[tuple[SlideEntry, ...]] | None = None
    line_hops: list[tuple[SlideEntry, ...]] | None = None


def _add_leaps(geo: Geometry, v: Vector, quiet: list[Bitboard] | None, capture: list[Bitboard] | None) -> None:
    """Add the leap ``v`` from every square to the tables given (moves to an empty square, captures)."""
    for s in range(geo.size):
        t = geo.leap(s, v) if geo.is_square(s) else None
        if t is None:
            continue
        if quiet is not None:
            quiet[s] |= 1 << t
        if capture is not None:
            capture[s] |= 1 << t


def compile_moves(geo: Geometry, moves: list[BetzaMove], color: Color) -> MoveTables:
    n = geo.size
    quiet = [0] * n
    capture = [0] * n
    lame: list[list[LameEntry]] = [[] for _ in range(n)]
    # rides grouped per modality and line (a vector and its opposite share one line)
    ride_specs: list[tuple[Vector, int, int]] = []
    lame_specs: list[tuple[Vector, int]] = []
    hop_specs: list[tuple[Vector, str, int]] = []
    for mv in moves:
        mod = modality_bits(mv.modality)
        for v0 in mv.vectors():
            v = oriented(v0, color)
            if mv.hop:  # a range rides in the kind: "p2", a cannon landing at most 2 squares away
                hop_specs.append((v, mv.hop + str(mv.range or ""), mod))
            elif mv.range != 1:
                ride_specs.append((v, mv.range, mod))
            elif mv.lame:
                lame_specs.append((v, mod))
            else:
                _add_leaps(geo, v, (quiet if mod & MOVE else None), (capture if mod & CAPTURE else None))
    for v, mod in lame_specs:
        for s in range(n):
            if not geo.is_square(s):
                continue
            block = geo.lame_block(s, v)
            if block is not None:
                t = geo.leap(s, v)
                assert t is not None
                lame[s].append((1 << t, block, mod))
    slides = build_slides(geo, ride_specs)
    if hop_specs:
        slides = [a + b for a, b in zip(slides, build_hops(geo, hop_specs), strict=True)]
    return MoveTables(
        quiet=quiet,
        capture=capture,
        slides=slides,
        lame=[tuple(x) for x in lame],
        has_slides=bool(ride_specs or hop_specs),
        has_lame=bool(lame_specs),
        ride_specs=ride_specs,
        lame_specs=lame_specs,
        hop_specs=hop_specs,
        leaps_both=quiet == capture,
        quiet_shifts=shifts(quiet),
        capture_shifts=shifts(capture),
    )


def line_key(v: Vector) -> Vector:
    """The same key for a vector and its opposite."""
    return max(v, (-v[0], -v[1]))


def bundle_key(v: Vector) -> Vector:
    """The same key for the four orthogonal directions, for the four diagonal ones, and for a
    vector and its opposite otherwise: a rook's or a bishop's rays make one slide, looked up once."""
    if v[0] == 0 or v[1] == 0:
        return (1, 0)
    if abs(v[0]) == abs(v[1]):
        return (1, 1)
    return line_key(v)


#: slide and hop entries by board shape and specs, shared by every variant that asks again: most variants'
#: rooks, bishops and queens ride the same lines of the same board, and an entry's answers (its cache fills
#: as it is asked) are the board's alone.  Each caller gets a list of its own (``confine`` rewrites it).
_SHARED_LINES: dict[tuple[object, ...], tuple[tuple[SlideEntry, ...], ...]] = {}
_MOST_SHARED_LINES = 512


def _shared_lines(
    key: tuple[object, ...], build: Callable[[], list[tuple[SlideEntry, ...]]]
) -> list[tuple[SlideEntry, ...]]:
    found = _SHARED_LINES.get(key)
    if found is None:
        if len(_SHARED_LINES) >= _MOST_SHARED_LINES:
            _SHARED_LINES.clear()
        found = _SHARED_LINES[key] = tuple(build())
    return list(found)


def build_slides(geo: Geometry, specs: list[tuple[Vector, int, int]]) -> list[tuple[SlideEntry, ...]]:
    """Slide entries per square, one per bundle of lines (see :func:`bundle_key`), limit and modality."""
    return _shared_lines(
        ("slides", geo.files, geo.ranks, geo.holes, tuple(specs)),
        lambda: _line_entries(
            geo, specs, lambda limit, rays: Slide(rays), limit_of=lambda limit: limit, key_of=bundle_key
        ),
    )


def build_hops(geo: Geometry, specs: list[tuple[Vector, str, int]]) -> list[tuple[SlideEntry, ...]]:
    """Hopper entries per square, one per line, kind and modality, in the shape of slide entries."""
    return _shared_lines(
        ("hops", geo.files, geo.ranks, geo.holes, tuple(specs)),
        lambda: _line_entries(
            geo, specs, lambda kind, rays: Hop(rays, kind[0]), limit_of=lambda kind: int(kind[1:] or 0), key_of=line_key
        ),
    )


def _line_entries(
    geo: Geometry,
    specs: Sequence[tuple[Vector, K, int]],
    make: Callable[[K, list[list[int]]], Slide],
    limit_of: Callable[[K], int],
    key_of: Callable[[Vector], Vector],
) -> list[tuple[SlideEntry, ...]]:
    """Per square, an entry for each group of ``specs`` sharing a line, a key and a modality: the
    rays of its vectors from that square (up to the key's limit), made into one slide or hop."""
    groups: dict[tuple[Vector, K, int], list[Vector]] = {}
    for v, key, mod in specs:
        groups.setdefault((key_of(v), key, mod), []).append(v)
    out: list[tuple[SlideEntry, ...]] = []
    for s in range(geo.size):
        entries: list[SlideEntry] = []
        if geo.is_square(s):
            for (_, key, mod), vs in groups.items():
                rays = {v: r for v in sorted(set(vs)) if (r := geo.ray_squares(s, v, limit_of(key)))}
                for part in _split_bundle(rays):
                    line = make(key, part)
                    entries.append((line.mask, line.cache, line, mod))
        out.append(tuple(entries))
    return out


#: the most squares whose occupancy one slide's cache is keyed by (up to 2**12 entries a square)
BUNDLE_BITS = 12


def _split_bundle(rays: dict[Vector, list[int]]) -> list[list[list[int]]]:
    """The rays as one slide, or one slide per line where together they would key the cache by too
    many squares (a rook on a large board)."""
    if not rays:
        return []
    if sum(len(r) - 1 for r in rays.values()) <= BUNDLE_BITS:
        return [list(rays.values())]
    lines: dict[Vector, list[list[int]]] = {}
    for v, r in rays.items():
        lines.setdefault(line_key(v), []).append(r)
    return list(lines.values())


@dataclass
class InverseTables:
    """For a target square: where a piece of this type and colour must stand to capture on it."""

    leap: list[Bitboard]
    slides: list[tuple[SlideEntry, ...]]
    lame: list[tuple[tuple[Bitboard, Bitboard], ...]]  # (origin bit, squares that must be empty)
    hops: list[tuple[SlideEntry, ...]]


def compile_inverse(geo: Geometry, fwd: MoveTables) -> InverseTables:
    n = geo.size
    leap = [0] * n
    for s in range(n):
        c = fwd.capture[s]
        while c:
            low = c & -c
            leap[low.bit_length() - 1] |= 1 << s
            c ^= low
    lame: list[list[tuple[Bitboard, Bitboard]]] = [[] for _ in range(n)]
    for s in range(n):
        for target, block, mod in fwd.lame[s]:
            if mod & CAPTURE:
                lame[target.bit_length() - 1].append((1 << s, block))
    inv_specs = [((-v[0], -v[1]), limit, CAPTURE) for v, limit, mod in fwd.ride_specs if mod & CAPTURE]
    # a cannon's hop is its own inverse; a grasshopper's must find its hurdle next to the target
    inv_hops = [
        ((-v[0], -v[1]), "G" if kind == "g" else kind, CAPTURE) for v, kind, mod in fwd.hop_specs if mod & CAPTURE
    ]
    slides, hops = build_slides(geo, inv_specs), build_hops(geo, inv_hops)
    if fwd.line_slides is not None and fwd.line_hops is not None:
        slides = [a + b for a, b in zip(slides, fwd.line_slides, strict=True)]
        hops = [a + b for a, b in zip(hops, fwd.line_hops, strict=True)]
    return InverseTables(leap=leap, slides=slides, lame=[tuple(x) for x in lame], hops=hops)


def with_lines(geo: Geometry, base: MoveTables, line: MoveTables, lines: Bitboard) -> MoveTables:
    """``base`` and, from the squares of ``lines``, the moves of ``line`` that land on ``lines``."""
    on = [bool(lines >> s & 1) for s in range(len(base.quiet))]
    quiet = [q | line.quiet[s] & lines if on[s] else q for s, q in enumerate(base.quiet)]
    capture = [c | line.capture[s] & lines if on[s] else c for s, c in enumerate(base.capture)]
    inv = compile_inverse(geo, line)
    return MoveTables(
        quiet=quiet,
        capture=capture,
        slides=[b + _kept(line.slides[s], lines) if on[s] else b for s, b in enumerate(base.slides)],
        lame=[b + tuple(x for x in line.lame[s] if x[0] & lines) if on[s] else b for s, b in enumerate(base.lame)],
        has_slides=base.has_slides or line.has_slides,
        has_lame=base.has_lame or line.has_lame,
        ride_specs=base.ride_specs,
        lame_specs=base.lame_specs + line.lame_specs,
        hop_specs=base.hop_specs,
        leaps_both=quiet == capture,
        quiet_shifts=shifts(quiet),
        capture_shifts=shifts(capture),
        line_slides=[_kept(e, lines) if on[s] else () for s, e in enumerate(inv.slides)],
        line_hops=[_kept(e, lines) if on[s] else () for s, e in enumerate(inv.hops)],
    )


def switched(base: MoveTables, advanced: MoveTables, zone: Bitboard) -> MoveTables:
    """Tables that move as ``advanced`` from the squares of ``zone`` and as ``base`` elsewhere (leaps
    and lame leaps only, which are kept square by square)."""
    pick = [advanced if zone >> s & 1 else base for s in range(len(base.quiet))]
    quiet = [t.quiet[s] for s, t in enumerate(pick)]
    capture = [t.capture[s] for s, t in enumerate(pick)]
    return MoveTables(
        quiet=quiet,
        capture=capture,
        slides=base.slides,
        lame=[t.lame[s] for s, t in enumerate(pick)],
        has_lame=base.has_lame or advanced.has_lame,
        lame_specs=base.lame_specs + advanced.lame_specs,
        leaps_both=quiet == capture,
        quiet_shifts=shifts(quiet),
        capture_shifts=shifts(capture),
    )


def compile_piece(geo: Geometry, piece: BetzaPiece, color: Color) -> tuple[MoveTables, MoveTables | None]:
    """The tables for a piece's ordinary moves, and for its initial-only moves (None if it has none)."""
    normal = [m for m in piece.moves if not m.initial]
    initial = [m for m in piece.moves if m.initial]
    return compile_moves(geo, normal, color), (compile_moves(geo, initial, color) if initial else None)


def lame_check(
    entries: tuple[tuple[Bitboard, Bitboard], ...], tb: Bitboard, occ: Bitboard, own: Bitboard
) -> tuple[bool, Bitboard]:
    """Whether a lame leaper of ``tb`` attacks through ``entries`` (origin, squares that must be empty),
    else the pieces of ``own`` that alone block one."""
    pinned = 0
    for origin, block in entries:
        if origin & tb:
            b = block & occ
            if not b:
                return True, 0
            if not b & (b - 1) and b & own:
                pinned |= b
    return False, pinned


def shunning_attack(entries: tuple[SlideEntry, ...], occ: Bitboard, apart: Bitboard, tb: Bitboard) -> bool:
    """Whether a hopper of ``tb`` that shuns its own type attacks over a hurdle of another type: it
    reaches the square both with the board ``occ`` and with ``apart``, the board without its type."""
    return any(cache[occ & mask] & cache[apart & mask] & tb for mask, cache, _, _ in entries)


def confine(inv: InverseTables, region: Bitboard) -> None:
    """Drop the attacks on the squares outside ``region`` from inverse tables (indexed by the square attacked)."""
    for sq in range(len(inv.leap)):
        if not region >> sq & 1:
            inv.leap[sq] = 0
            inv.slides[sq] = ()
            inv.lame[sq] = ()
            inv.hops[sq] = ()


def dead_squares(geo: Geometry, tabs: MoveTables) -> Bitboard:
    """The squares where a piece with these tables has no move on an empty board."""
    dead = 0
    for s in range(geo.size):
        if not geo.is_square(s):
            continue
        reach = tabs.quiet[s] | tabs.capture[s]
        for _, _, sl, _ in tabs.slides[s]:
            reach |= sl.reach
        for tb, _, _ in tabs.lame[s]:
            reach |= tb
        if not reach:
            dead |= 1 << s
    return dead


def targets(tabs: MoveTables, s: int, occ: Bitboard, empty: Bitboard, enemy: Bitboard) -> Bitboard:
    """Squares a piece with these tables reaches from ``s``: empty ones it may move to, enemy ones it may take."""
    t = tabs.quiet[s] & empty | tabs.capture[s] & enemy
    if tabs.has_slides:
        for mask, cache, _, mod in tabs.slides[s]:
            t |= cache[occ & mask] & (empty | enemy if mod == 3 else empty if mod == 1 else enemy)
    if tabs.has_lame:
        for tb, block, mod in tabs.lame[s]:
            if not occ & block:
                t |= tb & (empty | enemy if mod == 3 else empty if mod == 1 else enemy)
    return t
