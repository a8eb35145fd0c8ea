"""A tiny vector stroke font (A-Z, 0-9) for the letter badges and range numbers on piece glyphs.

Each character is a few polylines on a 4 x 6 grid (x to the right, y down, the cell's top-left
corner at (0, 0)).  :func:`text_strokes` scales and centres a string; the glyph module draws the
polylines as round-capped lines, in SVG and in the rasteriser alike, so no font file is needed.

>>> text_strokes("L", 50, 50, 12)
(((46.0, 44.0), (46.0, 56.0), (54.0, 56.0)),)
"""

from __future__ import annotations

__all__ = ["ADVANCE", "CHARS", "HEIGHT", "WIDTH", "text_strokes"]

Point = tuple[float, float]
Stroke = tuple[Point, ...]

WIDTH, HEIGHT = 4.0, 6.0  #: the character cell
ADVANCE = 5.5  #: distance between the left edges of neighbouring characters

_O = ((1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5), (0, 1), (1, 0))
_P = ((0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3))

_CHARS: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    "A": (((0, 6), (0, 2), (2, 0), (4, 2), (4, 6)), ((0, 3.5), (4, 3.5))),
    "B": (((0, 3), (3, 3), (4, 4), (4, 5), (3, 6), (0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3)),),
    "C": (((4, 1), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5)),),
    "D": (((0, 0), (0, 6), (2.5, 6), (4, 4.5), (4, 1.5), (2.5, 0), (0, 0)),),
    "E": (((4, 0), (0, 0), (0, 6), (4, 6)), ((0, 3), (3, 3))),
    "F": (((4, 0), (0, 0), (0, 6)), ((0, 3), (3, 3))),
    "G": (((4, 1), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5), (4, 3.5), (2.5, 3.5)),),
    "H": (((0, 0), (0, 6)), ((4, 0), (4, 6)), ((0, 3), (4, 3))),
    "I": (((1, 0), (3, 0)), ((2, 0), (2, 6)), ((1, 6), (3, 6))),
    "J": (((1.5, 0), (4, 0)), ((3, 0), (3, 5), (2, 6), (1, 6), (0, 5))),
    "K": (((0, 0), (0, 6)), ((4, 0), (0, 4)), ((1.5, 2.5), (4, 6))),
    "L": (((0, 0), (0, 6), (4, 6)),),
    "M": (((0, 6), (0, 0), (2, 3), (4, 0), (4, 6)),),
    "N": (((0, 6), (0, 0), (4, 6), (4, 0)),),
    "O": (_O,),
    "P": (_P,),
    "Q": (_O, ((2.5, 4.5), (4, 6))),
    "R": (_P, ((2, 3), (4, 6))),
    "S": (((4, 1), (3, 0), (1, 0), (0, 1), (0, 2), (1, 3), (3, 3), (4, 4), (4, 5), (3, 6), (1, 6), (0, 5)),),
    "T": (((0, 0), (4, 0)), ((2, 0), (2, 6))),
    "U": (((0, 0), (0, 5), (1, 6), (3, 6), (4, 5), (4, 0)),),
    "V": (((0, 0), (2, 6), (4, 0)),),
    "W": (((0, 0), (1, 6), (2, 2.5), (3, 6), (4, 0)),),
    "X": (((0, 0), (4, 6)), ((4, 0), (0, 6))),
    "Y": (((0, 0), (2, 3), (4, 0)), ((2, 3), (2, 6))),
    "Z": (((0, 0), (4, 0), (0, 6), (4, 6)),),
    "0": (_O, ((3.5, 0.5), (0.5, 5.5))),
    "1": (((1, 1), (2, 0), (2, 6)), ((1, 6), (3, 6))),
    "2": (((0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (0, 6), (4, 6)),),
    "3": (((0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (3, 3), (1.5, 3)), ((3, 3), (4, 4), (4, 5), (3, 6), (1, 6), (0, 5))),
    "4": (((3, 6), (3, 0), (0, 4), (4, 4)),),
    "5": (((4, 0), (0, 0), (0, 3), (3, 3), (4, 4), (4, 5), (3, 6), (0, 6)),),
    "6": (((4, 0.5), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5), (4, 4), (3, 3), (0, 3)),),
    "7": (((0, 0), (4, 0), (1.5, 6)),),
    "8": (
        ((1, 3), (0, 2), (0, 1), (1, 0), (3, 0), (4, 1), (4, 2), (3, 3), (1, 3)),
        ((1, 3), (0, 4), (0, 5), (1, 6), (3, 6), (4, 5), (4, 4), (3, 3)),
    ),
    "9": (((4, 3), (1, 3), (0, 2), (0, 1), (1, 0), (3, 0), (4, 1), (4, 5), (3, 6), (1, 6), (0, 5.5)),),
}

CHARS = frozenset(_CHARS)  #: the characters this font can draw


def text_strokes(text: str, cx: float, cy: float, height: float) -> tuple[Stroke, ...]:
    """The polylines of ``text`` (upper case letters and digits), ``height`` tall, centred on (cx, cy).

    Raises ``ValueError`` for a character the font does not have.
    """
    bad = [ch for ch in text if ch not in _CHARS]
    if bad or not text:
        raise ValueError(f"the glyph font cannot draw {text!r}")
    k = height / HEIGHT
    left = cx - k * (ADVANCE * (len(text) - 1) + WIDTH) / 2
    top = cy - height / 2
    out: list[Stroke] = []
    for i, ch in enumerate(text):
        x0 = left + k * ADVANCE * i
        for line in _CHARS[ch]:
            out.append(tuple((round(x0 + k * x, 3), round(top + k * y, 3)) for x, y in line))
    return tuple(out)
