"""Parse, canonicalise, render and describe piece moves written in Betza notation.

The dialect is the single-leg subset that Fairy-Stockfish (FSF) understands, read the way FSF reads it,
but strict: every character must mean something, otherwise :class:`BetzaError` names it.

=================  ===========================================================================================
Element            Meaning
=================  ===========================================================================================
``W F D N A``      leapers (1,0) (1,1) (2,0) (2,1) (2,2); ``H C Z G`` = (3,0) (3,1) (3,2) (3,3)
``L J``            read as FSF reads them: ``L`` = (3,1) = ``C``, ``J`` = (3,2) = ``Z`` (XBoard swaps them!);
                   always rendered as ``C`` / ``Z``
``K``              ``W`` + ``F`` (king)
``R B Q``          unlimited ``W`` / ``F`` / ``K`` lines (rook, bishop, queen)
``XX`` (doubled)   unlimited rider of leaper ``X``: ``NN`` nightrider, ``WW`` = ``R``, ``KK`` = ``Q``;
                   not allowed after ``R B Q`` (``RR`` is an error)
``X<digits>``      ``0`` = unlimited, ``1`` = a single leap (``W1`` = ``W``), ``n`` = at most n steps in one
                   line; one or two digits (``R10``, ``B12``: boards go up to 16x16).  FSF reads one digit
                   only, so emitters must not pass ranges above 9 to it.  ``K2`` is rendered ``Q2``.
``f b l r``        forward, backward, left, right (White's view: forward = towards higher ranks)
``v s``            vertical (f+b), sideways (l+r)
``h``              only in a pair: ``fh bh lh rh`` = half planes, ``hl hr`` = the two chiral halves
pairs              two adjacent direction letters, one vertical-ish (``fbvh``) and one horizontal-ish
                   (``rlsh``), in either order, or the same letter twice, form one token - exactly as FSF
                   tokenises.  Tokens are united.  Meaning per atom class:
                   *orthogonal* (``W D H R``): letters are single directions, a pair is the union of its two
                   letters (``fsW`` = forward + sideways); ``h`` means nothing here.
                   *diagonal* (``F A G B``): single letters give pairs (``fF`` = both forward diagonals), a
                   vertical+horizontal pair picks one diagonal (``frF`` = ``rfF``).
                   *oblique* (``N C Z``): single letters give pairs (``fN`` = the two narrow forward moves,
                   ``lN`` = the two wide left moves); pairs are ORDER-SENSITIVE: ``rfN`` = right member of
                   the forward pair (1,2), ``frN`` = forward member of the right pair (2,1); ``ff bb ll rr``
                   = the narrow/wide pairs, ``fs`` = the wide forward pair, ``rv`` = the narrow right pair.
                   *compound* (``K Q``): the token is applied to the ``W`` and ``F`` parts separately without
                   splitting pairs (FSF): ``fK`` = three forward squares, but ``fsK`` = ``sW`` + ``fF``.
                   Pairs that select nothing (``sf``, ``vr``, ``hf`` on non-orthogonal atoms, ``h`` on
                   orthogonal ones) and doubled letters on non-oblique atoms (``ffW``) are errors.
``m c``            move only (to an empty square) / capture only; both or neither = move or capture
``n``              lame: blocked on the intermediate squares of the leap (see :func:`lame_path`); only on
                   ``D N A H C Z G`` leaps (FSF implements ``nD nN nA nZ`` only)
``i``              only for a piece that has never moved
``p g``            hoppers, only on the lines ``R B Q``: ``p`` leaps over the first piece of either side on
                   the line to any square beyond it, up to and including the next piece (cannon ``mRcpR``),
                   with a range (``pR2``, 2 or more) at most that many squares from where it starts, as
                   Fairy-Stockfish plays it; ``g`` lands on the square right behind that piece (grasshopper
                   ``gQ``), without a range
=================  ===========================================================================================

Modifiers (``i``, directions, ``m``, ``c``, ``n``, ``p``, ``g``) may come in any order before their atom;
direction letters pair only when adjacent.  Canonical rendering: ``i``, directions, ``m``/``c``, ``n`` or
``p``/``g``, atom, range; the direction string is the shortest spelling of the move's vector set (``''`` when
all directions are chosen).
Rejected: XBetza letters outside the dialect (``a j e d t o y z x u q``...), atoms ``O U X Y`` etc.,
brackets, parentheses, whitespace, an empty string, repeated ``i m c n``.  A piece that never moves (a
wall, a temple, Fairy-Stockfish's ``immobile``) is written ``-``, the whole string.

A piece is held in a normal form that depends only on what it can do (see ``_canonical_moves``): so
``fKsWmbK`` == ``mKcfKcsW`` (both render ``fhKbmK``), ``fWsW`` == ``fsW``, ``RW`` == ``R``, ``mWcW`` == ``W``.
Moves are sorted: move-or-capture first, then move-only, then capture-only.

>>> p = parse_betza("fcFfmW")
>>> p.render()
'fmWfcF'
>>> p == parse_betza("fmWfcF")
True
>>> parse_betza("WW") == parse_betza("R") == parse_betza("W0")
True
>>> parse_betza("vsW").render(), parse_betza("LJ").render(), parse_betza("K2").render()
('W', 'CZ', 'Q2')
>>> parse_betza("hlN").moves[0].vectors()
((-2, -1), (-1, 2), (1, -2), (2, 1))
"""

from __future__ import annotations

import enum
import functools
import heapq
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["HOPS", "IMMOBILE", "BetzaError", "BetzaMove", "BetzaPiece", "Modality", "lame_path", "parse_betza", "spell"]

Vector = tuple[int, int]


class BetzaError(ValueError):
    """A Betza string that is not in the dialect: ``message``, ``index`` (0-based) and ``text``.

    >>> try:
    ...     parse_betza("aR")
    ... except BetzaError as e:
    ...     print(e.index, e)
    0 'a' (multi-leg move) is not in this dialect (at position 0 of 'aR')
    """

    def __init__(self, message: str, text: str, index: int) -> None:
        super().__init__(f"{message} (at position {index} of {text!r})")
        self.message = message
        self.text = text
        self.index = index


class Modality(enum.Flag):
    """What a move may do on its target square."""

    MOVE = 1  # to an empty square only
    CAPTURE = 2  # capture only
    BOTH = 3  # move or capture (the default)


# --- geometry -----------------------------------------------------------------------------------------------

# Legs as FSF writes them: (long, short).  K has two legs; R, B, Q are the W, F, K lines.
_LEGS: dict[str, tuple[tuple[int, int], ...]] = {
    "W": ((1, 0),), "F": ((1, 1),), "D": ((2, 0),), "N": ((2, 1),), "A": ((2, 2),),
    "H": ((3, 0),), "C": ((3, 1),), "Z": ((3, 2),), "G": ((3, 3),), "K": ((1, 0), (1, 1)),
}  # fmt: skip
_LINE_OF = {"W": "R", "F": "B", "K": "Q"}
_BASE_OF = {"R": "W", "B": "F", "Q": "K", "L": "C", "J": "Z"}
_ATOMS = "WFDNAHCZGKRBQLJ"
_OBLIQUE = "NCZ"
_LAMEABLE = "DNAHCZG"

_DIRS = "fblrvsh"
#: the hopper modifiers: ``p`` lands anywhere beyond the hurdle, ``g`` right behind it
HOPS = "pg"
#: the Betza of a piece that never moves (Fairy-Stockfish's ``immobile``): ``-``, "none" as its options write it
IMMOBILE = "-"
_DIGITS = "0123456789"
_VERTICAL = "fbvh"
_HORIZONTAL = "rlsh"

# The eight images of a leg (p, q), named by the pair they belong to: narrow members (long leg vertical)
# "F?"/"B?", wide members (long leg horizontal) "R?"/"L?".
_SLOT_NAMES = ("Fr", "Fl", "Br", "Bl", "Rf", "Rb", "Lf", "Lb")


def _slot(name: str, p: int, q: int) -> Vector:
    return {
        "Fr": (q, p), "Fl": (-q, p), "Br": (q, -p), "Bl": (-q, -p),
        "Rf": (p, q), "Rb": (p, -q), "Lf": (-p, q), "Lb": (-p, -q),
    }[name]  # fmt: skip


# What each direction token selects (FSF semantics).  Tokens missing here select nothing.
_TOKEN_SLOTS: dict[str, tuple[str, ...]] = {
    "ff": ("Fr", "Fl"), "bb": ("Br", "Bl"), "rr": ("Rf", "Rb"), "ll": ("Lf", "Lb"),
    "vv": ("Fr", "Fl", "Br", "Bl"), "ss": ("Rf", "Rb", "Lf", "Lb"),
    "rf": ("Fr",), "lf": ("Fl",), "rb": ("Br",), "lb": ("Bl",),
    "fr": ("Rf",), "fl": ("Lf",), "br": ("Rb",), "bl": ("Lb",),
    "fs": ("Rf", "Lf"), "bs": ("Rb", "Lb"), "rv": ("Fr", "Br"), "lv": ("Fl", "Bl"),
    "fh": ("Fr", "Fl", "Rf", "Lf"), "bh": ("Br", "Bl", "Rb", "Lb"),
    "rh": ("Fr", "Br", "Rf", "Rb"), "lh": ("Fl", "Bl", "Lf", "Lb"),
    "hr": ("Fr", "Bl", "Rb", "Lf"), "hl": ("Rf", "Lb", "Br", "Fl"),
}  # fmt: skip


def _pairable(a: str, b: str) -> bool:
    return a == b or (a in _VERTICAL and b in _HORIZONTAL) or (a in _HORIZONTAL and b in _VERTICAL)


def _token_at(text: str, i: int) -> str:
    """The direction token starting at ``text[i]``, as FSF reads it: one letter, or two that pair."""
    pair = i + 1 < len(text) and text[i + 1] in _DIRS and _pairable(text[i], text[i + 1])
    return text[i : i + 2] if pair else text[i]


def _tokens(text: str) -> list[tuple[int, str]]:
    """Split a string of direction letters into FSF tokens: (position, letters as written)."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(text):
        out.append((i, _token_at(text, i)))
        i += len(out[-1][1])
    return out


def _token_vectors(base: str, written: str, shown: str = "") -> frozenset[Vector] | str:
    """The vectors a token selects on ``base`` (a key of ``_LEGS``), or why it is invalid."""
    legs, shown = _LEGS[base], shown or base
    if len(written) == 2 and written[0] == written[1] != "h" and base not in _OBLIQUE:
        return f"doubled direction {written!r} only applies to the oblique atoms N, C, Z; write {written[0]!r}"
    token = written * 2 if len(written) == 1 else written
    # FSF splits a pair into its two letters on single orthogonal atoms (fsW = fW + sW).
    parts = [token[0] * 2, token[1] * 2] if len(legs) == 1 and legs[0][1] == 0 else [token]
    out: set[Vector] = set()
    for part in parts:
        found = {_slot(s, p, q) for p, q in legs for s in _TOKEN_SLOTS.get(part, ())}
        if not found:
            what = "'h'" if part == "hh" else repr(written)
            hint = f"; did you mean {written[::-1]!r}?" if written[::-1] in _TOKEN_SLOTS else ""
            return f"direction {what} selects no move of {shown} ({_ATOM_CLASS[base]} atom){hint}"
        out |= found
    return frozenset(out)


_ATOM_CLASS = {a: "orthogonal" for a in "WDH"} | {a: "diagonal" for a in "FAG"}
_ATOM_CLASS |= {a: "oblique" for a in _OBLIQUE} | {"K": "compound"}


@functools.cache
def _all_vectors(base: str) -> frozenset[Vector]:
    return frozenset(_slot(s, p, q) for p, q in _LEGS[base] for s in _SLOT_NAMES)


@functools.cache
def _direction_set(base: str, directions: str) -> frozenset[Vector]:
    """Vectors selected by a direction string (raises BetzaError on the string itself)."""
    if not directions:
        return _all_vectors(base)
    for i, ch in enumerate(directions):
        if ch not in _DIRS:
            raise BetzaError(f"{ch!r} is not a direction letter", directions, i)
    out: set[Vector] = set()
    for pos, written in _tokens(directions):
        got = _token_vectors(base, written)
        if isinstance(got, str):
            raise BetzaError(got, directions, pos)
        out |= got
    return frozenset(out)


_RANK = str.maketrans("fbvlrsh", "abcdefg")


@functools.cache
def _spellings(base: str) -> dict[frozenset[Vector], str]:
    """The canonical (shortest, then alphabetical in 'fbvlrsh' order) spelling of every reachable vector set.

    A Dijkstra search over token sequences; a single letter must not be followed by a letter it would pair
    with, otherwise the text would be read back differently.
    """
    toks: list[tuple[str, frozenset[Vector]]] = []
    for a in _DIRS:
        for w in [a] + [a + b for b in _DIRS if _pairable(a, b)]:
            got = _token_vectors(base, w)
            if not isinstance(got, str):
                toks.append((w, got))
    best: dict[frozenset[Vector], str] = {}
    seen: set[tuple[frozenset[Vector], str]] = set()
    heap: list[tuple[int, str, str, frozenset[Vector], str]] = [(0, "", "", frozenset(), "")]
    while heap:
        _, _, text, vecs, last = heapq.heappop(heap)
        if (vecs, last) in seen:
            continue
        seen.add((vecs, last))
        best.setdefault(vecs, text)
        for w, got in toks:
            if got <= vecs or (last and _pairable(last, w[0])):
                continue
            nxt = text + w
            heapq.heappush(heap, (len(nxt), nxt.translate(_RANK), nxt, vecs | got, w if len(w) == 1 else ""))
    best.pop(frozenset(), None)
    best[_all_vectors(base)] = ""
    return best


def spell(atom: str, vectors: Iterable[Vector]) -> str | None:
    """The direction letters that select exactly ``vectors`` of the leaper ``atom``, or ``None``.

    >>> spell("W", [(0, 1)]), spell("N", [(1, 2), (-1, 2)]), spell("F", [(1, 1), (-1, -1), (1, -1), (-1, 1)])
    ('f', 'f', '')
    >>> spell("W", [(2, 0)]) is None
    True
    """
    return _spellings(atom).get(frozenset(vectors))


def lame_path(dx: int, dy: int) -> tuple[Vector, ...]:
    """Intermediate squares of a lame leap (start and target excluded), relative to the start.

    Orthogonal steps along the longer axis come first, then diagonal steps (FSF: ``nN`` is the xiangqi
    horse, ``nZ`` the janggi elephant).

    >>> lame_path(1, 2), lame_path(2, 3), lame_path(2, 0), lame_path(-2, -2), lame_path(1, 0)
    (((0, 1),), ((0, 1), (1, 2)), ((1, 0),), ((-1, -1),), ())
    >>> lame_path(-3, 1)
    ((-1, 0), (-2, 0))
    """
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    ax, ay = abs(dx), abs(dy)
    orthogonal = abs(ax - ay)
    ox, oy = (sx, 0) if ax > ay else (0, sy)
    path: list[Vector] = []
    x = y = 0
    for step in range(max(ax, ay) - 1):
        if step < orthogonal:
            x, y = x + ox, y + oy
        else:
            x, y = x + sx, y + sy
        path.append((x, y))
    return tuple(path)


# --- moves --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BetzaMove:
    """One Betza move (atom with its modifiers), always held in canonical form.

    Construction canonicalises: ``L``/``J`` become ``C``/``Z``, ``W``/``F``/``K`` with a range other than 1
    become ``R``/``B``/``Q`` (and back for range 1), and ``directions`` becomes its canonical spelling.

    >>> m = BetzaMove("W", "sf", Modality.MOVE, False, False, 3)
    >>> m.atom, m.directions, m.render(), m.vectors()
    ('R', 'fs', 'fsmR3', ((-1, 0), (0, 1), (1, 0)))
    """

    atom: str
    directions: str
    modality: Modality
    lame: bool
    initial: bool
    range: int
    #: ``"p"`` (cannon-like) or ``"g"`` (grasshopper) for a hopper, ``""`` for every other move
    hop: str = ""

    def __post_init__(self) -> None:
        if self.atom not in _ATOMS or len(self.atom) != 1:
            raise ValueError(f"unknown atom {self.atom!r}")
        if not isinstance(self.range, int) or not 0 <= self.range <= 99:
            raise ValueError(f"range must be an int from 0 to 99, not {self.range!r}")
        if not isinstance(self.modality, Modality) or not self.modality:
            raise ValueError(f"modality must be a non-empty Modality, not {self.modality!r}")
        base = _BASE_OF.get(self.atom, self.atom)
        atom = _LINE_OF[base] if base in _LINE_OF and self.range != 1 else base
        if self.lame and (self.range != 1 or base not in _LAMEABLE):
            raise ValueError(f"'n' (lame) needs a single leap of D N A H C Z G, not {atom}{self.range}")
        ranged = self.range == 0 or (self.hop == "p" and self.range >= 2)
        if self.hop and (self.hop not in HOPS or atom not in "RBQ" or not ranged or self.initial):
            raise ValueError(f"a hopper ({self.hop!r}) needs an R, B or Q line without 'i', not {atom}{self.range}")
        object.__setattr__(self, "atom", atom)
        object.__setattr__(self, "directions", _spellings(base)[_direction_set(base, self.directions)])

    @property
    def _base(self) -> str:
        return _BASE_OF.get(self.atom, self.atom)

    def vectors(self) -> tuple[Vector, ...]:
        """Step vectors (dx, dy) for White, dy > 0 = forward, dx > 0 = White's right; sorted.

        >>> BetzaMove("N", "f", Modality.BOTH, False, False, 1).vectors()
        ((-1, 2), (1, 2))
        """
        return tuple(sorted(_direction_set(self._base, self.directions)))

    def render(self) -> str:
        """Canonical Betza: i, directions, m/c, n, atom, range.

        >>> BetzaMove("N", "", Modality.BOTH, False, False, 0).render()
        'NN'
        """
        mod = {Modality.BOTH: "", Modality.MOVE: "m", Modality.CAPTURE: "c"}[self.modality]
        if self.atom in "RBQ":
            suffix = str(self.range or "")
        else:
            suffix = "" if self.range == 1 else self.atom if self.range == 0 else str(self.range)
        return f"{'i' * self.initial}{self.directions}{mod}{'n' * self.lame}{self.hop}{self.atom}{suffix}"

    def describe(self) -> str:
        """One plain-English line.

        >>> BetzaMove("D", "", Modality.BOTH, True, False, 1).describe()
        'leaps 2 squares orthogonally, blocked by a piece on the square between'
        """
        base, full = self._base, self.directions == ""
        vecs = self.vectors()
        where = _join([_compass(v) for v in sorted(vecs, key=lambda v: (-v[1], v[0]))])
        verb = {Modality.BOTH: "moves or captures", Modality.MOVE: "moves without capturing",
                Modality.CAPTURE: "captures"}[self.modality]  # fmt: skip
        if self.hop:
            body = self._hop_words(where)
        elif self.atom in "RBQ":
            body = self._rider_words(where)
        elif base in "WFK":
            body = f"one step {_SHAPE_WORDS[base] if full else where}"
            if full and base == "K":
                body = "like a king (one step in any direction)"
        elif self.range != 1:
            count = "any number of" if self.range == 0 else f"up to {self.range}"
            body = f"{count} {_NAMES[base]} leaps in a straight line" + ("" if full else f" ({where})")
            if full and base == "N" and self.range == 0:
                body = f"like a nightrider ({body})"
        else:
            verb = {Modality.BOTH: "leaps", Modality.MOVE: "leaps without capturing",
                    Modality.CAPTURE: "captures by leaping"}[self.modality]  # fmt: skip
            body = self._leap_words(where)
        return f"{verb} {body}" + (" (only if the piece has not moved yet)" if self.initial else "")

    def _hop_words(self, where: str) -> str:
        """Where a hopper goes: over the first piece on its line, to just behind it or beyond.

        >>> print(parse_betza("gQ").describe()[0].replace(" over", "\\n over"))
        moves or captures by hopping along a queen line (in any direction)
         over exactly one piece of either side to the square right behind it
        """
        line = {"R": "rook", "B": "bishop", "Q": "queen"}[self.atom]
        along = f"a {line} line ({_SHAPE_WORDS[self._base]})" if self.directions == "" else f"a line {where}"
        land = "the square right behind it" if self.hop == "g" else "any square beyond it, as far as the next piece"
        within = f", at most {self.range} squares from where it starts" if self.range else ""
        return f"by hopping along {along} over exactly one piece of either side to {land}{within}"

    def _rider_words(self, where: str) -> str:
        """How far and where a rook, bishop or queen move goes."""
        base, full = self._base, self.directions == ""
        if self.range != 0:
            return f"up to {self.range} squares {_SHAPE_WORDS[base] if full else where}"
        name = {"R": "rook", "B": "bishop", "Q": "queen"}[self.atom]
        return f"like a {name} (any distance {_SHAPE_WORDS[base]})" if full else f"any distance {where}"

    def _leap_words(self, where: str) -> str:
        """Where a single leap goes, and what blocks it if it is lame."""
        base, full = self._base, self.directions == ""
        p, q = _LEGS[base][0]
        if base in _OBLIQUE:
            body = f"like a {_NAMES[base]} ({q},{p})" if full else where
        else:
            body = f"{p} squares {('orthogonally' if q == 0 else 'diagonally') if full else where}"
        if self.lame:
            on = "the square between" if base in "DA" else "the orthogonally adjacent square it passes"
            on = on if len(lame_path(p, q)) == 1 else "either square it passes"
            body += f", blocked by a piece on {on}"
        return body


_SHAPE_WORDS = {"W": "orthogonally", "F": "diagonally", "K": "in any direction"}
_NAMES = {"D": "dabbaba", "N": "knight", "A": "alfil", "H": "threeleaper", "C": "camel", "Z": "zebra",
          "G": "tripper"}  # fmt: skip


def _compass(v: Vector) -> str:
    dx, dy = v
    vert = "forward" if dy > 0 else "backward"
    hor = "right" if dx > 0 else "left"
    if dx == 0 or dy == 0:
        return vert if dx == 0 else hor
    if abs(dx) == abs(dy):
        return f"{vert}-{hor}"
    if abs(dy) > abs(dx):
        return f"{abs(dy)} {vert} {abs(dx)} {hor}"
    return f"{abs(dx)} {hor} {abs(dy)} {vert}"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


# --- pieces -------------------------------------------------------------------------------------------------

_MOD_ORDER = {Modality.BOTH: 0, Modality.MOVE: 1, Modality.CAPTURE: 2}
_ATOM_ORDER = "QRBKWFNADCZGH"
_SHAPE = {(0, 1): "W", (1, 1): "F", (0, 2): "D", (1, 2): "N", (2, 2): "A", (0, 3): "H", (1, 3): "C",
          (2, 3): "Z", (3, 3): "G"}  # fmt: skip
_INF = 1000  # reach of an unlimited rider; a lame leap has reach 0, a plain leap 1, a rider of range n n


def _sort_key(m: BetzaMove) -> tuple[int, bool, str, int, int, bool, str]:
    # Limited ranges before unlimited before single leaps, so that "B2" + "B" renders "B2B", never "BB2".
    rank = 0 if m.range > 1 else 1 if m.range == 0 else 2
    return (_MOD_ORDER[m.modality], m.initial, m.hop, _ATOM_ORDER.index(m.atom), rank * 100 - m.range, m.lame,
            m.directions.translate(_RANK))  # fmt: skip


def _canonical_moves(moves: Iterable[BetzaMove]) -> tuple[BetzaMove, ...]:
    """The normal form of a set of moves: what they allow, re-spelled.

    Per (initial, vector, move/capture) only the longest reach counts (lame leap < leap < range n <
    unlimited), an initial-only move is dropped when the ordinary moves reach as far, and the surviving
    vectors are regrouped by reach and modality into one move per atom; ``W`` + ``F`` parts become ``K`` /
    ``Q`` when that spelling is not longer.  The result has no vector twice per modality, which FSF needs:
    it keeps one range per direction, so ``vQsK3`` or ``DnD`` would otherwise lose moves there.
    """
    moves = list(moves)
    reach = _reach(m for m in moves if not m.hop)
    groups: dict[tuple[bool, int, Modality], dict[str, set[Vector]]] = {}
    for (initial, v, f), r in reach.items():
        both = reach.get((initial, v, Modality.BOTH & ~f)) == r
        short, long = sorted((abs(v[0]), abs(v[1])))
        shape = _SHAPE[short, long]
        groups.setdefault((initial, r, Modality.BOTH if both else f), {}).setdefault(shape, set()).add(v)
    out: list[BetzaMove] = []
    for (initial, r, mod), shapes in groups.items():
        _spell_as_king(shapes)
        for shape, vs in shapes.items():
            rng = 1 if r <= 1 else 0 if r == _INF else r
            out.append(BetzaMove(shape, _spellings(shape)[frozenset(vs)], mod, r == 0, initial, rng))
    return tuple(sorted(out + _canonical_hops(moves), key=_sort_key))


def _canonical_hops(moves: list[BetzaMove]) -> list[BetzaMove]:
    """The hoppers among ``moves`` regrouped like the other moves: per hop kind and vector what it may
    do, then one move per kind, modality and line shape (``R``/``B``, or ``Q`` for both)."""
    mods: dict[tuple[str, int, Vector], Modality] = {}
    for m in moves:
        if m.hop:
            for v in m.vectors():
                mods[m.hop, m.range, v] = mods.get((m.hop, m.range, v), Modality(0)) | m.modality
    groups: dict[tuple[str, int, Modality], dict[str, set[Vector]]] = {}
    for (hop, rng, v), mod in mods.items():
        groups.setdefault((hop, rng, mod), {}).setdefault("F" if v[0] and v[1] else "W", set()).add(v)
    out: list[BetzaMove] = []
    for (hop, rng, mod), shapes in groups.items():
        _spell_as_king(shapes)
        out += [BetzaMove(sh, _spellings(sh)[frozenset(vs)], mod, False, False, rng, hop) for sh, vs in shapes.items()]
    return out


def _reach(moves: Iterable[BetzaMove]) -> dict[tuple[bool, Vector, Modality], int]:
    """Per (initial, vector, move or capture): the longest reach, initial-only ones dropped where the
    ordinary moves reach as far."""
    reach: dict[tuple[bool, Vector, Modality], int] = {}
    for m in moves:
        r = 0 if m.lame else _INF if m.range == 0 else m.range
        for v in m.vectors():
            for f in (Modality.MOVE, Modality.CAPTURE):
                key = (m.initial, v, f)
                if m.modality & f and reach.get(key, -1) < r:
                    reach[key] = r
    return {k: r for k, r in reach.items() if not (k[0] and reach.get((False, *k[1:]), -1) >= r)}


def _spell_as_king(shapes: dict[str, set[Vector]]) -> None:
    """Merge ``W`` and ``F`` vectors into one ``K`` when that spelling is not longer."""
    if "W" in shapes and "F" in shapes:
        k = _spellings("K").get(frozenset(shapes["W"] | shapes["F"]))
        parts = len(_spellings("W")[frozenset(shapes["W"])]) + len(_spellings("F")[frozenset(shapes["F"])])
        if k is not None and len(k) <= parts + 1:
            shapes["K"] = shapes.pop("W") | shapes.pop("F")


@dataclass(frozen=True)
class BetzaPiece:
    """A piece: its moves, canonicalised (merged and sorted) on construction.

    >>> BetzaPiece((BetzaMove("F", "", Modality.MOVE, False, False, 1),
    ...             BetzaMove("R", "", Modality.BOTH, False, False, 0))).render()
    'RmF'
    """

    moves: tuple[BetzaMove, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", _canonical_moves(self.moves))

    def render(self) -> str:
        """Canonical Betza of the whole piece: ``-`` for a piece that never moves.

        >>> parse_betza("-").render(), parse_betza("-").moves
        ('-', ())
        """
        return "".join(m.render() for m in self.moves) or IMMOBILE

    def describe(self) -> list[str]:
        """One plain-English line per move.

        >>> parse_betza("fmWfcF").describe()
        ['moves without capturing one step forward', 'captures one step forward-left or forward-right']
        >>> parse_betza("-").describe()
        ['never moves']
        """
        return [m.describe() for m in self.moves] or ["never moves"]


# --- parser -------------------------------------------------------------------------------------------------

_WHY = {
    "a": "multi-leg move", "j": "jump modifier", "e": "en passant",
    "d": "capture of own pieces", "t": "test/then modifier", "o": "cylinder wrap", "y": "range toggle",
    "z": "crooked move", "x": "XBetza extension", "u": "XBetza extension", "k": "XBetza extension",
    "q": "circular move", "O": "castling/null move", "U": "universal leaper", "X": "extended atom suffix",
    "Y": "extended atom suffix", "[": "bracket notation", "]": "bracket notation", "(": "repetition group",
    ")": "repetition group", "-": "bracket leg separator", "?": "bracket leg separator", "@": "drop",
}  # fmt: skip


def parse_betza(text: str) -> BetzaPiece:
    """Parse a Betza string into a canonical :class:`BetzaPiece`; raise :class:`BetzaError` if invalid.

    >>> parse_betza("NmK").render(), parse_betza("mcW") == parse_betza("W")
    ('NmK', True)
    >>> parse_betza("fsK").moves[0].vectors()
    ((-1, 0), (-1, 1), (1, 0), (1, 1))
    """
    if not text:
        raise BetzaError(f"empty Betza string (a piece that never moves is written {IMMOBILE})", text, 0)
    if text == IMMOBILE:
        return BetzaPiece(())
    moves: list[BetzaMove] = []
    start: int | None = None  # where the pending modifiers begin
    seen: dict[str, int] = {}
    dirs: list[tuple[int, str]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _DIRS:
            dirs.append((i, _token_at(text, i)))
            start = i if start is None else start
            i += len(dirs[-1][1])
            continue
        if ch in "imcnpg":
            _check_modifier(text, seen, i)
            seen[ch] = i
            start = i if start is None else start
            i += 1
            continue
        if ch not in _ATOMS:
            raise BetzaError(_not_an_atom(ch), text, i)
        base = _BASE_OF.get(ch, ch)
        rng, j = _range_after(text, i)
        hop = _check_lame_and_hop(text, seen, ch, rng, j - i)
        vecs = _direction_vectors(text, base, ch, dirs)
        mod = Modality.MOVE if "m" in seen else Modality(0)
        mod |= Modality.CAPTURE if "c" in seen else Modality(0)
        directions = _spellings(base)[frozenset(vecs)] if dirs else ""
        moves.append(BetzaMove(ch, directions, mod or Modality.BOTH, "n" in seen, "i" in seen, rng, hop))
        start, seen, dirs, i = None, {}, [], j
    if start is not None:
        raise BetzaError(f"modifiers {text[start:]!r} have no atom after them", text, start)
    return BetzaPiece(tuple(moves))


def _check_modifier(text: str, seen: dict[str, int], i: int) -> None:
    """A modifier letter may come once before its atom, and only one of the hopper letters."""
    ch = text[i]
    if ch in seen:
        raise BetzaError(f"modifier {ch!r} repeated", text, i)
    if ch in HOPS and seen.keys() & set(HOPS):
        raise BetzaError("'p' and 'g' exclude each other", text, i)


def _check_lame_and_hop(text: str, seen: dict[str, int], atom: str, rng: int, length: int) -> str:
    """Refuse ``n`` where the atom has no square between, and a hopper that is not on a whole line;
    the hopper letter, if any."""
    if "n" in seen and (rng != 1 or _BASE_OF.get(atom, atom) not in _LAMEABLE):
        why = "a rider" if rng != 1 else f"{atom}, which has no square between start and target"
        raise BetzaError(f"'n' (lame) cannot apply to {why}", text, seen["n"])
    hop = "".join(h for h in HOPS if h in seen)
    if not hop:
        return ""
    if atom not in "RBQ" or (length != 1 and (hop != "p" or rng < 2)):
        raise BetzaError(
            f"{hop!r} (hopper) only applies to the lines R, B, Q, without a range but for 'p' (2 or more)",
            text,
            seen[hop],
        )
    if "i" in seen:
        raise BetzaError("'i' (initial move) cannot apply to a hopper", text, seen["i"])
    return hop


def _not_an_atom(ch: str) -> str:
    """Why ``ch`` cannot stand where an atom must."""
    if ch in _DIGITS:
        return f"digit {ch!r}: a range must directly follow its atom"
    if ch in _WHY:
        return f"{ch!r} ({_WHY[ch]}) is not in this dialect"
    if ch.isalpha():
        return f"{ch!r} is not {'an atom' if ch.isupper() else 'a modifier'} in this dialect"
    return f"{ch!r} is not allowed in Betza"


def _range_after(text: str, i: int) -> tuple[int, int]:
    """The range of the atom at ``text[i]`` (0: unlimited) and where the text goes on after it:
    a doubled atom rides without limit, one or two digits set a limit."""
    ch = text[i]
    j = i + 1
    if j < len(text) and text[j] == ch:
        if ch in "RBQ":
            raise BetzaError(f"{ch!r} is already an unlimited rider; write it once", text, j)
        if j + 1 < len(text) and text[j + 1] in _DIGITS:
            raise BetzaError("a doubled atom is already an unlimited rider; no range may follow", text, j + 1)
        return 0, j + 1
    if j < len(text) and text[j] in _DIGITS:
        k = j + (2 if j + 1 < len(text) and text[j + 1] in _DIGITS else 1)
        if k < len(text) and text[k] in _DIGITS:
            raise BetzaError("a range has at most two digits", text, k)
        if k - j == 2 and text[j] == "0":
            raise BetzaError("a range must not start with 0", text, j)
        return int(text[j:k]), k
    return (0 if ch in "RBQ" else 1), j


def _direction_vectors(text: str, base: str, atom: str, dirs: list[tuple[int, str]]) -> set[Vector]:
    """The vectors the direction tokens written before ``atom`` select (all of them if none)."""
    vecs: set[Vector] = set()
    for pos, written in dirs:
        got = _token_vectors(base, written, atom)
        if isinstance(got, str):
            raise BetzaError(got, text, pos)
        vecs |= got
    return vecs
