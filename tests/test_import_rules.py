"""``variantgen import`` on the sections of Fairy-Stockfish's own ``src/variants.ini`` whose rules the
importer states since issue 22: each imported with the proof (start position and perft 3 in pyffish,
the original section against the entry's own), and what the entry says of the rule."""

from __future__ import annotations

import re
from pathlib import Path

import pyffish
import pytest
from support import legal_uci, pyffish_perft

from generator.catalogue import load_catalogue_text
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position
from generator.engine.outcome import Reason
from generator.engine.perft import perft
from generator.importers.command import Import, import_ini
from generator.importers.ini import read_ini
from generator.importers.resolve import resolve

FSF_FILE = Path(__file__).parent / "data" / "fairy-stockfish-variants.ini"
#: the sections, each with a line its entry holds
STATED = {
    "gethenian": "white: {'+K': [d1]",  # a promoted piece in the start position
    "caught-in-a-snag": "draws: {stalemate: win, move_rule_pieces: [P]}",  # nMoveRuleTypes: a custom piece
    "khans": "S: {name: fhmNfcW, betza: fhmNfcW, roles: [pawn]}",  # promotionPawnTypesBlack = s
    "xhess": "H: {name: fmWfhmnNfcF, betza: fmWfhmnNfcF, roles: [pawn]}",  # promotionPawnTypes without the pawn
    "dragonfly": "per_file: 0",  # dropNoDoubledCount = 0: the pawns stay in hand
    # dropRegionWhite and dropRegionBlack not each other's mirror: each side's squares
    "sidedrops": "white: [a1-h1, a2-h2, a3-h3, a4-h4]",
    "squaredrops": "drops: {white: [a1, b2, c3, d4, e5], black: [e5, f6, g7, h8]",
    "halfpalace": "black: [a1-h1, a2-h2, a3-h3, a4-h4, a5-h5, a6-h6, a7-h7, a8-h8]}",  # Black: no mobility region
    "burmese": "drops: {ranks: [1, 2, 3], must: true, piece_ranks: {R: [1]}}",  # sittuyinRookDrop
}
#: sections of our own, beside Fairy-Stockfish's
OWN = {
    "halfpalace": "[halfpalace:chess]\nmobilityRegionWhiteQueen = *1 *2 *3 *4\n",
    "sidedrops": "[sidedrops:crazyhouse]\ndropRegionWhite = *1 *2 *3 *4\ndropRegionBlack = *1 *2 *3 *4 *5 *6 *7 *8\n"
    "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NBPnbp] w KQkq - 0 1\n",
    # sittuyin's rules on makruk: promotion by a move of its own, the rooks dropped on the first rank
    "burmese": "[burmese:makruk]\nstartFen = 8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KMRRSSNNkmrrssnn] w - - 0 1\n"
    "pieceDrops = true\nmustDrop = true\ndropRegionWhite = *1 *2 *3\ndropRegionBlack = *6 *7 *8\n"
    "sittuyinRookDrop = true\nsittuyinPromotion = true\npromotionRegionWhite = a8 b7 c6 d5 e5 f6 g7 h8\n"
    "promotionRegionBlack = a1 b2 c3 d4 e4 f3 g2 h1\npromotionLimit = m:1\nimmobilityIllegal = false\n",
    "squaredrops": "[squaredrops:crazyhouse]\ndropRegionWhite = a1 b2 c3 d4 e5\ndropRegionBlack = h8 g7 f6 e5\n"
    "firstRankPawnDrops = true\npromotionZonePawnDrops = true\n"
    "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NPnp] w KQkq - 0 1\n",
}


def section(name: str) -> str:
    """The section ``name`` of Fairy-Stockfish's file, as it stands there."""
    lines = FSF_FILE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith((f"[{name}]", f"[{name}:")))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    return "\n".join(lines[start:end]) + "\n"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Import]:
    folder = tmp_path_factory.mktemp("import-rules")
    ini = folder / "sections.ini"
    ini.write_text("".join(OWN.get(name) or section(name) for name in STATED), encoding="utf-8")
    pyffish.load_variant_config(ini.read_text(encoding="utf-8"))
    return ini, import_ini(str(ini), folder / "sections.yaml")


@pytest.mark.parametrize("name", list(STATED))
def test_the_section_is_imported_proven_and_states_the_rule(imported: tuple[Path, Import], name: str) -> None:
    _, result = imported
    assert name in result.imported, dict(result.left_out).get(name)
    entry = result.text.split(f"\n  {name}:\n")[1].split("\n\n")[0]
    assert STATED[name] in entry


def test_promotion_by_a_move_is_imported(imported: tuple[Path, Import]) -> None:
    _, result = imported
    entry = result.text.split("\n  burmese:\n")[1].split("\n\n")[0]
    assert "own_move: true" in entry and "limits: {M: 1}" in entry
    fen = "k7/5n2/8/3P4/8/1n6/P7/4K3[] w - - 0 1"  # d5 promotes in place, to c6 or to e4 only
    v = load_catalogue_text(result.text, "burmese.yaml").get("burmese")
    assert v is not None
    pos = Position.from_fen(v, fen)
    assert legal_uci(pos) == set(pyffish.legal_moves("burmese", fen, []))
    assert {m for m in legal_uci(pos) if m.endswith("m")} == {"d5d5m", "d5c6m", "d5e4m"}


def test_the_imported_entries_play_as_the_original_sections(imported: tuple[Path, Import]) -> None:
    """The reference engine on the written catalogue, against pyffish on the original file: perft 2 after a
    few moves (the proof compares pyffish with pyffish)."""
    ini, result = imported
    catalogue = load_catalogue_text(result.text, str(ini.with_suffix(".yaml")))
    for name in STATED:
        v = catalogue.get(name)
        assert v is not None
        pos = Position.start(v)
        fen = pyffish.start_fen(name)
        moves = pyffish.legal_moves(name, fen, [])[:1]
        assert perft(pos, 2) == pyffish_perft(name, fen, [], 2)
        pos.push_uci(moves[0])
        assert perft(pos, 2) == pyffish_perft(name, fen, moves, 2)


@pytest.mark.parametrize(
    ("name", "fen", "move", "ends"),
    [
        # caught-in-a-snag: its pawn is a custom piece, no promotion pawn, but its moves restart the count
        ("caught-in-a-snag", "fuwmgwuf/pppppppp/8/8/PPPPPPPP/FUWGMWUF w - - 99 50", "a2a3", False),
        ("caught-in-a-snag", "fuwmgwuf/pppppppp/8/8/PPPPPPPP/FUWGMWUF w - - 99 50", "d1d3", True),
        # khans: Black's soldiers restart Black's count, White's pawns White's
        ("khans", "lhatkahl/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 99 50", "a7b5", False),
        ("khans", "lhatkahl/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 99 50", "b8c6", True),
        ("khans", "lhatkahl/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 99 50", "a2a3", False),
        ("khans", "lhatkahl/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 99 50", "g1f3", True),
    ],
)
def test_the_move_rule_pieces_restart_the_count_as_in_the_original(
    imported: tuple[Path, Import], name: str, fen: str, move: str, ends: bool
) -> None:
    ini, result = imported
    v = load_catalogue_text(result.text, str(ini.with_suffix(".yaml"))).get(name)
    assert v is not None
    pos = Position.from_fen(v, fen)
    pos.push_uci(move)
    end = pos.outcome()
    assert (end is not None and end.why is Reason.MOVE_RULE) is ends
    assert pyffish.is_optional_game_end(name, fen, [move])[0] is ends


def test_a_pawn_type_of_the_other_side_only_is_no_pawn_of_this_side() -> None:
    """A piece Black promotes with that White also has would promote for White in the catalogue: refused."""
    text = "[x:chess]\ncustomPiece1 = s:fW\npromotionPawnTypesBlack = ps\nstartFen = 4k3/8/8/8/8/8/S7/4K3 w - - 0 1\n"
    [r] = resolve(read_ini(text, "f.ini"), "f.ini")
    assert r.refused == ("promotionPawnTypesWhite = p, promotionPawnTypesBlack = sp",)


# -- a real-world file: pychess-variants' variants.ini -------------------------------------------------------

PYCHESS_FILE = Path(__file__).parent / "data" / "pychess-variants.ini"


def test_pychess_variants_file_imports_what_the_catalogue_states(tmp_path: Path) -> None:
    """34 sections; each left out names its reason (the proof, slow, is below)."""
    result = import_ini(str(PYCHESS_FILE), tmp_path / "pychess.yaml", prove=False)
    left = dict(result.left_out)
    # 28 until shogun's limit on promotion by piece and shinobiplus's promotion zones (Black's a rank deeper
    # than White's) were refused by name: they imported and played otherwise
    assert len(result.imported) >= 26 and len(result.imported) + len(left) == 34
    assert {"cwda", "orda", "khans", "empire", "mansindam", "yokai", "chak", "synochess"} <= set(result.imported)
    assert "(pieces marked ~, promoted from a pawn, at the start)" in left["jieqi"]
    assert re.fullmatch(
        r".*pychess-variants\.ini:\d+: section \[makbug\]: no equivalent for twoBoards = true \(line \d+\)",
        left["makbug"],
    )


@pytest.mark.slow
def test_pychess_variants_file_imports_with_the_proof(tmp_path: Path) -> None:
    result = import_ini(str(PYCHESS_FILE), tmp_path / "pychess.yaml")
    assert len(result.imported) >= 26, result.left_out


def test_each_sides_drop_squares_as_pyffish_plays_them(imported: tuple[Path, Import]) -> None:
    """sidedrops: White drops on its first four ranks, Black anywhere, a pawn never on a first or last rank."""
    ini, result = imported
    v = load_catalogue_text(result.text, str(ini.with_suffix(".yaml"))).get("sidedrops")
    assert v is not None
    fen = "r3k2r/8/8/8/8/8/8/R3K2R[NPnp] w - - 0 1"
    for turn in ("w", "b"):
        position = fen.replace(" w ", f" {turn} ")
        ours = legal_uci(Position.from_fen(v, position))
        assert ours == set(pyffish.legal_moves("sidedrops", position, []))
        drops = {m[2:] for m in ours if m[1] == "@"}
        assert ("e7" in drops) is (turn == "b") and "e4" in drops and "a1" not in {m[2:] for m in ours if m[0] in "Pp"}
    words = dict(rules_in_short(v))["Drops"]
    assert "a1, b1, c1, d1, e1, f1, g1, h1, a2" in words and "(White) or" in words


def test_promoted_piece_type_is_read_as_fsf_reads_it() -> None:
    """Three characters at a time up to the first that does not fit, the rest ignored (fairyground's
    noachess.ini has ``promotedPieceType = g``, which FSF reads as nothing)."""
    [bare] = resolve(read_ini("[x:chess]\npromotedPieceType = g\n", "f.ini"), "f.ini")
    assert not bare.problems and bare.rules is not None and not bare.rules.promoted
    [spaced] = resolve(read_ini("[x:chess]\npromotedPieceType = n : b r:z q:r\n", "f.ini"), "f.ini")
    assert spaced.rules is not None and dict(spaced.rules.promoted) == {"knight": "bishop"}
