"""SVG diagrams: valid XML, setups with holes and pieces where the catalogue puts them, piece
diagrams that mark exactly the squares the Betza reaches, deterministic text."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.betza import parse_betza
from generator.catalogue import DEFAULT_CATALOGUE, Square, load_catalogue
from generator.catalogue.model import Color, PieceType, Variant
from generator.emit.pictures import diagrams

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
SVG = "{http://www.w3.org/2000/svg}"


def variant(name: str) -> Variant:
    v = CATALOGUE.get(name)
    assert v is not None
    return v


def elements(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def offset(e: ET.Element) -> tuple[int, int]:
    dx, dy = e.get("data-offset", "").split(",")
    return int(dx), int(dy)


def marks(v: Variant, letter: str) -> dict[tuple[int, int], set[str]]:
    """Offset -> the mark's classes (``both``/``move``/``capture``, ``initial``) of a piece diagram."""
    root = ET.fromstring(diagrams.piece_svg(v, v.piece(letter)))
    return {offset(e): set(e.get("class", "").split()) - {"mark"} for e in elements(root, "mark")}


def kinds(found: dict[tuple[int, int], set[str]], kind: str) -> set[tuple[int, int]]:
    return {o for o, classes in found.items() if kind in classes}


KING = {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)} - {(0, 0)}
KNIGHT = {(x, y) for x in (-2, -1, 1, 2) for y in (-2, -1, 1, 2) if abs(x) != abs(y)}


@pytest.mark.parametrize("v", CATALOGUE.variants, ids=lambda v: v.name)
def test_every_diagram_is_valid_accessible_svg(v: Variant) -> None:
    docs = [diagrams.setup_svg(v)] + [diagrams.piece_svg(v, p) for p in v.pieces]
    for text in docs:
        root = ET.fromstring(text)  # well-formed XML
        assert root.tag == f"{SVG}svg"
        assert root.get("role") == "img" and root.get("aria-labelledby") == "title desc"
        title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
        assert title is not None and title.text and desc is not None and desc.text
        assert text.endswith("</svg>\n") and "\r" not in text
        # fixed number formatting: never more than two decimals, never "-0"
        assert not re.search(r"\d\.\d{3}", text) and not re.search(r"(?<![\d.])-0(?![.\d])", text)
        # every <use> points at a definition in the same document
        ids = {e.get("id") for e in root.iter() if e.get("id")}
        assert {u.get("href", "")[1:] for u in root.iter(f"{SVG}use")} <= ids


def test_setup_holes_are_holes_and_pieces_stand_where_the_catalogue_puts_them() -> None:
    for name in ("bipartite-stage-one", "bipartite-stage-two-white-diagonal"):
        v = variant(name)
        root = ET.fromstring(diagrams.setup_svg(v))
        holes = {e.get("data-square") for e in elements(root, "hole")}
        assert holes == {s.name for s in v.board.holes}
        squares = {e.get("data-square") for e in elements(root, "square")}
        assert len(squares) == 5 * 9 - 2 and not squares & holes
        pieces = {(e.get("data-square"), e.get("data-color"), e.get("data-piece")) for e in elements(root, "piece-at")}
        assert pieces == {(sq.name, c.word, x) for sq, c, x in v.setup.placement}
        # drawn where the square is: files left to right, rank 1 at the bottom
        for e in elements(root, "piece-at"):
            sq = Square.parse(e.get("data-square", ""))
            x, y = re.match(r"translate\((\d+),(\d+)\)", e.get("transform", "")).groups()  # type: ignore[union-attr]
            assert (int(x), int(y)) == (sq.file * diagrams.SQUARE, (v.board.ranks - 1 - sq.rank) * diagrams.SQUARE)
    stage_one = ET.fromstring(diagrams.setup_svg(variant("bipartite-stage-one")))
    assert {e.get("data-square") for e in elements(stage_one, "hole")} == {"c1", "c9"}
    assert "Black moves first" in diagrams.setup_svg(variant("bipartite-stage-one"))
    assert not elements(stage_one, "pocket")


def test_setup_coordinates_and_pockets() -> None:
    v = variant("ajax-bigamous")
    text = diagrams.setup_svg(v)
    root = ET.fromstring(text)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert all(letter in labels for letter in "abcdefghi") and all(str(r) in labels for r in range(1, 9))
    assert "White moves first" in labels
    hand = {(e.get("data-color"), e.get("data-piece"), e.get("data-count")) for e in elements(root, "in-hand")}
    assert hand == {("white", "M", "2"), ("black", "M", "2")}
    assert [e.get("class") for e in elements(root, "pocket")] == ["pocket black", "pocket white"]
    assert not elements(ET.fromstring(diagrams.setup_svg(variant("ajax-bigamous-no-drops"))), "pocket")


def test_ajax_knight_leaps_capture_and_steps_only_move() -> None:
    found = marks(variant("ajax-chess"), "N")
    assert kinds(found, "both") == KNIGHT
    assert kinds(found, "move") == KING
    assert set(found) == KNIGHT | KING and not kinds(found, "capture") and not kinds(found, "initial")


def test_swordsman_lame_leap_shows_its_blocking_squares() -> None:
    v = variant("bipartite-stage-two-white-diagonal")
    root = ET.fromstring(diagrams.piece_svg(v, v.piece("D")))
    ortho = {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert {offset(e) for e in elements(root, "block")} == ortho
    assert len(elements(root, "lame-path")) == 4
    found = marks(v, "D")
    assert kinds(found, "move") == ortho
    assert kinds(found, "both") == {(2 * x, 2 * y) for x, y in ortho}
    assert "a piece here blocks it" in diagrams.piece_svg(v, v.piece("D"))


def test_limited_range_stops() -> None:
    v = variant("bipartite-stage-two-white-diagonal")
    found = marks(v, "B")
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        assert [k for k in range(1, 9) if (k * sx, k * sy) in found] == [1, 2, 3]  # exactly 3 per diagonal
    assert set(found) == {(k * sx, k * sy) for k in (1, 2, 3) for sx in (1, -1) for sy in (1, -1)}
    root = ET.fromstring(diagrams.piece_svg(v, v.piece("B")))
    assert len(elements(root, "stop-bar")) == 4 and not elements(root, "edge")
    assert diagrams.piece_marks(v, v.piece("B")).side > 2 * 3 + 1  # room beyond the stop
    assert "at most 3 squares" in diagrams.piece_svg(v, v.piece("B"))


def test_rider_lines_run_to_the_edge() -> None:
    v = variant("chess")
    found = marks(v, "R")
    half = diagrams.piece_marks(v, v.piece("R")).side // 2
    assert set(found) == {(k * x, k * y) for k in range(1, half + 1) for x, y in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    assert len(elements(ET.fromstring(diagrams.piece_svg(v, v.piece("R"))), "edge")) == 4


@pytest.mark.parametrize(("name", "steps"), [("chess", 2), ("ajax-chess", 3)])
def test_pawn_moves_forward_captures_diagonally_and_multi_steps_are_initial(name: str, steps: int) -> None:
    found = marks(variant(name), "P")
    assert found[(0, 1)] == {"move"}
    assert found[(-1, 1)] == found[(1, 1)] == {"capture"}
    for k in range(2, steps + 1):
        assert found[(0, k)] == {"move", "initial"}
    assert set(found) == {(0, 1), (-1, 1), (1, 1)} | {(0, k) for k in range(2, steps + 1)}
    assert "only from its rank 2" in diagrams.piece_svg(variant(name), variant(name).piece("P"))


def test_messenger_without_pawn_rules_has_no_initial_steps() -> None:
    found = marks(variant("bipartite-stage-one"), "M")
    assert found == {(-1, 1): {"move"}, (0, 1): {"move"}, (1, 1): {"move"}}


def test_initial_moves_nightriders_and_lame_knights() -> None:
    v = variant("chess")
    extra = [PieceType(x, f"test {b}", b, parse_betza(b)) for x, b in (("X", "NN"), ("Y", "nNifmD"))]
    v = dataclasses.replace(v, pieces=(*v.pieces, *extra))
    rider = diagrams.piece_marks(v, v.piece("X"))
    assert rider.side == diagrams.RIDER_SIDE
    assert {(3, 6), (6, 3), (-6, -3)} <= set(rider.squares) and (4, 8) not in rider.squares
    found = marks(v, "Y")
    assert kinds(found, "initial") == {(0, 2)} and found[(0, 2)] == {"move", "initial"}
    assert kinds(found, "both") == KNIGHT
    root = ET.fromstring(diagrams.piece_svg(v, v.piece("Y")))
    assert {offset(e) for e in elements(root, "block")} == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert "only if it has not moved" in diagrams.piece_svg(v, v.piece("Y"))


def test_output_is_deterministic_and_emit_names_files(tmp_path: Path) -> None:
    v = variant("prime-ministers-chess")
    assert diagrams.setup_svg(v) == diagrams.setup_svg(v)
    assert all(diagrams.piece_svg(v, p) == diagrams.piece_svg(v, p) for p in v.pieces)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = [tmp_path / "a" / name for name in diagrams.emit(CATALOGUE, tmp_path / "a", ["chess"]).files]
    b = [tmp_path / "b" / name for name in diagrams.emit(CATALOGUE, tmp_path / "b", ["chess"]).files]
    assert [p.name for p in a] == ["chess-setup.svg"] + [f"chess-{x}.svg" for x in "KQRBNP"]
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]
    assert str(tmp_path) not in a[0].read_text()
    with pytest.raises(ValueError, match="unknown variant"):
        diagrams.emit(CATALOGUE, tmp_path, ["nope"])


def test_write_show_svg(tmp_path: Path) -> None:
    v = variant("bipartite-stage-one")
    target = tmp_path / "stage-one.svg"
    diagrams.write_show_svg(v, str(target))
    assert target.read_text(encoding="utf-8") == diagrams.setup_svg(v)
    with pytest.raises(ValueError, match="cannot write the SVG diagram to"):
        diagrams.write_show_svg(v, str(tmp_path / "no" / "such" / "dir.svg"))
    with pytest.raises(ValueError, match="cannot write"):
        diagrams.write_show_svg(v, str(tmp_path))  # a directory


def test_black_pieces_are_drawn_black() -> None:
    root = ET.fromstring(diagrams.setup_svg(variant("chess")))
    black = [e for e in elements(root, "piece-at") if e.get("data-color") == Color.BLACK.word]
    assert len(black) == 16 and all(e.get("href", "").startswith("#b-") for e in black)
