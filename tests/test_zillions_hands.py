"""The Zillions files of the shogi and crazyhouse entries through the ZRF interpreter, held to pyffish's
built-ins move by move: promotion by piece (``+``, on entering or leaving the zone, forced where the piece
could never move again or where the variant forces it), captures to the captor's hand (hand positions
beside the board, read back as the FEN's ``[...]``), a promoted piece going back as what it was, and drops
from the hand, each once."""

from __future__ import annotations

from pathlib import Path

import pyffish
import pytest
from support import FSF_CATALOGUE as CAT
from support import fsf_entry as entry
from support import legal_uci

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.check.compare import check_variant
from generator.check.zillions import Zillions, zrf_start
from generator.emit.fidelity import limitations
from generator.engine import Position


def zrf_moves(engine: Zillions, name: str, played: list[str], square: str) -> set[str]:
    return {m for m in engine.legal_moves(name, played) if m.startswith(square)}


def pyffish_moves(name: str, played: list[str], square: str) -> set[str]:
    start = pyffish.start_fen(name)
    return {m for m in pyffish.legal_moves(name, start, played) if m.startswith(square)}


def test_a_pawn_entering_the_last_rank_must_promote_and_is_written_plus_p() -> None:
    v = entry("minishogi")
    played = ["a2a3", "e4e3", "a3a4", "e3e2"]
    with Zillions(CAT, [v]) as engine:
        assert zrf_moves(engine, v.name, played, "a4") == pyffish_moves(v.name, played, "a4") == {"a4a5+"}
        line = engine.lines[v.name]
        line.go([*played, "a4a5+"])
        board = pyffish.get_fen(v.name, pyffish.start_fen(v.name), [*played, "a4a5+"]).split("[")[0]
        assert zrf_start(line.state, line.notation, v).split("[")[0].split()[0] == board == "+Pbsgk/5/5/4p/KGSBR"


def test_a_piece_leaving_the_zone_may_promote_and_a_knight_must_where_euroshogi_forces_it() -> None:
    # minishogi: the silver steps into rank 5 and back out of it, promoting or not both ways
    silver = ["c1c2", "d5d4", "c2b3", "d4d5", "b3b4", "d5d4", "b4c5", "d4d5"]
    # euroshogi: the knight reaches rank 7, in its zone, and must promote there
    knight = ["c3c4", "b7a7", "b1c3", "a7b7", "c3d5", "b7a7"]
    with Zillions(CAT, [entry("minishogi"), entry("euroshogi")]) as engine:
        out = zrf_moves(engine, "minishogi", silver, "c5")
        assert out == pyffish_moves("minishogi", silver, "c5")
        assert {"c5b4", "c5b4+", "c5d4", "c5d4+"} <= out
        out = zrf_moves(engine, "euroshogi", knight, "d5")
        assert out == pyffish_moves("euroshogi", knight, "d5") == {"d5c5", "d5c7+", "d5e5", "d5e7+"}


@pytest.mark.parametrize("name", ["minishogi", "judkins", "euroshogi", "shogi", "crazyhouse", "loop"])
def test_the_files_agree_with_the_reference_promotions_and_hands_included(name: str) -> None:
    v = entry(name)
    left_out = {"piece-promotion", "immobility", "captures-to-hand", "drop-rules"}
    assert left_out.isdisjoint(x.rule for x in limitations(v, "zillions"))
    with Zillions(CAT, [v]) as engine:
        report = check_variant(v, engine, depth=1, games=4, plies=120, seed=2)
        assert report.ok, report.disagreement.describe()


def pocket(fen: str) -> str:
    return "".join(sorted(fen.split("[", 1)[1].split("]", 1)[0]))


@pytest.mark.parametrize(
    ("name", "line"),
    [
        # the bishop takes on b5 and promotes there; the rook takes the promoted bishop: a bishop in Black's hand
        ("minishogi", ["d1a4", "d5c4", "a4b5+", "a5b5"]),
        # a pawn takes the queen on d1 and promotes to a bishop; the king takes it: a pawn in White's hand
        (
            "crazyhouse",
            [
                "b1a3",
                "d7d5",
                "a3b5",
                "d5d4",
                "h2h3",
                "d4d3",
                "g2g4",
                "g7g5",
                "c2c3",
                "b8c6",
                "f2f4",
                "d3e2",
                "c3c4",
                "e2d1b",
                "e1d1",
            ],
        ),
    ],
)
def test_a_captured_promoted_piece_goes_to_the_captors_hand_as_what_it_was(name: str, line: list[str]) -> None:
    v = entry(name)
    start = pyffish.start_fen(name)
    with Zillions(CAT, [v]) as engine:
        z = engine.lines[name]
        for k in range(len(line) + 1):
            z.go(line[:k])
            fen = pyffish.get_fen(name, start, line[:k])
            assert pocket(zrf_start(z.state, z.notation, v) + "[]") == pocket(fen), line[:k]
            assert engine.legal_moves(name, line[:k]) == set(pyffish.legal_moves(name, start, line[:k])), line[:k]
        assert pocket(fen) == {"minishogi": "Bb", "crazyhouse": "Ppq"}[name]


def test_each_drop_is_one_move_however_many_of_a_type_are_in_hand() -> None:
    # White takes two pawns: two pawns in hand, one drop per empty square of the drop zone
    v = entry("crazyhouse")
    line = ["e2e4", "d7d5", "e4d5", "e7e6", "d5e6", "f8b4"]
    with Zillions(CAT, [v]) as engine:
        z = engine.lines[v.name]
        z.go(line)
        assert pocket(zrf_start(z.state, z.notation, v)) == "PP"
        drops = [m for m in z.state.legal_moves() if z.notation.uci(m).startswith("P@")]
        theirs = {m for m in pyffish.legal_moves(v.name, pyffish.start_fen(v.name), line) if m.startswith("P@")}
        assert len(drops) == len(theirs) == 33 and {z.notation.uci(m) for m in drops} == theirs


def test_a_pawn_is_dropped_on_no_file_with_a_pawn_of_its_side_nor_where_it_could_never_move() -> None:
    # White's rook takes the pawn on e4 and Black's gold takes the rook: White drops its pawn off file a
    # (its own pawn there) and off rank 5
    v = entry("minishogi")
    line = ["e1e4", "d5e4"]
    with Zillions(CAT, [v]) as engine:
        drops = {m for m in engine.legal_moves(v.name, line) if "@" in m}
    theirs = {m for m in pyffish.legal_moves(v.name, pyffish.start_fen(v.name), line) if "@" in m}
    assert drops == theirs == {f"P@{f}{r}" for f in "bcd" for r in "234"} | {"P@e1", "P@e2", "P@e3"}


def test_pieces_in_hand_at_the_start_stand_on_the_first_hand_positions(tmp_path: Path) -> None:
    # minishogi with a silver and two pawns in White's hand and a gold in Black's from the start
    path = tmp_path / "hands.yaml"
    text = Path(FAIRY_STOCKFISH_CATALOGUE).read_text(encoding="utf-8")
    path.write_text(
        text
        + """
  minishogi-in-hand:
    extends: minishogi
    title: Minishogi with pieces in hand
    setup:
      white: {K: [a1], G: [b1], B: [d1], R: [e1]}
      black: {R: [a5], B: [b5], S: [c5], K: [e5], P: [e4]}
      pockets: {white: {S: 1, P: 1}, black: {G: 1}}
""",
        encoding="utf-8",
    )
    cat = load_catalogue(path)
    v = cat.get("minishogi-in-hand")
    assert v is not None
    theirs = "rbs1k/4p/5/5/KG1BR[PSg] w - - 0 1"  # the same position for pyffish's minishogi
    assert pyffish.get_fen("minishogi", theirs, []) == theirs
    with Zillions(cat, [v]) as engine:
        z = engine.lines[v.name]
        assert zrf_start(z.state, z.notation, v) == "rbs1k/4p/5/5/KG1BR[PSg] w" == " ".join(theirs.split()[:2])
        report = check_variant(v, engine, depth=2, games=4, plies=60, seed=3)
        assert report.ok, report.disagreement.describe()
        # Black's rook checks along file a: a drop there blocks it
        drops = {m for m in engine.legal_moves(v.name, []) if "@" in m}
        assert drops == {f"{x}@a{r}" for x in "PS" for r in "234"}
        assert drops == {m for m in pyffish.legal_moves("minishogi", theirs, []) if "@" in m}


def test_tori_shogis_two_swallows_a_file_are_counted_along_the_file_and_the_rest_agrees() -> None:
    # the walk along a file counts the swallows it finds (two flags): no limitation left
    v = entry("torishogi")
    notes = {x.rule for x in limitations(v, "zillions")}
    assert "drop-per-file" not in notes
    assert "captures-to-hand" not in notes
    with Zillions(CAT, [v]) as engine:
        report = check_variant(v, engine, depth=2, games=4, plies=120, seed=3)
        assert report.ok, report.disagreement.describe()


def test_a_pawn_promoted_to_one_of_blacks_own_choices_goes_back_to_hand_as_a_pawn(tmp_path: Path) -> None:
    """Sort-of-almost chess with crazyhouse's hands: Black promotes to a queen, which only Black may
    choose and which it has one of already; White takes the new one, and a pawn goes to White's hand,
    in the Zillions file as in the reference engine."""
    path = tmp_path / "hands.yaml"
    path.write_text(
        Path(FAIRY_STOCKFISH_CATALOGUE).read_text(encoding="utf-8")
        + """
  sortofalmost-house:
    extends: sortofalmost
    title: Sort of almost chess with hands
    castling: []
    drops: {ranks: [1, 2, 3, 4, 5, 6, 7, 8], captures_to_hand: true, piece_ranks: {P: [2, 3, 4, 5, 6, 7]}}
    setup:
      white: {K: [e1], R: [b4]}
      black: {K: [e8], Q: [h8], P: [b2]}
""",
        encoding="utf-8",
    )
    cat = load_catalogue(path)
    v = cat.get("sortofalmost-house")
    assert v is not None
    line = ["e1f2", "b2b1q", "b4b1"]
    pos = Position.start(v)
    for move in line:
        pos.push_uci(move)
    assert pocket(pos.fen()) == "P"
    with Zillions(cat, [v]) as engine:
        z = engine.lines[v.name]
        z.go(line)
        assert pocket(zrf_start(z.state, z.notation, v) + "[]") == "P"
        assert engine.legal_moves(v.name, line) == legal_uci(pos)
