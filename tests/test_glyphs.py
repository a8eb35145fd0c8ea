"""Piece glyphs: feature-derived motifs, SVG snippets, the rasteriser and the BMP encoder."""

from __future__ import annotations

import doctest
import functools
import struct
import xml.etree.ElementTree as ET

import pytest

from generator.betza import Modality, parse_betza
from generator.catalogue import DEFAULT_CATALOGUE, Color, Role, load_catalogue
from generator.catalogue.model import PieceType
from generator.emit.pictures import font
from generator.emit.pictures.glyphs import INK, KEY, PAPER, bmp_bytes, features, glyph, glyph_set, raster, svg_symbol

SIZES = (48, 64)
CATALOGUES = (DEFAULT_CATALOGUE, DEFAULT_CATALOGUE.parent / "catalogues" / "fairy-stockfish.yaml")


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

    orthodox = (piece("K", "K", Role.ROYAL), piece("Q"), piece("R"), piece("B"), piece("N"))
    for p in (*orthodox, piece("fmWfcF", "P", Role.PAWN)):
        white, black = raster(p, Color.WHITE, 64), raster(p, Color.BLACK, 64)
        assert white != black
        assert share(white, lambda v: v > 600) > 0.25 and share(white, lambda v: v < 100) > 0.1  # light, dark outline
        assert share(black, lambda v: v < 200) > 0.25 and share(black, lambda v: v > 600) > 0.1  # dark, light outline


def shipped_pieces() -> dict[tuple, PieceType]:
    """Every piece of both shipped catalogues, one per movement and roles."""
    out = {}
    for path in CATALOGUES:
        for v in load_catalogue(path).variants:
            for p in v.pieces:
                out.setdefault((p.movement, p.roles), p)
    return out


def test_every_piece_of_both_catalogues_gets_a_glyph() -> None:
    pieces = shipped_pieces()
    assert len(pieces) > 30
    for p in pieces.values():
        g = glyph(p)
        assert g.shapes and g.kind
        assert not any(m.startswith("badge") for m in g.marks), p.betza  # no letter: the shape says it
        for color in Color:
            for size in SIZES:
                pixels = cached_raster(p, color, size)
                assert any(px != KEY for row in pixels for px in row), (p.name, p.betza)


# Classic fairy pieces beside the shipped ones; each also as a royal piece.
CLASSIC = (
    *("W", "F", "D", "A", "H", "G", "N", "C", "Z", "K", "WD", "FA", "WA", "FD", "NN", "CC", "ZZ", "NC", "CZ"),
    *("WAD", "FAD", "KAD", "RN", "BN", "QN", "BW", "RF", "R2", "B2", "R4", "fR", "fB", "vR", "sR", "WfF", "FfW"),
    *("fmWfcF", "fmFfcW", "mRcB", "mBcR", "RmF", "BmW", "NmK", "nN", "nD", "nA", "iW", "fN", "ffN", "NAD", "ND"),
    *("NW", "NK", "Q2", "KD", "QNN", "RNN", "mNcN", "fK", "bK", "mQ", "cQ", "R3B", "DD", "AA", "fsW", "vW"),
)


def test_a_black_piece_reads_black_at_48_pixels() -> None:
    """The marks of a glyph may not swamp its colour: every shipped piece shows at least as much
    of its own fill, against its outline colour, as the orthodox queen (whose spiked crown is
    mostly outline) does."""

    def own_colour(p: PieceType) -> float:
        px = [sum(v) for row in cached_raster(p, Color.BLACK, 48) for v in row if v != KEY]
        fill = sum(1 for v in px if v < sum(PAPER[Color.BLACK]) + 90)
        ink = sum(1 for v in px if v > sum(INK[Color.BLACK]) - 90)
        return fill / (fill + ink)

    queen = own_colour(piece("Q"))
    for p in shipped_pieces().values():
        assert own_colour(p) >= queen, f"{p.name} ({p.betza}) reads lighter than a queen: {own_colour(p):.2f}"


def test_different_moves_or_roles_never_share_a_glyph() -> None:
    pieces = dict(shipped_pieces())
    for betza in CLASSIC:
        for roles in ((), (Role.ROYAL,)):
            p = piece(betza, "X", *roles)
            pieces.setdefault((p.movement, p.roles), p)
    for betza in ("fmWfcF", "fmWfcFfmD", "fmFfcW", "fmK", "KN", "fmW", "fmWfcFN"):  # pawns too: role and moves
        p = piece(betza, "P", Role.PAWN)
        pieces.setdefault((p.movement, p.roles), p)
    shapes: dict[tuple, str] = {}
    pixels: dict[tuple, str] = {}
    for (movement, roles), p in pieces.items():
        who = f"{movement.render()} {sorted(r.value for r in roles)}"
        g = glyph(p)
        assert g.shapes not in shapes, f"{who} is drawn like {shapes.get(g.shapes)}"
        shapes[g.shapes] = who
        small = cached_raster(p, Color.WHITE, 48)  # the Zillions bitmap size
        assert small not in pixels, f"{who} looks like {pixels.get(small)} at 48 pixels"
        pixels[small] = who


def test_piece_types_of_a_variant_never_look_alike() -> None:
    for path in CATALOGUES:
        for v in load_catalogue(path).variants:
            glyphs = glyph_set(v.pieces)
            for color in Color:
                seen: dict[tuple, str] = {}
                for p in v.pieces:
                    key = tuple(map(tuple, raster(glyphs[p.letter], color, 48)))
                    assert key not in seen, f"{v.name}: {p.letter} looks like {seen.get(key)} ({color.word})"
                    seen[key] = p.letter


def test_glyph_set_badges_only_pieces_that_would_coincide() -> None:
    twins = [piece("R", "R"), piece("R", "T"), piece("B", "B")]
    plain = {p.letter: glyph(p) for p in twins}
    assert plain["R"] == plain["T"]  # same movement, same picture...
    glyphs = glyph_set(twins)
    assert glyphs["R"] != glyphs["T"]  # ...until the set badges them
    assert "badge:R" in glyphs["R"].marks and "badge:T" in glyphs["T"].marks
    assert glyphs["B"] == plain["B"]
    assert raster(glyphs["R"], Color.WHITE, 48) != raster(glyphs["T"], Color.WHITE, 48)
    for path in CATALOGUES:  # no shipped variant has two pieces moving alike: no badge anywhere
        for v in load_catalogue(path).variants:
            assert not [g.marks for g in glyph_set(v.pieces).values() if any(m.startswith("badge") for m in g.marks)]


# --- silhouettes and marks follow the moves ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("betza", "roles", "kind"),
    [
        ("R", (), "battlements"),
        ("B", (), "mitre"),
        ("Q", (), "coronet"),
        ("N", (), "horse"),
        ("C", (), "horse"),
        ("NN", (), "echo-horse"),
        ("K", (Role.ROYAL,), "crown"),
        ("fmWfcF", (Role.PAWN,), "pawn"),
        ("fmK", (Role.PAWN,), "pawn"),
        ("fmK", (), "man"),  # a forward mover without the pawn role
        ("BN", (), "mitre+horse"),
        ("RN", (), "battlements+horse"),
        ("QN", (), "coronet+horse"),
        ("QNN", (), "coronet+echo-horse"),
        ("RmF", (), "battlements"),
        ("fR", (), "battlements"),
        ("B3", (), "mitre"),
        ("KAD", (), "man"),
        ("FmW", (), "man"),
        ("fhKbmK", (), "man"),
        ("nDmW", (), "man"),
        ("NmvW", (), "horse"),
        ("K", (), "man"),  # a king's moves without the royal role
        ("N", (Role.ROYAL,), "horse"),
    ],
)
def test_silhouette_follows_the_moves(betza: str, roles: tuple[Role, ...], kind: str) -> None:
    assert glyph(piece(betza, "X", *roles)).kind == kind


def test_the_rose_maps_what_the_silhouette_does_not_say() -> None:
    camel = features(piece("C"))
    assert camel.knight == "rose" and {t.vector for t in camel.rose} == set(parse_betza("C").moves[0].vectors())
    assert {t.kind for t in camel.rose} == {"leap"}
    assert "medallion" in glyph(piece("C")).marks
    assert features(piece("N")).rose == frozenset() and features(piece("N")).knight == "leaper"
    assert features(piece("NN")).knight == "rider" and not features(piece("NN")).rose
    rook = features(piece("RmF"))  # the Ajax Rook: the tower says its lines, the rose its steps
    assert (rook.lines, rook.line_reach) == ("orthogonal", 0)
    assert {(t.vector, t.kind, t.modality) for t in rook.rose} == {
        (v, "step", Modality.MOVE) for v in ((-1, -1), (-1, 1), (1, -1), (1, 1))
    }
    assert "medallion" not in glyph(piece("RmF")).marks  # steps fit on the body
    lance = features(piece("fR"))  # lines in some directions only: the rose draws them
    assert lance.line_reach is None and {(t.vector, t.kind) for t in lance.rose} == {((0, 1), "line")}
    guard = features(piece("fhKbmK"))
    assert {t.vector for t in guard.rose if t.modality is Modality.BOTH} == {(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0)}
    assert {t.vector for t in guard.rose if t.modality is Modality.MOVE} == {(-1, -1), (0, -1), (1, -1)}
    swordsman = features(piece("nDmW"))
    assert {t.kind for t in swordsman.rose} == {"step", "lame"}
    minister = features(piece("KAD"))
    assert len(minister.rose) == 16 and {t.kind for t in minister.rose} == {"step", "leap"}
    assert not features(piece("K", "K", Role.ROYAL)).rose and not features(piece("fmWfcF", "P", Role.PAWN)).rose
    assert len(features(piece("fmWfcF")).rose) == 3  # the same moves without the pawn role: mapped


def test_marks_follow_the_moves() -> None:
    assert glyph(piece("R")).marks == ()  # orthodox: nothing to add
    assert "range:3" in glyph(piece("B3")).marks and "range:3" in glyph(piece("R3")).marks
    assert glyph(piece("mBcN")).marks == ("tag:lines:move", "tag:leaps:capture")
    assert glyph(piece("mNcB")).marks == ("tag:lines:capture", "tag:leaps:move")
    assert glyph(piece("N", "K", Role.ROYAL)).marks == ("crowned",)
    assert glyph(piece("KAD")).marks == ("rose:16",)
    assert glyph(piece("FC")).marks == ("rose:12", "medallion")


def test_the_name_does_not_matter() -> None:
    a = PieceType("N", "Knight", "N", parse_betza("N"))
    b = PieceType("C", "Something Else", "N", parse_betza("N"), help="whatever")
    assert glyph(a) == glyph(b)


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
