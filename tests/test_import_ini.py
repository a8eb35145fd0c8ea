"""``variantgen import``: a ``variants.ini`` read as Fairy-Stockfish reads it, written as a catalogue,
each entry proven against its section in pyffish; on ini files written here and on Fairy-Stockfish's
own ``src/variants.ini`` (``tests/data``)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pyffish
import pytest
from support import assert_check_agrees, ini_options, legal_uci, pyffish_perft, run

from generator.betza import IMMOBILE
from generator.catalogue import load_catalogue
from generator.catalogue.model import Color, Variant
from generator.emit.fairy_stockfish.reading import Piece
from generator.emit.fairy_stockfish.table import ROWS
from generator.engine import Position
from generator.engine.perft import perft
from generator.importers.command import MARK, Import, import_ini
from generator.importers.ini import read_ini
from generator.importers.options import Rules, apply_section
from generator.importers.resolve import resolve
from generator.importers.translate import to_stated

FSF_FILE = Path(__file__).parent / "data" / "fairy-stockfish-variants.ini"
CHESS_PIECES = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k"}


def rules(options: dict[str, str]) -> Rules:
    return apply_section(Rules.defaults(), {**CHESS_PIECES, **options})


# -- reading the file as FSF does ------------------------------------------------------------------------


def test_lines_are_read_as_fairy_stockfish_reads_them() -> None:
    text = (
        "before any section = ignored\n"
        "[a:chess] trailing text\r\n"
        "# a comment\n"
        "; another\n"
        "  # not a comment: a key with spaces\n"
        "maxRank = 9 # no inline comments\n"
        "pieceDrops = true \n"
        "castling =false\n"
        "castling = true\n"
        "empty =\n"
    )
    [a] = read_ini(text, "f.ini")
    assert (a.name, a.parent, a.line) == ("a", "chess", 2)
    values = a.values()
    assert values["maxRank"] == "9 # no inline comments"
    assert values["pieceDrops"] == "true "  # FSF's bool is then false
    assert values["castling"] == "true"  # the last one wins
    assert "  # not a comment: a key with spaces" not in values  # no '=': invalid syntax
    assert "empty" not in values
    assert a.problems == ("f.ini:5: section [a]: invalid syntax (no \"=\"): '  # not a comment: a key with spaces'",)
    assert apply_section(Rules.defaults(), {"pieceDrops": "false"}).values["pieceDrops"] == "false"
    with pytest.raises(Exception, match="not true or false"):
        apply_section(Rules.defaults(), {"pieceDrops": "true "})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[broken\nmaxRank = 8\n[x:chess]\nmaxRank = 9\n[y:chess]\n",
            "f.ini:1: section header '[broken' has no closing ']': Fairy-Stockfish reads its name on to the ']' of "
            "line 3, and leaves out what it so names",
        ),
        (
            "[broken\nmaxRank = 8\n",
            "f.ini:1: section header '[broken' has no closing ']', nor has the rest of the file",
        ),
        ("[:chess]\n[y:chess]\n", "f.ini:1: section header '[:chess]' has no name"),
    ],
)
def test_a_section_fsf_cannot_split_is_left_out_and_the_others_read(text: str, message: str) -> None:
    # as Fairy-Stockfish reads it: a header's name runs on to the next ']' of the file, taking what it runs over
    sections = read_ini(text, "f.ini")
    assert sections[0].problems == (message,)
    assert [(s.name, s.problems) for s in sections[1:]] == ([("y", ())] if "[y" in text else [])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[a:nosuch]\n", "f.ini:1: section [a]: unknown parent 'nosuch'"),
        ("[a:b]\n[b:a]\n", "f.ini:1: section [a]: its parents go round in a cycle: a -> b -> a"),
        ("[a:a]\n", "f.ini:1: section [a]: its parents go round in a cycle: a -> a"),
        ("[a:b]\n[b]\n", "f.ini:1: section [a]: unknown parent 'b' (it comes later in the file)"),
    ],
)
def test_an_unknown_parent_or_a_cycle_leaves_the_section_out_as_fsf_skips_it(text: str, message: str) -> None:
    resolved = resolve(read_ini(text + "[ok:chess]\n", "f.ini"), "f.ini")
    assert resolved[0].problems == (message,) and resolved[0].rules is None
    assert resolved[-1].name == "ok" and resolved[-1].rules is not None  # the others still resolve


# -- options as FSF applies them ------------------------------------------------------------------------------

#: each deprecated option of the table, and what FSF sets from it (on an 8-rank board)
DEPRECATED = {
    "promotionRank": ("7", {"promotionRegionWhite": "*7 *8", "promotionRegionBlack": "*2 *1"}),
    "doubleStepRank": ("3", {"doubleStepRegionWhite": "*2 *3", "doubleStepRegionBlack": "*7 *6"}),
    "doubleStepRankMin": ("1", {"doubleStepRegionWhite": "*1 *2", "doubleStepRegionBlack": "*8 *7"}),
    "whiteFlag": ("*8", {"flagRegionWhite": "*8"}),
    "blackFlag": ("*1", {"flagRegionBlack": "*1"}),
    "whiteDropRegion": ("*1 *2", {"dropRegionWhite": "*1 *2"}),
    "blackDropRegion": ("*7 *8", {"dropRegionBlack": "*7 *8"}),
    "dropOnTop": ("true", {"enclosingDrop": "top"}),
}


def test_every_deprecated_option_of_the_table_is_tested() -> None:
    assert {row.key for row in ROWS if row.deprecated} == {*DEPRECATED, "castlingRookPiece"}


@pytest.mark.parametrize("key", sorted(DEPRECATED))
def test_a_deprecated_option_sets_what_fsf_sets(key: str) -> None:
    value, sets = DEPRECATED[key]
    r = rules({key: value})
    assert {k: r.values[k] for k in sets} == sets
    # the current option, read after it, wins
    current = next(iter(sets))
    later = "none" if current == "enclosingDrop" else "e4"
    assert rules({key: value, current: later}).values[current] == later


def test_castling_rook_piece_and_the_double_step_rank_pair() -> None:
    r = rules({"castlingRookPiece": "q"})
    assert r.sets["castlingRookPiecesWhite"] == r.sets["castlingRookPiecesBlack"] == {"queen"}
    # FSF reads doubleStepRankMin only when doubleStepRank is absent
    both = rules({"doubleStepRank": "3", "doubleStepRankMin": "1"})
    assert both.values["doubleStepRegionWhite"] == "*2 *3"


@pytest.mark.parametrize("row", [row for row in ROWS if row.maps_to and not row.deprecated], ids=lambda r: r.key)
def test_an_alias_sets_each_option_it_stands_for(row: object) -> None:
    key, maps_to, kind = row.key, row.maps_to, row.kind
    value = {"bitboard": "e4", "bool": "true", "pieceset": "n", "piecetype": "n"}[kind]
    r = rules({key: value})
    for target in maps_to:
        got = r.sets[target] if target in r.sets else r.values[target]
        assert got in ("e4", "true", {"knight"}), (target, got)


def test_a_piece_taking_a_letter_removes_the_piece_and_its_promotion() -> None:
    parent = rules({"promotionPieceTypes": "qrbn"})
    r = apply_section(parent, {"customPiece1": "q:QN"})
    assert "queen" not in r.pieces and r.pieces["customPiece1"] == ("q", "QN")
    assert r.sets["promotionPieceTypesWhite"] == {"rook", "bishop", "knight"}
    # read in the same section, the letter is the new piece's
    same = rules({"promotionPieceTypes": "qrbn", "customPiece1": "q:QN"})
    assert same.sets["promotionPieceTypesWhite"] == {"customPiece1", "rook", "bishop", "knight"}
    assert "knight" not in rules({"knight": "-"}).pieces


# -- sections, end to end -------------------------------------------------------------------------------------

INI = """\
# a test file
[orda:chess]
centaur = h
knibis = a
kniroo = l
customPiece1 = y:mQcN
customPiece2 = f:mfhNcfW
promotionPawnTypesBlack = p
promotionPieceTypesWhite = q
promotionPieceTypesBlack = hy
stalemateValue = loss
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
startFen = lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1

[Orda_Mirror:orda]
pieceToCharTable = -
variantTemplate = fairy
startFen = lhaykahl/8/pppppppp/8/8/PPPPPPPP/8/LHAYKAHL w - - 0 1

[3bears:Orda_Mirror]
nMoveRule = 40

[mini6]
maxFile = 6
maxRank = 6
king = k
rook = r
pawn = p
promotionRank = 6
promotionPieceTypes = r
doubleStep = false
castling = false
startFen = 2rk2/pppppp/6/6/PPPPPP/2RK2 w - - 0 1

[connect:chess]
connectN = 4
janggiCannon = c

[badvalue:chess]
maxRank = 9
castling = maybe

[badfen:chess]
startFen = 8/8/8 w - - 0 1

[badbetza:chess]
customPiece1 = a:jN
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1

[longrange:chess]
customPiece1 = a:R10
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1

[child-of-connect:connect]
connectN = 0
janggiCannon = -

[flippy:flipello]
maxRank = 8

[chess]
maxRank = 8
"""


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(INI.splitlines(), 1) if line.startswith(text))


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Import]:
    folder = tmp_path_factory.mktemp("import")
    ini = folder / "mine.ini"
    ini.write_text(INI, encoding="utf-8")
    return ini, import_ini(str(ini), folder / "mine.yaml")


def test_each_section_is_imported_or_left_out_with_one_line(imported: tuple[Path, Import]) -> None:
    ini, result = imported
    assert result.imported == ["orda", "Orda_Mirror", "3bears", "mini6", "badbetza", "longrange", "child-of-connect"]
    left = dict(result.left_out)
    # the janggi cannon is a piece that shuns its own type (shuns_own_type): only connectN has no equivalent
    assert left["connect"] == (
        f"{ini}:{line_of('[connect')}: section [connect]: no equivalent for connectN = 4 (line {line_of('connectN')})"
    )
    assert (
        left["badvalue"]
        == f"{ini}:{line_of('castling = maybe')}: section [badvalue]: castling: 'maybe' is not true or false"
    )
    assert left["badfen"] == f"{ini}:{line_of('startFen = 8/8/8')}: section [badfen]: startFen has 3 ranks, the board 8"
    # a Betza Fairy-Stockfish reads otherwise than written is imported as it plays, with a warning
    assert (
        f"{ini}:{line_of('customPiece1 = a:jN')}: section [badbetza]: customPiece1 = a:jN: Fairy-Stockfish 0.0.90 "
        "skips 'j', so it plays N, and so does the entry" in result.unknown
    )
    assert (
        f"{ini}:{line_of('customPiece1 = a:R10')}: section [longrange]: customPiece1 = a:R10: Fairy-Stockfish "
        "0.0.90 reads R10 as R1 (one digit of a range), so it plays W, and so does the entry" in result.unknown
    )
    assert (
        left["flippy"] == f"{ini}:{line_of('[flippy')}: section [flippy]: no equivalent for parent flipello "
        "(a built-in the shipped catalogue does not reproduce)"
    )
    ignored = "Fairy-Stockfish keeps a built-in of that name and ignores this one"
    assert left["chess"] == f"{ini}:{line_of('[chess]')}: section [chess]: {ignored}"
    assert result.by_option["connectN"] == 1


def test_the_catalogue_reads_as_written_by_hand(imported: tuple[Path, Import], tmp_path: Path) -> None:
    _, result = imported
    text = result.text
    assert text.startswith("# yaml-language-server: $schema=")
    assert MARK in text
    assert "  orda:\n    extends: fairy-stockfish:chess\n" in text
    assert "  orda-mirror:\n    extends: orda\n" in text
    assert "  v3bears:\n    extends: orda-mirror\n" in text
    assert "      H: {name: Centaur, betza: KN}" in text
    assert "      A: {name: Knibis, betza: mNcB}" in text
    assert "white: {K: [e1], Q: [d1], R: [a1, h1]" not in text.split("orda-mirror:")[1].split("v3bears")[0]
    assert "draws: {move_rule: 40}" in text  # only what differs from the parent
    # the deprecated promotionRank comes out as the current ranks
    assert "promotion: {ranks: [6], choices: [R]}" in text


def test_the_catalogue_loads_and_keeps_the_section_names(
    imported: tuple[Path, Import], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _ini, result = imported
    path = tmp_path / "mine.yaml"
    path.write_text(result.text, encoding="utf-8")
    catalogue = load_catalogue(path)
    names = ["orda", "orda-mirror", "v3bears", "mini6", "badbetza", "longrange", "child-of-connect"]
    assert [v.name for v in catalogue.variants] == names
    code, out, _ = run(capsys, "list", "--json", "--catalogue", str(path))
    records = {r["name"]: r for r in json.loads(out)}
    assert code == 0
    assert records["orda-mirror"]["source"] == {"file": "mine.ini", "section": "Orda_Mirror"}
    assert records["orda-mirror"]["fairy_stockfish_section"] == "Orda_Mirror"
    assert records["v3bears"]["fairy_stockfish_section"] == "3bears"


def test_the_command_writes_once_and_says_what_it_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ini = tmp_path / "small.ini"
    ini.write_text(
        "[weak2:chess]\nvariantTemplate = fairy\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n"
        "[cn:chess]\nconnectN = 4\n",
        encoding="utf-8",
    )
    out = tmp_path / "small.yaml"
    code, text, err = run(capsys, "import", str(ini), "--out", str(out), "-v")
    assert (code, err) == (0, "")
    assert text.splitlines() == [
        f"left out: {ini}:4: section [cn]: no equivalent for connectN = 4 (line 5)",
        "ignored in [weak2]: variantTemplate = fairy",
        f"1 of 2 sections imported into {out}",
        "left out, by option: connectN 1",
    ]
    assert load_catalogue(out).get("weak2") is not None
    # its own file it may replace; a file it did not write, only with --force
    assert run(capsys, "import", str(ini), "--out", str(out))[0] == 0
    other = tmp_path / "mine.yaml"
    other.write_text("variants: {}\n", encoding="utf-8")
    code, _, err = run(capsys, "import", str(ini), "--out", str(other))
    assert code == 2 and "was not written by `variantgen import`: give --force" in err
    assert other.read_text(encoding="utf-8") == "variants: {}\n"
    assert run(capsys, "import", str(ini), "--out", str(other), "--force")[0] == 0
    code, _, err = run(capsys, "import", str(ini), "--out", str(tmp_path / "no" / "such.yaml"))
    assert code == 2 and err.startswith("variantgen: ") and "cannot write the catalogue" in err


def test_the_catalogue_is_created_under_the_users_umask(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ini = tmp_path / "small.ini"
    ini.write_text("[weak3:chess]\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n", encoding="utf-8")
    out = tmp_path / "small.yaml"
    old = os.umask(0o027)
    try:
        assert run(capsys, "import", str(ini), "--out", str(out))[0] == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o640  # not mkstemp's 0o600
        out.chmod(0o664)  # a file it replaces keeps its permissions
        assert run(capsys, "import", str(ini), "--out", str(out))[0] == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o664
    finally:
        os.umask(old)
    first = out.read_text(encoding="utf-8").splitlines()[0]
    schema = (out.parent / first.removeprefix("# yaml-language-server: $schema=")).resolve()
    assert schema == (Path(__file__).parent.parent / "docs" / "catalogue.schema.json").resolve()


def test_a_file_that_cannot_be_read_ends_with_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "import", str(tmp_path / "bad.ini"))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "cannot read the file" in err
    assert not (tmp_path / "bad.yaml").exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[a:nosuch]\n", "section [a]: unknown parent 'nosuch'"),
        ("[a\n", "section header '[a' has no closing ']'"),
    ],
)
def test_a_file_is_as_strong_as_its_best_section(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the bad section alone: the file was read and nothing could be imported, exit 1
    ini = tmp_path / "bad.ini"
    ini.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "import", str(ini))
    assert (code, err) == (1, "") and f"left out: {ini}:1: {message}" in out
    assert not (tmp_path / "bad.yaml").exists()
    # with a good section after it: that one imports, exit 0
    ini.write_text("[weak:chess]\nmaxFile = 7\nstartFen = rnbqkbn/ppppppp/7/7/7/7/PPPPPPP/RNBQKBN w - - 0 1\n" + text)
    code, out, err = run(capsys, "import", str(ini))
    assert (code, err) == (0, "") and "1 of 2 sections imported" in out and message in out
    assert load_catalogue(tmp_path / "bad.yaml").get("weak") is not None


# -- Fairy-Stockfish's own example file ----------------------------------------------------------------------


def test_fairy_stockfish_examples_import_without_the_proof(tmp_path: Path) -> None:
    """Every section is read, none raises; the count is what the read-back states (the proof, slow, is below)."""
    result = import_ini(str(FSF_FILE), tmp_path / "fsf.yaml", prove=False)
    # 111 until shogun's limit on promotion by piece, the exploding custom pawns of allexplodeatomic and
    # nuclear and shinobiplus's promotion zones (Black's a rank deeper than White's) were refused by name:
    # they imported and played otherwise
    assert len(result.imported) >= 108
    assert len(result.imported) + len({name for name, _ in result.left_out}) == 143
    load_catalogue_path = tmp_path / "fsf.yaml"
    load_catalogue_path.write_text(result.text, encoding="utf-8")
    assert len(load_catalogue(load_catalogue_path).variants) == len(result.imported)


@pytest.mark.slow
def test_fairy_stockfish_examples_import_with_the_proof(tmp_path: Path) -> None:
    result = import_ini(str(FSF_FILE), tmp_path / "fsf.yaml")
    assert len(result.imported) >= 108, result.left_out


def test_build_migrates_and_check_compares_with_the_original_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The imported catalogue builds a variants.ini with current option names only, under the sections'
    own names, and ``check`` compares each entry with its original section as well as with its own."""
    ini = tmp_path / "mine.ini"
    ini.write_text(
        "[Mini_6]\nmaxFile = 6\nmaxRank = 6\nking = k\nrook = r\npawn = p\npromotionRank = 6\n"
        "promotionPieceTypes = r\ndoubleStep = false\ncastling = false\n"
        "startFen = 2rk2/pppppp/6/6/PPPPPP/2RK2 w - - 0 1\n",
        encoding="utf-8",
    )
    assert run(capsys, "import", str(ini))[0] == 0
    catalogue, out = str(tmp_path / "mine.yaml"), tmp_path / "out"
    assert run(capsys, "build", "--catalogue", catalogue, "--out", str(out))[0] == 0
    written = (out / "fairy-stockfish" / "variants.ini").read_text(encoding="utf-8")
    assert "[Mini_6]" in written and "promotionRegionWhite = *6" in written and "promotionRank" not in written
    code, text, _ = run(
        capsys, "check", "--catalogue", catalogue, "--out", str(out), "--engine", "fairy-stockfish", "--games", "2"
    )
    assert code == 0, text
    assert "mini-6 = [Mini_6] of mine.ini" in text and "all agree" in text


@pytest.mark.parametrize(
    ("options", "refused"),
    [
        ("connectN = 4", "connectN = 4"),
        ("adjudicateFullBoard = true", "adjudicateFullBoard = true"),
        ("enclosingDrop = top", "enclosingDrop = top"),
        ("gating = true", "gating = true"),
        ("collinearN = 3", "collinearN = 3"),
        (
            "customPiece1 = s:fW\npromotionPawnTypesBlack = ps\nstartFen = 4k3/8/8/8/8/8/S7/4K3 w - - 0 1",
            "promotionPawnTypesWhite = p, promotionPawnTypesBlack = sp",
        ),
        (
            "promotionPawnTypes = n\npieceDrops = true\ncapturesToHand = true",
            "promotionPawnTypes = n (without the pawn, and captures go to hand)",
        ),
        ("enPassantRegionWhite = -", "enPassantRegionWhite = -, enPassantRegionBlack = *1 *2"),
        # en passant on White's b6 only, on Black's whole third rank: no ranks state it
        (
            "enPassantRegionWhite = b6\nenPassantRegionBlack = *3",
            "enPassantRegionWhite = b6, enPassantRegionBlack = *3",
        ),
        # promotion by piece where Black's zone is not White's mirror (shinobiplus)
        (
            "commoner = c\npromotedPieceType = p:c\npromotionRegionBlack = *1 *2 *3",
            "promotionRegionWhite = *8, promotionRegionBlack = *1 *2 *3 (not the mirror of White's)",
        ),
        # custom pawns where captures explode: FSF blows them up (allexplodeatomic, nuclear)
        (
            "pawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\nblastOnCapture = true",
            "blastOnCapture = true (custom pawns p: they explode",
        ),
        # a limit on what a piece promotes to (shogun's): FSF holds promotion by piece to it
        (
            "centaur = g\npromotedPieceType = n:g\npromotionLimit = g:1",
            "promotionLimit = g:1 (on promotion by piece, to g)",
        ),
        # pseudo-royal queens without extinction: FSF still keeps them out of check
        (
            "extinctionPseudoRoyal = true\nextinctionPieceTypes = q",
            "extinctionPseudoRoyal = true (without extinctionValue)",
        ),
        ("doubleStepRegionBlack = *6", "doubleStepRegionWhite = *2, doubleStepRegionBlack = *6 (not the mirror"),
        (
            "tripleStepRegionWhite = *3\ntripleStepRegionBlack = *6\ndoubleStepRegionWhite = *2",
            "tripleStepRegionWhite = *3 (not within the double-step region, *2)",
        ),
        ("startFen = +rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "startFen = +rnbqkbnr"),
        (
            "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w - - 0 1",
            "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w - - 0 1 (pieces marked ~",
        ),
    ],
)
def test_each_option_without_an_equivalent_is_named(options: str, refused: str) -> None:
    [r] = resolve(read_ini(f"[x:chess]\n{options}\n", "f.ini"), "f.ini")
    assert not r.problems
    assert any(line.startswith(refused) for line in r.refused), r.refused


def test_forced_drops_and_castling_by_drops_have_an_equivalent_now() -> None:
    """mustDrop, mustDropType, dropOppositeColoredBishop and castlingDroppedPiece: the set-up rules."""
    text = (
        "[x:chess]\npieceDrops = true\nmustDrop = true\nmustDropType = n\ndropOppositeColoredBishop = true\n"
        "castlingDroppedPiece = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1\n"
    )
    [r] = resolve(read_ini(text, "f.ini"), "f.ini")
    assert not r.problems and not r.refused, r.refused


def test_bikjang_points_and_the_ban_on_moving_back_and_forth_have_an_equivalent_now() -> None:
    """bikjangRule, materialCounting = janggi (the pieces of the types it counts) and moveRepetitionIllegal."""
    text = "[x:janggicasual]\nbikjangRule = true\nmaterialCounting = janggi\nmoveRepetitionIllegal = true\n"
    [r] = resolve(read_ini(text, "f.ini"), "f.ini")
    assert not r.problems and not r.refused and r.rules is not None, r.refused
    draws = to_stated(r.rules).draws
    assert draws.bikjang and draws.move_repetition_loses and draws.points is not None
    assert dict(draws.points.pieces) == {"R": 13, "C": 7, "N": 5, "B": 3, "A": 3, "P": 2}
    assert draws.points.bonus == (0.0, 1.5)


def test_a_second_section_of_a_name_is_ignored_as_fsf_ignores_it() -> None:
    first, second = resolve(read_ini("[x:chess]\nmaxRank = 8\n[x:chess]\nmaxRank = 9\n", "f.ini"), "f.ini")
    assert first.rules is not None and not first.problems
    assert second.problems == (
        "f.ini:3: section [x]: Fairy-Stockfish keeps an earlier section of that name and ignores this one",
    )


def test_a_janggi_cannon_is_a_piece_that_shuns_its_own_type() -> None:
    [r] = resolve(read_ini("[x:xiangqi]\njanggiCannon = c\n", "f.ini"), "f.ini")
    assert not r.problems and not r.refused and r.rules is not None
    stated = to_stated(r.rules)
    assert stated.shuns_own_type == {"C"} and Piece("C", "pR") in stated.pieces


# -- Fairy-Stockfish's sections whose only way to win is a stalemate or draw odds -----------------------------

UNROYAL = """\
[nim]
maxRank = 9
maxFile = d
customPiece1 = p:mfR
startFen = 3p/4/2p1/4/1p2/4/p3/4/PPPP
stalemateValue = loss

[capturethequeen]
startFen = 3q4/8/8/8/8/8/8/1QQ1QQ2
queen = q
extinctionPieceTypes = q
nFoldRule = 0
materialCounting = blackdrawodds
"""


@pytest.mark.parametrize(
    ("section", "fen"),
    [
        ("nim", "4/4/4/4/4/p3/P3/4/4 b - - 0 1"),  # Black's pawn blocked: stalemated, and nim's loser
        ("capturethequeen", "8/8/8/8/8/8/8/1QQ1QQ2 b - - 0 1"),  # the queen taken: Black, stalemated, wins
        ("capturethequeen", "3q4/8/8/8/8/8/8/1QQ1QQ2 w - - 100 60"),  # the 50-move rule: Black's win
    ],
)
def test_a_stalemate_or_draw_odds_is_the_way_to_win(tmp_path: Path, section: str, fen: str) -> None:
    """Sections with no royal piece whose games end only in a stalemate that loses (nim) or in draws that
    are Black's wins (capturethequeen: its ``extinctionPieceTypes`` has no ``extinctionValue``, so it is
    off): imported, proven, and deciding as pyffish decides."""
    ini = tmp_path / "unroyal.ini"
    ini.write_text(UNROYAL, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "unroyal.yaml")
    assert result.imported == ["nim", "capturethequeen"], result.left_out
    (tmp_path / "unroyal.yaml").write_text(result.text, encoding="utf-8")
    v = load_catalogue(tmp_path / "unroyal.yaml").get(section)
    assert v is not None
    assert not v.goals.checkmate and v.goals.extinction is None
    pyffish.load_variant_config(UNROYAL)
    end = Position.from_fen(v, fen).outcome()
    assert end is not None
    if pyffish.legal_moves(section, fen, []):
        ended, value = pyffish.is_optional_game_end(section, fen, [])
        assert ended
    else:
        value = pyffish.game_result(section, fen, [])
    to_move = Color.WHITE if fen.split()[1] == "w" else Color.BLACK
    assert end.winner is (to_move if value > 0 else to_move.other)


WILDEBEEST = """\
[wildebeest:chess]
maxRank = 10
maxFile = k
customPiece1 = c:C
customPiece2 = w:NC
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *9 *8
tripleStepRegionWhite = *2
tripleStepRegionBlack = *9
pieceToCharTable = PNBRQ.......C....WKpnbrq.......c....wk
startFen = rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1
promotionPieceTypes = qw
promotionRegionWhite = *9 *10
promotionRegionBlack = *2 *1
mandatoryPawnPromotion = false
castling = false
"""


@pytest.mark.parametrize(
    ("fen", "moves"),
    [
        ("5k5/11/11/11/11/p1p8/11/2P8/1P9/5K5 w - - 0 1", []),  # b2: one, two or three; c3: one or two
        ("5k5/11/11/11/11/p1p8/11/2P8/1P9/5K5 w - - 0 1", ["b2b5"]),  # en passant on b3 or b4
        ("5k5/1p9/2p8/11/11/11/11/11/11/5K5 b - - 0 1", []),  # Black's: three from rank 9, two from 8
    ],
)
def test_triple_steps_from_fewer_ranks_than_double_steps(tmp_path: Path, fen: str, moves: list[str]) -> None:
    """Fairy-Stockfish's ``tripleStepRegion`` within its ``doubleStepRegion`` (wildebeest): imported as
    ``triple_step_ranks``, and the pawns' moves are pyffish's."""
    v = _one_imported(tmp_path, "wildebeest", WILDEBEEST, "triple_step_ranks: [2]")
    assert v.pawn_rules.triple_step_ranks == (2,)
    assert ini_options(v)["tripleStepRegionWhite"] == "*2" and ini_options(v)["doubleStepRegionWhite"] == "*2 *3"
    _plays_as_its_section(v, WILDEBEEST, fen, moves)


def _one_imported(tmp_path: Path, name: str, text: str, written: str) -> Variant:
    """The one section of ``text`` imported (with the proof), its entry holding ``written``, and loaded."""
    ini = tmp_path / f"{name}.ini"
    ini.write_text(text, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / f"{name}.yaml")
    assert result.imported == [name], result.left_out
    assert written in result.text
    (tmp_path / f"{name}.yaml").write_text(result.text, encoding="utf-8")
    v = load_catalogue(tmp_path / f"{name}.yaml").get(name)
    assert v is not None
    return v


def _plays_as_its_section(v: Variant, text: str, fen: str, moves: list[str]) -> None:
    """The entry's legal moves and perft 2 after ``moves`` are pyffish's on the section ``text``."""
    pyffish.load_variant_config(text)
    pos = Position.from_fen(v, fen)
    for m in moves:
        pos.push_uci(m)
    assert legal_uci(pos) == set(pyffish.legal_moves(v.name, fen, moves))
    assert perft(pos, 2) == pyffish_perft(v.name, fen, moves, 2)


@pytest.mark.parametrize(
    ("betza", "played"),
    [
        ("FaR", "RF"),  # 'a' and 'j' are skipped
        ("fNaN", "N"),  # and end a move: two knights, not a nightrider
        ("jN", "N"),
        ("R10", "W"),  # one digit of a range: R1
        ("WAA", "W"),  # no alfil rider
        ("KnC", "K"),  # no lame camel (elgam's nC)
        ("nC", IMMOBILE),
    ],
)
def test_a_betza_fairy_stockfish_reads_otherwise_is_imported_as_it_plays(
    tmp_path: Path, betza: str, played: str
) -> None:
    """Fairy-Stockfish 0.0.90 skips letters it does not know and gives some moves nothing (measured with
    pyffish): the piece is imported as it plays, and its moves are pyffish's in every direction."""
    name = "odd" + "".join(ch for ch in betza.lower() if ch.isalnum())  # pyffish keeps a name's first section
    text = f"[{name}:chess]\ncustomPiece1 = a:{betza}\nstartFen = 4k3/8/2p5/8/3A1p2/8/1P6/4K3 w - - 0 1\n"
    v = _one_imported(tmp_path, name, text, "variants:")
    assert v.piece("A").movement.render() == played
    _plays_as_its_section(v, text, "4k3/8/2p5/8/3A1p2/8/1P6/4K3 w - - 0 1", [])
    _plays_as_its_section(v, text, "4k3/1p6/8/2P1p3/3A4/2p5/8/4K3 w - - 0 1", [])


def test_a_second_piece_that_moves_like_the_knight_is_a_custom_piece(tmp_path: Path) -> None:
    """Fairy-Stockfish has one piece of each type: an A that moves as the N does is written as a custom piece,
    not as a second ``knight`` that takes the first one's place (the entry's section lost the A's moves)."""
    text = "[twoknights:chess]\ncustomPiece1 = a:N\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1\n"
    v = _one_imported(tmp_path, "twoknights", text, "A: {name: ")
    options = ini_options(v)
    assert options["knight"] == "n" and options["customPiece1"] == "a:N"
    _plays_as_its_section(v, text, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1", ["e2e4", "e7e5"])


SIXBYSIX = """\
[six]
maxFile = 6
maxRank = 6
king = k
pawn = p
rook = r
knight = n
castling = false
promotionPieceTypes = rn
startFen = rnkn1r/pppppp/6/6/PPPPPP/RNKN1R w - - 0 1
"""


@pytest.mark.parametrize(
    ("fen", "moves"),
    [
        ("rnkn1r/pppppp/6/6/PPPPPP/RNKN1R w - - 0 1", []),  # White double-steps from its second rank
        ("rnkn1r/pppppp/6/6/PPPPPP/RNKN1R w - - 0 1", ["a2a3"]),  # Black never does: *7 is off the board
        ("2k3/P5/6/6/5p/2K3 w - - 0 1", []),  # White never promotes: *8 is off the board; Black does, on *1
        ("2k3/P5/6/6/5p/2K3 b - - 0 1", []),
    ],
)
def test_fairy_stockfish_defaults_for_8_ranks_on_a_smaller_board(tmp_path: Path, fen: str, moves: list[str]) -> None:
    """A parentless 6x6 section that writes no pawn regions plays Fairy-Stockfish's defaults, made for 8 ranks:
    doubleStepRegionBlack *7 and promotionRegionWhite *8 are off the board. Imported as each side's squares,
    one side's none, and the pawns' moves are pyffish's (it was refused: "not the mirror of White's")."""
    v = _one_imported(tmp_path, "six", SIXBYSIX, "multi_step_squares: {white: [a2-f2], black: []}")
    assert v.pawn_rules.promotion is not None and v.pawn_rules.promotion.squares is not None
    assert v.pawn_rules.promotion.squares[Color.WHITE] == frozenset()
    assert ini_options(v)["doubleStepRegionBlack"] == "-" and ini_options(v)["promotionRegionWhite"] == "-"
    _plays_as_its_section(v, SIXBYSIX, fen, moves)


@pytest.mark.parametrize("engine", ["fairy-stockfish", "zillions"])
def test_the_smaller_boards_pawns_play_so_in_every_target(
    tmp_path: Path, engine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The 6x6 entry's own ini section and its Zillions download play as the reference engine: one side's
    pawns with no multi-step square, the other's with no promotion square."""
    ini = tmp_path / "six.ini"
    ini.write_text(SIXBYSIX, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "six.yaml")
    assert result.imported == ["six"]
    assert_check_agrees(result.text, engine, tmp_path, capsys)


MYHORDE = """\
[myhorde:chess]
doubleStepRegionWhite = *1 *2
doubleStepRegionBlack = *7 *8
enPassantRegionWhite = *6
enPassantRegionBlack = *3
startFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/PPPPKPPP w - - 0 1
castling = false
"""


@pytest.mark.parametrize(
    ("fen", "moves"),
    [
        ("4k3/8/8/8/5p2/2p5/4P3/1P2K3 w - - 0 1", ["b1b3"]),  # passed b2: not taken en passant
        ("4k3/8/8/8/5p2/2p5/4P3/1P2K3 w - - 0 1", ["e2e4"]),  # passed e3: taken
    ],
)
def test_en_passant_on_some_ranks_only(tmp_path: Path, fen: str, moves: list[str]) -> None:
    """Fairy-Stockfish's ``enPassantRegion`` per side, each the other's mirror (horde's): imported as
    ``en_passant_ranks``, and the pawns' moves are pyffish's."""
    v = _one_imported(tmp_path, "myhorde", MYHORDE, "en_passant_ranks: [3]")
    assert v.pawn_rules.en_passant_ranks == (3,)
    _plays_as_its_section(v, MYHORDE, fen, moves)


BLACKLETTER = """\
[blackletter:chess]
pieceToCharTable = PNBRQ.......E...M...HKpnbrq.......e...m...hk
maxRank = 10
maxFile = 9
promotionRegionWhite = *10
promotionRegionBlack = *1
archbishop = e
chancellor = m
centaur = h
startFen = 1ebq1meb1/rn2k2nr/ppppppppp/9/9/9/9/PPPPPPPPP/RN2K2NR/1EBQ1MEB1[HHhh] w KQkq - 0 1
promotionPieceTypes = behmnqr
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
pieceDrops = true
castlingRank = 2
"""


def test_a_child_that_widens_the_board_castles_with_its_corner_rook(tmp_path: Path) -> None:
    """Chess's rook file is Fairy-Stockfish's default, found inwards from the edge: on blackletter's nine
    files the king castles e2-g2 with the rook i2-f2 (not the a2 rook, as a rook file h would say)."""
    ini = tmp_path / "blackletter.ini"
    ini.write_text(BLACKLETTER, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "blackletter.yaml")
    assert result.imported == ["blackletter"], result.left_out
    assert "{color: white, king: e2, king_to: g2, rook: i2, rook_to: f2}" in result.text
    (tmp_path / "blackletter.yaml").write_text(result.text, encoding="utf-8")
    v = load_catalogue(tmp_path / "blackletter.yaml").get("blackletter")
    assert v is not None
    pyffish.load_variant_config(BLACKLETTER)
    fen = "1ebq1meb1/r3k3r/ppppppppp/9/9/9/9/PPPPPPPPP/R3K3R/1EBQ1MEB1[HHhh] w KQkq - 0 1"
    pos = Position.from_fen(v, fen)
    assert legal_uci(pos) == set(pyffish.legal_moves("blackletter", fen, []))
    for castle in ("e2g2", "e2c2"):
        after = Position.from_fen(v, fen)
        after.push_uci(castle)
        assert after.fen() == pyffish.get_fen("blackletter", fen, [castle])


@pytest.mark.parametrize(
    ("moves", "side"),
    [
        (["e1g1"], "king"),  # White castled kingside: Black may castle queenside only
        (["e1c1"], "queen"),
        (["a2a3", "e8g8"], "king"),  # Black castled first: White keeps its other side
    ],
)
def test_castling_takes_the_opponents_castling_on_that_side(tmp_path: Path, moves: list[str], side: str) -> None:
    """Fairy-Stockfish's ``oppositeCastling``, imported as ``opposite_castling``: as pyffish plays it."""
    text = "[opposite-castling:chess]\noppositeCastling = true\n"
    ini = tmp_path / "oc.ini"
    ini.write_text(text, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "oc.yaml")
    assert result.imported == ["opposite-castling"], result.left_out
    (tmp_path / "oc.yaml").write_text(result.text, encoding="utf-8")
    v = load_catalogue(tmp_path / "oc.yaml").get("opposite-castling")
    assert v is not None and v.opposite_castling and ini_options(v)["oppositeCastling"] == "true"
    pyffish.load_variant_config(text)
    fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    pos = Position.from_fen(v, fen)
    for m in moves:
        pos.push_uci(m)
    assert pos.fen() == pyffish.get_fen("opposite-castling", fen, moves)
    assert legal_uci(pos) == set(pyffish.legal_moves("opposite-castling", fen, moves))
    castles = {"king": {"e8g8", "e1g1"}, "queen": {"e8c8", "e1c1"}}
    assert not legal_uci(pos) & castles[side] and legal_uci(pos) & castles["queen" if side == "king" else "king"]
    assert perft(pos, 2) == pyffish_perft("opposite-castling", fen, moves, 2)


@pytest.mark.parametrize(
    ("fen", "moves", "winner"),
    [
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8c8"], Color.BLACK),  # castling on its listed side wins
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8g8"], Color.WHITE),  # the other side: q is lost, Black loses
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["a8b8"], Color.WHITE),  # the a8 rook moved
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["a1a8"], Color.WHITE),  # the a8 rook taken
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1c1"], None),  # White's castling is not listed: play on
    ],
)
def test_castling_wins_as_fairy_stockfish_decides(
    tmp_path: Path, fen: str, moves: list[str], winner: Color | None
) -> None:
    """Fairy-Stockfish's ``castlingWins = q`` (section ``castle``), imported as ``goals.castling_wins``."""
    text = "[castle:chess]\ncastlingWins = q\n"
    ini = tmp_path / "castle.ini"
    ini.write_text(text, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "castle.yaml")
    assert result.imported == ["castle"], result.left_out
    (tmp_path / "castle.yaml").write_text(result.text, encoding="utf-8")
    v = load_catalogue(tmp_path / "castle.yaml").get("castle")
    assert v is not None and v.goals.castling_wins == ("q",) and ini_options(v)["castlingWins"] == "q"
    pyffish.load_variant_config(text)
    pos = Position.from_fen(v, fen)
    for m in moves:
        pos.push_uci(m)
    end = pos.outcome()
    ended, value = pyffish.is_immediate_game_end("castle", fen, moves)
    assert ended == (end is not None)
    if end is not None:
        to_move = Color(pos.turn)
        assert end.winner is winner is (to_move if value > 0 else to_move.other)
    else:
        assert winner is None and legal_uci(pos) == set(pyffish.legal_moves("castle", fen, moves))


ATOMICZH = (
    "[atomiczh:atomic]\ndropChecks = false\npieceDrops = true\ncapturesToHand = true\npocketSize = 6\n"
    "castling = false\n"
)


@pytest.mark.parametrize(
    ("fen", "moves"),
    [
        # the knight takes on d7 and blows up the queen and bishop beside it (not the pawns): Black's three
        # pieces in White's hand, the knight itself in Black's
        ("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[] w - - 0 1", ["f3e5", "a7a6", "e5d7"]),
        # a promoted queen blown up goes to hand as a pawn
        ("R7/7k/8/8/8/8/p7/4K3[] b - - 0 1", ["a2a1q", "a8a1"]),
        ("r3k3/8/8/8/8/8/3N4/R3K3[] w - - 0 1", ["a1a8"]),  # the rook takes and goes to Black's hand
    ],
)
def test_explosions_send_every_piece_they_remove_to_hand(tmp_path: Path, fen: str, moves: list[str]) -> None:
    """Fairy-Stockfish's atomiczh (``blastOnCapture`` with ``capturesToHand``): each piece an explosion
    removes goes to its owner's opponent's hand; positions, moves and perft as pyffish's."""
    ini = tmp_path / "atomiczh.ini"
    ini.write_text(ATOMICZH, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "atomiczh.yaml")
    assert result.imported == ["atomiczh"], result.left_out
    (tmp_path / "atomiczh.yaml").write_text(result.text, encoding="utf-8")
    v = load_catalogue(tmp_path / "atomiczh.yaml").get("atomiczh")
    assert v is not None and v.explosions is not None and v.drops is not None and v.drops.captures_to_hand
    pyffish.load_variant_config(ATOMICZH)
    pos = Position.from_fen(v, fen)
    for i, m in enumerate(moves):
        pos.push_uci(m)
        assert pos.fen() == pyffish.get_fen("atomiczh", fen, moves[: i + 1])
    assert legal_uci(pos) == set(pyffish.legal_moves("atomiczh", fen, moves))
    assert perft(pos, 2) == pyffish_perft("atomiczh", fen, moves, 2)


@pytest.fixture(scope="module")
def shinobi(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Fairy-Stockfish's shinobi, shinobimirror and backrank, imported and proven once: the catalogue's path."""
    tmp_path = tmp_path_factory.mktemp("shinobi")
    ini = tmp_path / "shinobi.ini"
    text = FSF_FILE.read_text(encoding="utf-8")
    wanted = [s for s in read_ini(text, "fsf.ini") if s.name in ("shinobi", "shinobimirror", "backrank")]
    sections = (f"[{s.name}:{s.parent}]\n" + "".join(f"{k} = {x}\n" for k, x in s.values().items()) for s in wanted)
    ini.write_text("\n".join(sections), encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "shinobi.yaml")
    assert result.imported == ["shinobi", "shinobimirror", "backrank"], result.left_out
    (tmp_path / "shinobi.yaml").write_text(result.text, encoding="utf-8")
    pyffish.load_variant_config(ini.read_text(encoding="utf-8"))
    return tmp_path / "shinobi.yaml"


@pytest.mark.parametrize(
    ("section", "fen", "moves"),
    [
        # shinobi: the pawn must promote, by piece, to a commoner on ranks 7 and 8 (and a capture into them)
        ("shinobi", "4k3/8/4P3/8/8/8/8/4K3[] w - - 0 1", []),
        ("shinobi", "4k3/8/4P3/8/8/8/8/4K3[] w - - 0 1", ["e6e7+"]),
        ("shinobi", "2k5/3n4/8/4P3/8/8/8/4K3[] w - - 0 1", ["e5e6", "c8b8", "e6d7+"]),
        # shinobimirror: Black's pawns too
        ("shinobimirror", "4k3/8/8/8/8/3p4/8/4K3[] b - - 0 1", ["d3d2+"]),
        # backrank: every piece, the pawn included, becomes the (non-royal) commoner king on the last rank
        ("backrank", "8/3P1k2/8/8/8/8/8/4K3 w - - 0 1", ["d7d8+"]),
    ],
)
def test_a_pawn_promoted_by_piece(shinobi: Path, section: str, fen: str, moves: list[str]) -> None:
    """Fairy-Stockfish's ``promotedPieceType`` for the pawn, without ``promotionPieceTypes``: the pawn promotes
    on a move into the promotion region as a piece does (``e6e7+``, written ``+P`` after), and must where
    ``mandatoryPawnPromotion`` says, which the catalogue states as the pieces' ``mandatory``."""
    v = load_catalogue(shinobi).get(section)
    assert v is not None and v.pawn_rules.promotion is None and v.piece_promotion is not None
    assert ("P", "C" if section != "backrank" else "K") in v.piece_promotion.pieces
    pos = Position.from_fen(v, fen)
    for i, m in enumerate(moves):
        pos.push_uci(m)
        assert pos.fen() == pyffish.get_fen(section, fen, moves[: i + 1])
    assert legal_uci(pos) == set(pyffish.legal_moves(section, fen, moves))
    assert perft(pos, 2) == pyffish_perft(section, fen, moves, 2)


ACTIVE = """\
[active:chess]
maxFile = i
startFen = rnbkqbnrq/ppppppppp/9/9/9/9/PPPPPPPPP/RNBKQBNRQ w KQkq - 0 1
"""


def test_a_corner_rook_is_found_inwards_and_a_one_step_castling_takes_the_rook(tmp_path: Path) -> None:
    """Fairy-Stockfish's [active]: the queen stands in the corner, so kingside castling is with the h rook,
    and queenside castling moves the king one file, which it writes as the king taking its rook (d1a1)."""
    ini = tmp_path / "active.ini"
    ini.write_text(ACTIVE, encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "active.yaml")
    assert result.imported == ["active"], result.left_out
    (tmp_path / "active.yaml").write_text(result.text, encoding="utf-8")
    variant = load_catalogue(tmp_path / "active.yaml").get("active")
    assert sorted((c.king_to.name, c.rook_from.name) for c in variant.castling if c.color is Color.WHITE) == [
        ("c1", "a1"),
        ("g1", "h1"),
    ]
    pyffish.load_variant_config(ACTIVE)
    fen = "r2k3rq/9/9/9/9/9/9/R2K3RQ w KQkq - 0 1"
    pos = Position.from_fen(variant, fen)
    assert legal_uci(pos) == set(pyffish.legal_moves("active", fen, []))
    assert {"d1a1", "d1g1", "d1c1"} <= legal_uci(pos)  # d1c1: the king's own step
    pos.push_uci("d1a1")
    assert pos.fen().split()[0] == "r2k3rq/9/9/9/9/9/9/2KR3RQ"


def _sections_of(path: Path, names: tuple[str, ...]) -> str:
    """The sections ``names`` of an ini file, as they stand there."""
    lines, out, keep = path.read_text(encoding="utf-8").splitlines(), [], False
    for line in lines:
        if line.startswith("["):
            keep = line[1:].split("]")[0].split(":")[0] in names
        if keep:
            out.append(line)
    return "\n".join(out) + "\n"


def test_the_sections_that_played_otherwise_are_stated_or_refused_by_name(tmp_path: Path) -> None:
    """Four sections of Fairy-Stockfish's own file that imported 'proven' and played otherwise: all-way pawns
    (whose FEN, with its landing square among the en passant squares, our reader refused) now imports and
    plays as pyffish along random games; the other three are left out, naming the option."""
    ini = tmp_path / "four.ini"
    ini.write_text(_sections_of(FSF_FILE, ("allexplodeatomic", "nuclear", "shogun", "allwayspawns")), encoding="utf-8")
    result = import_ini(str(ini), tmp_path / "four.yaml")
    assert result.imported == ["allwayspawns"], result.left_out
    reasons = dict(result.left_out)
    assert "blastOnCapture = true (custom pawns p" in reasons["allexplodeatomic"]
    assert "blastOnCapture = true (custom pawns p" in reasons["nuclear"]
    assert "promotionLimit = g:1 a:1 m:1 q:1 (on promotion by piece" in reasons["shogun"]
    (tmp_path / "four.yaml").write_text(result.text, encoding="utf-8")
    v = load_catalogue(tmp_path / "four.yaml").get("allwayspawns")
    assert v is not None
    pyffish.load_variant_config(ini.read_text(encoding="utf-8"))
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    moves = ["e2e4", "a7a5", "e4e5", "d7d5"]  # Black's pawn passed d6: FSF writes d5d6, the landing square too
    pos = Position.from_fen(v, fen)
    for m in moves:
        pos.push_uci(m)
    assert legal_uci(pos) == set(pyffish.legal_moves("allwayspawns", fen, moves))
    after = pyffish.get_fen("allwayspawns", fen, moves)
    assert perft(Position.from_fen(v, after), 2) == pyffish_perft("allwayspawns", after, [], 2)


def test_an_option_fairy_stockfish_does_not_know_is_warned_about_with_the_nearest_it_knows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ini = tmp_path / "mine.ini"
    ini.write_text("[mine:chess]\nmaxRnk = 9\nmustCheck = true\npieceToCharTable = PNBRQK\n", encoding="utf-8")
    code, out, err = run(capsys, "import", str(ini))  # without -v
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        f"warning: {ini}:2: section [mine]: 'maxRnk' is no option of Fairy-Stockfish 0.0.90, which ignores it "
        "(did you mean 'maxRank'?)",
        f"warning: {ini}:3: section [mine]: 'mustCheck' is no option of Fairy-Stockfish 0.0.90, which ignores it "
        "(did you mean 'dupleCheck'?)",
    ]
    assert "pieceToCharTable" not in out  # an option it knows, that does not change play: listed with -v


def test_an_inline_comment_is_part_of_the_value_as_fairy_stockfish_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ini = tmp_path / "mine.ini"
    ini.write_text("[mine:chess]\ncastling = false # no castling\n", encoding="utf-8")
    code, out, _ = run(capsys, "import", str(ini))
    assert (
        code == 1
        and (
            f"left out: {ini}:2: section [mine]: castling: 'false # no castling' is not true or false "
            "(Fairy-Stockfish has no inline comments: the value is all of it)"
        )
        in out
    )


def test_the_comment_above_a_section_titles_and_describes_it(tmp_path: Path) -> None:
    text = (
        "# a licence block, then a blank line: no section's comment\n\n"
        "# Indian great chess\n# https://www.chessvariants.com/historic.dir/indiangr1.html\n[ig:chess]\n"
        "customPiece1 = a:BN\ncustomPiece2 = y:mQcN\n"
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKYNR w KQkq - 0 1\n"
        "# Hybrid variant of makruk and crazyhouse\n[mh:makruk]\npieceDrops = true\ncapturesToHand = true\n"
        "[plain-name_here:chess]\nmustCapture = true\n"
    )
    sections = {s.name: s for s in read_ini(text, "mine.ini")}
    assert sections["ig"].comment == "Indian great chess\nhttps://www.chessvariants.com/historic.dir/indiangr1.html"
    assert sections["plain-name_here"].comment == ""
    ini, out = tmp_path / "mine.ini", tmp_path / "mine.yaml"
    ini.write_text(text, encoding="utf-8")
    result = import_ini(str(ini), out, prove=False)
    out.write_text(result.text, encoding="utf-8")
    catalogue = load_catalogue(out)
    ig, mh, plain = (catalogue.get(name) for name in ("ig", "mh", "plain-name-here"))
    assert ig is not None and mh is not None and plain is not None
    assert (ig.title, ig.description) == (
        "Indian great chess",
        "https://www.chessvariants.com/historic.dir/indiangr1.html",
    )
    assert (mh.title, mh.description) == ("Mh", "Hybrid variant of makruk and crazyhouse")
    assert (plain.title, plain.description) == ("Plain Name Here", "Section [plain-name_here] of mine.ini, imported.")
    # a custom piece named after the piece it equals, else by its Betza
    assert (ig.piece("A").name, ig.piece("Y").name) == ("Archbishop", "mQcN")


def test_an_entry_the_loader_would_refuse_is_refused_by_its_options(tmp_path: Path) -> None:
    """knights-halma: nine knights cannot all stand on a region of seven squares; the person who wrote the ini is
    told which of its options, on which line, not a catalogue field they never saw."""
    ini = tmp_path / "halma.ini"
    ini.write_text(
        "[halma]\nmaxRank = 8\nmaxFile = h\ncustomPiece1 = n:mN\n"
        "startFen = 5nnn/5nnn/5nnn/8/8/NNN5/NNN5/NNN5 w\nflagPiece = n\n"
        "flagRegionWhite = f8 g8 h8 f7 g7 h7 g6\nflagRegionBlack = a3 b3 c3 a2 b2 c2 a1\nflagPieceCount = 9\n",
        encoding="utf-8",
    )
    result = import_ini(str(ini), tmp_path / "halma.yaml", prove=False)
    assert result.imported == []
    assert result.left_out == [
        (
            "halma",
            f"{ini}:1: section [halma]: no equivalent for flagPieceCount = 9 (line 9): 9 pieces cannot stand on "
            "the 7 squares of white's region",
        )
    ]
    assert result.by_option == {"flagPieceCount": 1}
