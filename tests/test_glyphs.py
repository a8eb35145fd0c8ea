"""Piece glyphs: feature-derived motifs, SVG snippets, the rasteriser and the BMP encoder."""

from __future__ import annotations

import doctest
import functools
import struct
import xml.etree.ElementTree as ET

import pytest

from generator.betza import parse_betza
from generator.catalogue import DEFAULT_CATALOGUE, Color, Role, load_catalogue
from generator.catalogue.model import PieceType
from generator.emit import font
from generator.emit.glyphs import KEY, bmp_bytes, features, glyph, glyph_set, raster, svg_symbol

SIZES = (48, 64)


def piece(betza: str, letter: str = "X", *roles: Role) -> PieceType:
    return PieceType(letter, f"test {betza}", betza, parse_betza(betza), frozenset(roles))


@functools.cache
def cached_raster(p: PieceType, color: Color, size: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    return tuple(map(tuple, raster(p, color, size)))


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(DEFAULT_CATALOGUE)


def parse_bmp(data: bytes) -> tuple[int, int, list[list[tuple[int, int, int]]]]:
    """A strict reader for what bmp_bytes writes; returns width, height and the rows, top first."""
    magic, file_size, r1, r2, offset = struct.unpack_from("<2sIHHI", data, 0)
    assert (magic, file_size, r1, r2, offset) == (b"BM", len(data), 0, 0, 54)
    hsize, width, height, planes, bpp, compression, image_size = struct.unpack_from("<IiiHHII", data, 14)
    assert (hsize, planes, bpp, compression) == (40, 1, 24, 0)
    assert width > 0 and height > 0  # positive height: rows are stored bottom-up
    stride = (width * 3 + 3) // 4 * 4
    assert stride % 4 == 0 and image_size == stride * height == len(data) - 54
    rows = []
    for j in range(height):
        start = 54 + j * stride
        row = data[start : start + stride]
        assert row[width * 3 :] == bytes(stride - width * 3)  # padding is zero
        rows.append([(row[3 * i + 2], row[3 * i + 1], row[3 * i]) for i in range(width)])
    return width, height, rows[::-1]


# --- BMP encoder ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [1, 2, 3, 4, 5, 7])
def test_bmp_header_padding_and_round_trip(width: int) -> None:
    pixels = [[(x * 40 % 256, y * 70 % 256, (x + y) * 13 % 256) for x in range(width)] for y in range(3)]
    data = bmp_bytes(pixels)
    assert len(data) == 54 + 3 * ((3 * width + 3) // 4 * 4)
    assert parse_bmp(data) == (width, 3, pixels)


def test_bmp_rows_are_bottom_up_bgr() -> None:
    data = bmp_bytes([[(255, 0, 0)], [(0, 0, 255)]])  # red on top, blue below
    assert data[54:57] == bytes((255, 0, 0))  # the first stored row is the bottom one (blue, as BGR)
    assert data[58:61] == bytes((0, 0, 255))  # then the top row (red)


def test_bmp_rejects_ragged_or_empty() -> None:
    with pytest.raises(ValueError):
        bmp_bytes([])
    with pytest.raises(ValueError):
        bmp_bytes([[(0, 0, 0)], [(0, 0, 0), (0, 0, 0)]])


@pytest.mark.parametrize("size", [*SIZES, 37])
def test_piece_bmp_parses_back(size: int) -> None:
    pixels = raster(piece("R"), Color.WHITE, size)
    assert len(pixels) == size and all(len(row) == size for row in pixels)
    width, height, rows = parse_bmp(bmp_bytes(pixels))
    assert (width, height, rows) == (size, size, pixels)


def test_output_is_deterministic() -> None:
    p = piece("BNmW", "A")
    one = bmp_bytes(raster(p, Color.BLACK, 48)), svg_symbol(p, Color.BLACK, 48)
    again = bmp_bytes(raster(piece("BNmW", "A"), "black", 48)), svg_symbol(piece("BNmW", "A"), "black", 48)
    assert one == again


# --- the raster -----------------------------------------------------------------------------------------


def test_raster_background_is_the_transparent_key() -> None:
    pixels = raster(piece("Q"), Color.WHITE, 64)
    corners = [pixels[0][0], pixels[0][-1], pixels[-1][0], pixels[-1][-1]]
    assert corners == [KEY] * 4
    inside = [px for row in pixels for px in row if px != KEY]
    assert len(inside) > 64 * 64 // 5  # the piece covers a good part of the square
    # no green fringe: every piece pixel is a grey between the two piece colours
    assert all(abs(r - g) < 16 and abs(g - b) < 16 for r, g, b in inside)


def test_white_is_light_and_black_is_dark() -> None:
    def share(pixels, test) -> float:
        inside = [sum(px) for row in pixels for px in row if px != KEY]
        return sum(1 for v in inside if test(v)) / len(inside)

    for betza in ("K", "Q", "R", "B", "N", "fmWfcF"):
        white, black = raster(piece(betza), Color.WHITE, 64), raster(piece(betza), Color.BLACK, 64)
        assert white != black
        assert share(white, lambda v: v > 600) > 0.25 and share(white, lambda v: v < 100) > 0.1  # light, dark outline
        assert share(black, lambda v: v < 200) > 0.25 and share(black, lambda v: v > 600) > 0.1  # dark, light outline


def test_every_catalogue_piece_gets_a_glyph(catalogue) -> None:
    for v in catalogue.variants:
        for p in v.pieces:
            g = glyph(p)
            assert g.shapes and g.kind
            for color in Color:
                for size in SIZES:
                    pixels = cached_raster(p, color, size)
                    assert any(px != KEY for row in pixels for px in row), (v.name, p.letter)


def test_piece_types_of_a_variant_never_look_alike(catalogue) -> None:
    for v in catalogue.variants:
        for color in Color:
            for size in SIZES:
                seen: dict[tuple, str] = {}
                for p in v.pieces:
                    key = cached_raster(p, color, size)
                    assert key not in seen, f"{v.name}: {p.letter} looks like {seen.get(key)} ({color.word}, {size})"
                    seen[key] = p.letter


def test_glyph_set_badges_pieces_that_would_coincide() -> None:
    twins = [piece("R", "R"), piece("R", "T"), piece("B", "B")]
    plain = {p.letter: glyph(p) for p in twins}
    assert plain["R"] == plain["T"]  # same movement, same picture...
    glyphs = glyph_set(twins)
    assert glyphs["R"] != glyphs["T"]  # ...until the set badges them
    assert "badge:R" in glyphs["R"].marks and "badge:T" in glyphs["T"].marks
    assert glyphs["B"] == plain["B"]
    assert raster(glyphs["R"], Color.WHITE, 48) != raster(glyphs["T"], Color.WHITE, 48)


# --- motifs follow features -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("betza", "roles", "kind"),
    [
        ("R", (), "battlements"),
        ("B", (), "mitre"),
        ("Q", (), "coronet"),
        ("N", (), "horse"),
        ("K", (Role.ROYAL,), "crown"),
        ("fmWfcF", (Role.PAWN,), "pawn"),
        ("fmK", (), "pawn"),  # forward-only mover
        ("BN", (), "mitre+horse"),
        ("RN", (), "battlements+horse"),
        ("QN", (), "coronet+horse"),
        ("RmF", (), "battlements"),
        ("B3", (), "mitre"),
        ("KAD", (), "man"),
        ("FmW", (), "man"),
        ("fKsWmbK", (), "man"),
        ("mWnD", (), "man"),
        ("NmvW", (), "horse"),
        ("K", (), "man"),  # a non-royal king: the crownless king
    ],
)
def test_motif_follows_features(betza: str, roles: tuple[Role, ...], kind: str) -> None:
    assert glyph(piece(betza, "X", *roles)).kind == kind


def test_compounds_differ_from_their_parts() -> None:
    bn, b, n = (glyph(piece(x)).shapes for x in ("BN", "B", "N"))
    assert bn != b and bn != n
    rn, r = (glyph(piece(x)).shapes for x in ("RN", "R"))
    assert rn != r and rn != bn


def test_marks_follow_features() -> None:
    assert glyph(piece("R")).marks == ()  # orthodox: no marks, no badge
    assert "range:3" in glyph(piece("B3")).marks and "range:3" in glyph(piece("R3")).marks
    assert "emblem:diamond:move" in glyph(piece("RmF")).marks
    assert "emblem:square:move" in glyph(piece("BmW")).marks
    assert "emblem:circle:move" in glyph(piece("NmK")).marks
    assert "emblem:circle:capture" in glyph(piece("NK")).marks
    assert glyph(piece("KAD")).marks[:2] == ("head:circle", "rays:8")
    assert glyph(piece("FmW")).marks[0] == "head:diamond"
    assert glyph(piece("mWnD")).marks[:2] == ("head:square", "rays:4")
    assert "badge:M" in glyph(piece("KAD", "M")).marks


def test_the_name_does_not_matter() -> None:
    a = PieceType("N", "Knight", "N", parse_betza("N"))
    b = PieceType("N", "Something Else", "N", parse_betza("N"), help="whatever")
    assert glyph(a) == glyph(b)


def test_features_read_the_betza() -> None:
    f = features(piece("fKsWmbK"))
    assert f.steps_capture == {(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0)}
    assert f.steps_move == {(-1, -1), (0, -1), (1, -1)}
    assert not f.pawn and f.orthogonal is None and not f.orthodox
    f = features(piece("R3"))
    assert (f.orthogonal, f.diagonal) == (3, None)
    assert features(piece("Q")).orthogonal == 0 == features(piece("Q")).diagonal


# --- SVG ------------------------------------------------------------------------------------------------


def test_svg_snippets_are_well_formed(catalogue) -> None:
    for v in catalogue.variants:
        for p in v.pieces:
            for color in Color:
                text = svg_symbol(p, color, 48)
                root = ET.fromstring(text)
                assert root.tag == "g"
                assert "scale(0.48)" in root.get("transform", "")
                assert len(root) == len(glyph(p).shapes)
                assert {child.tag for child in root} <= {"polygon", "circle", "polyline"}
                wrapped = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">{text}</svg>'
                ET.fromstring(wrapped)


def test_svg_colours() -> None:
    king = piece("K", "K", Role.ROYAL)
    white, black = svg_symbol(king, Color.WHITE), svg_symbol(king, "black")
    assert white != black
    assert 'class="piece white crown"' in white and 'class="piece black crown"' in black


# --- font -----------------------------------------------------------------------------------------------


def test_font_covers_letters_and_digits() -> None:
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        strokes = font.text_strokes(ch, 50, 50, 12)
        assert strokes and all(len(s) >= 2 for s in strokes)
        xs = [x for s in strokes for x, _ in s]
        ys = [y for s in strokes for _, y in s]
        assert min(ys) >= 44 - 1e-6 and max(ys) <= 56 + 1e-6
        assert min(xs) >= 50 - 4.1 and max(xs) <= 50 + 4.1
    with pytest.raises(ValueError):
        font.text_strokes("a", 0, 0, 10)


def test_font_doctests() -> None:
    assert doctest.testmod(font).failed == 0
